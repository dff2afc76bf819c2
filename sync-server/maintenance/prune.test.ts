import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DatabaseRateLimitStore } from '../core/rate-limit';
import { createTestDatabase, type TestDatabase } from '../core/test-db';
import { buildTestApp, registerAccount } from '../testing/test-server';
import { prune } from './prune';

vi.setConfig({ testTimeout: 30_000, hookTimeout: 60_000 });

let test: TestDatabase;
beforeAll(async () => {
  test = await createTestDatabase();
});
afterAll(async () => {
  await test.remove();
});

const NOW = new Date('2026-11-23T12:00:00.000Z');
const daysAgo = (days: number) => new Date(NOW.getTime() - days * 24 * 60 * 60 * 1000).toISOString();

async function seed(tag: string): Promise<number> {
  const db = test.database.db;
  const app = buildTestApp(test.database, { pruneIntervalMs: false }).app;
  const account = await registerAccount(app, `Prune${tag}`);
  await app.close();
  const userId = account.user.id;
  const eval_ = (fen: string, createdAt: string) => ({ fen, depth: 12, engine: 'test', scoreCp: 0, mate: null, bestmove: 'e2e4', pv: 'e2e4', createdAt });
  await db.insertInto('engineEvals').values([eval_(`old-${tag}`, daysAgo(31)), eval_(`fresh-${tag}`, daysAgo(1))]).execute();
  const session = (sid: string, fields: { expire: string; isRevoked: number; lastActivity: string; createdAt: string }) => ({ sid: `${sid}-${tag}`, sess: null, userId, ipAddress: null, userAgent: null, ...fields });
  await db
    .insertInto('sessions')
    .values([
      session('expired', { expire: daysAgo(2), isRevoked: 0, lastActivity: daysAgo(32), createdAt: daysAgo(32) }),
      session('revoked', { expire: daysAgo(-20), isRevoked: 1, lastActivity: daysAgo(3), createdAt: daysAgo(10) }),
      session('live', { expire: daysAgo(-20), isRevoked: 0, lastActivity: daysAgo(0), createdAt: daysAgo(10) }),
    ])
    .execute();
  await db.updateTable('users').set({ resetToken: `token-${tag}`, resetTokenExpiry: daysAgo(1) }).where('id', '=', userId).execute();
  await db.insertInto('rateLimits').values([
    { key: `old-${tag}`, count: 3, resetAtMs: NOW.getTime() - 1000 },
    { key: `open-${tag}`, count: 3, resetAtMs: NOW.getTime() + 60_000 },
  ]).execute();
  return userId;
}

async function remaining(tag: string, userId: number) {
  const db = test.database.db;
  return {
    evals: (await db.selectFrom('engineEvals').select('fen').where('fen', 'like', `%-${tag}`).orderBy('fen').execute()).map((r) => r.fen),
    sessions: (await db.selectFrom('sessions').select('sid').where('sid', 'like', `%-${tag}`).orderBy('sid').execute()).map((r) => r.sid),
    resetToken: (await db.selectFrom('users').select('resetToken').where('id', '=', userId).executeTakeFirstOrThrow()).resetToken,
    limits: (await db.selectFrom('rateLimits').select('key').where('key', 'like', `%-${tag}`).orderBy('key').execute()).map((r) => r.key),
  };
}

describe('pruning', () => {
  it('removes old evaluations, dead sessions, expired reset tokens and ended rate-limit windows, and keeps the rest', async () => {
    const userId = await seed('a');
    await prune(test.database, new DatabaseRateLimitStore(test.database.db, () => NOW.getTime()), NOW);
    const left = await remaining('a', userId);
    expect(left.evals).toEqual(['fresh-a']);
    // The registration's own session is not tagged; of the tagged ones only the live one stays.
    expect(left.sessions).toEqual(['live-a']);
    expect(left.resetToken).toBeNull();
    expect(left.limits).toEqual(['open-a']);
  });

  it('runs on a schedule while the server is up', async () => {
    const userId = await seed('b');
    const scheduled = buildTestApp(test.database, { pruneIntervalMs: 50, now: () => NOW }).app;
    await scheduled.ready();
    try {
      await vi.waitFor(async () => expect((await remaining('b', userId)).evals).toEqual(['fresh-b']), { timeout: 10_000, interval: 100 });
      const left = await remaining('b', userId);
      expect(left.sessions).toEqual(['live-b']);
      expect(left.resetToken).toBeNull();
    } finally {
      await scheduled.close();
    }
  });
});
