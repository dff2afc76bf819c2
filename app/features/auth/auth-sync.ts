/**
 * The auth feature's part in the sync loop (app/start-sync.ts registers both): who is signed in,
 * the fresh user each pull answers, and the sweep of the changes waiting for someone signed out.
 */
import type { SyncAuth, SyncContribution } from '../../shared/sync';
import { sweepWaitingChanges } from './account-data';
import { currentUserId, getAuthState, refreshUser, setSignedIn, subscribeAuth } from './auth';

/** The loop's view of the auth state; a 401 re-reads it from the server (then signed out). */
export const syncAuth: SyncAuth = { userId: currentUserId, subscribe: subscribeAuth, sessionEnded: refreshUser };

export const authSync: SyncContribution = {
  /** Issue 26: the outbox rows waiting for someone signed out are kept a while, then dropped; swept at start and at each sign-in or out. */
  start() {
    let swept: string | null = null;
    const sweep = () => {
      const auth = getAuthState();
      const key = auth.status === 'signedIn' ? String(auth.user.id) : auth.status;
      if (auth.status === 'loading' || key === swept) return;
      swept = key;
      void sweepWaitingChanges(currentUserId());
    };
    const unsubscribe = subscribeAuth(sweep);
    sweep();
    return unsubscribe;
  },
  /** The pull's fresh user (Elo, counters) replaces the cached one. */
  takePull: () => async ({ response }) => {
    if (currentUserId() === response.user.id) await setSignedIn(response.user);
  },
};
