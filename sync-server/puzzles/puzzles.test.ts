import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ratePuzzleAttempt, startRating } from '../../domain/puzzles/rating';
import {
  nextPuzzleResponseSchema,
  onboardingPuzzleSchema,
  puzzleHistorySchema,
  puzzlePackSchema,
  pushResponseSchema,
  trainerAttemptResponseSchema,
  type RecordTrainerAttemptArgs,
  type TrainerPuzzleContent,
} from '../../schema';
import { seedContent } from '../learning/seed';
import { testContent } from '../learning/test-content';
import { createTestDatabase, type TestDatabase } from '../core/test-db';
import { buildTestApp, expectJsonError, registerAccount, uuid, type Account } from '../testing/test-server';
import { loadTrainerPuzzles } from './content';
import { seedTrainerPuzzles } from './seed';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

// Lichess 02CfV (CC0): after ...Re1-b1, white mates with Rd8+ Be8 Rxe8#.
const BACK_RANK: TrainerPuzzleContent = {
  id: 'lichess:02CfV', source: 'lichess', fen: '7k/1p4pp/p1b5/8/6N1/7P/PP1R1K2/4r3 b - - 4 38', moves: ['e1b1', 'd2d8', 'c6e8', 'd8e8'],
  rating: 900, ratingDeviation: 80, themes: ['backRankMate', 'mateIn2', 'mate'],
};
// Two mates in one after ...Kh8-g8 (Ra8# and Rb8#).
const TWO_MATES: TrainerPuzzleContent = {
  id: 'gen:twomates1', source: 'generated', fen: '7k/8/6K1/8/8/8/8/RR6 b - - 0 1', moves: ['h8g8', 'a1a8'], rating: 1300, ratingDeviation: 80, themes: ['mateIn1', 'mate'],
};
// A fork (as generated content): the rating far from the others.
const FORK: TrainerPuzzleContent = {
  id: 'gen:forkfork1', source: 'generated', fen: '4k3/1r6/8/8/2N5/8/8/4K3 b - - 0 1', moves: ['e8f7', 'c4d6', 'f7e7', 'd6b7'], rating: 1700, ratingDeviation: 80, themes: ['fork'],
};
const PUZZLES = [BACK_RANK, TWO_MATES, FORK];

let test: TestDatabase;
let app: FastifyInstance;
const NOW = new Date('2026-11-24T10:00:00.000Z');
let counter = 0;

beforeAll(async () => {
  test = await createTestDatabase();
  await seedContent(test.database.db, testContent());
  await seedTrainerPuzzles(test.database.db, PUZZLES);
  app = buildTestApp(test.database, { now: () => NOW, enginePool: false }).app;
});
afterAll(async () => {
  await app.close();
  await test.remove();
});

const attempt = (puzzleId: string, patch: Partial<RecordTrainerAttemptArgs> = {}): RecordTrainerAttemptArgs => ({
  attemptId: uuid(++counter, 0x21b),
  puzzleId,
  mode: 'rated',
  solved: true,
  moves: [],
  hintUsed: false,
  solutionShown: false,
  timeSpent: 20,
  attemptedAt: '2026-11-24T09:00:00.000Z',
  ...patch,
});
const postAttempt = (account: Account, args: unknown) => app.inject({ method: 'POST', url: '/api/puzzles/attempt', headers: { cookie: account.cookie }, payload: args as object });
const get = (account: Account, url: string) => app.inject({ url, headers: { cookie: account.cookie } });
async function push(account: Account, clientId: string, mutations: { id: number; name: string; args: unknown }[]) {
  const response = await app.inject({ method: 'POST', url: '/api/sync/push', headers: { cookie: account.cookie }, payload: { clientId, mutations } });
  expect(response.statusCode, response.body).toBe(200);
  return pushResponseSchema.parse(response.json()).results;
}

describe('seeding the trainer puzzles', () => {
  it('reads every file of content/trainer and seeds them beside the assessment, idempotently', async () => {
    const content = loadTrainerPuzzles();
    expect(content.length).toBeGreaterThanOrEqual(50);
    const fresh = await createTestDatabase();
    try {
      await seedContent(fresh.database.db, testContent());
      expect(await seedTrainerPuzzles(fresh.database.db, content)).toEqual({ inserted: content.length, updated: 0, unchanged: 0 });
      expect(await seedTrainerPuzzles(fresh.database.db, content)).toEqual({ inserted: 0, updated: 0, unchanged: content.length });
      const changed = content.map((p, i) => (i === 0 ? { ...p, rating: p.rating + 1 } : p));
      expect(await seedTrainerPuzzles(fresh.database.db, changed)).toEqual({ inserted: 0, updated: 1, unchanged: content.length - 1 });
      const kinds = await fresh.database.db.selectFrom('puzzles').select('kind').execute();
      expect(kinds.filter((k) => k.kind === 'trainer')).toHaveLength(content.length);
      expect(kinds.filter((k) => k.kind === 'assessment')).toHaveLength(testContent().puzzles.length);
    } finally {
      await fresh.remove();
    }
  });

  it('seeds 2,000 puzzles fast, and starts again with them seeded faster', async () => {
    const many = Array.from({ length: 2000 }, (_, i): TrainerPuzzleContent => ({ ...BACK_RANK, id: `gen:bench${String(i).padStart(6, '0')}`, rating: 400 + i }));
    const fresh = await createTestDatabase();
    try {
      let started = performance.now();
      await seedTrainerPuzzles(fresh.database.db, many, { postgres: fresh.kind === 'postgres' });
      const first = performance.now() - started;
      started = performance.now();
      await seedTrainerPuzzles(fresh.database.db, many, { postgres: fresh.kind === 'postgres' });
      const again = performance.now() - started;
      console.log(`seeding 2,000 trainer puzzles (${fresh.kind}): first ${first.toFixed(0)} ms, again ${again.toFixed(0)} ms`);
      expect(first).toBeLessThan(5000);
      expect(again).toBeLessThan(1500);
    } finally {
      await fresh.remove();
    }
  });

  it('leaves the assessment its own puzzles', async () => {
    const account = await registerAccount(app);
    const response = await get(account, '/api/onboarding/puzzles');
    const puzzles = onboardingPuzzleSchema.array().parse(response.json());
    expect(puzzles.map((p) => p.rating)).toEqual(testContent().puzzles.map((p) => p.rating));
  });
});

describe('attempts and the rating', () => {
  it('starts from the assessment rating and moves by Glicko-2 on the checked verdict', async () => {
    const account = await registerAccount(app);
    await test.database.db.updateTable('users').set({ eloRating: 1000, onboardingCompleted: 1 }).where('id', '=', account.user.id).execute();
    const response = await postAttempt(account, attempt(BACK_RANK.id, { moves: ['d2d8', 'd8e8'] }));
    expect(response.statusCode, response.body).toBe(200);
    const result = trainerAttemptResponseSchema.parse(response.json());
    const expected = ratePuzzleAttempt(startRating(1000), { rating: 900, rd: 80 }, true);
    expect(result).toMatchObject({ solved: true, rated: true, ratingBefore: 1000 });
    expect(result.rating.rating).toBeCloseTo(expected.rating, 6);
    expect(result.rating.puzzlesSolved).toBe(1);
  });

  it("does not trust the client's 'solved': wrong moves, a hint or the solution make it a failure", async () => {
    for (const patch of [{ moves: ['d2d7'] }, { moves: ['d2d8'] }, { moves: ['d2d8', 'd8e8'], hintUsed: true }, { moves: ['d2d8', 'd8e8'], solutionShown: true }]) {
      const account = await registerAccount(app);
      const result = trainerAttemptResponseSchema.parse((await postAttempt(account, attempt(BACK_RANK.id, patch))).json());
      expect(result.solved, JSON.stringify(patch)).toBe(false);
      expect(result.rating.rating).toBeLessThan(1200);
      expect(result.rating.puzzlesSolved).toBe(0);
    }
  });

  it('accepts any mate in one', async () => {
    const account = await registerAccount(app);
    const result = trainerAttemptResponseSchema.parse((await postAttempt(account, attempt(TWO_MATES.id, { moves: ['b1b8'] }))).json());
    expect(result.solved).toBe(true);
  });

  it('rates only the first try at a puzzle; records an attempt once by its id; counts a puzzle solved once', async () => {
    const account = await registerAccount(app);
    const first = attempt(BACK_RANK.id, { moves: ['d2d7'], solved: false });
    const a = trainerAttemptResponseSchema.parse((await postAttempt(account, first)).json());
    const again = trainerAttemptResponseSchema.parse((await postAttempt(account, first)).json());
    expect(again.rating).toEqual(a.rating);
    const retry = trainerAttemptResponseSchema.parse((await postAttempt(account, attempt(BACK_RANK.id, { mode: 'retry', moves: ['d2d8', 'd8e8'] }))).json());
    expect(retry).toMatchObject({ solved: true, rated: false });
    expect(retry.rating.rating).toBe(a.rating.rating);
    expect(retry.rating.puzzlesSolved).toBe(1);
    const retry2 = trainerAttemptResponseSchema.parse((await postAttempt(account, attempt(BACK_RANK.id, { mode: 'review', moves: ['d2d8', 'd8e8'] }))).json());
    expect(retry2.rating.puzzlesSolved).toBe(1);
    const rows = await test.database.db.selectFrom('puzzleAttempts').select('id').where('userId', '=', account.user.id).execute();
    expect(rows).toHaveLength(3);
  });

  it('keeps the streak and the best streak', async () => {
    const account = await registerAccount(app);
    const run = async (id: string, moves: string[], streakStart = false) =>
      trainerAttemptResponseSchema.parse((await postAttempt(account, attempt(id, { mode: 'streak', moves, streakStart }))).json()).rating;
    await run(BACK_RANK.id, ['d2d8', 'd8e8'], true);
    expect((await run(TWO_MATES.id, ['a1a8'])).currentStreak).toBe(2);
    const missed = await run(FORK.id, ['c4b6']);
    expect(missed).toMatchObject({ currentStreak: 0, bestStreak: 2, games: 0 });
    expect(await run(FORK.id, ['c4d6', 'd6b7'], true)).toMatchObject({ currentStreak: 1, bestStreak: 2 });
  });

  it('through the outbox: applied once, the same rules as the route', async () => {
    const account = await registerAccount(app);
    const clientId = uuid(++counter, 0x21c);
    const args = attempt(BACK_RANK.id, { moves: ['d2d8', 'd8e8'] });
    const mutations = [
      { id: 1, name: 'recordTrainerAttempt', args },
      { id: 2, name: 'recordTrainerAttempt', args: attempt(TWO_MATES.id, { moves: ['a1a2'], solved: true }) },
    ];
    expect((await push(account, clientId, mutations)).map((r) => r.status)).toEqual(['applied', 'applied']);
    expect((await push(account, clientId, mutations)).map((r) => r.status)).toEqual(['duplicate', 'duplicate']);
    const history = puzzleHistorySchema.parse((await get(account, '/api/puzzles/history')).json());
    expect(history.items.map((i) => [i.puzzle.id, i.solved])).toEqual([[TWO_MATES.id, false], [BACK_RANK.id, true]]);
    expect(history.ratingHistory).toHaveLength(2);
    expect(history.rating.puzzlesSolved).toBe(1);
    const unknown = await push(account, clientId, [{ id: 3, name: 'recordTrainerAttempt', args: attempt('lichess:zzzzz') }]);
    expect(unknown[0]).toMatchObject({ status: 'rejected', error: 'Not found' });
  });
});

describe('serving puzzles', () => {
  it('serves the next puzzle near the aim, of a theme, never one already tried', async () => {
    const account = await registerAccount(app);
    await test.database.db.updateTable('users').set({ eloRating: 1780, onboardingCompleted: 1 }).where('id', '=', account.user.id).execute();
    const next = nextPuzzleResponseSchema.parse((await get(account, '/api/puzzles/next')).json());
    expect(next.puzzle?.id).toBe(FORK.id);
    const themed = nextPuzzleResponseSchema.parse((await get(account, '/api/puzzles/next?theme=backRankMate')).json());
    expect(themed.puzzle?.id).toBe(BACK_RANK.id);
    await postAttempt(account, attempt(BACK_RANK.id, { moves: ['d2d8', 'd8e8'] }));
    expect(nextPuzzleResponseSchema.parse((await get(account, '/api/puzzles/next?theme=backRankMate')).json()).puzzle).toBeNull();
  });

  it('packs puzzles for offline use: around the rating, per theme, the streak ladder and the day', async () => {
    const account = await registerAccount(app);
    await postAttempt(account, attempt(TWO_MATES.id, { moves: ['a1a8'] }));
    const pack = puzzlePackSchema.parse((await get(account, '/api/puzzles/pack')).json());
    expect(pack.attempted).toEqual([TWO_MATES.id]);
    expect(pack.puzzles.map((p) => p.id).sort()).toEqual([BACK_RANK.id, FORK.id, ...(pack.daily === TWO_MATES.id ? [TWO_MATES.id] : [])].sort());
    expect(pack.streak[0]).toBe(BACK_RANK.id);
    expect(pack.day).toBe('2026-11-24');
    expect([BACK_RANK.id, TWO_MATES.id]).toContain(pack.daily);
  });
});

describe('bad input', () => {
  it('answers 400 with an error, never a 500', async () => {
    const account = await registerAccount(app);
    const bad: unknown[] = [
      {},
      { ...attempt(BACK_RANK.id), attemptId: 'nope' },
      { ...attempt(BACK_RANK.id), puzzleId: 'drop table' },
      { ...attempt(BACK_RANK.id), moves: ['e2e9'] },
      { ...attempt(BACK_RANK.id), moves: Array(17).fill('e2e4') },
      { ...attempt(BACK_RANK.id), mode: 'cheat' },
      { ...attempt(BACK_RANK.id), timeSpent: -1 },
      { ...attempt(BACK_RANK.id), extra: 1 },
    ];
    for (const body of bad) expect(expectJsonError(await postAttempt(account, body), 400)).toBeTruthy();
    expect(expectJsonError(await get(account, '/api/puzzles/next?theme=nonsense'), 400)).toBeTruthy();
    expect(expectJsonError(await postAttempt(account, attempt('lichess:zzzzz')), 404)).toBe('Not found');
    const own = await app.inject({ method: 'POST', url: '/api/puzzles/own', headers: { cookie: account.cookie }, payload: { puzzles: [{ id: 'x' }] } });
    expect(expectJsonError(own, 400)).toBeTruthy();
  });
});

describe('whose attempts', () => {
  it("a student (of another organization) never sees or changes another's attempts, rating or own puzzles", async () => {
    const [first, second] = [await registerAccount(app), await registerAccount(app)];
    const db = test.database.db;
    const orgA = await db.insertInto('organizations').values({ name: 'School A' } as never).returning('id').executeTakeFirstOrThrow();
    const orgB = await db.insertInto('organizations').values({ name: 'School B' } as never).returning('id').executeTakeFirstOrThrow();
    await db.updateTable('users').set({ schoolId: orgA.id }).where('id', '=', first.user.id).execute();
    await db.updateTable('users').set({ schoolId: orgB.id }).where('id', '=', second.user.id).execute();
    const shared = attempt(BACK_RANK.id, { moves: ['d2d8', 'd8e8'] });
    await postAttempt(first, shared);
    const own = { id: uuid(1, 0x0a), gameId: uuid(2, 0x0a), ply: 10, setupFen: BACK_RANK.fen, setupMove: 'e1b1', fen: BACK_RANK.fen, bestMove: 'e1b1', playedMove: 'e1e2', kind: 'blunder', explanation: 'The rook wins.' };
    await app.inject({ method: 'POST', url: '/api/puzzles/own', headers: { cookie: first.cookie }, payload: { puzzles: [own] } });
    // The second student's history, rating and own puzzles are theirs alone.
    expect(puzzleHistorySchema.parse((await get(second, '/api/puzzles/history')).json()).items).toEqual([]);
    expect((await get(second, '/api/puzzles/own')).json()).toEqual([]);
    // Sending the first's attempt id records the second's own attempt (it is keyed per student), not the first's.
    const theirs = trainerAttemptResponseSchema.parse((await postAttempt(second, { ...shared, moves: ['d2d7'] })).json());
    expect(theirs.solved).toBe(false);
    const firstHistory = puzzleHistorySchema.parse((await get(first, '/api/puzzles/history')).json());
    expect(firstHistory.items.map((i) => i.solved)).toEqual([true]);
    expect((await get(first, '/api/puzzles/own')).json()).toEqual([own]);
  });
});
