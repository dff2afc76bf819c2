/**
 * The tournament reads' cache (issue 18): standings, rounds, the snapshot and the TRF export of a
 * large event cost from 0.2 s to over a second to compute, so each is computed once per change
 * of the tournament, not per request. An entry is keyed by a name (e.g. `standings:12`) and the
 * tournament's version (tournaments.version, bumped in the same transaction as every write, so a
 * write by another server process on the same PostgreSQL is seen at the next read). Requests
 * arriving while an entry is being computed wait for that computation rather than start their own.
 *
 * Bounded: at most `maxEntries` entries (the least recently used leave first), each kept at most
 * `maxAgeMs` (what a tournament shows of its players' accounts, their names and ratings, is
 * written without a tournament version: it shows within that time).
 *
 * Generic on purpose: what differs per viewer (the private fields of a registration) is cached
 * in the manager's full form and taken out per request (./routes.ts).
 */
export interface ReadCacheOptions {
  /** Entries kept at once. Default 200. */
  maxEntries?: number;
  /** How long an entry is served at the same version. Default 60 s. */
  maxAgeMs?: number;
  now?: () => number;
}

interface Entry {
  version: number;
  storedAt: number;
  value: Promise<unknown>;
  /** Set once `value` has resolved. */
  settled?: { value: unknown };
}

export class ReadCache {
  private readonly entries = new Map<string, Entry>();
  private readonly maxEntries: number;
  private readonly maxAgeMs: number;
  private readonly now: () => number;
  /** Computations started (tests count them). */
  computations = 0;

  constructor(options: ReadCacheOptions = {}) {
    this.maxEntries = Math.max(1, options.maxEntries ?? 200);
    this.maxAgeMs = options.maxAgeMs ?? 60_000;
    this.now = options.now ?? Date.now;
  }

  /** The value of `key` at `version`: the cached one, or `compute()`'s (once, however many ask at once). */
  cached<T>(key: string, version: number, compute: () => Promise<T>): Promise<T> {
    const time = this.now();
    const found = this.entries.get(key);
    if (found !== undefined && found.version === version && time - found.storedAt < this.maxAgeMs) {
      // Most recently used last.
      this.entries.delete(key);
      this.entries.set(key, found);
      return found.value as Promise<T>;
    }
    this.computations += 1;
    const value = compute();
    const entry: Entry = { version, storedAt: time, value };
    this.entries.delete(key);
    this.entries.set(key, entry);
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value as string;
      this.entries.delete(oldest);
    }
    // A failed computation is not kept: the next request tries again.
    value.then(
      (settled) => {
        entry.settled = { value: settled };
      },
      () => {
        if (this.entries.get(key) === entry) this.entries.delete(key);
      },
    );
    return value;
  }

  /**
   * The value of `key` at `version` if it is computed already, else undefined: never waits for a
   * computation under way. For code inside a transaction: a computation started outside it may be
   * waiting for the very connection the transaction holds (SQLite has one), so waiting for it
   * would never end.
   */
  peek<T>(key: string, version: number): T | undefined {
    const found = this.entries.get(key);
    if (found?.settled === undefined || found.version !== version || this.now() - found.storedAt >= this.maxAgeMs) return undefined;
    return found.settled.value as T;
  }

  /**
   * Keeps `value` as `key`'s at `version` unless a value or computation at that version is there
   * already: for a value read inside a transaction (see peek), so the next action or read of the
   * same version costs no load.
   */
  offer(key: string, version: number, value: unknown): void {
    const found = this.entries.get(key);
    if (found !== undefined && found.version === version && this.now() - found.storedAt < this.maxAgeMs) return;
    this.entries.delete(key);
    this.entries.set(key, { version, storedAt: this.now(), value: Promise.resolve(value), settled: { value } });
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value as string;
      this.entries.delete(oldest);
    }
  }

  clear(): void {
    this.entries.clear();
  }
}

const perDatabase = new WeakMap<object, ReadCache>();

/**
 * The process's cache for one database (the routes and the sync mutators share it; tests run
 * several databases, whose tournament ids overlap, in one process).
 */
export function readCacheOf(database: object): ReadCache {
  let cache = perDatabase.get(database);
  if (cache === undefined) {
    cache = new ReadCache();
    perDatabase.set(database, cache);
  }
  return cache;
}
