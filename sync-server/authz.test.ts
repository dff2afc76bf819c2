import type { FastifyInstance, RouteOptions } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CLASS_CODE_MESSAGES, DEFAULT_CHESS_SETTINGS, MESSAGES, playerProfileSchema, type TrainerPuzzleContent } from '../schema';
import type { Role } from '../schema';
import { buildApp } from './app';
import { seedContent } from './learning/seed';
import { seedTrainerPuzzles } from './puzzles/seed';
import { testContent } from './learning/test-content';
import { grantRole } from './core/rbac/grants';
import { createTestDatabase, type TestDatabase } from './core/test-db';
import { accountWithRole, buildTestApp, expectJsonError, gamePayload, registerAccount, uuid, type Account } from './testing/test-server';
import { buildTournamentFixture, tournamentMatrixRows, type TournamentFixture } from './tournaments/authz-rows';

// Database set-up and scrypt hashing are slow on a busy machine (and on PostgreSQL).
vi.setConfig({ testTimeout: 30_000, hookTimeout: 60_000 });

/**
 * The authorisation matrix: every API route called as each kind of person, with the status
 * each must get. The route list is checked against what the app registers, so a new route
 * without a row here fails.
 */

const PEOPLE = ['anonymous', 'student', 'otherStudent', 'teacher', 'organizer', 'super_admin'] as const;
type Person = (typeof PEOPLE)[number];

let test: TestDatabase;
let app: FastifyInstance;
const registered: string[] = [];
const accounts = {} as Record<Exclude<Person, 'anonymous'>, Account>;
let gameId: number;
let puzzleId: number;
let tournaments: TournamentFixture;
let lessonId: number;
let tipId: number;
let clientGameId: string;
let counter = 0;
let organizationId: number;
let classId: number;
let managedId: number;
let homeworkId: number;
let joinerId: number;

beforeAll(async () => {
  test = await createTestDatabase();
  app = buildTestApp(test.database).app;
  app.addHook('onRoute', (route: RouteOptions) => {
    for (const method of [route.method].flat()) if (method !== 'HEAD' && route.url.startsWith('/api')) registered.push(`${method} ${route.url}`);
  });
  await app.ready();
  const roles: Record<Exclude<Person, 'anonymous'>, Role> = {
    student: 'student',
    otherStudent: 'student',
    teacher: 'teacher',
    organizer: 'organizer',
    super_admin: 'super_admin',
  };
  for (const [person, role] of Object.entries(roles)) {
    accounts[person as keyof typeof roles] = await accountWithRole(app, test.database, role);
  }
  const saved = await app.inject({ method: 'POST', url: '/api/games/save', headers: { cookie: accounts.student.cookie }, payload: gamePayload() });
  gameId = (saved.json() as { gameId: number }).gameId;
  const puzzle = await test.database.db
    .insertInto('puzzles')
    .values({ fen: '6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1', solution: '[{"from":"a1","to":"a8"}]', tags: '["mate"]', description: 'Back rank' })
    .returning('id')
    .executeTakeFirstOrThrow();
  puzzleId = puzzle.id;
  const others = [await registerAccount(app), await registerAccount(app), await registerAccount(app)];
  tournaments = await buildTournamentFixture(app, accounts.organizer, [accounts.student, ...others]);
  await seedContent(test.database.db, testContent());
  await seedTrainerPuzzles(test.database.db, [TRAINER_PUZZLE]);
  lessonId = (await test.database.db.selectFrom('lessons').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
  tipId = (await test.database.db.selectFrom('dailyTips').select('id').orderBy('id').executeTakeFirstOrThrow()).id;
  clientGameId = (await test.database.db.selectFrom('games').select('clientGameId').where('id', '=', gameId).executeTakeFirstOrThrow()).clientGameId;
  // Issue 19: a class of a school none of the matrix's people belongs to (only the super admin is staff there).
  organizationId = (await test.database.db.insertInto('organizations').values({ name: 'Matrix School' }).returning('id').executeTakeFirstOrThrow()).id;
  const asAdmin = { cookie: accounts.super_admin.cookie };
  classId = (await app.inject({ method: 'POST', url: '/api/classes', headers: asAdmin, payload: { organizationId, name: 'Matrix class' } })).json<{ id: number }>().id;
  const made = await app.inject({ method: 'POST', url: `/api/classes/${classId}/students`, headers: asAdmin, payload: { names: ['Matrix Child'] } });
  managedId = made.json<{ credentials: { userId: number }[] }>().credentials[0]?.userId ?? 0;
  const homework = await app.inject({ method: 'POST', url: `/api/classes/${classId}/homework`, headers: asAdmin, payload: homeworkBody() });
  homeworkId = homework.json<{ homework: { id: number }[] }>().homework[0]?.id ?? 0;
  // A join request waiting in that class (the super admin answers it).
  joinerId = others[0]?.user.id ?? 0;
  await test.database.db.insertInto('classJoinRequests').values({ teamId: classId, userId: joinerId, status: 'pending', requestedAt: new Date().toISOString(), answeredAt: null, answeredBy: null }).execute();
});

/** Homework (issue 19) for the matrix class: a fresh key each time, due in a week. */
const homeworkBody = () => ({ key: uuid(++counter, 0x4f0), task: { kind: 'lesson', lessonId }, dueAt: new Date(Date.now() + 7 * 864e5).toISOString(), note: '', studentIds: null });

afterAll(async () => {
  await app.close();
  await test.remove();
});

interface Row {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  route: string;
  url: () => string;
  payload?: (person: Person) => unknown;
  expect: Record<Person, number>;
  /** The words of a 404 when the route has its own (an unknown code), not those of a missing record. */
  notFound?: string;
}

const open = (status: number): Record<Person, number> => Object.fromEntries(PEOPLE.map((p) => [p, status])) as Record<Person, number>;
const signedIn = (status = 200): Record<Person, number> => ({ ...open(status), anonymous: 401 });
const ownerOnly: Record<Person, number> = { anonymous: 401, student: 200, otherStudent: 404, teacher: 404, organizer: 404, super_admin: 404 };
const password = (person: Person) => (person === 'anonymous' ? 'secret-pass' : accounts[person].password);

const PAWN_ENDGAME = '8/1P6/8/8/8/2k5/8/1K6 w - - 0 1';
const PHASE = { accuracy: 80, moves: 5, blunders: 0, timeSpent: null };
const ANALYSIS = {
  movesAnalyzed: 4, averageAccuracy: 80, blunders: 0, mistakes: 0, inaccuracies: 1, bestMovePercentage: 50, missedTactics: [],
  phases: { opening: PHASE, middlegame: PHASE, endgame: { ...PHASE, accuracy: null, moves: 0 } }, turningPoint: null,
};

// Issue 21: a trainer puzzle (Lichess 02CfV, CC0) for the puzzle routes.
const TRAINER_PUZZLE = {
  id: 'lichess:02CfV', source: 'lichess', fen: '7k/1p4pp/p1b5/8/6N1/7P/PP1R1K2/4r3 b - - 4 38', moves: ['e1b1', 'd2d8', 'c6e8', 'd8e8'],
  rating: 900, ratingDeviation: 80, themes: ['backRankMate'],
} as const satisfies TrainerPuzzleContent;
const trainerAttempt = () => ({
  attemptId: uuid(++counter, 0x21d), puzzleId: TRAINER_PUZZLE.id, mode: 'rated', solved: true, moves: ['d2d8', 'd8e8'],
  hintUsed: false, solutionShown: false, timeSpent: 9, attemptedAt: '2026-11-24T09:00:00.000Z',
});
const ownPuzzle = () => ({ puzzles: [{ id: uuid(++counter, 0x21e), gameId: uuid(1, 0x21e), ply: 3, setupFen: TRAINER_PUZZLE.fen, setupMove: 'e1b1', fen: TRAINER_PUZZLE.fen, bestMove: 'e1b1', playedMove: 'e1e2', kind: 'blunder', explanation: 'Rb1 wins.' }] });

const ROWS: Row[] = [
  { method: 'GET', route: '/api/health', url: () => '/api/health', expect: open(200) },
  {
    method: 'POST',
    route: '/api/auth/login',
    url: () => '/api/auth/login',
    payload: () => ({ email: accounts.student.email, password: accounts.student.password }),
    expect: open(200),
  },
  {
    method: 'POST',
    route: '/api/auth/register',
    url: () => '/api/auth/register',
    payload: () => ({ username: `matrix${++counter}`, email: `matrix${counter}@example.com`, password: 'secret-pass' }),
    expect: open(200),
  },
  { method: 'POST', route: '/api/auth/send-verification', url: () => '/api/auth/send-verification', expect: signedIn() },
  { method: 'POST', route: '/api/auth/verify-email', url: () => '/api/auth/verify-email', payload: () => ({ token: 'B'.repeat(43) }), expect: open(400) },
  { method: 'POST', route: '/api/auth/forgot-password', url: () => '/api/auth/forgot-password', payload: () => ({ email: 'x@example.com' }), expect: open(200) },
  {
    method: 'POST',
    route: '/api/auth/reset-password',
    url: () => '/api/auth/reset-password',
    payload: () => ({ token: 'A'.repeat(43), newPassword: 'secret-pass' }),
    expect: open(400), // reachable by anyone; this token is simply not valid
  },
  {
    method: 'POST',
    route: '/api/auth/change-password',
    url: () => '/api/auth/change-password',
    payload: (person) => ({ currentPassword: password(person), newPassword: password(person) }),
    expect: signedIn(),
  },
  { method: 'GET', route: '/api/auth/user', url: () => '/api/auth/user', expect: signedIn() },
  // Issue 28: one's own language; auth/language.test.ts has the outbox's rows and a class's language.
  { method: 'PUT', route: '/api/auth/language', url: () => '/api/auth/language', payload: () => ({ language: 'hi', setAt: '2026-11-28T10:00:00.000Z' }), expect: signedIn() },
  { method: 'GET', route: '/api/rbac/me', url: () => '/api/rbac/me', expect: signedIn() },
  { method: 'GET', route: '/api/onboarding/puzzles', url: () => '/api/onboarding/puzzles', expect: signedIn() },
  {
    method: 'POST',
    route: '/api/onboarding/puzzle-attempt',
    url: () => '/api/onboarding/puzzle-attempt',
    payload: () => ({ puzzleId, solved: true, timeSpent: 12, attemptedMoves: [{ from: 'a1', to: 'a8' }] }),
    expect: signedIn(),
  },
  { method: 'POST', route: '/api/onboarding/complete', url: () => '/api/onboarding/complete', expect: signedIn() },
  { method: 'POST', route: '/api/games/save', url: () => '/api/games/save', payload: () => gamePayload(), expect: signedIn() },
  { method: 'GET', route: '/api/games/history', url: () => '/api/games/history', expect: signedIn() },
  { method: 'GET', route: '/api/games/:id/replay', url: () => `/api/games/${gameId}/replay`, expect: ownerOnly },
  { method: 'GET', route: '/api/games/:id/pgn', url: () => `/api/games/${gameId}/pgn`, expect: ownerOnly },
  {
    method: 'POST',
    route: '/api/sync/push',
    url: () => '/api/sync/push',
    payload: (person) => ({
      clientId: uuid(PEOPLE.indexOf(person) + 1, 0xdd),
      mutations: [{ id: 1, name: 'saveGame', args: { gameId: uuid(++counter, 0xde), game: gamePayload(), finishedAt: '2026-11-21T10:00:00.000Z' } }],
    }),
    expect: signedIn(),
  },
  { method: 'POST', route: '/api/sync/pull', url: () => '/api/sync/pull', payload: () => ({ cursor: 0 }), expect: signedIn() },
  // A player is visible to themself, to those who share a school or tournament with them, and to super admins (users/visibility.ts).
  // The organizer organises the matrix's tournaments, which the student entered (users/visibility.ts).
  { method: 'GET', route: '/api/users/:id/profile', url: () => `/api/users/${accounts.student.user.id}/profile`, expect: { ...ownerOnly, super_admin: 200, organizer: 200 } },
  { method: 'GET', route: '/api/users/:id/tournament-history', url: () => `/api/users/${accounts.student.user.id}/tournament-history`, expect: { ...ownerOnly, super_admin: 200, organizer: 200 } },
  { method: 'GET', route: '/api/users/:id/recent-games', url: () => `/api/users/${accounts.student.user.id}/recent-games`, expect: { ...ownerOnly, super_admin: 200, organizer: 200 } },
  // Learning (issue 9): every signed-in user has their own lessons, tips, progress and settings.
  { method: 'GET', route: '/api/lessons', url: () => '/api/lessons', expect: signedIn() },
  { method: 'GET', route: '/api/lesson/:id', url: () => `/api/lesson/${lessonId}`, expect: signedIn() },
  { method: 'POST', route: '/api/lesson/:id/complete', url: () => `/api/lesson/${lessonId}/complete`, payload: () => ({ score: 90 }), expect: signedIn() },
  { method: 'GET', route: '/api/learning/profile', url: () => '/api/learning/profile', expect: signedIn() },
  { method: 'GET', route: '/api/tips', url: () => '/api/tips', expect: signedIn() },
  { method: 'GET', route: '/api/tips/today', url: () => '/api/tips/today', expect: signedIn() },
  { method: 'GET', route: '/api/tips/stats', url: () => '/api/tips/stats', expect: signedIn() },
  { method: 'GET', route: '/api/tips/bookmarks', url: () => '/api/tips/bookmarks', expect: signedIn() },
  { method: 'GET', route: '/api/tips/category/:category', url: () => '/api/tips/category/tactics', expect: signedIn() },
  { method: 'POST', route: '/api/tips/:id/complete', url: () => `/api/tips/${tipId}/complete`, expect: signedIn() },
  { method: 'POST', route: '/api/tips/:id/bookmark', url: () => `/api/tips/${tipId}/bookmark`, expect: signedIn() },
  { method: 'POST', route: '/api/tips/:id/rate', url: () => `/api/tips/${tipId}/rate`, payload: () => ({ rating: 4 }), expect: signedIn() },
  { method: 'GET', route: '/api/progress', url: () => '/api/progress', expect: signedIn() },
  { method: 'GET', route: '/api/settings', url: () => '/api/settings', expect: signedIn() },
  {
    method: 'PUT',
    route: '/api/settings',
    url: () => '/api/settings',
    payload: () => ({ settings: DEFAULT_CHESS_SETTINGS, updatedAt: '2026-11-23T10:00:00.000Z' }),
    expect: signedIn(),
  },
  {
    method: 'POST',
    route: '/api/games/:id/analysis',
    url: () => `/api/games/${clientGameId}/analysis`,
    payload: () => ({ analysis: ANALYSIS }),
    expect: ownerOnly,
  },
  // Puzzle trainer (issue 21): every signed-in user reads and writes only their own rating, attempts and puzzles
  // (no route takes another user's id; sync-server/puzzles/puzzles.test.ts, 'whose attempts', checks two organizations).
  { method: 'GET', route: '/api/puzzles/next', url: () => '/api/puzzles/next?theme=backRankMate', expect: signedIn() },
  { method: 'GET', route: '/api/puzzles/pack', url: () => '/api/puzzles/pack', expect: signedIn() },
  { method: 'GET', route: '/api/puzzles/history', url: () => '/api/puzzles/history', expect: signedIn() },
  { method: 'POST', route: '/api/puzzles/attempt', url: () => '/api/puzzles/attempt', payload: trainerAttempt, expect: signedIn() },
  { method: 'GET', route: '/api/puzzles/own', url: () => '/api/puzzles/own', expect: signedIn() },
  { method: 'POST', route: '/api/puzzles/own', url: () => '/api/puzzles/own', payload: ownPuzzle, expect: signedIn() },
  // Coaching is public: guests play and get coached too. A tiny endgame keeps the searches instant.
  ...(
    [
      ['/api/ai/move', { fen: PAWN_ENDGAME, difficulty: 'advanced' }],
      ['/api/ai/analyze-position', { fen: PAWN_ENDGAME, depth: 6 }],
      ['/api/ai/classify-move', { fenBefore: PAWN_ENDGAME, move: 'b8=Q' }],
      ['/api/ai/analyze-move', { fenBefore: PAWN_ENDGAME, move: 'b8=Q' }],
      ['/api/chess/hint', { fen: PAWN_ENDGAME }],
    ] as const
  ).map(([route, body]): Row => ({ method: 'POST', route, url: () => route, payload: () => body, expect: open(200) })),
  ...tournamentMatrixRows(() => tournaments),
  // Classes (issue 19): org:roster passes the gate (teachers, organisers); the class's organization decides
  // (none of them is staff of it: 404 as for a missing class); sync-server/classes/classes.test.ts has two schools.
  { method: 'GET', route: '/api/classes', url: () => '/api/classes', expect: signedIn() },
  {
    method: 'POST',
    route: '/api/classes',
    url: () => '/api/classes',
    payload: () => ({ organizationId, name: 'Another class' }),
    expect: { anonymous: 401, student: 403, otherStudent: 403, teacher: 403, organizer: 403, super_admin: 201 },
  },
  { method: 'GET', route: '/api/classes/:id', url: () => `/api/classes/${classId}`, expect: { ...signedIn(404), super_admin: 200 } },
  {
    method: 'POST',
    route: '/api/classes/:id/students',
    url: () => `/api/classes/${classId}/students`,
    payload: () => ({ names: ['Matrix Pupil'] }),
    expect: { anonymous: 401, student: 403, otherStudent: 403, teacher: 404, organizer: 404, super_admin: 201 },
  },
  {
    method: 'POST',
    route: '/api/classes/:id/students/:userId/reset-password',
    url: () => `/api/classes/${classId}/students/${managedId}/reset-password`,
    expect: { anonymous: 401, student: 403, otherStudent: 403, teacher: 404, organizer: 404, super_admin: 200 },
  },
  {
    method: 'PATCH',
    route: '/api/classes/:id/students/:userId',
    url: () => `/api/classes/${classId}/students/${managedId}`,
    payload: () => ({ username: `Matrix${++counter}` }),
    expect: { anonymous: 401, student: 403, otherStudent: 403, teacher: 404, organizer: 404, super_admin: 200 },
  },
  // Managing the class (issue 19; sync-server/classes/manage.test.ts has two schools and a student of
  // the class): the same gate and 404s. The student is removed and put back in the next row, so the
  // rows after these find them in the class.
  {
    method: 'PATCH',
    route: '/api/classes/:id',
    url: () => `/api/classes/${classId}`,
    payload: () => ({ name: 'Matrix class', gradeLevel: null, skillLevel: null, maxMembers: 40 }),
    expect: { anonymous: 401, student: 403, otherStudent: 403, teacher: 404, organizer: 404, super_admin: 200 },
  },
  {
    method: 'DELETE',
    route: '/api/classes/:id/students/:userId',
    url: () => `/api/classes/${classId}/students/${managedId}`,
    expect: { anonymous: 401, student: 403, otherStudent: 403, teacher: 404, organizer: 404, super_admin: 200 },
  },
  {
    method: 'POST',
    route: '/api/classes/:id/students/:userId/restore',
    url: () => `/api/classes/${classId}/students/${managedId}/restore`,
    expect: { anonymous: 401, student: 403, otherStudent: 403, teacher: 404, organizer: 404, super_admin: 200 },
  },
  // Homework (issue 19): the class's staff only; every signed-in user has a list of their own (sync-server/classes/homework.test.ts has two schools).
  { method: 'GET', route: '/api/homework', url: () => '/api/homework', expect: signedIn() },
  {
    method: 'GET',
    route: '/api/classes/:id/homework',
    url: () => `/api/classes/${classId}/homework`,
    expect: { anonymous: 401, student: 403, otherStudent: 403, teacher: 404, organizer: 404, super_admin: 200 },
  },
  {
    method: 'POST',
    route: '/api/classes/:id/homework',
    url: () => `/api/classes/${classId}/homework`,
    payload: () => homeworkBody(),
    expect: { anonymous: 401, student: 403, otherStudent: 403, teacher: 404, organizer: 404, super_admin: 201 },
  },
  {
    method: 'DELETE',
    route: '/api/classes/:id/homework/:homeworkId',
    url: () => `/api/classes/${classId}/homework/${homeworkId}`,
    expect: { anonymous: 401, student: 403, otherStudent: 403, teacher: 404, organizer: 404, super_admin: 200 },
  },
  // Parents (issue 19): the code is for the class's staff (none of these is staff of the matrix
  // class's organization); nobody here is a parent, so every child is a 404 to them, the super
  // admin included (a parent's view needs a link). sync-server/parents/parents.test.ts has two schools.
  {
    method: 'POST',
    route: '/api/classes/:id/students/:userId/parent-code',
    url: () => `/api/classes/${classId}/students/${managedId}/parent-code`,
    expect: { anonymous: 401, student: 403, otherStudent: 403, teacher: 404, organizer: 404, super_admin: 201 },
  },
  // Issue 26: how each child's newest letter stands (states only), for the class's staff.
  { method: 'GET', route: '/api/classes/:id/parent-codes', url: () => `/api/classes/${classId}/parent-codes`, expect: { anonymous: 401, student: 403, otherStudent: 403, teacher: 404, organizer: 404, super_admin: 200 } },
  // A code nobody made is a 404 with its own words ('This code is not right…'): the row sends a malformed one.
  { method: 'POST', route: '/api/parents/link', url: () => '/api/parents/link', payload: () => ({ code: 'not-a-code' }), expect: signedIn(400) },
  { method: 'GET', route: '/api/parents/children', url: () => '/api/parents/children', expect: signedIn() },
  // Linking by a child's parentEmail: nobody here has a verified e-mail, so nobody is offered a
  // child and a link is 403 'Verify your e-mail address first'; parents/parent-email.test.ts has a
  // verified parent against another address, another school's teacher and a managed child.
  { method: 'GET', route: '/api/parents/suggestions', url: () => '/api/parents/suggestions', expect: signedIn() },
  { method: 'POST', route: '/api/parents/link-by-email', url: () => '/api/parents/link-by-email', payload: () => ({ childId: managedId }), expect: signedIn(403) },
  // A child's own parentEmail: every ordinary account reads and sets its own only (a clear here).
  { method: 'GET', route: '/api/me/parent-email', url: () => '/api/me/parent-email', expect: signedIn() },
  { method: 'PATCH', route: '/api/me/parent-email', url: () => '/api/me/parent-email', payload: () => ({ email: null }), expect: signedIn() },
  {
    method: 'PATCH',
    route: '/api/parents/children/:id/controls',
    url: () => `/api/parents/children/${managedId}/controls`,
    payload: () => ({ dailyPlayTime: 30 }),
    expect: signedIn(404),
  },
  // Handing the controls back and unlinking: nobody here is linked, so the child is a 404 to all
  // (sync-server/parents/unlink.test.ts has linked parents of another child and school, the child itself).
  { method: 'DELETE', route: '/api/parents/children/:id/controls', url: () => `/api/parents/children/${managedId}/controls`, expect: signedIn(404) },
  { method: 'DELETE', route: '/api/parents/children/:id', url: () => `/api/parents/children/${managedId}`, expect: signedIn(404) },
  // The class dashboard (issue 19): staff only; sync-server/classes/dashboard.test.ts has class A's teacher against school B's, a student of the class, a parent.
  { method: 'GET', route: '/api/classes/:id/dashboard', url: () => `/api/classes/${classId}/dashboard`, expect: { anonymous: 401, student: 403, otherStudent: 403, teacher: 404, organizer: 404, super_admin: 200 } },
  {
    method: 'GET',
    route: '/api/classes/:id/students/:userId',
    url: () => `/api/classes/${classId}/students/${managedId}`,
    expect: { anonymous: 401, student: 403, otherStudent: 403, teacher: 404, organizer: 404, super_admin: 200 },
  },
  // Class tournaments (issue 19): staff of every class named (only the super admin here), and to add a
  // class a manager of the tournament; the fixture's tournament has no school, so no class can join it
  // (400). sync-server/tournaments/class-tournament.test.ts has two schools.
  {
    method: 'POST',
    route: '/api/classes/:id/tournament',
    url: () => `/api/classes/${classId}/tournament`,
    payload: () => ({ name: 'Matrix Cup', date: '2026-12-01' }),
    expect: { anonymous: 401, student: 403, otherStudent: 403, teacher: 404, organizer: 404, super_admin: 201 },
  },
  {
    method: 'POST',
    route: '/api/tournaments/:id/classes',
    url: () => `/api/tournaments/${tournaments.draft}/classes`,
    payload: () => ({ classId }),
    expect: { anonymous: 401, student: 403, otherStudent: 403, teacher: 403, organizer: 404, super_admin: 400 },
  },
  { method: 'GET', route: '/api/tournaments/:id/classes', url: () => `/api/tournaments/${tournaments.draft}/classes`, expect: { ...signedIn(403), organizer: 200, super_admin: 200 } },
  // Class codes (issue 19; sync-server/classes/codes.test.ts has two schools): the same gate and 404s.
  {
    method: 'POST',
    route: '/api/classes/sign-in-code',
    url: () => '/api/classes/sign-in-code',
    payload: () => ({ classId }),
    expect: { anonymous: 401, student: 403, otherStudent: 403, teacher: 404, organizer: 404, super_admin: 201 },
  },
  // Public, rate limited per address; an unknown code is 404 for everyone.
  { method: 'POST', route: '/api/auth/class-code', url: () => '/api/auth/class-code', payload: () => ({ code: 'WWWWWW' }), expect: open(404), notFound: CLASS_CODE_MESSAGES.signInCodeUnknown },
  { method: 'GET', route: '/api/classes/:id/join', url: () => `/api/classes/${classId}/join`, expect: { anonymous: 401, student: 403, otherStudent: 403, teacher: 404, organizer: 404, super_admin: 200 } },
  {
    method: 'POST',
    route: '/api/classes/:id/join-code',
    url: () => `/api/classes/${classId}/join-code`,
    expect: { anonymous: 401, student: 403, otherStudent: 403, teacher: 404, organizer: 404, super_admin: 200 },
  },
  // Issue 26: how the class's sign-in code stands, for its staff (none here but the super admin).
  { method: 'GET', route: '/api/classes/:id/sign-in-code', url: () => `/api/classes/${classId}/sign-in-code`, expect: { anonymous: 401, student: 403, otherStudent: 403, teacher: 404, organizer: 404, super_admin: 200 } },
  { method: 'POST', route: '/api/classes/join', url: () => '/api/classes/join', payload: () => ({ code: 'WWWWWWWW' }), expect: signedIn(404), notFound: CLASS_CODE_MESSAGES.joinCodeUnknown },
  {
    method: 'POST',
    route: '/api/classes/:id/join-requests/:userId',
    url: () => `/api/classes/${classId}/join-requests/${joinerId}`,
    payload: () => ({ approve: false }),
    expect: { anonymous: 401, student: 403, otherStudent: 403, teacher: 404, organizer: 404, super_admin: 200 },
  },
  // A child's data (issue 26; sync-server/privacy/privacy.test.ts has two schools, a classmate, linked
  // and unlinked parents and a stranger): the matrix's managed child is no one's here but the super
  // admin's (staff of its school), so everyone else gets the 404 of a missing child.
  { method: 'GET', route: '/api/users/:id/data-rights', url: () => `/api/users/${managedId}/data-rights`, expect: { ...signedIn(404), super_admin: 200 } },
  { method: 'GET', route: '/api/users/:id/data-export', url: () => `/api/users/${managedId}/data-export`, expect: { ...signedIn(404), super_admin: 200 } },
  // A stale username: the super admin may delete, but the page they saw named someone else (409); the child stays.
  { method: 'DELETE', route: '/api/users/:id', url: () => `/api/users/${managedId}`, payload: () => ({ username: 'Someone else' }), expect: { ...signedIn(404), super_admin: 409 } },
  // The school's log: org:manage passes the gate (organisers, the super admin); the school decides.
  {
    method: 'GET',
    route: '/api/organizations/:id/data-access-log',
    url: () => `/api/organizations/${organizationId}/data-access-log`,
    expect: { anonymous: 401, student: 403, otherStudent: 403, teacher: 403, organizer: 403, super_admin: 200 },
  },
  // Last: it ends the session.
  { method: 'GET', route: '/api/logout', url: () => '/api/logout', expect: open(302) },
  { method: 'POST', route: '/api/auth/logout', url: () => '/api/auth/logout', expect: open(200) },
];

describe('the authorisation matrix', () => {
  it('covers every API route the app registers', () => {
    expect(ROWS.map((row) => `${row.method} ${row.route}`).sort()).toEqual([...new Set(registered)].sort());
  });

  it.each(ROWS.map((row) => [`${row.method} ${row.route}`, row] as const))('%s', async (_name, row) => {
    for (const person of PEOPLE) {
      // Signing in ends the browser's present session (rotation): sign in from a fresh browser.
      const cookie = person === 'anonymous' || row.route === '/api/auth/login' ? undefined : accounts[person].cookie;
      const response = await app.inject({
        method: row.method,
        url: row.url(),
        headers: cookie ? { cookie } : {},
        ...(row.payload ? { payload: row.payload(person) as object } : {}),
      });
      expect(response.statusCode, `${person}: ${response.body}`).toBe(row.expect[person]);
      // The English the spec names, and its code (issue 28: the app shows it in the child's language).
      if (response.statusCode === 401) expect(response.json()).toEqual({ error: MESSAGES.notAuthenticated, code: 'ERR_NOT_AUTHENTICATED' });
      if (response.statusCode === 404) expect(response.json()).toMatchObject({ error: row.notFound ?? MESSAGES.notFound, code: expect.stringMatching(/^ERR_/) });
    }
  });
});

/**
 * Two organizations on one server (issue 18): the tournament and organization rows again, on
 * school A's records made by A's organiser (a grant scoped to A), called by A's people, by B's
 * organiser and teacher (scoped to B), by an unscoped organiser whose own school is B, and by the
 * district's super admin. B's staff get what a teacher gets on another school's records: they
 * read what every signed-in user reads and change nothing.
 */
describe("two organizations: B's staff against A's records", () => {
  const CALLERS = ['anonymous', 'student', 'otherStudent', 'teacher', 'organizerB', 'unscopedB', 'organizer', 'super_admin'] as const;
  type Caller = (typeof CALLERS)[number];
  const people = {} as Record<Exclude<Caller, 'anonymous'>, Account>;
  let school: TournamentFixture;
  let orgA: number;
  let orgB: number;

  const scoped = async (role: Role, scope: string | null, home: number | null) => {
    const account = await registerAccount(app);
    await grantRole(test.database.db, { userId: account.user.id, role, scope, expiresAt: null, grantedBy: null }, new Date());
    if (home !== null) await test.database.db.updateTable('users').set({ schoolId: home }).where('id', '=', account.user.id).execute();
    return account;
  };

  beforeAll(async () => {
    const db = test.database.db;
    orgA = (await db.insertInto('organizations').values({ name: 'School A', type: 'high_school' }).returning('id').executeTakeFirstOrThrow()).id;
    orgB = (await db.insertInto('organizations').values({ name: 'School B', type: 'high_school' }).returning('id').executeTakeFirstOrThrow()).id;
    people.organizer = await scoped('organizer', `organization:${orgA}`, null);
    people.organizerB = await scoped('organizer', `organization:${orgB}`, null);
    people.teacher = await scoped('teacher', `organization:${orgB}`, orgB);
    people.unscopedB = await scoped('organizer', null, orgB);
    people.super_admin = await scoped('super_admin', null, null);
    const pupils = [await scoped('student', null, orgA), await scoped('student', null, orgA), await scoped('student', null, orgA), await scoped('student', null, orgA)];
    people.student = pupils[0] as Account;
    people.otherStudent = await scoped('student', null, orgB);
    school = await buildTournamentFixture(app, people.organizer, pupils, orgA);
  });

  /** B's staff get what the teacher gets, but they create tournaments in their own school; only unscoped staff add organizations. */
  const expected = (row: Row, caller: Caller): number => {
    // Adding an organization is the district's: an unscoped organiser or the super admin, not a school's scoped organiser.
    if (row.method === 'POST' && row.route === '/api/organizations') return caller === 'unscopedB' || caller === 'super_admin' ? 201 : caller === 'anonymous' ? 401 : 403;
    if (caller !== 'organizerB' && caller !== 'unscopedB') return row.expect[caller];
    if (row.route === '/api/tournaments' || row.route === '/api/tournaments/import-trf') return row.method === 'POST' ? 201 : row.expect.teacher;
    return row.expect.teacher;
  };

  it("the tournaments A's organiser creates record school A", async () => {
    const row = await test.database.db.selectFrom('tournaments').select('organizationId').where('id', '=', school.running).executeTakeFirstOrThrow();
    expect(row.organizationId).toBe(orgA);
  });

  it.each(tournamentMatrixRows(() => school).map((row) => [`${row.method} ${row.route}`, row] as const))('%s', async (_name, row) => {
    for (const caller of CALLERS) {
      const cookie = caller === 'anonymous' ? undefined : people[caller].cookie;
      const response = await app.inject({
        method: row.method,
        url: row.url(),
        headers: cookie ? { cookie } : {},
        ...(row.payload ? { payload: row.payload(caller === 'organizerB' || caller === 'unscopedB' ? 'teacher' : caller) as object } : {}),
      });
      expect(response.statusCode, `${caller}: ${response.body}`).toBe(expected(row, caller));
    }
  });
});

describe('contact details on a profile', () => {
  it.each([
    ['student', 'their own', true],
    ['otherStudent', 'a classmate sees the profile, not the contact details', false],
    ['teacher', 'a teacher of the same school holds user:view_pii there', true],
    ['organizer', 'organizer implies teacher, same school', true],
    ['super_admin', 'holds everything', true],
  ] as const)('%s: %s', async (person, _why, sees) => {
    const { rows } = await sql<{ id: number }>`insert into organizations (name) values ('Matrix School') returning id`.execute(test.database.db);
    await test.database.db.updateTable('users').set({ schoolId: Number(rows[0]?.id) }).where('id', 'in', Object.values(accounts).map((a) => a.user.id)).execute();
    const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: accounts[person].email, password: accounts[person].password } });
    const cookie = `sid=${login.cookies.find((c) => c.name === 'sid')?.value}`;
    const response = await app.inject({ url: `/api/users/${accounts.student.user.id}/profile`, headers: { cookie } });
    const profile = playerProfileSchema.parse(response.json());
    expect(profile.email).toBe(sees ? accounts.student.email : null);
    expect(profile.username).toBe(accounts.student.user.username);
  });
});

describe('routes that need a permission', () => {
  let gated: FastifyInstance;
  beforeAll(async () => {
    gated = buildTestApp(test.database).app;
    gated.get('/api/test/organize', { config: { auth: { permission: 'tournament:create' } } }, async () => ({ ok: true }));
    await gated.ready();
  });
  afterAll(() => gated.close());

  const call = async (account?: Account) => {
    if (!account) return gated.inject({ url: '/api/test/organize' });
    // The matrix above ended the first sessions (logout): sign in again.
    const login = await gated.inject({ method: 'POST', url: '/api/auth/login', payload: { email: account.email, password: account.password } });
    return gated.inject({ url: '/api/test/organize', headers: { cookie: `sid=${login.cookies.find((c) => c.name === 'sid')?.value}` } });
  };

  it('answer 401 signed out, 403 without the permission, 200 with it', async () => {
    expect(expectJsonError(await call(), 401)).toBe(MESSAGES.notAuthenticated);
    for (const person of ['student', 'otherStudent', 'teacher'] as const) {
      expect(expectJsonError(await call(accounts[person]), 403)).toBe(MESSAGES.forbidden);
    }
    for (const person of ['organizer', 'super_admin'] as const) expect((await call(accounts[person])).statusCode).toBe(200);
  });

  it('do not count expired, inactive or scoped grants', async () => {
    const account = await accountWithRole(gated, test.database, 'student');
    const db = test.database.db;
    await grantRole(db, { userId: account.user.id, role: 'organizer', scope: null, expiresAt: new Date(Date.now() - 1000), grantedBy: null }, new Date());
    await grantRole(db, { userId: account.user.id, role: 'organizer', scope: 'tournament:7', expiresAt: null, grantedBy: null }, new Date());
    const inactive = await grantRole(db, { userId: account.user.id, role: 'organizer', scope: null, expiresAt: null, grantedBy: null }, new Date());
    await db.updateTable('userRoles').set({ isActive: 0 }).where('id', '=', inactive).execute();
    expect((await call(account)).statusCode).toBe(403);
    await grantRole(db, { userId: account.user.id, role: 'student', scope: null, expiresAt: null, grantedBy: null, permissions: ['tournament:create'] }, new Date());
    expect((await call(account)).statusCode).toBe(200);
  });
});

describe('route declarations', () => {
  it('an /api route without config.auth refuses to register', async () => {
    const bare = buildApp({ staticDir: null, database: test.database });
    expect(() => bare.get('/api/test/undeclared', async () => ({}))).toThrow(/must declare config\.auth/);
    await bare.close();
  });
});
