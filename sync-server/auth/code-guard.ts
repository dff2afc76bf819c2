import type { FastifyReply } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import { retireBudget, type GuessableCode } from '../../domain/code-guessing';
import type { Database } from '../core/db/types';
import type { HttpError } from '../core/plugins/errors';
import { addressKey, networkKey } from './network';
import { tooManyAttempts, type Limit, type RateLimiter } from '../core/rate-limit';

/**
 * Guessing a code (issue 26; docs/decisions.md, "Guessable codes, issue 26"): the class sign-in
 * code, the join code and the parent link code. Each attempt is counted before the lookup, on
 * the rate limits of its address, its network and its account (./rate-limit.ts, ./network.ts),
 * and on its kind's count of guesses (`code_guess_counts`, every process's guesses together).
 * A code stores the count at which it retires (`retire_at_guess`: the count when it was made plus
 * the kind's budget, domain/code-guessing.ts), so a live code that has met too many wrong guesses
 * from anywhere stops working, and its teacher is told. A code that works gives its attempt back.
 */

type Db = Kysely<Database> | Transaction<Database>;
type Scope = 'address' | 'network' | 'account';

const QUARTER_HOUR = 15 * 60 * 1000;
const DAY = 24 * 60 * 60 * 1000;
const within = (max: number, windowMs: number): Limit => ({ max, windowMs });

/**
 * Wrong attempts allowed per scope (a code that works is given back). The reasons, in short: two
 * classes of 30 behind one school address each mistyping twice, a school's devices spread over one
 * IPv6 /64, a parents' evening; the rest is in docs/decisions.md.
 */
export const CODE_LIMITS: Readonly<Record<GuessableCode, readonly { scope: Scope; limit: Limit }[]>> = {
  sign_in: [
    { scope: 'address', limit: within(120, QUARTER_HOUR) },
    { scope: 'network', limit: within(240, QUARTER_HOUR) },
  ],
  join: [
    { scope: 'account', limit: within(10, QUARTER_HOUR) },
    { scope: 'address', limit: within(60, QUARTER_HOUR) },
    { scope: 'network', limit: within(120, QUARTER_HOUR) },
  ],
  parent: [
    { scope: 'account', limit: within(10, QUARTER_HOUR) },
    { scope: 'address', limit: within(50, QUARTER_HOUR) },
    { scope: 'network', limit: within(100, QUARTER_HOUR) },
    { scope: 'network', limit: within(300, DAY) },
  ],
};

/** The rate limits' key names (kept from issue 19 where they were there already). */
const KEY_PREFIX: Readonly<Record<GuessableCode, string>> = { sign_in: 'class-code', join: 'join-code', parent: 'parent-link' };

export interface Guesser {
  readonly ip: string;
  /** The signed-in account, where there is one (a join code, a parent link code). */
  readonly accountId?: number;
}

export type CodeAttempt = { readonly ok: true; succeeded(): Promise<void> } | { readonly ok: false; readonly retryAfterSeconds: number; readonly refusal: HttpError };

/** The guesses of a kind counted so far (0 before the first). */
export async function guessCount(db: Db, kind: GuessableCode): Promise<number> {
  const row = await db.selectFrom('codeGuessCounts').select('guesses').where('kind', '=', kind).executeTakeFirst();
  return Number(row?.guesses ?? 0);
}

/** The count at which a code of this kind made now retires. */
export async function retireAtGuess(db: Db, kind: GuessableCode): Promise<number> {
  return (await guessCount(db, kind)) + retireBudget(kind);
}

async function countGuess(db: Kysely<Database>, kind: GuessableCode): Promise<void> {
  await db
    .insertInto('codeGuessCounts')
    .values({ kind, guesses: 1 })
    .onConflict((conflict) => conflict.column('kind').doUpdateSet((eb) => ({ guesses: eb('codeGuessCounts.guesses', '+', 1) })))
    .execute();
}

async function uncountGuess(db: Kysely<Database>, kind: GuessableCode): Promise<void> {
  await db.updateTable('codeGuessCounts').set((eb) => ({ guesses: eb('guesses', '-', 1) })).where('kind', '=', kind).where('guesses', '>', 0).execute();
}

export class CodeGuard {
  /** `db` must not be inside a transaction: the counts are written on their own (SQLite has one connection). */
  constructor(
    private readonly limiter: RateLimiter,
    private readonly db: Kysely<Database>,
  ) {}

  /**
   * Counts one attempt at a code of `kind` before it is looked up. Over a limit: refused, and
   * the lookup must not happen. `guess: false` counts on the limits only (linking a child by
   * e-mail shares the parent link code's budget but guesses no code).
   */
  async attempt(kind: GuessableCode, guesser: Guesser, { guess = true }: { guess?: boolean } = {}): Promise<CodeAttempt> {
    const checks = CODE_LIMITS[kind].flatMap(({ scope, limit }) => {
      const value = scope === 'address' ? addressKey(guesser.ip) : scope === 'network' ? networkKey(guesser.ip) : guesser.accountId;
      return value === undefined ? [] : [{ scope, key: `${KEY_PREFIX[kind]}:${scope}:${limit.windowMs / 60_000}m:${value}`, limit }];
    });
    const wait = await this.limiter.take(checks.map(({ key, limit }) => [key, limit] as const));
    if (wait > 0) return { ok: false, retryAfterSeconds: wait, refusal: tooManyAttempts(wait) };
    if (guess) await countGuess(this.db, kind);
    return {
      ok: true,
      // A code that works is no guess: the address and network have their attempt back (a class
      // signing in behind one address uses none of its budget), the count its guess. The account
      // keeps it: one account has no class behind it.
      succeeded: async () => {
        await Promise.all(checks.filter(({ scope }) => scope !== 'account').map(({ key }) => this.limiter.refund(key)));
        if (guess) await uncountGuess(this.db, kind);
      },
    };
  }
}

/** A route's refusal of an attempt over a limit: 429 with Retry-After, before any lookup. */
export function refuseOverLimit(attempt: CodeAttempt, reply: FastifyReply): asserts attempt is Extract<CodeAttempt, { ok: true }> {
  if (attempt.ok) return;
  reply.header('retry-after', String(attempt.retryAfterSeconds));
  throw attempt.refusal;
}
