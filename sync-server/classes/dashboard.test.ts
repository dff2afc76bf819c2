import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Role } from '../../schema';
import {
  CLASS_MESSAGES,
  MESSAGES,
  authUserSchema,
  classCredentialsSchema,
  classDashboardSchema,
  classStudentPageSchema,
  classSummarySchema,
  replayGameSchema,
  saveGameResponseSchema,
  type ClassCredential,
  type GameAnalysisSummary,
} from '../../schema';
import { seedContent } from '../learning/seed';
import { testContent } from '../learning/test-content';
import { createTestDatabase, type TestDatabase } from '../core/test-db';
import { type Account, accountWithRole, buildTestApp, expectJson, expectJsonError, gamePayload } from '../testing/test-server';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 90_000 });

/**
 * The class dashboard (issue 19): school A's class with three children, one of whom has played,
 * had games reviewed, done a lesson, a tip and puzzles; school B's class and teacher; a student of
 * A's class, a parent, a guest. The clock is fixed so 'this week' (the last 7 days) is exact.
 */

const NOW = new Date('2026-11-25T12:00:00.000Z');
let clock = NOW;
let test: TestDatabase;
let app: FastifyInstance;
let orgA: number;
let orgB: number;
let teacherA: Account;
let teacherB: Account;
let parent: Account;
let outsider: Account;
let classA: number;
let classB: number;
let cards: ClassCredential[];
let player: Account;
let classmate: Account;
let gameIds: number[] = [];

const person = (role: Role, scope: string | null): Promise<Account> => accountWithRole(app, test.database, role, { scopes: [scope] });

const call = (who: Account | null, url: string) => app.inject({ method: 'GET', url, headers: who ? { cookie: who.cookie } : {} });
const post = (who: Account, url: string, payload: object) => app.inject({ method: 'POST', url, headers: { cookie: who.cookie }, payload });

const ok = expectJson;

async function signIn(card: ClassCredential): Promise<Account> {
  const response = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: card.username, password: card.password } });
  expect(response.statusCode, response.body).toBe(200);
  return { user: authUserSchema.parse(response.json()), cookie: String(response.headers['set-cookie']).split(';')[0] as string, email: '', password: card.password };
}

const phase = (accuracy: number | null, moves: number) => ({ accuracy, moves, blunders: 0, timeSpent: null });
const review = (overrides: Partial<GameAnalysisSummary>): GameAnalysisSummary => ({
  movesAnalyzed: 20,
  averageAccuracy: 80,
  blunders: 1,
  mistakes: 1,
  inaccuracies: 2,
  bestMovePercentage: 40,
  missedTactics: [],
  phases: { opening: phase(90, 8), middlegame: phase(70, 8), endgame: phase(50, 4) },
  turningPoint: null,
  ...overrides,
});

async function playGame(who: Account, at: Date, clientGameId: string, durationSeconds: number): Promise<number> {
  clock = at;
  try {
    const saved = saveGameResponseSchema.parse(await ok(await post(who, '/api/games/save', { ...gamePayload({ gameDurationSeconds: durationSeconds }), gameId: clientGameId })));
    return saved.gameId;
  } finally {
    clock = NOW;
  }
}

beforeAll(async () => {
  test = await createTestDatabase();
  app = buildTestApp(test.database, { now: () => clock }).app;
  await app.ready();
  const db = test.database.db;
  await seedContent(db, testContent());
  orgA = (await db.insertInto('organizations').values({ name: 'School A', type: 'elementary_school' }).returning('id').executeTakeFirstOrThrow()).id;
  orgB = (await db.insertInto('organizations').values({ name: 'School B', type: 'elementary_school' }).returning('id').executeTakeFirstOrThrow()).id;
  teacherA = await person('teacher', `organization:${orgA}`);
  teacherB = await person('teacher', `organization:${orgB}`);
  parent = await person('parent', null);
  outsider = await person('student', null);
  classA = classSummarySchema.parse(await ok(await post(teacherA, '/api/classes', { organizationId: orgA, name: '4A Chess' }), 201)).id;
  classB = classSummarySchema.parse(await ok(await post(teacherB, '/api/classes', { organizationId: orgB, name: '4B Chess' }), 201)).id;
  cards = classCredentialsSchema.parse(await ok(await post(teacherA, `/api/classes/${classA}/students`, { names: ['Zoe Player', 'Adam Quiet', 'Mia Classmate'] }), 201)).credentials;
  await ok(await post(teacherB, `/api/classes/${classB}/students`, { names: ['Bea Other'] }), 201);
  player = await signIn(cards[0] as ClassCredential);
  classmate = await signIn(cards[2] as ClassCredential);

  // Zoe: three games this week (95 + 120 + 60 s), one nine days ago; two of them reviewed.
  gameIds = [
    await playGame(player, new Date(NOW.getTime() - 9 * 86_400_000), '00000000-0000-4000-8000-000000000001', 300),
    await playGame(player, new Date(NOW.getTime() - 3 * 86_400_000), '00000000-0000-4000-8000-000000000002', 95),
    await playGame(player, new Date(NOW.getTime() - 2 * 86_400_000), '00000000-0000-4000-8000-000000000003', 120),
    await playGame(player, new Date(NOW.getTime() - 3_600_000), '00000000-0000-4000-8000-000000000004', 60),
  ];
  await ok(await post(player, '/api/games/00000000-0000-4000-8000-000000000002/analysis', { analysis: review({ averageAccuracy: 70, missedTactics: ['fork', 'pin', 'fork'] }) }));
  await ok(await post(player, '/api/games/00000000-0000-4000-8000-000000000003/analysis', { analysis: review({ averageAccuracy: 85.5, missedTactics: ['pin', 'fork'] }) }));
  // The assessment gave 850; a rated game moved it by +16 since.
  await db.updateTable('users').set({ onboardingCompleted: 1, eloRating: 866 }).where('id', '=', player.user.id).execute();
  await db.updateTable('games').set({ eloChange: 16 }).where('id', '=', gameIds[1] as number).execute();
  const lesson = await db.selectFrom('lessons').select(['id', 'title']).orderBy('id').executeTakeFirstOrThrow();
  await db.insertInto('userLessonProgress').values({ userId: player.user.id, lessonId: lesson.id, completed: 1, score: 90, completedAt: '2026-11-25T11:30:00.000Z' }).execute();
  const tip = await db.selectFrom('dailyTips').select('id').orderBy('id').executeTakeFirstOrThrow();
  await db.insertInto('userTipProgress').values({ userId: player.user.id, tipId: tip.id, completed: 1, completedAt: '2026-11-24T08:00:00.000Z', viewedAt: null, rating: null }).execute();
  const puzzle = await db.insertInto('puzzles').values({ fen: '8/8/8/8/8/8/8/K6k w - - 0 1', solution: '[]', tags: '[]', description: null, lichessId: null }).returning('id').executeTakeFirstOrThrow();
  for (const solved of [0, 1, 1]) {
    await db.insertInto('puzzleAttempts').values({ userId: player.user.id, puzzleId: puzzle.id, solved, timeSpent: 5, attemptedMoves: '[]', createdAt: '2026-11-23T09:00:00.000Z' }).execute();
  }
});

afterAll(async () => {
  await app.close();
  await test.remove();
});

describe('GET /api/classes/{id}/dashboard', () => {
  it('answers each student’s figures to the class’s teacher, with real names', async () => {
    const dashboard = classDashboardSchema.parse(await ok(await call(teacherA, `/api/classes/${classA}/dashboard`)));
    expect(dashboard.generatedAt).toBe(NOW.toISOString());
    expect(dashboard.class).toMatchObject({ id: classA, studentCount: 3, canManage: true });
    expect(dashboard.students.map((s) => s.realName)).toEqual(['Adam Quiet', 'Mia Classmate', 'Zoe Player']);
    const zoe = dashboard.students.find((s) => s.userId === player.user.id);
    expect(zoe).toEqual({
      userId: player.user.id,
      username: (cards[0] as ClassCredential).username,
      realName: 'Zoe Player',
      rating: 866,
      assessmentRating: 850,
      ratingChange: 16,
      gamesThisWeek: 3,
      gamesTotal: 4,
      secondsThisWeek: 275,
      lessonsCompleted: 1,
      tipsRead: 1,
      puzzlesSolved: 1,
      averageAccuracy: 77.8,
      gamesReviewed: 2,
      // Endgame 50 %, the lowest of opening 90, middlegame 70 and tactics 100 - 10 * 5/2 - 200 * 0.05 = 65.
      weakestSkill: 'endgame',
      mostMissedTactic: 'fork',
      // The lesson at 11:30, after the last game at 11:00.
      lastActive: '2026-11-25T11:30:00.000Z',
    });
    const quiet = dashboard.students.find((s) => s.realName === 'Adam Quiet');
    expect(quiet).toMatchObject({
      assessmentRating: null,
      ratingChange: null,
      gamesThisWeek: 0,
      gamesTotal: 0,
      secondsThisWeek: 0,
      averageAccuracy: null,
      weakestSkill: null,
      mostMissedTactic: null,
      lastActive: null,
    });
  });

  it('a student of the class gets 403; a student elsewhere, a parent 403; a guest 401', async () => {
    expect(expectJsonError(await call(classmate, `/api/classes/${classA}/dashboard`), 403)).toBe(MESSAGES.forbidden);
    expect(expectJsonError(await call(outsider, `/api/classes/${classA}/dashboard`), 403)).toBe(MESSAGES.forbidden);
    expect(expectJsonError(await call(parent, `/api/classes/${classA}/dashboard`), 403)).toBe(MESSAGES.forbidden);
    expect(expectJsonError(await call(null, `/api/classes/${classA}/dashboard`), 401)).toBe(MESSAGES.notAuthenticated);
  });

  it('the teacher of class B (school B) gets the 404 of a missing class for A, and A’s teacher for B', async () => {
    expect(expectJsonError(await call(teacherB, `/api/classes/${classA}/dashboard`), 404)).toBe(CLASS_MESSAGES.notFound);
    expect(expectJsonError(await call(teacherA, `/api/classes/${classB}/dashboard`), 404)).toBe(CLASS_MESSAGES.notFound);
    const own = classDashboardSchema.parse(await ok(await call(teacherB, `/api/classes/${classB}/dashboard`)));
    expect(own.students.map((s) => s.realName)).toEqual(['Bea Other']);
  });

  it('bad input: a non-numeric id is 400, an unknown one 404', async () => {
    expect((await call(teacherA, '/api/classes/abc/dashboard')).statusCode).toBe(400);
    expect((await call(teacherA, '/api/classes/-1/dashboard')).statusCode).toBe(400);
    expect(expectJsonError(await call(teacherA, '/api/classes/999999/dashboard'), 404)).toBe(CLASS_MESSAGES.notFound);
  });
});

describe('GET /api/classes/{id}/students/{userId}', () => {
  it('answers the student’s page: skills, missed tactics, recent games (replayable by the teacher), lessons', async () => {
    const page = classStudentPageSchema.parse(await ok(await call(teacherA, `/api/classes/${classA}/students/${player.user.id}`)));
    expect(page.student).toMatchObject({ realName: 'Zoe Player', gamesTotal: 4, weakestSkill: 'endgame' });
    expect(page.skills).toEqual([
      { area: 'opening', score: 90 },
      { area: 'tactics', score: 65 },
      { area: 'endgame', score: 50 },
      { area: 'strategy', score: 70 },
    ]);
    expect(page.missedTactics).toEqual([
      { motif: 'fork', count: 3 },
      { motif: 'pin', count: 2 },
    ]);
    expect(page.recentGames.map((game) => game.id)).toEqual([...gameIds].reverse());
    expect(page.lessons).toEqual([{ lessonId: expect.any(Number), title: 'Test lesson 1', completedAt: '2026-11-25T11:30:00.000Z', score: 90 }]);
  });

  it('refuses the same people as the dashboard, and a user who is not in the class', async () => {
    const url = `/api/classes/${classA}/students/${player.user.id}`;
    expect(expectJsonError(await call(classmate, url), 403)).toBe(MESSAGES.forbidden);
    expect(expectJsonError(await call(parent, url), 403)).toBe(MESSAGES.forbidden);
    expect(expectJsonError(await call(null, url), 401)).toBe(MESSAGES.notAuthenticated);
    expect(expectJsonError(await call(teacherB, url), 404)).toBe(CLASS_MESSAGES.notFound);
    expect(expectJsonError(await call(teacherA, `/api/classes/${classA}/students/${outsider.user.id}`), 404)).toBe(CLASS_MESSAGES.studentNotFound);
    expect(expectJsonError(await call(teacherA, `/api/classes/${classA}/students/999999`), 404)).toBe(CLASS_MESSAGES.studentNotFound);
    expect((await call(teacherA, `/api/classes/${classA}/students/x`)).statusCode).toBe(400);
  });
});

describe('a student’s games for the class’s staff', () => {
  it('A’s teacher opens the replay and the PGN of a game of A’s student; B’s teacher, a classmate and a parent get 404', async () => {
    const gameId = gameIds[1] as number;
    const replay = replayGameSchema.parse(await ok(await call(teacherA, `/api/games/${gameId}/replay`)));
    expect(replay.id).toBe(gameId);
    expect((await call(teacherA, `/api/games/${gameId}/pgn`)).statusCode).toBe(200);
    for (const who of [teacherB, classmate, parent, outsider]) {
      expect(expectJsonError(await call(who, `/api/games/${gameId}/replay`), 404)).toBe(MESSAGES.notFound);
      expect((await call(who, `/api/games/${gameId}/pgn`)).statusCode).toBe(404);
    }
    expect((await call(player, `/api/games/${gameId}/replay`)).statusCode).toBe(200);
  });
});
