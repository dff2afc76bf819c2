/**
 * The one local database (IndexedDB through Dexie). Each record lives under the spec's key name
 * (chess-settings, chess-preferences, ...) and is validated with schema/ on the way in and out:
 * a missing, unreadable or corrupted record is logged and its defaults are used (spec section 8).
 * The schemas load with the first stored value read or written (./record-schemas.ts), so a first
 * visit, with nothing stored, shows Play before zod has loaded (issue 20).
 */
import Dexie, { type EntityTable } from 'dexie';
import { useSyncExternalStore } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import type { z } from 'zod';
import type { ErrorParams } from '../../schema';

export const STORAGE_KEYS = {
  settings: 'chess-settings',
  preferences: 'chess-preferences',
  speech: 'chess-tts-settings',
  currentGame: 'chess-current-game',
  stats: 'chess-stats',
  tutorialCompleted: 'chess-tutorial-completed',
  // Not in the spec (its list of other local keys is open): what the settings that act count.
  playTime: 'chess-play-time',
  levelResults: 'chess-level-results',
  /** Whose settings chess-settings holds (a user id, or null for a guest's): shared Chromebooks. */
  settingsOwner: 'chess-settings-owner',
  /** Where the skill assessment is (issue 20): a reload goes on from the same puzzle. */
  assessmentProgress: 'chess-assessment-progress',
  /** Issue 19: when a parent last set this user's Parental Controls (null: never), as the server said. */
  parentControls: 'chess-parent-controls',
  /** Issue 28: the language the signed-in person chose on this device (app/shared/i18n/locales.ts ChoiceOnDevice). */
  accountLanguage: 'chess-account-language',
} as const;
export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

/**
 * Issue 26: whose a stored thing is, and so whether it leaves a shared device with an account
 * (app/features/auth/account-data.ts clears; docs/decisions.md, 'What leaves a shared device'):
 * - 'account': the signed-in person's, or loaded by their role (a class's real names, a
 *   tournament's emergency contacts): removed when they log out or their session ends.
 * - 'shared': content the same for everyone (the offline puzzle pack): stays.
 * - 'device': this device's own choices, about nobody (the theme, the voice): stays.
 * A table of mixed rows is classified 'by key'. Anything not classified counts as 'account'.
 */
export type Privacy = 'account' | 'shared' | 'device';

/** Each record key's class (the compiler asks for a new key's; app/features/auth/account-data.test.ts checks too). */
export const RECORD_PRIVACY = {
  // A signed-in person's settings are their account's (the server keeps a copy; settingsOwner says whose).
  'chess-settings': 'account',
  'chess-settings-owner': 'account',
  'chess-preferences': 'device',
  'chess-tts-settings': 'device',
  // The game on the board: the next child must not go on with it.
  'chess-current-game': 'account',
  'chess-stats': 'account',
  'chess-tutorial-completed': 'device',
  // Minutes played today, stamped with whose (play-limits.ts playTimeOf): logging out and in
  // again must not restart a child's daily limit, and another's minutes never count against them.
  'chess-play-time': 'device',
  'chess-level-results': 'account',
  'chess-assessment-progress': 'account',
  'chess-parent-controls': 'account',
  // A child's language leaves with them: the next child on a shared Chromebook gets their own.
  'chess-account-language': 'account',
} as const satisfies Record<StorageKey, Privacy>;

/** meta's device keys; every other meta key (the cached user, sync clients and cursors) is the account's. */
export const DEVICE_META_KEYS = {
  /** 'Play as guest' was chosen on this device. */
  guest: 'auth-guest',
  /** A Log Out made offline, sent when back online: it must outlive the account's data. */
  pendingLogout: 'auth-pending-logout',
} as const;

interface StoredRecord {
  key: StorageKey;
  value: unknown;
  updatedAt: number;
}

/** A queued write for the server (app/shared/outbox.ts). */
export interface OutboxRow {
  /** The local key (several users' clients may share a device, each counting from 1). */
  seq: number;
  /** The per-client increasing mutation id. */
  id: number;
  clientId: string;
  /** The signed-in user who made it; only their session pushes it. */
  userId: number;
  name: string;
  args: unknown;
  createdAt: string;
  status: 'pending' | 'rejected';
  /** Why the server refused it, in its English (shown by refusalText, translated by its code). */
  error: string | null;
  /** The refusal's code and values (schema/core/errors.ts); absent for an uncoded one or a row stored before issue 28. */
  errorCode?: string | undefined;
  errorParams?: ErrorParams | undefined;
}

/**
 * A tournament as last seen on this device (app/features/tournaments/tournaments.ts): the server's snapshot with
 * this device's queued actions applied, so the organiser can run rounds with the network off.
 */
export interface TournamentSnapshotRow {
  id: number;
  /** The snapshot, validated with schema/ when read. */
  snapshot: unknown;
  /** When it last came from the server (ISO 8601). */
  fetchedAt: string;
  /**
   * Issue 29: the results this device entered, the latest per board (validated when read), so it
   * can say when the server kept another device's result instead (not indexed: no new version).
   */
  entered?: unknown;
}

/** Lists and pages read from the server, kept for offline visits (tournament list, organizations). */
export interface CachedPageRow {
  key: string;
  value: unknown;
  fetchedAt: string;
}

/** Small values of the sync machinery (client ids, counters, cursors, the cached auth state). */
export interface MetaRow {
  key: string;
  value: unknown;
}

/** Issue 21, the puzzle trainer (app/features/puzzles/puzzles.ts): the offline pack's puzzles (shared by the device's users). */
export interface TrainerPuzzleRow {
  id: string;
  /** The puzzle (schema/trainer.ts trainerPuzzleSchema), validated when read. */
  puzzle: unknown;
  rating: number;
}

/** The student's trainer state on this device: the server's last answer, moved on by local attempts. */
export interface PuzzleProfileRow {
  userId: number;
  /** schema/trainer.ts puzzlePackSchema less its puzzles, validated when read. */
  profile: unknown;
}

/** One attempt made on this device (the local history; the outbox carries it to the server). */
export interface TrainerAttemptRow {
  attemptId: string;
  userId: number;
  puzzleId: string;
  mode: string;
  solved: boolean;
  rated: boolean;
  ratingBefore: number;
  ratingAfter: number;
  createdAt: string;
}

/** A spaced-repetition card (domain/puzzles/review.ts) of a student's failed puzzle or own mistake. */
export interface ReviewCardRow {
  userId: number;
  itemId: string;
  due: string;
  card: unknown;
}

/** A student's own puzzle (schema/trainer.ts ownPuzzleSchema), validated when read. */
export interface OwnPuzzleRow {
  id: string;
  userId: number;
  puzzle: unknown;
  createdAt: string;
}

/**
 * Each table's class, beside the schemas below (the compiler asks for a new table's; a unit test
 * compares it with Dexie's own list). The outbox is the account's, with a rule of its own: work not
 * yet synced is sent, or given up only when the person says so (app/features/auth/account-data.ts).
 */
export const TABLE_PRIVACY = {
  records: 'by key', // RECORD_PRIVACY
  outbox: 'account',
  meta: 'by key', // DEVICE_META_KEYS
  tournamentSnapshots: 'account',
  cachedPages: 'account',
  trainerPuzzles: 'shared',
  puzzleProfiles: 'account',
  trainerAttempts: 'account',
  reviewCards: 'account',
  ownPuzzles: 'account',
} as const satisfies Record<TableName, Privacy | 'by key'>;

export type TableName = { [K in keyof LocalDatabase]: LocalDatabase[K] extends Dexie.Table ? K : never }[keyof LocalDatabase];

/**
 * Every table of the one database and its row type, declared here rather than by the features
 * whose rows they hold: Dexie declares a database's versions, in order, on its one instance before
 * it opens (a feature adding its tables later would have to close and reopen it), and TABLE_PRIVACY
 * must class every table for account-data.ts.
 */
class LocalDatabase extends Dexie {
  records!: EntityTable<StoredRecord, 'key'>;
  outbox!: EntityTable<OutboxRow, 'seq'>;
  meta!: EntityTable<MetaRow, 'key'>;
  tournamentSnapshots!: EntityTable<TournamentSnapshotRow, 'id'>;
  cachedPages!: EntityTable<CachedPageRow, 'key'>;
  trainerPuzzles!: EntityTable<TrainerPuzzleRow, 'id'>;
  puzzleProfiles!: EntityTable<PuzzleProfileRow, 'userId'>;
  trainerAttempts!: EntityTable<TrainerAttemptRow, 'attemptId'>;
  reviewCards!: Dexie.Table<ReviewCardRow, [number, string]>;
  ownPuzzles!: EntityTable<OwnPuzzleRow, 'id'>;

  constructor() {
    super('chess-learning');
    this.version(1).stores({ records: '&key' });
    // Version 2 (accounts, issue 3): the outbox of mutations and the sync metadata.
    this.version(2).stores({ records: '&key', outbox: '++seq, clientId, status', meta: '&key' });
    // Version 4 (tournaments, issue 10): tournament snapshots for the venue, cached lists.
    this.version(4).stores({ tournamentSnapshots: '&id', cachedPages: '&key' });
    // Issue 21: the puzzle trainer's offline pack, attempts, review cards and own puzzles.
    this.version(5).stores({
      trainerPuzzles: '&id, rating',
      puzzleProfiles: '&userId',
      trainerAttempts: '&attemptId, userId, [userId+puzzleId]',
      reviewCards: '&[userId+itemId], userId',
      ownPuzzles: '&id, userId',
    });
  }
}

export const db = new LocalDatabase();

/** The records' schemas: a module of their own, loaded when a stored value is first read or written. */
const loadRecordSchemas = () => import('./record-schemas');
type RecordSchemas = Awaited<ReturnType<typeof loadRecordSchemas>>;
let recordSchemas: RecordSchemas | undefined;

/**
 * A stored record kind: its key, its schema (picked from record-schemas.ts) and what to use when
 * nothing valid is stored. Each feature declares its own kinds (settings/records.ts, ...); the keys
 * and the schemas stay here and in record-schemas.ts, as account-data.ts classes every key and the
 * schemas load as one module with the first stored value (issue 20).
 */
export interface RecordKind<T> {
  key: StorageKey;
  schema: (schemas: RecordSchemas) => z.ZodType<T>;
  fallback: T;
}

/**
 * The kind's schema: at once when record-schemas.ts is loaded, else after loading it (wrapped in
 * Promise.resolve, as Dexie asks of any other asynchronous call made inside a live query).
 */
async function schemaOf<T>(kind: RecordKind<T>): Promise<z.ZodType<T>> {
  recordSchemas ??= await Promise.resolve(loadRecordSchemas());
  return kind.schema(recordSchemas);
}

async function decode<T>(kind: RecordKind<T>, stored: StoredRecord | undefined): Promise<T> {
  // Nothing stored (a first visit): the defaults, with no schema to load.
  if (stored === undefined) return kind.fallback;
  const parsed = (await schemaOf(kind)).safeParse(stored.value);
  if (parsed.success) return parsed.data;
  console.warn(`Stored ${kind.key} is not valid; using defaults.`, parsed.error.issues);
  return kind.fallback;
}

/** When a record was last written (ms since 1970), 0 when never or unreadable. */
export async function recordUpdatedAt(kind: RecordKind<unknown>): Promise<number> {
  try {
    return (await db.records.get(kind.key))?.updatedAt ?? 0;
  } catch (error) {
    console.error(`Could not read ${kind.key}.`, error);
    return 0;
  }
}

export async function readRecord<T>(kind: RecordKind<T>): Promise<T> {
  try {
    return await decode(kind, await db.records.get(kind.key));
  } catch (error) {
    console.error(`Could not read ${kind.key}; using defaults.`, error);
    return kind.fallback;
  }
}

/**
 * Writes made in this tab, shown at once while IndexedDB catches up, so a switch flips the moment
 * it is pressed. A stored record at least as new as the write takes over again.
 */
const pendingWrites = new Map<StorageKey, { value: unknown; updatedAt: number }>();
const pendingListeners = new Set<() => void>();
let lastUpdatedAt = 0;

/** Forgets this tab's writes not yet read back (an account's data has just been removed). */
export function forgetPendingWrites(): void {
  pendingWrites.clear();
  for (const listener of pendingListeners) listener();
}

function subscribePending(listener: () => void): () => void {
  pendingListeners.add(listener);
  return () => pendingListeners.delete(listener);
}

/**
 * Validates and stores a record. Returns false (and logs) when it could not be written.
 * `options.updatedAt` keeps the time a value was made elsewhere (settings adopted from the server),
 * so newest-wins compares the moments the changes were made, not when they arrived.
 */
export async function writeRecord<T>(kind: RecordKind<T>, value: T, options: { updatedAt?: number } = {}): Promise<boolean> {
  const updatedAt = options.updatedAt ?? (lastUpdatedAt = Math.max(Date.now(), lastUpdatedAt + 1));
  const showPending = (shown: unknown) => {
    pendingWrites.set(kind.key, { value: shown, updatedAt });
    for (const listener of pendingListeners) listener();
  };
  // A newer write made while the schemas loaded stays on screen.
  const isLatest = () => pendingWrites.get(kind.key)?.updatedAt === updatedAt;
  let schema: z.ZodType<T>;
  const waited = recordSchemas === undefined;
  if (recordSchemas) {
    schema = kind.schema(recordSchemas);
  } else {
    // The first write of a first visit: on screen at once, stored once the schemas have loaded.
    showPending(value);
    schema = await schemaOf(kind);
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    console.error(`Refusing to store an invalid ${kind.key}.`, parsed.error.issues);
    if (waited && isLatest()) {
      pendingWrites.delete(kind.key);
      for (const listener of pendingListeners) listener();
    }
    return false;
  }
  if (!waited || isLatest()) showPending(parsed.data);
  try {
    await db.records.put({ key: kind.key, value: parsed.data, updatedAt });
    return true;
  } catch (error) {
    console.error(`Could not write ${kind.key}.`, error);
    return false;
  }
}

/**
 * A live view of a stored record: `undefined` while the first read is under way (show a
 * skeleton), then the validated value or its defaults. Updates whenever any tab writes it.
 */
export function useRecord<T>(kind: RecordKind<T>): T | undefined {
  const stored = useLiveQuery(
    async () => {
      try {
        const record = await db.records.get(kind.key);
        return { value: await decode(kind, record), updatedAt: record?.updatedAt ?? 0 };
      } catch (error) {
        console.error(`Could not read ${kind.key}; using defaults.`, error);
        return { value: kind.fallback, updatedAt: 0 };
      }
    },
    [kind.key],
  );
  const pending = useSyncExternalStore(subscribePending, () => pendingWrites.get(kind.key));
  if (pending !== undefined && (stored === undefined || pending.updatedAt > stored.updatedAt)) return pending.value as T;
  return stored?.value;
}
