import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { todaysTip } from '../../domain/learning/daily-tip';
import { planLessons } from '../../domain/learning/lesson-plan';
import {
  authUserSchema,
  DEFAULT_CHESS_SETTINGS,
  learningProfileSchema,
  lessonListSchema,
  lessonSchema,
  progressResponseSchema,
  pushResponseSchema,
  settingsResponseSchema,
  tipListSchema,
  tipProgressResponseSchema,
  tipStatsSchema,
  todayTipResponseSchema,
  type GameAnalysisSummary,
} from '../../schema';
import { createTestDatabase, type TestDatabase } from '../core/test-db';
import { buildTestApp, expectJsonError, registerAccount, saveGameArgs, uuid, type Account } from '../testing/test-server';
import { seedContent } from './seed';
import { testContent } from './test-content';

// Database set-up and scrypt hashing are slow on a busy machine (and on PostgreSQL).
vi.setConfig({ testTimeout: 30_000, hookTimeout: 60_000 });

let test: TestDatabase;
let app: FastifyInstance;
const NOW = new Date('2026-11-23T10:00:00.000Z');

beforeAll(async () => {
  test = await createTestDatabase();
  await seedContent(test.database.db, testContent());
  app = buildTestApp(test.database, { now: () => NOW, enginePool: false }).app;
});
afterAll(async () => {
  await app.close();
  await test.remove();
});

const get = (account: Account, url: string) => app.inject({ url, headers: { cookie: account.cookie } });
const post = (account: Account, url: string, payload?: object) =>
  app.inject({ method: 'POST', url, headers: { cookie: account.cookie }, ...(payload ? { payload } : {}) });
let pushCounter = 0;
async function push(account: Account, mutations: { name: string; args: unknown }[], clientId = uuid(++pushCounter, 0x9a)) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/sync/push',
    headers: { cookie: account.cookie },
    payload: { clientId, mutations: mutations.map((m, i) => ({ id: i + 1, ...m })) },
  });
  expect(response.statusCode, response.body).toBe(200);
  return pushResponseSchema.parse(response.json()).results;
}

const phase = (accuracy: number | null, moves: number, blunders = 0) => ({ accuracy, moves, blunders, timeSpent: null });
const analysis = (patch: Partial<GameAnalysisSummary> = {}): GameAnalysisSummary => ({
  movesAnalyzed: 20, averageAccuracy: 72, blunders: 3, mistakes: 1, inaccuracies: 2, bestMovePercentage: 40,
  missedTactics: ['fork', 'fork'], phases: { opening: phase(85, 10), middlegame: phase(66, 8, 2), endgame: phase(50, 2, 1) }, turningPoint: 21, ...patch,
});

describe('seeding the content', () => {
  it('is idempotent: seeding again keeps the same rows and ids', async () => {
    const before = await test.database.db.selectFrom('lessons').select(['id', 'slug']).orderBy('id').execute();
    await seedContent(test.database.db, testContent());
    const after = await test.database.db.selectFrom('lessons').select(['id', 'slug']).orderBy('id').execute();
    expect(after).toEqual(before);
    for (const table of ['dailyTips', 'puzzles', 'achievements'] as const) {
      const rows = await test.database.db.selectFrom(table).select('id').execute();
      expect(rows.length, table).toBe(table === 'dailyTips' ? 3 : table === 'puzzles' ? 2 : 10);
    }
  });
});

describe('lessons', () => {
  it('lists them in order with progress, opens one, and says Lesson not found otherwise', async () => {
    const account = await registerAccount(app);
    const lessons = lessonListSchema.parse((await get(account, '/api/lessons')).json());
    expect(lessons.map((l) => l.title)).toEqual(['Test lesson 1', 'Test lesson 2', 'Test lesson 3']);
    expect(lessons[1]?.skills).toEqual(['fork', 'tactics']);
    const one = lessonSchema.parse((await get(account, `/api/lesson/${lessons[1]!.id}`)).json());
    expect(one.content.sections[1]).toMatchObject({ type: 'interactive', content: { correctMoves: ['e2e4'] } });
    for (const bad of ['999999', 'abc', '0', '-1', '1.5', '99999999999']) {
      expect(expectJsonError(await get(account, `/api/lesson/${bad}`), 404), bad).toBe('Lesson not found');
    }
  });

  it('completing twice counts once (route and mutation share the rule), keeps the best score', async () => {
    const account = await registerAccount(app);
    const [first] = lessonListSchema.parse((await get(account, '/api/lessons')).json());
    expect((await post(account, `/api/lesson/${first!.id}/complete`, { score: 50 })).json()).toEqual({ success: true, lessonsCompleted: 1 });
    const results = await push(account, [{ name: 'completeLesson', args: { lessonId: first!.id, score: 80, completedAt: '2026-11-23T09:00:00.000Z' } }]);
    expect(results[0]?.status).toBe('applied');
    const rows = await test.database.db.selectFrom('userLessonProgress').selectAll().where('userId', '=', account.user.id).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ completed: 1, score: 80 });
    const lessons = lessonListSchema.parse((await get(account, '/api/lessons')).json());
    expect(lessons[0]).toMatchObject({ completed: true });
    const rejected = await push(account, [{ name: 'completeLesson', args: { lessonId: 999_999, completedAt: '2026-11-23T09:00:00.000Z' } }]);
    expect(rejected[0]).toEqual({ id: 1, status: 'rejected', error: 'Lesson not found', code: 'ERR_LESSON_NOT_FOUND' });
  });
});

describe('tips', () => {
  it("today's tip is the domain's pick for the day, recorded as viewed, cached 5 minutes", async () => {
    const account = await registerAccount(app);
    const all = tipListSchema.parse((await get(account, '/api/tips')).json());
    expect(all).toHaveLength(3);
    const response = await get(account, '/api/tips/today');
    expect(response.headers['cache-control']).toBe('private, max-age=300');
    const today = todayTipResponseSchema.parse(response.json());
    expect(today?.id).toBe(todaysTip(all, NOW)?.id);
    const stats = tipStatsSchema.parse((await get(account, '/api/tips/stats')).json());
    expect(stats).toEqual({ currentStreak: 0, totalCompleted: 0, totalViewed: 1, completionRate: 0, totalBookmarked: 0, totalReadingTime: 0 });
  });

  it('category lists, fen and moves, personalised badge, unknown category 400', async () => {
    const account = await registerAccount(app);
    const tactics = tipListSchema.parse((await get(account, '/api/tips/category/tactics')).json());
    expect(tactics).toHaveLength(1);
    expect(tactics[0]).toMatchObject({ fen: '4k3/1r6/8/8/4N3/8/8/4K3 w - - 0 1', moves: [{ from: 'e4', to: 'd6' }], isPersonalized: true });
    expect(tipListSchema.parse((await get(account, '/api/tips/category/psychology')).json())).toEqual([]);
    expectJsonError(await get(account, '/api/tips/category/cooking'), 400);
  });

  it('complete, bookmark (toggle and set), rate, and the stats follow; mutations do the same', async () => {
    const account = await registerAccount(app);
    const [a, b, c] = tipListSchema.parse((await get(account, '/api/tips')).json());
    const progress = (r: { json: () => unknown }) => tipProgressResponseSchema.parse(r.json()).progress;
    expect(progress(await post(account, `/api/tips/${a!.id}/complete`))).toEqual({ completed: true, bookmarked: false, rating: null });
    expect(progress(await post(account, `/api/tips/${a!.id}/bookmark`))).toMatchObject({ bookmarked: true });
    expect(progress(await post(account, `/api/tips/${a!.id}/bookmark`))).toMatchObject({ bookmarked: false });
    expect(progress(await post(account, `/api/tips/${a!.id}/bookmark`, { bookmarked: true }))).toMatchObject({ bookmarked: true });
    expect(progress(await post(account, `/api/tips/${a!.id}/rate`, { rating: 4 }))).toEqual({ completed: true, bookmarked: true, rating: 4 });
    expectJsonError(await post(account, `/api/tips/${a!.id}/rate`, { rating: 6 }), 400);
    expect(expectJsonError(await post(account, '/api/tips/999999/complete'), 404)).toBe('Tip not found');

    const results = await push(account, [
      { name: 'viewTip', args: { tipId: b!.id, viewedAt: '2026-11-22T08:00:00.000Z' } },
      { name: 'completeTip', args: { tipId: b!.id, completedAt: '2026-11-22T08:01:00.000Z' } },
      { name: 'bookmarkTip', args: { tipId: c!.id, bookmarked: true } },
      { name: 'bookmarkTip', args: { tipId: c!.id, bookmarked: true } },
      { name: 'rateTip', args: { tipId: c!.id, rating: 5 } },
      { name: 'rateTip', args: { tipId: 999_999, rating: 5 } },
    ]);
    expect(results.map((r) => r.status)).toEqual(['applied', 'applied', 'applied', 'applied', 'applied', 'rejected']);
    const bookmarks = await get(account, '/api/tips/bookmarks');
    expect(bookmarks.headers['cache-control']).toBe('private, max-age=300');
    expect(tipListSchema.parse(bookmarks.json()).map((t) => t.id)).toEqual([a!.id, c!.id]);
    const stats = await get(account, '/api/tips/stats');
    expect(stats.headers['cache-control']).toBe('private, max-age=120');
    // Completed a (today, 30 s) and b (yesterday, 45 s); viewed a, b and c (c only by rating? no: c was never viewed).
    expect(tipStatsSchema.parse(stats.json())).toEqual({
      currentStreak: 2, totalCompleted: 2, totalViewed: 2, completionRate: 100, totalBookmarked: 2, totalReadingTime: 75,
    });
  });
});

describe('settings', () => {
  it('defaults, saved by PUT and by the outbox, the newer save wins', async () => {
    const account = await registerAccount(app);
    expect(settingsResponseSchema.parse((await get(account, '/api/settings')).json())).toEqual({ settings: DEFAULT_CHESS_SETTINGS, updatedAt: null, controlsSetAt: null });
    const put = (settings: object, updatedAt: string) =>
      app.inject({ method: 'PUT', url: '/api/settings', headers: { cookie: account.cookie }, payload: { settings: { ...DEFAULT_CHESS_SETTINGS, ...settings }, updatedAt } });
    expect((await put({ dailyPlayTime: 60 }, '2026-11-23T09:00:00.000Z')).json()).toMatchObject({ settings: { dailyPlayTime: 60 } });
    const results = await push(account, [
      { name: 'saveSettings', args: { settings: { ...DEFAULT_CHESS_SETTINGS, focusMode: true, breakReminders: 30 }, updatedAt: '2026-11-23T09:30:00.000Z' } },
      { name: 'saveSettings', args: { settings: { ...DEFAULT_CHESS_SETTINGS, dailyPlayTime: 120 }, updatedAt: '2026-11-23T08:00:00.000Z' } },
    ]);
    expect(results.map((r) => r.status)).toEqual(['applied', 'applied']);
    const stored = settingsResponseSchema.parse((await get(account, '/api/settings')).json());
    expect(stored.settings).toEqual({ ...DEFAULT_CHESS_SETTINGS, focusMode: true, breakReminders: 30 });
    expect(stored.updatedAt).toBe('2026-11-23T09:30:00.000Z');
    expectJsonError(await put({ dailyPlayTime: 'lots' }, '2026-11-23T10:00:00.000Z'), 400);
    expectJsonError(await put({ hintsEnabled: undefined }, '2026-11-23T10:00:00.000Z'), 400);
  });

  it('the parent PIN travels hashed through saveSettings; digits or junk are refused', async () => {
    const account = await registerAccount(app);
    const pinHash = 'pbkdf2-sha256$100000$c2FsdHNhbHRzYWx0c2FsdA==$aGFzaGhhc2hoYXNoaGFzaGhhc2hoYXNoaGFzaGhhc2g=';
    const save = (parentPinHash: unknown, updatedAt: string) => push(account, [{ name: 'saveSettings', args: { settings: { ...DEFAULT_CHESS_SETTINGS, parentPinHash }, updatedAt } }]);
    expect((await save(pinHash, '2026-11-24T09:00:00.000Z')).map((r) => r.status)).toEqual(['applied']);
    expect(settingsResponseSchema.parse((await get(account, '/api/settings')).json()).settings.parentPinHash).toBe(pinHash);
    for (const bad of ['2580', 'pbkdf2-sha256$1$x$y', 42]) expect((await save(bad, '2026-11-24T10:00:00.000Z')).map((r) => r.status)).toEqual(['rejected']);
    expect(settingsResponseSchema.parse((await get(account, '/api/settings')).json()).settings.parentPinHash).toBe(pinHash);
    // A save from an app that predates the PIN carries none.
    const { parentPinHash: _none, ...old } = DEFAULT_CHESS_SETTINGS;
    expect((await push(account, [{ name: 'saveSettings', args: { settings: old, updatedAt: '2026-11-24T11:00:00.000Z' } }])).map((r) => r.status)).toEqual(['applied']);
  });
});

describe('game analysis, the learning profile and progress', () => {
  it('a new user: empty figures that say nothing was measured', async () => {
    const account = await registerAccount(app);
    const progress = progressResponseSchema.parse((await get(account, '/api/progress')).json());
    expect(progress).toMatchObject({ eloRating: 1200, winRate: null, gamesWon: 0, totalGames: 0, studyTimeMinutes: 0, dayStreak: 0, recentGames: [] });
    expect(progress.skills.map((s) => [s.label, s.score])).toEqual([['Opening', null], ['Tactics', null], ['Endgame', null], ['Strategy', null]]);
    expect(progress.ratingHistory).toHaveLength(1);
    expect(progress.goals[0]).toMatchObject({ title: 'Reach 1300 ELO', description: 'About 25 games' });
    expect(progress.achievements.find((a) => a.name === 'Consistent Player')).toMatchObject({ currentValue: 0, targetValue: 5, isUnlocked: false });
  });

  it('saveGame and saveGameAnalysis in one push; tables filled; profile and progress read them; Consistent Player after 5 games', async () => {
    const account = await registerAccount(app);
    const games = [1, 2, 3, 4, 5].map((n) => uuid(n, 0x9a0 + account.user.id));
    const results = await push(account, [
      ...games.map((id, n) => ({ name: 'saveGame', args: saveGameArgs(id, { result: n < 3 ? 'win' : 'loss' }, `2026-11-2${n % 3 + 1}T08:00:00.000Z`) })),
      { name: 'saveGameAnalysis', args: { gameId: games[0], analysis: analysis() } },
      { name: 'saveGameAnalysis', args: { gameId: games[1], analysis: analysis({ missedTactics: ['pin'] }) } },
      { name: 'saveGameAnalysis', args: { gameId: uuid(77, 0x9a9), analysis: analysis() } },
    ]);
    expect(results.map((r) => r.status)).toEqual(['applied', 'applied', 'applied', 'applied', 'applied', 'applied', 'applied', 'rejected']);
    expect(results[7]?.error).toBe('Not found');

    const db = test.database.db;
    expect(await db.selectFrom('gameAnalysis').select(['blunders', 'missedTactics']).where('userId', '=', account.user.id).execute()).toHaveLength(2);
    expect(await db.selectFrom('gamePhaseAnalysis').select('phaseDominance').where('userId', '=', account.user.id).execute()).toEqual([
      { phaseDominance: 'opening' },
      { phaseDominance: 'opening' },
    ]);
    const skill = await db.selectFrom('userSkillAnalytics').selectAll().where('userId', '=', account.user.id).executeTakeFirstOrThrow();
    expect(skill).toMatchObject({ gamesAnalyzed: 2, blunderFrequency: 0.15, openingStrength: 1280, endgameStrength: 1000 });

    const profile = learningProfileSchema.parse((await get(account, '/api/learning/profile')).json());
    expect(profile.weaknesses).toEqual({
      gamesAnalyzed: 2, blunderRate: 0.15, missedTactics: { fork: 2, pin: 1 }, phaseAccuracy: { opening: 85, middlegame: 66, endgame: 50 },
    });

    // The client orders the lessons from these two answers (domain/learning/lesson-plan.ts).
    const plan = planLessons(lessonListSchema.parse((await get(account, '/api/lessons')).json()), profile);
    expect(plan.ordered[0]?.title).toBe('Test lesson 2');
    expect(plan.reasons).toContain('You missed 2 forks in your 2 reviewed games.');
    expect(plan.reasons).toContain('Your endgame accuracy is 50%, so endgame lessons move up.');

    const progress = progressResponseSchema.parse((await get(account, '/api/progress')).json());
    expect(progress).toMatchObject({ totalGames: 5, gamesWon: 3, winRate: 60, gamesAnalyzed: 2 });
    expect(progress.skills).toEqual([
      { area: 'opening', label: 'Opening', score: 85 },
      { area: 'tactics', label: 'Tactics', score: 55 },
      { area: 'endgame', label: 'Endgame', score: 50 },
      { area: 'strategy', label: 'Strategy', score: 66 },
    ]);
    expect(progress.dayStreak).toBe(3);
    expect(progress.studyTimeMinutes).toBe(8); // 5 games of 95 s
    expect(progress.recentGames).toHaveLength(5);
    const consistent = progress.achievements.find((a) => a.key === 'consistent-player');
    expect(consistent).toMatchObject({ name: 'Consistent Player', currentValue: 5, isUnlocked: true, unlockedAt: NOW.toISOString() });
    const stored = await db.selectFrom('userAchievements').select(['isUnlocked']).where('userId', '=', account.user.id).where('isUnlocked', '=', 1).execute();
    expect(stored.length).toBe(4); // First Steps, First Victory, Consistent Player, On a Roll (3 days)

    const route = await post(account, `/api/games/${games[2]}/analysis`, { analysis: analysis({ blunders: 0, missedTactics: [] }) });
    expect(route.statusCode, route.body).toBe(200);
    expect(expectJsonError(await post(account, `/api/games/${uuid(88, 0x9a9)}/analysis`, { analysis: analysis() }), 404)).toBe('Not found');
  });
});

describe('the assessment through the outbox', () => {
  it('attempts are checked against the solution and completing rates them', async () => {
    const account = await registerAccount(app);
    const puzzles = (await get(account, '/api/onboarding/puzzles')).json() as { id: number; rating: number; solution: { from: string; to: string }[] }[];
    expect(puzzles.map((p) => p.rating)).toEqual([600, 1300]);
    const [easy, hard] = puzzles;
    const results = await push(account, [
      { name: 'recordPuzzleAttempt', args: { puzzleId: easy!.id, solved: true, timeSpent: 8, attemptedMoves: [easy!.solution[0]], attemptedAt: '2026-11-23T09:00:00.000Z' } },
      // Claims solved with a wrong move: stored as not solved.
      { name: 'recordPuzzleAttempt', args: { puzzleId: hard!.id, solved: true, timeSpent: 30, attemptedMoves: [{ from: 'e4', to: 'f6' }], attemptedAt: '2026-11-23T09:01:00.000Z' } },
      { name: 'completeOnboarding', args: { completedAt: '2026-11-23T09:02:00.000Z' } },
      { name: 'completeOnboarding', args: { completedAt: '2026-11-23T09:03:00.000Z' } },
    ]);
    expect(results.map((r) => r.status)).toEqual(['applied', 'applied', 'applied', 'applied']);
    const stored = await test.database.db.selectFrom('puzzleAttempts').select(['solved']).where('userId', '=', account.user.id).orderBy('id').execute();
    expect(stored).toEqual([{ solved: 1 }, { solved: 0 }]);
    const me = authUserSchema.parse((await get(account, '/api/auth/user')).json());
    expect(me.onboardingCompleted).toBe(true);
    // 1200 solving a 600 quickly (1220: little to learn from an easy solve), then failing a 1300 (1089).
    expect(me.eloRating).toBe(1089);
    const progress = progressResponseSchema.parse((await get(account, '/api/progress')).json());
    expect(progress.ratingHistory.map((p) => p.rating)).toEqual([1200, 1089]);
    expect(progress.ratingHistory[1]?.date).toBe('2026-11-23T09:01:00.000Z');
  });
});
