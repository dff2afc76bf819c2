import type { FastifyInstance, InjectOptions } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEFAULT_CHESS_SETTINGS, errorResponseSchema, pushResponseSchema } from '../schema';
import { createTestDatabase, type TestDatabase } from './core/test-db';
import { seedContent } from './learning/seed';
import { testContent } from './learning/test-content';
import { buildTestApp, gamePayload, registerAccount, saveGameArgs, uuid, type Account } from './testing/test-server';

// Database set-up and scrypt hashing are slow on a busy machine (and on PostgreSQL).
vi.setConfig({ testTimeout: 30_000, hookTimeout: 60_000 });

/**
 * Bad input on every route that takes any: malformed JSON, wrong types, huge strings, unknown
 * fields, wrong content types, oversized bodies. Each must answer 4xx with a JSON { error },
 * never 500, and leave every table as it was.
 */

let test: TestDatabase;
let app: FastifyInstance;
let account: Account;

const TABLES = [
  'users', 'sessions', 'games', 'sync_clients', 'puzzle_attempts', 'user_roles',
  'user_lesson_progress', 'user_tip_progress', 'settings', 'game_analysis', 'game_phase_analysis', 'user_skill_analytics',
] as const;

beforeAll(async () => {
  test = await createTestDatabase();
  app = buildTestApp(test.database).app;
  account = await registerAccount(app, 'Tester', 'secret-pass');
  await test.database.db
    .insertInto('puzzles')
    .values({ fen: '6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1', solution: '[{"from":"a1","to":"a8"}]', tags: '[]', description: null })
    .execute();
  await seedContent(test.database.db, testContent());
});

afterAll(async () => {
  await app.close();
  await test.remove();
});

async function snapshot(): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of TABLES) {
    const { rows } = await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(test.database.db);
    counts[table] = Number(rows[0]?.n);
  }
  return counts;
}

/** Routes with a body, each with a valid body to derive bad ones from. */
const PHASE = { accuracy: 80, moves: 5, blunders: 0, timeSpent: null };
const ANALYSIS = {
  movesAnalyzed: 4, averageAccuracy: 80, blunders: 0, mistakes: 0, inaccuracies: 1, bestMovePercentage: 50, missedTactics: ['fork'],
  phases: { opening: PHASE, middlegame: PHASE, endgame: PHASE }, turningPoint: 3,
};

const BODY_ROUTES: { url: string; valid: () => Record<string, unknown>; signedIn: boolean; optional?: string[]; method?: 'PUT' }[] = [
  { url: '/api/auth/login', valid: () => ({ email: 'tester@example.com', password: 'secret-pass' }), signedIn: false },
  { url: '/api/auth/register', valid: () => ({ username: 'Newcomer', email: 'newcomer@example.com', password: 'secret-pass' }), signedIn: false },
  { url: '/api/auth/forgot-password', valid: () => ({ email: 'tester@example.com' }), signedIn: false },
  // Issue 19: a class's sign-in code (public) and a join code.
  { url: '/api/auth/class-code', valid: () => ({ code: 'ACD-EFG' }), signedIn: false },
  { url: '/api/classes/join', valid: () => ({ code: 'ACDEFGHJ' }), signedIn: true },
  { url: '/api/auth/reset-password', valid: () => ({ token: 'A'.repeat(43), newPassword: 'secret-pass' }), signedIn: false },
  { url: '/api/auth/change-password', valid: () => ({ currentPassword: 'secret-pass', newPassword: 'secret-pass' }), signedIn: true },
  { url: '/api/onboarding/puzzle-attempt', valid: () => ({ puzzleId: 1, solved: true, timeSpent: 3, attemptedMoves: [{ from: 'a1', to: 'a8' }] }), signedIn: true },
  { url: '/api/games/save', valid: () => ({ ...gamePayload(), gameId: uuid(1, 0xbad) }), signedIn: true, optional: ['gameId', 'difficulty', 'timeControl'] },
  { url: '/api/sync/push', valid: () => ({ clientId: uuid(1, 0xbad), mutations: [{ id: 1, name: 'saveGame', args: saveGameArgs(uuid(2, 0xbad)) }] }), signedIn: true },
  { url: '/api/sync/pull', valid: () => ({ cursor: 0 }), signedIn: true, optional: ['cursor'] },
  // Learning (issue 9)
  { url: '/api/lesson/1/complete', valid: () => ({ score: 70 }), signedIn: true, optional: ['score'] },
  { url: '/api/tips/1/rate', valid: () => ({ rating: 3 }), signedIn: true },
  { url: '/api/tips/1/bookmark', valid: () => ({ bookmarked: true }), signedIn: true, optional: ['bookmarked'] },
  { url: '/api/settings', method: 'PUT', valid: () => ({ settings: DEFAULT_CHESS_SETTINGS, updatedAt: '2026-11-23T10:00:00.000Z' }), signedIn: true },
  { url: `/api/games/${uuid(5, 0xbad)}/analysis`, valid: () => ({ analysis: ANALYSIS }), signedIn: true },
  // Parents (issue 19): a valid code nobody made is a 404, anything malformed a 400 first.
  { url: '/api/parents/link', valid: () => ({ code: 'ACDE-FGHJ' }), signedIn: true },
];

function wrongType(value: unknown): unknown {
  if (typeof value === 'string') return 12345;
  if (typeof value === 'number') return 'twelve';
  if (typeof value === 'boolean') return 'yes';
  if (Array.isArray(value)) return 'not a list';
  return 7;
}

interface BadCase {
  name: string;
  options: InjectOptions;
}

function badCases(route: (typeof BODY_ROUTES)[number]): BadCase[] {
  const headers: Record<string, string> = route.signedIn ? { cookie: account.cookie } : {};
  const json = { ...headers, 'content-type': 'application/json' };
  const post = (payload: string, extra: Record<string, string> = json): InjectOptions => ({ method: route.method ?? 'POST', url: route.url, headers: extra, payload });
  const valid = route.valid();
  const cases: BadCase[] = [
    { name: 'malformed JSON', options: post('{"email": "a@b.c",') },
    { name: 'a JSON list', options: post('[]') },
    { name: 'a JSON string', options: post('"hello"') },
    { name: 'a JSON number', options: post('42') },
    { name: 'form encoding', options: post('email=a%40b.c', { ...headers, 'content-type': 'application/x-www-form-urlencoded' }) },
    { name: 'text/plain', options: post(JSON.stringify(valid), { ...headers, 'content-type': 'text/plain' }) },
    { name: 'a body over the limit', options: post(JSON.stringify({ ...valid, padding: 'x'.repeat(5 * 1024 * 1024) })) },
    { name: 'an unknown field', options: post(JSON.stringify({ ...valid, isAdmin: true })) },
    { name: 'a prototype-polluting key', options: post(`{"__proto__": {"admin": true}, ${JSON.stringify(valid).slice(1)}`) },
  ];
  for (const [key, value] of Object.entries(valid)) {
    cases.push({ name: `${key} of the wrong type`, options: post(JSON.stringify({ ...valid, [key]: wrongType(value) })) });
    if (!route.optional?.includes(key)) cases.push({ name: `${key} missing`, options: post(JSON.stringify({ ...valid, [key]: undefined })) });
    if (typeof value === 'string') {
      cases.push({ name: `${key} a 1 MB string`, options: post(JSON.stringify({ ...valid, [key]: 'x'.repeat(1024 * 1024) })) });
    }
  }
  return cases;
}

const QUERY_CASES: { name: string; url: string }[] = [
  { name: 'page not a number', url: '/api/games/history?page=abc' },
  { name: 'page 0', url: '/api/games/history?page=0' },
  { name: 'limit over 100', url: '/api/games/history?limit=101' },
  { name: 'an unknown result', url: '/api/games/history?result=victory' },
  { name: 'an unknown mode', url: '/api/games/history?gameMode=blitz' },
  { name: 'a bad date', url: '/api/games/history?dateFrom=2026-13-45' },
  { name: 'an unknown parameter', url: '/api/games/history?sort=oldest' },
  { name: 'a huge parameter', url: `/api/games/history?result=${'x'.repeat(50_000)}` },
  { name: 'a game id that is not a number', url: '/api/games/abc/replay' },
  { name: 'a game id past the integer range', url: '/api/games/99999999999/pgn' },
  { name: 'a negative user id', url: '/api/users/-1/profile' },
  { name: 'a fractional user id', url: '/api/users/1.5/recent-games' },
  { name: 'a user id with SQL in it', url: `/api/users/${encodeURIComponent('1 or 1=1')}/tournament-history` },
  { name: 'a lesson id that is not a number', url: '/api/lesson/abc' },
  { name: 'a lesson id with SQL in it', url: `/api/lesson/${encodeURIComponent('1 or 1=1')}` },
  { name: 'a huge lesson id', url: `/api/lesson/${'9'.repeat(5000)}` },
  { name: 'an unknown tip category', url: '/api/tips/category/cooking' },
  { name: 'a tip category in capitals', url: '/api/tips/category/TACTICS' },
];

/** Each learning mutation with bad arguments: rejected with its reason, nothing stored. */
const BAD_LEARNING_MUTATIONS: { name: string; args: unknown }[] = [
  { name: 'completeLesson', args: { lessonId: 'one', completedAt: '2026-11-23T10:00:00.000Z' } },
  { name: 'completeLesson', args: { lessonId: 1, completedAt: '2026-11-23T10:00:00.000Z', score: 101 } },
  { name: 'viewTip', args: { tipId: 1, viewedAt: 'today' } },
  { name: 'completeTip', args: { tipId: -1, completedAt: '2026-11-23T10:00:00.000Z' } },
  { name: 'bookmarkTip', args: { tipId: 1 } },
  { name: 'rateTip', args: { tipId: 1, rating: 0 } },
  { name: 'rateTip', args: { tipId: 1, rating: 4.5 } },
  { name: 'recordPuzzleAttempt', args: { puzzleId: 1, solved: 'yes', timeSpent: 3, attemptedMoves: [], attemptedAt: '2026-11-23T10:00:00.000Z' } },
  { name: 'recordPuzzleAttempt', args: { puzzleId: 1, solved: true, timeSpent: 3, attemptedMoves: [{ from: 'z9', to: 'a1' }], attemptedAt: '2026-11-23T10:00:00.000Z' } },
  { name: 'completeOnboarding', args: {} },
  { name: 'saveSettings', args: { settings: { ...DEFAULT_CHESS_SETTINGS, dailyPlayTime: -5 }, updatedAt: '2026-11-23T10:00:00.000Z' } },
  { name: 'saveSettings', args: { settings: { hintsEnabled: true }, updatedAt: '2026-11-23T10:00:00.000Z' } },
  { name: 'saveGameAnalysis', args: { gameId: 'not-a-uuid', analysis: ANALYSIS } },
  { name: 'saveGameAnalysis', args: { gameId: uuid(6, 0xbad), analysis: { ...ANALYSIS, averageAccuracy: 250 } } },
  { name: 'saveGameAnalysis', args: { gameId: uuid(6, 0xbad), analysis: { ...ANALYSIS, missedTactics: ['x'.repeat(100_000)] } } },
];

describe('bad input', () => {
  it('learning mutations with bad arguments are rejected with their reason and store nothing', async () => {
    const before = await snapshot();
    const response = await app.inject({
      method: 'POST',
      url: '/api/sync/push',
      headers: { cookie: account.cookie },
      payload: { clientId: uuid(98, 0xbad), mutations: BAD_LEARNING_MUTATIONS.map((m, i) => ({ id: i + 1, ...m })) },
    });
    expect(response.statusCode).toBe(200);
    const { results } = pushResponseSchema.parse(response.json());
    expect(results.map((r) => r.status)).toEqual(BAD_LEARNING_MUTATIONS.map(() => 'rejected'));
    for (const result of results) expect(result.error).toMatch(/^Invalid mutation: /);
    expect(await snapshot()).toEqual({ ...before, sync_clients: (before.sync_clients ?? 0) + 1 });
  });

  for (const route of BODY_ROUTES) {
    describe(`POST ${route.url}`, () => {
      it('answers every bad body with 4xx JSON and stores nothing', async () => {
        for (const { name, options } of badCases(route)) {
          const before = await snapshot();
          const response = await app.inject(options);
          expect(response.statusCode, `${name}: ${response.body.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
          expect(response.statusCode, name).toBeLessThan(500);
          expect(errorResponseSchema.safeParse(response.json()).success, name).toBe(true);
          expect(await snapshot(), name).toEqual(before);
        }
      }, 60_000);
    });
  }

  it.each(QUERY_CASES)('GET with $name answers 4xx JSON', async ({ url }) => {
    const response = await app.inject({ url, headers: { cookie: account.cookie } });
    expect(response.statusCode, response.body.slice(0, 200)).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(errorResponseSchema.safeParse(response.json()).success).toBe(true);
  });

  it('a pushed mutation with bad fields is rejected with its reason (the push itself succeeds) and stores nothing', async () => {
    const before = await snapshot();
    const mutations = [
      { id: 1, name: 'saveGame', args: { ...saveGameArgs(uuid(10, 0xbad)), extra: 1 } },
      { id: 2, name: 'saveGame', args: saveGameArgs(uuid(11, 0xbad), { opponent: 'x'.repeat(100_000) as 'Computer' }) },
      { id: 3, name: 'saveGame', args: saveGameArgs(uuid(12, 0xbad), { moves: Array(2000).fill('e4') }) },
      { id: 4, name: 'saveGame', args: saveGameArgs(uuid(13, 0xbad), { gameDurationSeconds: -5 }) },
      { id: 5, name: 'saveGame', args: { ...saveGameArgs(uuid(14, 0xbad)), finishedAt: 'yesterday' } },
    ];
    const response = await app.inject({
      method: 'POST',
      url: '/api/sync/push',
      headers: { cookie: account.cookie },
      payload: { clientId: uuid(99, 0xbad), mutations },
    });
    expect(response.statusCode).toBe(200);
    const { results } = pushResponseSchema.parse(response.json());
    expect(results.map((r) => r.status)).toEqual(Array(5).fill('rejected'));
    for (const result of results) expect(result.error).toMatch(/^Invalid mutation: /);
    const after = await snapshot();
    // The client is registered (its last handled id is 5), nothing else changes.
    expect(after).toEqual({ ...before, sync_clients: (before.sync_clients ?? 0) + 1 });
  });

  // Issue 28: a 4xx in the vocabulary's words carries its code (and values), which the app
  // translates; Fastify's own texts and a validation summary carry none.
  it.each([
    ['a spec validation message', { method: 'POST', url: '/api/auth/register', payload: { username: 'Coded', email: 'not-an-address', password: 'secret-pass' } }, 400, { error: 'Please enter a valid email address', code: 'ERR_INVALID_EMAIL' }],
    ['an unknown API address', { method: 'GET', url: '/api/no-such-thing' }, 404, { error: 'Not found', code: 'ERR_NOT_FOUND' }],
    ['a missing lesson', { method: 'GET', url: '/api/lesson/999999', signedIn: true }, 404, { error: 'Lesson not found', code: 'ERR_LESSON_NOT_FOUND' }],
    ['a validation summary', { method: 'POST', url: '/api/auth/register', payload: { username: 'Coded', email: 'coded@example.com', password: 'secret-pass', extra: 1 } }, 400, { error: expect.stringMatching(/^Invalid body: /) }],
  ] as const)('%s: %i %j', async (_case, { signedIn, ...request }: InjectOptions & { signedIn?: boolean }, status, body) => {
    const response = await app.inject({ ...request, headers: signedIn ? { cookie: account.cookie } : {} });
    expect(response.statusCode).toBe(status);
    expect(response.json()).toEqual(body);
  });
});
