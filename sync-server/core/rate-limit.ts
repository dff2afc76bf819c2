import type { Kysely } from 'kysely';
import type { Database } from './db/types';
import { httpError, type HttpError } from './plugins/errors';

/**
 * Fixed-window attempt counters, counted BEFORE the expensive work they protect (a password
 * hash, a mail): `take` adds the attempt and says whether it is over the limit, atomically, so a
 * burst of parallel guesses is capped at the limit, not at however many arrive before the first
 * hash finishes. A success may `refund` its attempt (a class signing in behind one address does
 * not use up the address's budget) or `reset` its key.
 *
 * Two stores: in memory (one process, SQLite; a restart forgets, which only lets someone try
 * again sooner), and the `rate_limits` table (PostgreSQL: every server process shares the same
 * counters). Keys are like `login:ip:1.2.3.4`.
 */
export interface Limit {
  readonly max: number;
  readonly windowMs: number;
}

export interface RateLimitStore {
  /** Counts one attempt; answers the count in the current window (this one included) and when it ends. */
  hit(key: string, limit: Limit): Promise<{ count: number; resetAt: number }>;
  /** Takes back one attempt of the current window. */
  refund(key: string): Promise<void>;
  reset(key: string): Promise<void>;
  /** Deletes expired windows; answers how many. */
  prune(): Promise<number>;
}

export class MemoryRateLimitStore implements RateLimitStore {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  async hit(key: string, limit: Limit): Promise<{ count: number; resetAt: number }> {
    const time = this.now();
    let window = this.windows.get(key);
    if (window === undefined || window.resetAt <= time) {
      window = { count: 0, resetAt: time + limit.windowMs };
      this.windows.set(key, window);
      if (this.windows.size > 10_000) await this.prune();
    }
    window.count += 1;
    return { ...window };
  }

  async refund(key: string): Promise<void> {
    const window = this.windows.get(key);
    if (window !== undefined && window.count > 0) window.count -= 1;
  }

  async reset(key: string): Promise<void> {
    this.windows.delete(key);
  }

  async prune(): Promise<number> {
    const time = this.now();
    let removed = 0;
    for (const [key, window] of this.windows) {
      if (window.resetAt <= time) {
        this.windows.delete(key);
        removed += 1;
      }
    }
    return removed;
  }
}

/** The counters in `rate_limits`: one upsert per attempt, shared by every process on the database. */
export class DatabaseRateLimitStore implements RateLimitStore {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => number = Date.now,
  ) {}

  async hit(key: string, limit: Limit): Promise<{ count: number; resetAt: number }> {
    const time = this.now();
    const row = await this.db
      .insertInto('rateLimits')
      .values({ key, count: 1, resetAtMs: time + limit.windowMs })
      .onConflict((conflict) =>
        conflict.column('key').doUpdateSet((eb) => ({
          count: eb.case().when('rateLimits.resetAtMs', '<=', time).then(1).else(eb('rateLimits.count', '+', 1)).end(),
          resetAtMs: eb.case().when('rateLimits.resetAtMs', '<=', time).then(eb.ref('excluded.resetAtMs')).else(eb.ref('rateLimits.resetAtMs')).end(),
        })),
      )
      .returning(['count', 'resetAtMs'])
      .executeTakeFirstOrThrow();
    return { count: Number(row.count), resetAt: Number(row.resetAtMs) };
  }

  async refund(key: string): Promise<void> {
    await this.db
      .updateTable('rateLimits')
      .set((eb) => ({ count: eb('count', '-', 1) }))
      .where('key', '=', key)
      .where('count', '>', 0)
      .where('resetAtMs', '>', this.now())
      .execute();
  }

  async reset(key: string): Promise<void> {
    await this.db.deleteFrom('rateLimits').where('key', '=', key).execute();
  }

  async prune(): Promise<number> {
    const result = await this.db.deleteFrom('rateLimits').where('resetAtMs', '<=', this.now()).executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}

export class RateLimiter {
  constructor(
    readonly store: RateLimitStore,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Counts one attempt on every key; answers 0 when all are within their limits, otherwise the
   * seconds until the longest-blocked key may try again (the attempt stays counted).
   */
  async take(checks: readonly (readonly [string, Limit])[]): Promise<number> {
    const windows = await Promise.all(checks.map(([key, limit]) => this.store.hit(key, limit).then((window) => ({ window, limit }))));
    const over = windows.filter(({ window, limit }) => window.count > limit.max);
    if (over.length === 0) return 0;
    const time = this.now();
    return Math.max(...over.map(({ window }) => Math.max(1, Math.ceil((window.resetAt - time) / 1000))));
  }

  refund(key: string): Promise<void> {
    return this.store.refund(key);
  }

  reset(key: string): Promise<void> {
    return this.store.reset(key);
  }
}

const FIFTEEN_MINUTES = 15 * 60 * 1000;
const ONE_HOUR = 60 * 60 * 1000;

/** Per IP and account: 10 sign-ins (or reset requests, or password changes) per 15 minutes. */
export const PER_ACCOUNT_LIMIT: Limit = { max: 10, windowMs: FIFTEEN_MINUTES };
/** Per IP over all accounts: 50 failed attempts per 15 minutes (a school behind one address has room: successes are refunded). */
export const PER_IP_LIMIT: Limit = { max: 50, windowMs: FIFTEEN_MINUTES };
/** Per account from every address together: 100 sign-in attempts per 15 minutes. */
export const LOGIN_EVERYWHERE_LIMIT: Limit = { max: 100, windowMs: FIFTEEN_MINUTES };
/** Per IP: 100 new accounts an hour (several classes registering together behind one school address). */
export const REGISTER_PER_IP_LIMIT: Limit = { max: 100, windowMs: ONE_HOUR };

/** The 429 of an attempt over its limit: 'Too many attempts. Please try again in N minutes.' */
export function tooManyAttempts(retryAfterSeconds: number): HttpError {
  const minutes = Math.ceil(retryAfterSeconds / 60);
  return httpError(429, 'ERR_TOO_MANY_ATTEMPTS', { minutes });
}
