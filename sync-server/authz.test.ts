import type { FastifyInstance, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MESSAGES, playerProfileSchema } from '../schema';
import type { RoleName } from '../domain/rbac';
import { buildApp } from './app';
import { grantRole } from './rbac/grants';
import { createTestDatabase, type TestDatabase } from './test-db';
import { accountWithRole, buildTestApp, expectJsonError, gamePayload, uuid, type Account } from './test-server';

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
let counter = 0;

beforeAll(async () => {
  test = await createTestDatabase();
  app = buildTestApp(test.database).app;
  app.addHook('onRoute', (route: RouteOptions) => {
    for (const method of [route.method].flat()) if (method !== 'HEAD' && route.url.startsWith('/api')) registered.push(`${method} ${route.url}`);
  });
  await app.ready();
  const roles: Record<Exclude<Person, 'anonymous'>, RoleName> = {
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
});

afterAll(async () => {
  await app.close();
  await test.remove();
});

interface Row {
  method: 'GET' | 'POST';
  route: string;
  url: () => string;
  payload?: (person: Person) => unknown;
  expect: Record<Person, number>;
}

const open = (status: number): Record<Person, number> => Object.fromEntries(PEOPLE.map((p) => [p, status])) as Record<Person, number>;
const signedIn = (status = 200): Record<Person, number> => ({ ...open(status), anonymous: 401 });
const ownerOnly: Record<Person, number> = { anonymous: 401, student: 200, otherStudent: 404, teacher: 404, organizer: 404, super_admin: 404 };
const password = (person: Person) => (person === 'anonymous' ? 'secret-pass' : accounts[person].password);

const PAWN_ENDGAME = '8/1P6/8/8/8/2k5/8/1K6 w - - 0 1';

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
  { method: 'GET', route: '/api/users/:id/profile', url: () => `/api/users/${accounts.student.user.id}/profile`, expect: signedIn() },
  { method: 'GET', route: '/api/users/:id/tournament-history', url: () => `/api/users/${accounts.student.user.id}/tournament-history`, expect: signedIn() },
  { method: 'GET', route: '/api/users/:id/recent-games', url: () => `/api/users/${accounts.student.user.id}/recent-games`, expect: signedIn() },
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
  // Last: it ends the session.
  { method: 'GET', route: '/api/logout', url: () => '/api/logout', expect: open(302) },
];

describe('the authorisation matrix', () => {
  it('covers every API route the app registers', () => {
    expect(ROWS.map((row) => `${row.method} ${row.route}`).sort()).toEqual([...new Set(registered)].sort());
  });

  it.each(ROWS.map((row) => [`${row.method} ${row.route}`, row] as const))('%s', async (_name, row) => {
    for (const person of PEOPLE) {
      const cookie = person === 'anonymous' ? undefined : accounts[person].cookie;
      const response = await app.inject({
        method: row.method,
        url: row.url(),
        headers: cookie ? { cookie } : {},
        ...(row.payload ? { payload: row.payload(person) as object } : {}),
      });
      expect(response.statusCode, `${person}: ${response.body}`).toBe(row.expect[person]);
      if (response.statusCode === 401) expect(response.json()).toEqual({ error: MESSAGES.notAuthenticated });
      if (response.statusCode === 404) expect(response.json()).toEqual({ error: MESSAGES.notFound });
    }
  });
});

describe('contact details on a profile', () => {
  it.each([
    ['student', true, 'their own'],
    ['otherStudent', false, 'another student'],
    ['teacher', true, 'teachers hold user:view_pii'],
    ['organizer', true, 'organizer implies teacher'],
    ['super_admin', true, 'holds everything'],
  ] as const)('%s sees them: %s (%s)', async (person, sees, _why) => {
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
