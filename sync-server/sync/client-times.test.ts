import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DEFAULT_CHESS_SETTINGS, MUTATION_CLIENT_TIMES, pushResponseSchema, type MutationName, type TrainerPuzzleContent } from '../../schema';
import { seedContent } from '../learning/seed';
import { testContent } from '../learning/test-content';
import { seedTrainerPuzzles } from '../puzzles/seed';
import { createTestDatabase, type TestDatabase } from '../core/test-db';
import { accountWithRole, buildTestApp, saveGameArgs, uuid, type Account } from '../testing/test-server';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 90_000 });

/**
 * Issue 26: every time a mutation takes from the device's clock (schema/mutations.ts
 * MUTATION_CLIENT_TIMES) is stored no later than the server's clock. Each row pushes one such
 * mutation dated two days ahead and reads back the time the server kept.
 */

let test: TestDatabase;
let app: FastifyInstance;
let child: Account;
let teacher: Account;
let classId: number;
let counter = 0;
let clients = 0;
const NOW = new Date('2026-11-26T10:00:00.000Z');
const AHEAD = '2026-11-28T10:00:00.000Z';
const LAST_WEEK = '2026-11-19T16:30:00.000Z';

// A fork (as generated content): after ...Ke8-f7, Nd6+ and Nxb7.
const FORK: TrainerPuzzleContent = {
  id: 'gen:clockfork', source: 'generated', fen: '4k3/1r6/8/8/2N5/8/8/4K3 b - - 0 1', moves: ['e8f7', 'c4d6', 'f7e7', 'd6b7'], rating: 1500, ratingDeviation: 80, themes: ['fork'],
};

beforeAll(async () => {
  test = await createTestDatabase();
  await seedContent(test.database.db, testContent());
  await seedTrainerPuzzles(test.database.db, [FORK]);
  app = buildTestApp(test.database, { now: () => NOW, enginePool: false }).app;
  await app.ready();
  const db = test.database.db;
  const school = (await db.insertInto('organizations').values({ name: 'Clock School', type: 'elementary_school' }).returning('id').executeTakeFirstOrThrow()).id;
  teacher = await accountWithRole(app, test.database, 'teacher', { scopes: [`organization:${school}`] });
  child = await accountWithRole(app, test.database, 'student', { home: school });
  const made = await app.inject({ method: 'POST', url: '/api/classes', headers: { cookie: teacher.cookie }, payload: { organizationId: school, name: 'Clock class' } });
  classId = (made.json() as { id: number }).id;
});

afterAll(async () => {
  await app.close();
  await test.remove();
});

async function pushOne(who: Account, name: string, args: unknown): Promise<void> {
  const response = await app.inject({ method: 'POST', url: '/api/sync/push', headers: { cookie: who.cookie }, payload: { protocol: 3, clientId: uuid(++clients, 0x26c), mutations: [{ id: 1, name, args }] } });
  expect(response.statusCode, response.body).toBe(200);
  expect(pushResponseSchema.parse(response.json()).results, name).toEqual([{ id: 1, status: 'applied' }]);
}

const iso = (value: string | null | undefined) => (value ? new Date(value).toISOString() : null);
const ids = async () => {
  const db = test.database.db;
  const lessons = await db.selectFrom('lessons').select('id').orderBy('id').execute();
  const tips = await db.selectFrom('dailyTips').select('id').orderBy('id').execute();
  const assessment = await db.selectFrom('puzzles').select(['id', 'solution']).where('kind', '=', 'assessment').orderBy('id').executeTakeFirstOrThrow();
  return { lessons: lessons.map((row) => row.id), tips: tips.map((row) => row.id), assessment };
};

/** Each mutation with a device-clock time: who pushes it, its arguments at `time`, and the time the server stored (null: it stores none). */
interface Row {
  who: () => Account;
  args: (time: string, n: number) => Promise<unknown>;
  stored: (n: number) => Promise<string | null>;
}

const ROWS: Record<string, Row> = {
  saveGame: {
    who: () => child,
    args: async (time, n) => saveGameArgs(uuid(n, 0x26a), {}, time),
    stored: async (n) => iso((await test.database.db.selectFrom('games').select('createdAt').where('clientGameId', '=', uuid(n, 0x26a)).executeTakeFirstOrThrow()).createdAt),
  },
  completeLesson: {
    who: () => child,
    args: async (time, n) => ({ lessonId: (await ids()).lessons[n % 2] as number, score: 80, completedAt: time }),
    stored: async (n) =>
      iso((await test.database.db.selectFrom('userLessonProgress').select('completedAt').where('userId', '=', child.user.id).where('lessonId', '=', (await ids()).lessons[n % 2] as number).executeTakeFirstOrThrow()).completedAt),
  },
  viewTip: {
    who: () => child,
    args: async (time, n) => ({ tipId: (await ids()).tips[n % 2] as number, viewedAt: time }),
    stored: async (n) =>
      iso((await test.database.db.selectFrom('userTipProgress').select('viewedAt').where('userId', '=', child.user.id).where('tipId', '=', (await ids()).tips[n % 2] as number).executeTakeFirstOrThrow()).viewedAt),
  },
  completeTip: {
    who: () => teacher,
    args: async (time, n) => ({ tipId: (await ids()).tips[n % 2] as number, completedAt: time }),
    stored: async (n) =>
      iso((await test.database.db.selectFrom('userTipProgress').select('completedAt').where('userId', '=', teacher.user.id).where('tipId', '=', (await ids()).tips[n % 2] as number).executeTakeFirstOrThrow()).completedAt),
  },
  recordPuzzleAttempt: {
    who: () => child,
    args: async (time) => {
      const { assessment } = await ids();
      return { puzzleId: assessment.id, solved: false, timeSpent: 8, attemptedMoves: [], attemptedAt: time };
    },
    stored: async () =>
      iso((await test.database.db.selectFrom('puzzleAttempts').select('createdAt').where('userId', '=', child.user.id).where('attemptKey', 'is', null).orderBy('id', 'desc').executeTakeFirstOrThrow()).createdAt),
  },
  completeOnboarding: { who: () => child, args: async (time) => ({ completedAt: time }), stored: async () => null },
  saveSettings: {
    who: () => child,
    args: async (time, n) => ({ settings: { ...DEFAULT_CHESS_SETTINGS, hintsEnabled: n % 2 === 0 }, updatedAt: time }),
    stored: async () => iso((await test.database.db.selectFrom('settings').select('updatedAt').where('userId', '=', child.user.id).executeTakeFirstOrThrow()).updatedAt),
  },
  // Issue 28: the account's language, chosen at `setAt` (the later choice stays, as the settings').
  setLanguage: {
    who: () => child,
    args: async (time, n) => ({ language: n % 2 === 0 ? 'hi' : 'es', setAt: time }),
    stored: async () => iso((await test.database.db.selectFrom('users').select('languageSetAt').where('id', '=', child.user.id).executeTakeFirstOrThrow()).languageSetAt),
  },
  recordTrainerAttempt: {
    who: () => child,
    args: async (time, n) => ({ attemptId: uuid(n, 0x26b), puzzleId: FORK.id, mode: 'rated', solved: true, moves: ['c4d6', 'd6b7'], hintUsed: false, solutionShown: false, timeSpent: 20, attemptedAt: time }),
    stored: async (n) => iso((await test.database.db.selectFrom('puzzleAttempts').select('createdAt').where('attemptKey', '=', uuid(n, 0x26b)).executeTakeFirstOrThrow()).createdAt),
  },
  assignHomework: {
    who: () => teacher,
    args: async (time, n) => ({ classId, key: uuid(n, 0x26d), task: { kind: 'puzzles', theme: 'fork', count: 2 }, dueAt: '2026-12-20T10:00:00.000Z', note: '', studentIds: null, assignedAt: time }),
    stored: async (n) => iso((await test.database.db.selectFrom('homeworkAssignments').select('assignedAt').where('clientKey', '=', uuid(n, 0x26d)).executeTakeFirstOrThrow()).assignedAt),
  },
};

describe('times from the device’s clock (issue 26)', () => {
  it('has a row for every mutation with a device-clock time', () => {
    expect(Object.keys(ROWS).sort()).toEqual(Object.keys(MUTATION_CLIENT_TIMES).sort());
  });

  it.each(Object.keys(ROWS) as MutationName[])('%s: a time two days ahead is stored as the server’s now; one of last week as it is', async (name) => {
    const row = ROWS[name] as Row;
    const n = ++counter;
    await pushOne(row.who(), name, await row.args(AHEAD, n));
    const ahead = await row.stored(n);
    if (ahead !== null) expect(ahead).toBe(NOW.toISOString());
    // Work done offline last week keeps its time (each row writes a new record: another lesson, tip, game or attempt).
    const m = ++counter;
    await pushOne(row.who(), name, await row.args(LAST_WEEK, m));
    const earlier = await row.stored(m);
    if (name === 'saveSettings' || name === 'setLanguage') expect(earlier).toBe(NOW.toISOString()); // the later save (now) stays: last writer wins
    else if (earlier !== null) expect(earlier).toBe(LAST_WEEK);
  });

  it('the online routes that take the same arguments clamp the same way', async () => {
    const settings = await app.inject({ method: 'PUT', url: '/api/settings', headers: { cookie: teacher.cookie }, payload: { settings: DEFAULT_CHESS_SETTINGS, updatedAt: AHEAD } });
    expect(settings.statusCode, settings.body).toBe(200);
    expect(iso((settings.json() as { updatedAt: string }).updatedAt)).toBe(NOW.toISOString());
    const attemptId = uuid(++counter, 0x26e);
    const attempt = await app.inject({
      method: 'POST',
      url: '/api/puzzles/attempt',
      headers: { cookie: teacher.cookie },
      payload: { attemptId, puzzleId: FORK.id, mode: 'rated', solved: true, moves: ['c4d6', 'd6b7'], hintUsed: false, solutionShown: false, timeSpent: 20, attemptedAt: AHEAD },
    });
    expect(attempt.statusCode, attempt.body).toBe(200);
    expect(iso((await test.database.db.selectFrom('puzzleAttempts').select('createdAt').where('attemptKey', '=', attemptId).executeTakeFirstOrThrow()).createdAt)).toBe(NOW.toISOString());
    const language = await app.inject({ method: 'PUT', url: '/api/auth/language', headers: { cookie: teacher.cookie }, payload: { language: 'fr', setAt: AHEAD } });
    expect(language.statusCode, language.body).toBe(200);
    expect((language.json() as { languageSetAt: string }).languageSetAt).toBe(NOW.toISOString());
  });
});
