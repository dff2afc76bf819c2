/**
 * The one local database (IndexedDB through Dexie). Each record lives under the spec's key name
 * (chess-settings, chess-preferences, ...) and is validated with schema/ on the way in and out:
 * a missing, unreadable or corrupted record is logged and its defaults are used (spec section 8).
 */
import Dexie, { type EntityTable } from 'dexie';
import { useSyncExternalStore } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { z } from 'zod';
import {
  DEFAULT_CHESS_SETTINGS,
  DEFAULT_PREFERENCES,
  DEFAULT_SPEECH_SETTINGS,
  DIFFICULTIES,
  chessSettingsSchema,
  currentGameSchema,
  preferencesSchema,
  speechSettingsSchema,
} from '../../schema';

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
} as const;
export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

interface StoredRecord {
  key: StorageKey;
  value: unknown;
  updatedAt: number;
}

/** A queued write for the server (app/data/outbox.ts). */
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
  error: string | null;
}

/**
 * A tournament as last seen on this device (app/data/tournaments.ts): the server's snapshot with
 * this device's queued actions applied, so the organiser can run rounds with the network off.
 */
export interface TournamentSnapshotRow {
  id: number;
  /** The snapshot, validated with schema/ when read. */
  snapshot: unknown;
  /** When it last came from the server (ISO 8601). */
  fetchedAt: string;
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

class LocalDatabase extends Dexie {
  records!: EntityTable<StoredRecord, 'key'>;
  outbox!: EntityTable<OutboxRow, 'seq'>;
  meta!: EntityTable<MetaRow, 'key'>;
  tournamentSnapshots!: EntityTable<TournamentSnapshotRow, 'id'>;
  cachedPages!: EntityTable<CachedPageRow, 'key'>;

  constructor() {
    super('chess-learning');
    this.version(1).stores({ records: '&key' });
    // Version 2 (accounts, issue 3): the outbox of mutations and the sync metadata.
    this.version(2).stores({ records: '&key', outbox: '++seq, clientId, status', meta: '&key' });
    // Version 4 (tournaments, issue 10): tournament snapshots for the venue, cached lists.
    this.version(4).stores({ tournamentSnapshots: '&id', cachedPages: '&key' });
  }
}

export const db = new LocalDatabase();

/** A stored record kind: its key, its schema and what to use when nothing valid is stored. */
export interface RecordKind<T> {
  key: StorageKey;
  schema: z.ZodType<T>;
  fallback: T;
}

export const settingsRecord: RecordKind<typeof DEFAULT_CHESS_SETTINGS> = {
  key: STORAGE_KEYS.settings, schema: chessSettingsSchema, fallback: DEFAULT_CHESS_SETTINGS,
};
export const preferencesRecord: RecordKind<typeof DEFAULT_PREFERENCES> = {
  key: STORAGE_KEYS.preferences, schema: preferencesSchema, fallback: DEFAULT_PREFERENCES,
};
export const speechRecord: RecordKind<typeof DEFAULT_SPEECH_SETTINGS> = {
  key: STORAGE_KEYS.speech, schema: speechSettingsSchema, fallback: DEFAULT_SPEECH_SETTINGS,
};
export const currentGameRecord: RecordKind<z.infer<typeof currentGameSchema> | null> = {
  key: STORAGE_KEYS.currentGame, schema: currentGameSchema.nullable(), fallback: null,
};

/** chess-tutorial-completed: set when the tutorial is finished or skipped (default false). */
export const tutorialCompletedRecord: RecordKind<boolean> = {
  key: STORAGE_KEYS.tutorialCompleted, schema: z.boolean(), fallback: false,
};

/** Minutes of play counted today (app/routes/settings/play-time.ts). */
export const playTimeSchema = z.object({
  /** The local calendar day counted, 'YYYY-MM-DD'. */
  day: z.string(),
  playedMs: z.number().nonnegative(),
  /** Play since the last break (reset by a break reminder's button or a long pause). */
  sinceBreakMs: z.number().nonnegative(),
  /** When play was last counted (ms since 1970), to tell a real break from a short pause. */
  lastPlayedAt: z.number().nonnegative(),
});
export type PlayTime = z.infer<typeof playTimeSchema>;
export const playTimeRecord: RecordKind<PlayTime | null> = {
  key: STORAGE_KEYS.playTime, schema: playTimeSchema.nullable(), fallback: null,
};

/** The results of finished games against the computer at its current level (auto-adjust). */
export const levelResultsSchema = z.object({
  level: z.enum(DIFFICULTIES),
  results: z.array(z.enum(['win', 'loss', 'draw'])),
  /** The games already counted, so a reload on the final position does not count one twice. */
  gameIds: z.array(z.string()),
});
export type LevelResults = z.infer<typeof levelResultsSchema>;
export const levelResultsRecord: RecordKind<LevelResults | null> = {
  key: STORAGE_KEYS.levelResults, schema: levelResultsSchema.nullable(), fallback: null,
};

export const settingsOwnerRecord: RecordKind<number | null> = {
  key: STORAGE_KEYS.settingsOwner, schema: z.number().int().nullable(), fallback: null,
};

function decode<T>(kind: RecordKind<T>, stored: StoredRecord | undefined): T {
  if (stored === undefined) return kind.fallback;
  const parsed = kind.schema.safeParse(stored.value);
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
    return decode(kind, await db.records.get(kind.key));
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
  const parsed = kind.schema.safeParse(value);
  if (!parsed.success) {
    console.error(`Refusing to store an invalid ${kind.key}.`, parsed.error.issues);
    return false;
  }
  const updatedAt = options.updatedAt ?? (lastUpdatedAt = Math.max(Date.now(), lastUpdatedAt + 1));
  pendingWrites.set(kind.key, { value: parsed.data, updatedAt });
  for (const listener of pendingListeners) listener();
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
        return { value: decode(kind, record), updatedAt: record?.updatedAt ?? 0 };
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
