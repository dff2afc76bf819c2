/**
 * What leaves a shared device with an account (issue 26; docs/decisions.md, 'What leaves a
 * shared device'). On a school's Chromebooks the next child must find nothing of the last
 * person: not the class roster, not a tournament's emergency contacts, not the game on the board.
 * What is private is said once, beside each table's schema (app/shared/db.ts TABLE_PRIVACY, RECORD_PRIVACY,
 * DEVICE_META_KEYS); this module applies it. Loaded only when an account leaves (and by the sync
 * loop's sweep), never with the first screen.
 *
 * The outbox has a rule of its own, because work not yet synced is never lost silently:
 * - Log Out sends it first; what cannot be sent is given up only when the person says so
 *   (app/features/settings/LogOutButton.tsx), so Log Out removes all of the person's rows.
 * - A session the server ended (a 401: expired, revoked by a password reset, the account deleted)
 *   removes everything else but keeps the person's pending rows, which wait for them to sign in
 *   again on this device, at most KEPT_OUTBOX_DAYS (a deleted account's never come back).
 */
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import type { MutationName } from '../../../schema';
import { db, DEVICE_META_KEYS, forgetPendingWrites, RECORD_PRIVACY, TABLE_PRIVACY, type OutboxRow, type Privacy, type StorageKey, type TableName } from '../../shared/db';
import { AUTH_CACHE_KEY, loginFrom, type Leaving } from './auth';
import { forgetRememberedLocale } from '../../shared/i18n/catalogues';
import { clientKey } from '../../shared/outbox';

export type { Leaving };

/** How long a signed-out person's unsent changes wait for them on a device: a session's idle lifetime. */
export const KEPT_OUTBOX_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;
const KEPT_PREFIX = 'outbox-kept:';
/** When a user's pending rows began to wait for them (meta, ISO 8601). */
const keptKey = (userId: number) => `${KEPT_PREFIX}${userId}`;
/**
 * Whose waiting rows they are: the account's createdAt (meta). An id names an account only while
 * it lives: SQLite may give a deleted account's id to the next new one, which must never push the
 * deleted child's changes as its own (./auth.ts setSignedIn drops them).
 */
export const keptOwnerKey = (userId: number) => `outbox-owner:${userId}`;

/** A record key's class; a key nobody classified is the account's (app/shared/db.ts). */
export function recordPrivacy(key: string): Privacy {
  return (RECORD_PRIVACY as Record<string, Privacy | undefined>)[key] ?? 'account';
}

const deviceMetaKeys: readonly string[] = Object.values(DEVICE_META_KEYS);

/** What the device holds, as far as clearing needs to know. */
export interface StoredOnDevice {
  recordKeys: readonly string[];
  metaKeys: readonly string[];
  outbox: readonly Pick<OutboxRow, 'seq' | 'userId' | 'status'>[];
}

/** What to remove. Pure data, so the rules are table-tested (./account-data.test.ts). */
export interface ClearingPlan {
  /** Tables emptied whole. */
  tables: TableName[];
  records: string[];
  meta: string[];
  /** Outbox rows (seq). */
  outbox: number[];
  /** The leaving user's pending rows stay and now wait for them (a session ended); null when none. */
  keep: { userId: number; rows: number } | null;
}

/**
 * The plan for `userId` leaving (null: the device does not know who). Other users' waiting rows,
 * and the client ids that push them, stay: they are not this person's to give up.
 */
export function planClearing(userId: number | null, leaving: Leaving, stored: StoredOnDevice): ClearingPlan {
  const tables = (Object.keys(TABLE_PRIVACY) as TableName[]).filter((name) => TABLE_PRIVACY[name] === 'account' && name !== 'outbox');
  const outbox = stored.outbox.filter((row) => row.userId === userId && (leaving === 'log-out' || row.status === 'rejected')).map((row) => row.seq);
  const removed = new Set(outbox);
  const staying = stored.outbox.filter((row) => !removed.has(row.seq));
  const waiting = new Set(staying.map((row) => row.userId));
  const keptMeta = new Set([...waiting].flatMap((id) => [clientKey(id), keptKey(id), keptOwnerKey(id)]));
  const ownStaying = staying.filter((row) => row.userId === userId).length;
  return {
    tables,
    records: stored.recordKeys.filter((key) => recordPrivacy(key) === 'account'),
    meta: stored.metaKeys.filter((key) => !deviceMetaKeys.includes(key) && !keptMeta.has(key)),
    outbox,
    keep: userId !== null && ownStaying > 0 ? { userId, rows: ownStaying } : null,
  };
}

/** The Cache Storage caches that could hold an account's answers: all but the service worker's precache of the app. */
export function privateCacheNames(names: readonly string[]): string[] {
  return names.filter((name) => !name.startsWith('workbox-precache'));
}

/**
 * Removes what `userId`'s role loaded onto this device (app/shared/db.ts's classes), in one transaction
 * over every table, then this tab's unread writes, the language remembered for the next start
 * (the person's, issue 28), the caches that could hold API answers and the tab's form drafts. Answers how many of the user's pending changes stay waiting for them.
 * A failure is logged, never thrown: the person is signed out all the same.
 */
export async function clearAccountData(userId: number | null, leaving: Leaving, now = new Date()): Promise<number> {
  let kept = 0;
  try {
    await db.transaction('rw', db.tables, async () => {
      const leavingUser = (await db.meta.get(AUTH_CACHE_KEY))?.value;
      const plan = planClearing(userId, leaving, {
        recordKeys: await db.records.toCollection().primaryKeys(),
        metaKeys: await db.meta.toCollection().primaryKeys(),
        outbox: await db.outbox.toArray(),
      });
      for (const name of plan.tables) await db.table(name).clear();
      await db.records.bulkDelete(plan.records as StorageKey[]);
      await db.meta.bulkDelete(plan.meta);
      await db.outbox.bulkDelete(plan.outbox);
      if (plan.keep) {
        await db.meta.put({ key: keptKey(plan.keep.userId), value: now.toISOString() });
        const createdAt = createdAtOf(leavingUser, plan.keep.userId);
        if (createdAt !== null) await db.meta.put({ key: keptOwnerKey(plan.keep.userId), value: createdAt });
        kept = plan.keep.rows;
      }
    });
  } catch (error) {
    console.error('Could not remove the account’s data from this device.', error);
  }
  forgetPendingWrites();
  forgetRememberedLocale();
  try {
    if (typeof caches !== 'undefined') for (const name of privateCacheNames(await caches.keys())) await caches.delete(name);
    if (typeof sessionStorage !== 'undefined') sessionStorage.clear();
  } catch (error) {
    console.error('Could not clear the caches of this device.', error);
  }
  return kept;
}

/**
 * After a session the server ended (app/features/auth/auth.ts): the account's data goes, then the page
 * starts again at /login, which says so (and how many changes wait), leading back to this screen.
 */
export async function endSession(userId: number | null): Promise<void> {
  const kept = await clearAccountData(userId, 'session-ended');
  const login = loginFrom(window.location.pathname, window.location.search);
  window.location.replace(`${login}${login.includes('?') ? '&' : '?'}ended=${kept}`);
}

/** The createdAt of a cached user (meta 'auth-me') when it is `userId`'s. */
function createdAtOf(cached: unknown, userId: number): string | null {
  if (!cached || typeof cached !== 'object' || !('id' in cached) || cached.id !== userId) return null;
  return 'createdAt' in cached && typeof cached.createdAt === 'string' ? cached.createdAt : null;
}

/**
 * `user` signs in: rows left waiting under the same id by another account (deleted, its id given
 * again) are dropped, with the client id that would push them. Answers how many went.
 */
export async function dropAnotherAccountsRows(user: { id: number; createdAt: string }): Promise<number> {
  try {
    return await db.transaction('rw', db.outbox, db.meta, async () => {
      const owner = (await db.meta.get(keptOwnerKey(user.id)))?.value;
      if (typeof owner !== 'string' || owner === user.createdAt) return 0;
      const rows = await db.outbox.where('seq').above(0).filter((row) => row.userId === user.id).primaryKeys();
      await db.outbox.bulkDelete(rows);
      await db.meta.bulkDelete([keptKey(user.id), keptOwnerKey(user.id), clientKey(user.id)]);
      return rows.length;
    });
  } catch (error) {
    console.error('Could not check whose changes wait on this device.', error);
    return 0;
  }
}

/** What the sweep does: mark newly waiting users, unmark those back (or without rows), drop those waiting too long. */
export interface SweepPlan {
  mark: number[];
  unmark: number[];
  drop: number[];
}

/**
 * The waiting rows' sweep. Pure. The signed-in user's rows are theirs to push: not waiting. A
 * user whose rows have waited KEPT_OUTBOX_DAYS is not coming back on this device (or was deleted).
 */
export function planSweep(now: Date, signedIn: number | null, outboxUsers: readonly number[], marks: ReadonlyMap<number, string>): SweepPlan {
  const plan: SweepPlan = { mark: [], unmark: [], drop: [] };
  const users = new Set(outboxUsers);
  for (const [userId, since] of marks) {
    if (userId === signedIn || !users.has(userId)) plan.unmark.push(userId);
    else if (!(now.getTime() - Date.parse(since) < KEPT_OUTBOX_DAYS * DAY_MS)) plan.drop.push(userId);
  }
  for (const userId of users) if (userId !== signedIn && !marks.has(userId)) plan.mark.push(userId);
  return plan;
}

/** Applies planSweep to the device (the sync loop runs it at start and at each sign-in or out). */
export async function sweepWaitingChanges(signedIn: number | null, now = new Date()): Promise<void> {
  try {
    await db.transaction('rw', db.outbox, db.meta, async () => {
      const rows = await db.outbox.toArray();
      const marks = new Map<number, string>();
      for (const row of await db.meta.where('key').startsWith(KEPT_PREFIX).toArray()) {
        marks.set(Number(row.key.slice(KEPT_PREFIX.length)), typeof row.value === 'string' ? row.value : '');
      }
      const plan = planSweep(now, signedIn, rows.map((row) => row.userId), marks);
      const dropped = new Set(plan.drop);
      await db.outbox.bulkDelete(rows.filter((row) => dropped.has(row.userId)).map((row) => row.seq));
      await db.meta.bulkDelete([...plan.unmark, ...plan.drop].map(keptKey).concat(plan.drop.map(clientKey), [...plan.unmark, ...plan.drop].map(keptOwnerKey)));
      await db.meta.bulkPut(plan.mark.map((userId) => ({ key: keptKey(userId), value: now.toISOString() })));
    });
  } catch (error) {
    console.error('Could not sweep the changes waiting on this device.', error);
  }
}

/** Each kind of change as a person counts it ('2 games'); the compiler asks for a new mutation's. */
const CHANGE_KINDS: { readonly [N in MutationName]: ChangeKind } = {
  saveGame: 'game',
  saveGameAnalysis: 'gameReview',
  completeLesson: 'lesson',
  viewTip: 'tip',
  completeTip: 'tip',
  bookmarkTip: 'tip',
  rateTip: 'tip',
  recordPuzzleAttempt: 'puzzle',
  recordTrainerAttempt: 'puzzle',
  saveOwnPuzzles: 'ownPuzzle',
  completeOnboarding: 'assessment',
  saveSettings: 'settings',
  updateTournament: 'tournament',
  registerForTournament: 'tournament',
  approveRegistration: 'tournament',
  rejectRegistration: 'tournament',
  withdrawRegistration: 'tournament',
  addLateEntry: 'tournament',
  requestBye: 'tournament',
  createRound: 'tournament',
  publishPairings: 'tournament',
  startRound: 'tournament',
  enterResult: 'result',
  correctResult: 'result',
  resolveDispute: 'tournament',
  issueCertificates: 'tournament',
  addClassToTournament: 'tournament',
  createClass: 'classChange',
  addClassStudents: 'classChange',
  renameClassStudent: 'classChange',
  updateClass: 'classChange',
  setClassStudentActive: 'classChange',
  requestClassJoin: 'classChange',
  answerClassJoin: 'classChange',
  assignHomework: 'homework',
  cancelHomework: 'homework',
  setChildControls: 'parentalControls',
  releaseChildControls: 'parentalControls',
  unlinkChild: 'parentalControls',
  setParentEmail: 'account',
  setLanguage: 'settings',
};

type ChangeKind = 'game' | 'gameReview' | 'lesson' | 'tip' | 'puzzle' | 'ownPuzzle' | 'assessment' | 'settings' | 'tournament' | 'result' | 'classChange' | 'homework' | 'parentalControls' | 'account' | 'change';

/** A kind of change, counted, in the app's language. */
const COUNTED: { readonly [K in ChangeKind]: (count: number) => MessageDescriptor } = {
  game: (count) => msg`${plural(count, { one: '# game', other: '# games' })}`,
  gameReview: (count) => msg`${plural(count, { one: '# game review', other: '# game reviews' })}`,
  lesson: (count) => msg`${plural(count, { one: '# lesson', other: '# lessons' })}`,
  tip: (count) => msg`${plural(count, { one: '# tip', other: '# tips' })}`,
  puzzle: (count) => msg`${plural(count, { one: '# puzzle', other: '# puzzles' })}`,
  ownPuzzle: (count) => msg`${plural(count, { one: '# puzzle from your games', other: '# puzzles from your games' })}`,
  assessment: (count) => msg`${plural(count, { one: '# skill assessment', other: '# skill assessments' })}`,
  settings: (count) => msg`${plural(count, { one: '# settings change', other: '# settings changes' })}`,
  tournament: (count) => msg`${plural(count, { one: '# tournament change', other: '# tournament changes' })}`,
  result: (count) => msg`${plural(count, { one: '# result', other: '# results' })}`,
  classChange: (count) => msg`${plural(count, { one: '# class change', other: '# class changes' })}`,
  homework: (count) => msg`${plural(count, { one: '# homework change', other: '# homework changes' })}`,
  parentalControls: (count) => msg`${plural(count, { one: '# Parental Controls change', other: '# Parental Controls changes' })}`,
  account: (count) => msg`${plural(count, { one: '# account change', other: '# account changes' })}`,
  change: (count) => msg`${plural(count, { one: '# change', other: '# changes' })}`,
};

/** '2 games, 1 lesson and 3 puzzles': the changes counted by kind, most first (then as queued). Pure. */
export function describeChanges(i18n: I18n, names: readonly string[]): string {
  const counts = new Map<ChangeKind, number>();
  for (const name of names) {
    const kind = CHANGE_KINDS[name as MutationName] ?? 'change';
    counts.set(kind, (counts.get(kind) ?? 0) + 1);
  }
  const parts = [...counts].sort((a, b) => b[1] - a[1]).map(([kind, count]) => i18n._(COUNTED[kind](count)));
  if (parts.length <= 1) return parts[0] ?? '';
  const rest = parts.slice(0, -1).join(', ');
  const last = parts[parts.length - 1]!;
  return i18n._(msg`${rest} and ${last}`);
}

/** What Log Out would give up: the person's changes still to send, and those the server refused. */
export interface UnsentChanges {
  /** Mutation names of the pending rows, in the order queued. */
  pending: string[];
  rejected: number;
}

export async function unsentChanges(userId: number): Promise<UnsentChanges> {
  const rows = (await db.outbox.toArray()).filter((row) => row.userId === userId).sort((a, b) => a.id - b.id);
  return { pending: rows.filter((row) => row.status === 'pending').map((row) => row.name), rejected: rows.filter((row) => row.status === 'rejected').length };
}

/** How long Log Out waits for its push before asking (a server that does not answer). */
export const LOG_OUT_PUSH_WAIT_MS = 20_000;

/**
 * Before Log Out: sends the person's pending changes when the device is online (`push`, the sync
 * loop's run), then answers what is still unsent. Nothing unsent: log out at once; else ask.
 */
export async function checkBeforeLogOut(userId: number, push: () => Promise<void>): Promise<UnsentChanges> {
  const before = await unsentChanges(userId);
  if (before.pending.length === 0 || (typeof navigator !== 'undefined' && navigator.onLine === false)) return before;
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    await Promise.race([push(), new Promise<void>((resolve) => (timer = setTimeout(resolve, LOG_OUT_PUSH_WAIT_MS)))]);
  } catch (error) {
    console.warn('The changes could not be sent before Log Out.', error);
  } finally {
    clearTimeout(timer);
  }
  return unsentChanges(userId);
}

/** What Log Out asks when changes would be lost (null: nothing to lose, log out at once). Pure. */
export function logOutWarning(i18n: I18n, unsent: UnsentChanges, offline: boolean): string | null {
  const sentences: string[] = [];
  const pending = unsent.pending.length;
  const { rejected } = unsent;
  if (pending > 0) {
    const changes = describeChanges(i18n, unsent.pending);
    sentences.push(
      offline
        ? i18n._(msg`${plural(pending, { one: `${changes} is not saved to your account yet: this device is offline.`, other: `${changes} are not saved to your account yet: this device is offline.` })}`)
        : i18n._(msg`${plural(pending, { one: `${changes} is not saved to your account yet: the server could not be reached.`, other: `${changes} are not saved to your account yet: the server could not be reached.` })}`),
    );
  }
  if (rejected > 0) {
    sentences.push(
      pending > 0
        ? i18n._(msg`${plural(rejected, { one: '# change the server refused goes too.', other: '# changes the server refused go too.' })}`)
        : i18n._(msg`${plural(rejected, { one: '# change the server refused is not saved.', other: '# changes the server refused are not saved.' })}`),
    );
  }
  if (sentences.length === 0) return null;
  const one = pending + rejected === 1;
  sentences.push(one ? i18n._(msg`If you log out now, it is deleted from this device.`) : i18n._(msg`If you log out now, they are deleted from this device.`));
  if (pending > 0 && offline) {
    sentences.push(pending === 1 ? i18n._(msg`To keep it, connect to the internet and log out again.`) : i18n._(msg`To keep them, connect to the internet and log out again.`));
  }
  return sentences.join(' ');
}
