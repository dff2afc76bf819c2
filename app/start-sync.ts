/**
 * The sync loop with every feature's part in it: app/shared/sync.ts names no feature (issue 27),
 * so this composition root hands it the auth state and the parts. App loads it after the first
 * paint (issue 20). A pull's answer goes to the parts in the order registered: the tournaments it
 * carries are stored, then the fresh user, then the parent's controls are checked.
 */
import { authSync, syncAuth } from './features/auth';
import { settingsSync } from './features/settings';
import { tournamentSync } from './features/tournaments';
import { registerSyncAuth, registerSyncContribution, startSync } from './shared/sync';

/** Registers the parts (again is harmless: App's effect may run again) and starts the loop. */
export function startAppSync(): () => void {
  registerSyncAuth(syncAuth);
  for (const part of [tournamentSync, authSync, settingsSync]) registerSyncContribution(part);
  return startSync();
}
