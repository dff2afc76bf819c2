/**
 * The local settings (chess-settings) and preferences, and how a signed-in student's settings
 * follow them to another device: every change is queued as a saveSettings mutation (the outbox),
 * and at sign-in or startup GET /api/settings is compared with the local copy, the newer one
 * winning (docs/decisions.md, "Settings rules"). Guests' settings stay on the device.
 */
import { useCallback } from 'react';
import type { ChessSettings, Preferences, SettingsResponse } from '../../../schema';
import { DEFAULT_CHESS_SETTINGS, DEFAULT_PREFERENCES } from '../../../schema/settings-defaults';
import { CHILD_CONTROL_KEYS, type Notation } from '../../../schema/core/values';
import { requestJson } from '../../shared/api';
import { currentUserId, getAuthState, subscribeAuth, useAuth } from '../auth';
import type { ParentControlsMark } from '../../shared/record-schemas';
import { readRecord, recordUpdatedAt, useRecord, writeRecord, type RecordKind } from '../../shared/db';
import { parentControlsRecord, preferencesRecord, settingsOwnerRecord, settingsRecord } from './records';
import type { SyncContribution } from '../../shared/sync';
import type * as Outbox from '../../shared/outbox';

/** The outbox loads with the first change to queue, not with Play. */
const enqueue: typeof Outbox.enqueue = async (...args) => (await import('../../shared/outbox')).enqueue(...args);

/** The schemas and the address of the server's settings calls, loaded with the first of them (issue 20: not before Play paints). */
const loadSchemas = () => import('../../../schema');

/**
 * A stored record and a function that merges a change into it. The change is merged onto the value
 * on screen (which already includes this tab's pending writes), so quick successive changes keep
 * each other and the control updates at once.
 */
function useEditableRecord<T extends object>(kind: RecordKind<T>, save: (value: T) => Promise<boolean>) {
  const value = useRecord(kind);
  const update = useCallback((patch: Partial<T>) => save({ ...(value ?? kind.fallback), ...patch }), [kind, value, save]);
  return [value, update] as const;
}

/** Stores the settings and, for a signed-in user, queues them for the server. */
export async function saveSettings(settings: ChessSettings): Promise<boolean> {
  const stored = await writeRecord(settingsRecord, settings);
  const userId = currentUserId();
  if (stored) await writeRecord(settingsOwnerRecord, userId);
  if (stored && userId !== null) {
    try {
      const { serverSettingsSchema } = await loadSchemas();
      await enqueue(userId, 'saveSettings', { settings: serverSettingsSchema.parse(settings), updatedAt: new Date().toISOString() });
    } catch (error) {
      // Kept on this device; the next change or sign-in sends them again.
      console.error('The settings could not be queued for the server.', error);
    }
  }
  return stored;
}

/** Reset All Settings: the defaults of both records (and the server's copy when signed in), the PIN kept. */
export async function resetSettings(parentPinHash: string | null = null): Promise<boolean> {
  // The parent PIN stays: a reset must not unlock the controls.
  const settings = await saveSettings({ ...DEFAULT_CHESS_SETTINGS, parentPinHash });
  const preferences = await writeRecord(preferencesRecord, DEFAULT_PREFERENCES);
  return settings && preferences;
}

function useAuthUserId(): number | null {
  const auth = useAuth();
  return auth.status === 'signedIn' ? auth.user.id : null;
}

/** The mark of a parent's controls for the signed-in user (null: none, or another user's on a shared device). */
export function useParentControls(): ParentControlsMark | null {
  return parentMarkFor(useRecord(parentControlsRecord), useAuthUserId());
}

/** The user's mark among this device's (none stored, or another user's on a shared device: null). */
export function parentMarkFor(mark: ParentControlsMark | null | undefined, userId: number | null): ParentControlsMark | null {
  return mark !== undefined && mark !== null && mark.userId === userId ? mark : null;
}

export function useSettings() {
  const [settings, update] = useEditableRecord<ChessSettings>(settingsRecord, saveSettings);
  return { settings, update };
}

const savePreferences = (value: Preferences) => writeRecord(preferencesRecord, value);
export function usePreferences() {
  const [preferences, update] = useEditableRecord<Preferences>(preferencesRecord, savePreferences);
  return { preferences, update };
}

/** How this device writes moves (Settings → Appearance → Move notation): letters until loaded. */
export function useNotation(): Notation {
  return usePreferences().preferences?.notation ?? 'san';
}

export type SettingsMerge = 'adopt' | 'push' | 'keep';

/**
 * Newest wins between this device's settings (written at `localUpdatedAt`, 0 when never) and the
 * server's: adopt the server's when newer, send ours when newer (or the server has none), else keep.
 * Settings someone else left on a shared device (`ownLocal` false) never replace the user's own:
 * the server's are adopted whenever it has some.
 */
export function mergeSettings(localUpdatedAt: number, server: SettingsResponse, ownLocal = true): SettingsMerge {
  const serverUpdatedAt = server.updatedAt === null ? Number.NaN : Date.parse(server.updatedAt);
  if (Number.isNaN(serverUpdatedAt)) return localUpdatedAt > 0 ? 'push' : 'keep';
  if (!ownLocal || serverUpdatedAt > localUpdatedAt) return 'adopt';
  return serverUpdatedAt < localUpdatedAt ? 'push' : 'keep';
}

/** Compares this device's settings with the user's stored ones and brings the older side up to date. */
export async function pullSettings(userId: number): Promise<SettingsMerge | null> {
  const { apiPath, learningPaths, serverSettingsSchema, settingsResponseSchema } = await loadSchemas();
  let server: SettingsResponse;
  try {
    server = await requestJson(apiPath(learningPaths.settings), settingsResponseSchema);
  } catch (error) {
    // Offline or signed out meanwhile: the local settings go on working; the next start tries again.
    console.warn('The stored settings could not be loaded.', error);
    return null;
  }
  if (currentUserId() !== userId) return null;
  const localUpdatedAt = await recordUpdatedAt(settingsRecord);
  const owner = await readRecord(settingsOwnerRecord);
  const merge = mergeSettings(localUpdatedAt, server, owner === userId);
  if (merge === 'adopt') await writeRecord(settingsRecord, server.settings, { updatedAt: Date.parse(server.updatedAt ?? '') });
  await writeRecord(settingsOwnerRecord, userId);
  await followParentControls(userId, server);
  if (merge === 'push') {
    const local = await readRecord(settingsRecord);
    await enqueue(userId, 'saveSettings', { settings: serverSettingsSchema.parse(local), updatedAt: new Date(localUpdatedAt).toISOString() });
  }
  return merge;
}

/**
 * Issue 19: while a parent's controls stand, this device takes the parent's values of them
 * whichever copy is newer (the server keeps them against the child's own saves too), and
 * remembers that a parent set them, for Settings to say so and lock them.
 */
async function followParentControls(userId: number, server: SettingsResponse): Promise<void> {
  const local = await readRecord(settingsRecord);
  const { settings, mark } = parentControlsOutcome(userId, local, server);
  if (settings !== local) {
    await writeRecord(settingsRecord, settings, { updatedAt: Math.max(Date.parse(server.updatedAt ?? '') || 0, await recordUpdatedAt(settingsRecord)) });
  }
  await writeRecord(parentControlsRecord, mark);
}

/**
 * What this device keeps once it has the server's settings: while a parent's controls stand, the
 * parent's values of them and the mark (Settings locks); once a parent handed them back or
 * unlinked (controlsSetAt null), its own settings as they are (the parent's last values, taken
 * before) and no mark, so Settings unlocks.
 */
export function parentControlsOutcome(userId: number, local: ChessSettings, server: SettingsResponse): { settings: ChessSettings; mark: ParentControlsMark | null } {
  const setAt = server.controlsSetAt ?? null;
  if (setAt === null) return { settings: local, mark: null };
  return { settings: withParentControls(local, server.settings), mark: { userId, setAt } };
}

/**
 * This device's settings with a parent's controls taken from the server's copy (the same object
 * when they agree already). The computer's level follows a new learning level, as on Settings.
 */
export function withParentControls(local: ChessSettings, server: ChessSettings): ChessSettings {
  if (CHILD_CONTROL_KEYS.every((key) => local[key] === server[key])) return local;
  const next = { ...local };
  for (const key of CHILD_CONTROL_KEYS) Object.assign(next, { [key]: server[key] });
  if (local.difficulty !== server.difficulty) next.aiDifficulty = server.aiDifficulty;
  return next;
}

/**
 * After a pull (settingsSync below): the server's time of the parent's last change differs from
 * this device's, so the settings are fetched now rather than at the next page load.
 */
export async function checkParentControls(userId: number, controlsSetAt: string | null): Promise<void> {
  if (parentControlsChanged(await readRecord(parentControlsRecord), userId, controlsSetAt)) await pullSettings(userId);
}

/** The settings' part in a sync run (app/start-sync.ts registers it): the first pull page's parent check. */
export const settingsSync: SyncContribution = {
  takePull: () => async ({ response, userId, page }) => {
    // Issue 19: a parent changed this child's Parental Controls since this device last looked.
    if (page === 0 && response.controlsSetAt !== undefined && currentUserId() === userId) await checkParentControls(userId, response.controlsSetAt);
  },
};

/**
 * Whether the pull's `controlsSetAt` says a parent changed the user's controls since this device
 * looked: a new time, a first one, or null against a mark (a parent handed them back or unlinked).
 */
export function parentControlsChanged(mark: ParentControlsMark | null, userId: number, controlsSetAt: string | null): boolean {
  return (parentMarkFor(mark, userId)?.setAt ?? null) !== controlsSetAt;
}

/** Pulls the settings once per signed-in user per page load (at startup and at each sign-in). */
export function startSettingsSync(): () => void {
  let pulledFor: number | null = null;
  const check = () => {
    const state = getAuthState();
    const userId = state.status === 'signedIn' ? state.user.id : null;
    if (userId === pulledFor) return;
    pulledFor = userId;
    if (userId !== null) void pullSettings(userId);
  };
  check();
  return subscribeAuth(check);
}
