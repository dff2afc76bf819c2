import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MAX_PUSH_PLIES, pushResponseSchema, SYNC_PROTOCOL } from '../../schema';
import { createTestDatabase, type TestDatabase } from '../core/test-db';
import { buildTestApp, gamePayload, registerAccount, SCHOLARS_MATE, uuid } from '../testing/test-server';
import { inlineReplayer, ReplayPool, type ReplayJob } from './replay-pool';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

const SHUFFLE = ['Nf3', 'Nf6', 'Ng1', 'Ng8'];
const longMoves = (plies: number) => Array.from({ length: plies }, (_, i) => SHUFFLE[i % 4] as string);

const job = (n: number, moves: string[], overrides = {}): ReplayJob => ({
  clientGameId: uuid(n, 0x77),
  payload: gamePayload({ moves, ...overrides }),
  finishedAt: '2026-11-20T10:00:00.000Z',
  playerName: 'Replayer',
});

describe('ReplayPool', () => {
  let pool: ReplayPool;
  beforeAll(() => {
    pool = new ReplayPool(2);
  });
  afterAll(() => pool.close());

  it('answers exactly what replaying on the event loop answers, in order, refusals included', async () => {
    const jobs = [
      job(1, SCHOLARS_MATE),
      job(2, ['e4', 'e4']),
      job(3, longMoves(400), { result: 'draw' }),
      job(4, ['d4', 'd5', 'c4', 'e6', 'Nc3', 'Nf6']),
      job(5, []),
    ];
    expect(await pool.prepare(jobs)).toEqual(await inlineReplayer.prepare(jobs));
  });
});

describe('a push of long games', () => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase();
  });
  afterAll(() => test.remove());

  /** The event loop's longest stall while one push of MAX_PUSH_PLIES plies of games is applied. */
  async function longestStallMs(replayThreads: number): Promise<number> {
    const { app } = buildTestApp(test.database, { replayThreads });
    try {
      const account = await registerAccount(app);
      const moves = longMoves(1196);
      const count = Math.floor(MAX_PUSH_PLIES / moves.length);
      const mutations = Array.from({ length: count }, (_, i) => ({
        id: i + 1,
        name: 'saveGame',
        args: { gameId: uuid(replayThreads * 1000 + i, 0x88), game: gamePayload({ moves, result: 'draw' }), finishedAt: '2026-11-20T10:00:00.000Z' },
      }));
      // Warm the workers (and the code paths) with a small push first.
      await app.inject({ method: 'POST', url: '/api/sync/push', headers: { cookie: account.cookie }, payload: { protocol: SYNC_PROTOCOL, clientId: uuid(replayThreads + 1, 0x99), mutations: [{ ...mutations[0], args: { ...mutations[0]!.args, gameId: uuid(replayThreads * 1000 + 999, 0x88), game: gamePayload() } }] } });
      // The longest gap between ticks of a 5 ms timer while the push runs.
      let last = performance.now();
      let longest = 0;
      const ticker = setInterval(() => {
        const now = performance.now();
        longest = Math.max(longest, now - last);
        last = now;
      }, 5);
      const response = await app.inject({ method: 'POST', url: '/api/sync/push', headers: { cookie: account.cookie }, payload: { protocol: SYNC_PROTOCOL, clientId: uuid(replayThreads + 10, 0x99), mutations } });
      clearInterval(ticker);
      longest = Math.max(longest, performance.now() - last);
      expect(pushResponseSchema.parse(response.json()).results.every((r) => r.status === 'applied')).toBe(true);
      return longest;
    } finally {
      await app.close();
    }
  }

  it('does not stall the event loop: replay runs in worker threads', async () => {
    const onLoop = await longestStallMs(0);
    const inWorkers = await longestStallMs(2);
    // 10 games of 1,196 plies: on the loop their replay is one stall (about 0.2 s with chessops,
    // 0.5 s with chess.js); in the workers the loop keeps ticking.
    expect(onLoop).toBeGreaterThan(60);
    expect(inWorkers).toBeLessThan(onLoop / 3);
  });
});
