import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { authUserSchema, MESSAGES, onboardingPuzzleSchema } from '../../schema';
import { createTestDatabase, type TestDatabase } from '../core/test-db';
import { buildTestApp, expectJsonError, registerAccount } from '../testing/test-server';
import { assessmentRating } from '../../domain/learning/assessment';
import { spread } from './assessment';

// Database set-up and scrypt hashing are slow on a busy machine (and on PostgreSQL).
vi.setConfig({ testTimeout: 30_000, hookTimeout: 60_000 });

describe('spread: the assessment picks puzzles across the ratings', () => {
  it.each([
    [[1, 2, 3], 10, [1, 2, 3]],
    [Array.from({ length: 20 }, (_, i) => i), 10, [0, 2, 4, 6, 8, 11, 13, 15, 17, 19]],
    [Array.from({ length: 11 }, (_, i) => i), 10, [0, 1, 2, 3, 4, 6, 7, 8, 9, 10]],
  ])('%j, %i -> %j', (items, size, expected) => {
    expect(spread(items, size)).toEqual(expected);
  });
});

describe('onboarding routes', () => {
  let test: TestDatabase;
  let app: FastifyInstance;
  beforeAll(async () => {
    test = await createTestDatabase();
    app = buildTestApp(test.database).app;
  });
  afterAll(async () => {
    await app.close();
    await test.remove();
  });

  it('lists no puzzles when there are none, then the stored ones easiest first', async () => {
    const account = await registerAccount(app);
    const empty = await app.inject({ url: '/api/onboarding/puzzles', headers: { cookie: account.cookie } });
    expect(empty.json()).toEqual([]);
    await test.database.db
      .insertInto('puzzles')
      .values([
        { fen: '6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1', solution: '[{"from":"a1","to":"a8"}]', rating: 1400, tags: '["mate","backRank"]', description: 'Back rank' },
        { fen: '4k3/8/8/8/8/8/4Q3/4K3 w - - 0 1', solution: '[{"from":"e2","to":"e7"}]', rating: 800, tags: '[]', description: null },
      ])
      .execute();
    const response = await app.inject({ url: '/api/onboarding/puzzles', headers: { cookie: account.cookie } });
    const puzzles = onboardingPuzzleSchema.array().parse(response.json());
    expect(puzzles.map((p) => p.rating)).toEqual([800, 1400]);
    expect(puzzles[1]).toMatchObject({ solution: [{ from: 'a1', to: 'a8' }], tags: ['mate', 'backRank'], description: 'Back rank' });
  });

  it('records attempts, refuses unknown puzzles, and completing sets the flag and the rating once', async () => {
    const account = await registerAccount(app);
    const [easy, hard] = await test.database.db.selectFrom('puzzles').select(['id', 'rating']).orderBy('rating').execute();
    const attempt = (puzzleId: number, solved: boolean) =>
      app.inject({
        method: 'POST',
        url: '/api/onboarding/puzzle-attempt',
        headers: { cookie: account.cookie },
        payload: { puzzleId, solved, timeSpent: 10, attemptedMoves: [{ from: 'e2', to: 'e7' }] },
      });
    expect((await attempt(easy!.id, true)).json()).toEqual({ success: true, solved: true });
    expect((await attempt(hard!.id, false)).statusCode).toBe(200);
    expect(expectJsonError(await attempt(987654, true), 404)).toBe(MESSAGES.notFound);

    const complete = await app.inject({ method: 'POST', url: '/api/onboarding/complete', headers: { cookie: account.cookie } });
    const user = authUserSchema.parse(complete.json());
    expect(user.onboardingCompleted).toBe(true);
    // The 800 solved first try in 10 s; the 1400 claimed unsolved: Glicko-2 from 1200 (domain/learning/assessment.ts).
    const expected = assessmentRating([
      { puzzleRating: 800, solved: true, timeSpent: 10, hintsUsed: 0 },
      { puzzleRating: 1400, solved: false, timeSpent: 10, hintsUsed: 1 },
    ]);
    expect(user.eloRating).toBe(expected);
    expect(expected).toBe(1153);
    // Attempting more afterwards does not change a completed assessment.
    await attempt(hard!.id, true);
    const again = await app.inject({ method: 'POST', url: '/api/onboarding/complete', headers: { cookie: account.cookie } });
    expect(authUserSchema.parse(again.json()).eloRating).toBe(expected);
    const me = await app.inject({ url: '/api/auth/user', headers: { cookie: account.cookie } });
    expect(me.json()).toMatchObject({ onboardingCompleted: true, eloRating: expected });
  });

  it('a wrong move, then the move the hint names: answered and rated as missed (issue 20)', async () => {
    const account = await registerAccount(app);
    const puzzles = await test.database.db.selectFrom('puzzles').select(['id', 'rating', 'solution']).orderBy('rating').execute();
    for (const puzzle of puzzles) {
      const answer = (JSON.parse(puzzle.solution) as { from: string; to: string }[])[0]!;
      const response = await app.inject({
        method: 'POST',
        url: '/api/onboarding/puzzle-attempt',
        headers: { cookie: account.cookie },
        payload: { puzzleId: puzzle.id, solved: true, timeSpent: 10, attemptedMoves: [{ from: 'h2', to: 'h3' }, answer] },
      });
      expect(response.json()).toEqual({ success: true, solved: false });
    }
    const complete = await app.inject({ method: 'POST', url: '/api/onboarding/complete', headers: { cookie: account.cookie } });
    const missedAll = assessmentRating(puzzles.map((p) => ({ puzzleRating: p.rating, solved: false, timeSpent: 10, hintsUsed: 1 })));
    expect(authUserSchema.parse(complete.json()).eloRating).toBe(missedAll);
    expect(missedAll).toBeLessThan(1200);
  });
});
