import type { FastifyInstance } from 'fastify';
import type { AppDatabase } from '../core/db/connect';
import type { RateLimitStore } from '../core/rate-limit';
import { SESSION_ABSOLUTE_MS } from '../core/sessions';

/**
 * What grows without bound unless removed, removed on a schedule (every hour, and a minute after
 * start): engine evaluations older than 30 days (the cache refills them), sessions that expired
 * or were revoked more than a day ago or passed their absolute lifetime, reset and verification
 * tokens past their expiry, and rate-limit windows that ended. Safe to run from several
 * processes at once (each statement deletes what is old; a second run finds nothing).
 */
export const PRUNE_INTERVAL_MS = 60 * 60 * 1000;
export const PRUNE_FIRST_DELAY_MS = 60 * 1000;
export const ENGINE_EVAL_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;
/** Revoked and expired sessions are kept a day (a user's "signed out" still reads as such). */
export const SESSION_KEEP_MS = 24 * 60 * 60 * 1000;

export interface PruneCounts {
  engineEvals: number;
  sessions: number;
  resetTokens: number;
  verifyTokens: number;
  rateLimits: number;
}

export async function prune(database: AppDatabase, limits: RateLimitStore, now: Date): Promise<PruneCounts> {
  const db = database.db;
  const iso = (ms: number) => new Date(ms).toISOString();
  const time = now.getTime();
  const evals = await db.deleteFrom('engineEvals').where('createdAt', '<', iso(time - ENGINE_EVAL_MAX_AGE_MS)).executeTakeFirst();
  const sessions = await db
    .deleteFrom('sessions')
    .where((eb) =>
      eb.or([
        eb('expire', '<', iso(time - SESSION_KEEP_MS)),
        eb.and([eb('isRevoked', '=', 1), eb('lastActivity', '<', iso(time - SESSION_KEEP_MS))]),
        eb('createdAt', '<', iso(time - SESSION_ABSOLUTE_MS - SESSION_KEEP_MS)),
      ]),
    )
    .executeTakeFirst();
  const resets = await db
    .updateTable('users')
    .set({ resetToken: null, resetTokenExpiry: null })
    .where('resetToken', 'is not', null)
    .where('resetTokenExpiry', '<', now.toISOString())
    .executeTakeFirst();
  const verifies = await db
    .updateTable('users')
    .set({ verifyToken: null, verifyTokenExpiry: null })
    .where('verifyToken', 'is not', null)
    .where('verifyTokenExpiry', '<', now.toISOString())
    .executeTakeFirst();
  return {
    engineEvals: Number(evals.numDeletedRows),
    sessions: Number(sessions.numDeletedRows),
    resetTokens: Number(resets.numUpdatedRows),
    verifyTokens: Number(verifies.numUpdatedRows),
    rateLimits: await limits.prune(),
  };
}

/** Runs `prune` on the schedule while the app is open; failures are logged and retried next time. */
export function schedulePruning(app: FastifyInstance, database: AppDatabase, limits: RateLimitStore, now: () => Date, intervalMs = PRUNE_INTERVAL_MS): void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const run = async () => {
    try {
      const counts = await prune(database, limits, now());
      app.log.info({ pruned: counts }, 'pruned old rows');
    } catch (error) {
      app.log.error({ err: error }, 'pruning failed');
    }
    timer = setTimeout(() => void run(), intervalMs);
    timer.unref();
  };
  app.addHook('onReady', async () => {
    timer = setTimeout(() => void run(), Math.min(PRUNE_FIRST_DELAY_MS, intervalMs));
    timer.unref();
  });
  app.addHook('onClose', async () => clearTimeout(timer));
}
