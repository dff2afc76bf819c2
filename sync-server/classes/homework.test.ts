import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Role } from '../../schema';
import {
  CLASS_MESSAGES,
  HOMEWORK_MESSAGES,
  MESSAGES,
  
  
  classHomeworkListSchema,
  
  pushResponseSchema,
  studentHomeworkListSchema,
  
  type ClassHomework,
  type TrainerPuzzleContent,
} from '../../schema';
import { seedTrainerPuzzles } from '../puzzles/seed';
import type { TestDatabase } from '../core/test-db';
import { twoSchools, type TwoSchools } from '../testing/two-schools';
import { type Account, expectJson, expectJsonError, saveGameArgs, uuid } from '../testing/test-server';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 90_000 });

/**
 * Homework (issue 19): school A's teacher sets homework for class A (three managed children),
 * school B's organiser runs class B. The server's clock is set by the test.
 */

let world: TwoSchools;
let test: TestDatabase;
let call: TwoSchools['call'];
let clock = new Date('2026-11-25T10:00:00.000Z');
let orgA: number;
let orgB: number;
let teacherA: Account;
let organizerB: Account;
let outsider: Account;
let classA: number;
let classB: number;
let lessonId: number;
let children: Account[];
let counter = 0;

const at = (iso: string) => (clock = new Date(iso));
const DUE = '2026-11-30T23:59:59.000Z';

const person = (role: Role, scope: string | null, home: number | null): Promise<Account> => world.person(role, { scopes: [scope], home });

const ok = expectJson;

const push = async (who: Account, clientId: string, mutations: { id: number; name: string; args: unknown }[]) =>
  pushResponseSchema.parse(await ok(await call(who, 'POST', '/api/sync/push', { protocol: 3, clientId, mutations })));

const lessonTask = () => ({ kind: 'lesson', lessonId });
const inFiveDays = () => new Date(clock.getTime() + 5 * 24 * 60 * 60 * 1000).toISOString();
const assignBody = (overrides: Record<string, unknown> = {}) => ({ key: uuid(++counter, 0x4e0), task: lessonTask(), dueAt: clock.getTime() < Date.parse(DUE) - 864e5 ? DUE : inFiveDays(), note: 'Read it twice.', studentIds: null, ...overrides });

async function classHomework(who: Account = teacherA, classId = classA): Promise<ClassHomework[]> {
  return classHomeworkListSchema.parse(await ok(await call(who, 'GET', `/api/classes/${classId}/homework`))).homework;
}
const studentOf = (homework: ClassHomework, who: Account) => homework.students.find((student) => student.userId === who.user.id);

beforeAll(async () => {
  world = await twoSchools({ now: () => clock });
  ({ test, call, orgA, orgB } = world);
  const db = test.database.db;
  teacherA = await person('teacher', `organization:${orgA}`, null);
  organizerB = await person('organizer', `organization:${orgB}`, null);
  outsider = await person('student', null, orgA);
  lessonId = (await db.insertInto('lessons').values({ slug: 'hw-forks', title: 'Forks', description: null, difficulty: 'beginner', content: null }).returning('id').executeTakeFirstOrThrow()).id;
  const made = await world.makeClass(teacherA, orgA, { name: '4A' }, ['Ada One', 'Bo Two', 'Cy Three']);
  classA = made.id;
  classB = (await world.makeClass(organizerB, orgB, { name: '4B' })).id;
  children = await Promise.all(made.credentials.map(world.signIn));
});

afterAll(() => world.close());

describe('setting homework', () => {
  it('the teacher sets a lesson for the whole class; every child sees it, with the due date and note', async () => {
    at('2026-11-25T10:00:00.000Z');
    const list = classHomeworkListSchema.parse(await ok(await call(teacherA, 'POST', `/api/classes/${classA}/homework`, assignBody()), 201)).homework;
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ task: lessonTask(), lessonTitle: 'Forks', dueAt: DUE, note: 'Read it twice.', allStudents: true });
    expect(list[0]?.students.map((student) => [student.realName, student.progress.status])).toEqual([
      ['Ada One', 'open'],
      ['Bo Two', 'open'],
      ['Cy Three', 'open'],
    ]);
    const mine = studentHomeworkListSchema.parse(await ok(await call(children[0] as Account, 'GET', '/api/homework'))).homework;
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ className: '4A', lessonTitle: 'Forks', progress: { done: 0, target: 1, status: 'open' } });
    expect(studentHomeworkListSchema.parse(await ok(await call(outsider, 'GET', '/api/homework'))).homework).toEqual([]);
  });

  it('the same key twice (a retried request) is stored once', async () => {
    const body = assignBody({ note: 'Once' });
    await ok(await call(teacherA, 'POST', `/api/classes/${classA}/homework`, body), 201);
    const list = classHomeworkListSchema.parse(await ok(await call(teacherA, 'POST', `/api/classes/${classA}/homework`, body), 201)).homework;
    expect(list.filter((homework) => homework.note === 'Once')).toHaveLength(1);
  });

  it('for chosen students only: the others do not see it', async () => {
    const [ada, bo] = children as [Account, Account];
    await ok(await call(teacherA, 'POST', `/api/classes/${classA}/homework`, assignBody({ note: 'Just Ada', studentIds: [ada.user.id] })), 201);
    const forAda = studentHomeworkListSchema.parse(await ok(await call(ada, 'GET', '/api/homework'))).homework;
    const forBo = studentHomeworkListSchema.parse(await ok(await call(bo, 'GET', '/api/homework'))).homework;
    expect(forAda.some((homework) => homework.note === 'Just Ada')).toBe(true);
    expect(forBo.some((homework) => homework.note === 'Just Ada')).toBe(false);
    const setFor = (await classHomework()).find((homework) => homework.note === 'Just Ada');
    expect(setFor?.students.map((student) => student.userId)).toEqual([ada.user.id]);
  });

  it('B’s organiser cannot set homework for class A (404), A’s teacher not for class B (404), a student nowhere (403)', async () => {
    expect(expectJsonError(await call(organizerB, 'POST', `/api/classes/${classA}/homework`, assignBody()), 404)).toBe(CLASS_MESSAGES.notFound);
    expect(expectJsonError(await call(teacherA, 'POST', `/api/classes/${classB}/homework`, assignBody()), 404)).toBe(CLASS_MESSAGES.notFound);
    expect(expectJsonError(await call(children[0] as Account, 'POST', `/api/classes/${classA}/homework`, assignBody()), 403)).toBe(MESSAGES.forbidden);
    expect(expectJsonError(await call(children[0] as Account, 'GET', `/api/classes/${classA}/homework`), 403)).toBe(MESSAGES.forbidden);
    expect(expectJsonError(await call(organizerB, 'GET', `/api/classes/${classA}/homework`), 404)).toBe(CLASS_MESSAGES.notFound);
    expect(expectJsonError(await call(null, 'GET', '/api/homework'), 401)).toBe(MESSAGES.notAuthenticated);
    // Through the outbox: the same checks, answered 'rejected' with the route's words.
    const args = { ...assignBody(), classId: classA, assignedAt: clock.toISOString() };
    const student = await push(children[0] as Account, uuid(++counter, 0x4e1), [{ id: 1, name: 'assignHomework', args }]);
    expect(student.results[0]).toMatchObject({ status: 'rejected', error: MESSAGES.forbidden });
    const foreign = await push(organizerB, uuid(++counter, 0x4e1), [{ id: 1, name: 'assignHomework', args }]);
    expect(foreign.results[0]).toMatchObject({ status: 'rejected', error: CLASS_MESSAGES.notFound });
  });

  it.each([
    ['a lesson that does not exist', { task: { kind: 'lesson', lessonId: 999_999 } }, HOMEWORK_MESSAGES.lessonNotFound],
    ['a due date in the past', { dueAt: '2026-11-24T00:00:00.000Z' }, HOMEWORK_MESSAGES.dueInPast],
    ['a due date more than a year ahead', { dueAt: '2028-01-01T00:00:00.000Z' }, HOMEWORK_MESSAGES.dueTooFar],
    ['a note of 281 characters', { note: 'x'.repeat(281) }, HOMEWORK_MESSAGES.note],
    ['a student of another class', { studentIds: [999_999] }, HOMEWORK_MESSAGES.students],
    ['no students chosen', { studentIds: [] }, HOMEWORK_MESSAGES.students],
    ['an unknown kind', { task: { kind: 'essay' } }, null],
    ['0 puzzles', { task: { kind: 'puzzles', theme: 'fork', count: 0 } }, null],
    ['an unknown theme', { task: { kind: 'puzzles', theme: 'magic', count: 3 } }, null],
    ['an unknown level', { task: { kind: 'games', level: 'godlike', count: 3 } }, null],
    ['a date that is not one', { dueAt: 'Friday' }, null],
    ['no key', { key: undefined }, null],
  ])('400 for %s', async (_label, overrides, message) => {
    const error = expectJsonError(await call(teacherA, 'POST', `/api/classes/${classA}/homework`, assignBody(overrides)), 400);
    if (message !== null) expect(error).toContain(message);
  });
});

describe('completion, derived from what the child’s outbox pushes, exactly once', () => {
  it('a lesson completed offline after it was set counts once, though pushed twice; late or not', async () => {
    const [ada] = children as [Account];
    at('2026-11-26T09:00:00.000Z');
    const clientId = uuid(++counter, 0x4e2);
    const complete = { id: 1, name: 'completeLesson', args: { lessonId, score: 90, completedAt: '2026-11-25T12:00:00.000Z' } };
    expect((await push(ada, clientId, [complete])).results).toEqual([{ id: 1, status: 'applied' }]);
    expect((await push(ada, clientId, [complete])).results[0]?.status).toBe('duplicate');
    const homework = (await classHomework()).find((item) => item.note === 'Read it twice.') as ClassHomework;
    expect(studentOf(homework, ada)?.progress).toMatchObject({ done: 1, completedAt: '2026-11-25T12:00:00.000Z', attempts: 1, status: 'done' });
    const rows = await test.database.db.selectFrom('homeworkCompletions').selectAll().where('assignmentId', '=', homework.id).execute();
    expect(rows).toHaveLength(1);
    // After the due date: the others are late.
    at('2026-12-01T08:00:00.000Z');
    const later = (await classHomework()).find((item) => item.id === homework.id) as ClassHomework;
    expect(later.students.map((student) => student.progress.status)).toEqual(['done', 'late', 'late']);
  });

  it('a lesson done offline before the teacher’s assignment reached the server counts if done after it was set', async () => {
    const [, bo] = children as [Account, Account];
    at('2026-12-02T10:31:00.000Z');
    // Bo completes the lesson at 10:30 (offline, pushed at once); the teacher set it offline at 10:00 and pushes at 11:00.
    await push(bo, uuid(++counter, 0x4e3), [{ id: 1, name: 'completeLesson', args: { lessonId, completedAt: '2026-12-02T10:30:00.000Z' } }]);
    at('2026-12-02T11:00:00.000Z');
    const key = uuid(++counter, 0x4e4);
    const args = { classId: classA, key, task: lessonTask(), dueAt: '2026-12-09T23:59:59.000Z', note: 'Offline set', studentIds: [bo.user.id], assignedAt: '2026-12-02T10:00:00.000Z' };
    const teacherClient = uuid(++counter, 0x4e5);
    expect((await push(teacherA, teacherClient, [{ id: 1, name: 'assignHomework', args }])).results[0]?.status).toBe('applied');
    // The same assignment queued again under a new mutation id is stored once.
    expect((await push(teacherA, teacherClient, [{ id: 2, name: 'assignHomework', args }])).results[0]?.status).toBe('applied');
    const set = (await classHomework()).filter((item) => item.key === key);
    expect(set).toHaveLength(1);
    expect(studentOf(set[0] as ClassHomework, bo)?.progress).toMatchObject({ done: 1, completedAt: '2026-12-02T10:30:00.000Z', status: 'done' });
  });

  it('a lesson done before it was set does not count; done again after, it does', async () => {
    const [, , cy] = children as [Account, Account, Account];
    at('2026-12-03T10:00:00.000Z');
    const clientId = uuid(++counter, 0x4e6);
    await push(cy, clientId, [{ id: 1, name: 'completeLesson', args: { lessonId, completedAt: '2026-12-03T09:00:00.000Z' } }]);
    const key = uuid(++counter, 0x4e7);
    await ok(await call(teacherA, 'POST', `/api/classes/${classA}/homework`, assignBody({ key, note: 'Again', studentIds: [cy.user.id] })), 201);
    const before = (await classHomework()).find((item) => item.key === key) as ClassHomework;
    expect(studentOf(before, cy)?.progress.status).toBe('open');
    at('2026-12-03T11:00:00.000Z');
    await push(cy, clientId, [{ id: 2, name: 'completeLesson', args: { lessonId, completedAt: '2026-12-03T10:45:00.000Z' } }]);
    const after = (await classHomework()).find((item) => item.key === key) as ClassHomework;
    expect(studentOf(after, cy)?.progress).toMatchObject({ completedAt: '2026-12-03T10:45:00.000Z', status: 'done' });
  });

  it('games against the computer at the level: each game once (pushed twice), time summed, other levels ignored', async () => {
    const [ada] = children as [Account];
    at('2026-12-04T10:00:00.000Z');
    const key = uuid(++counter, 0x4e8);
    await ok(await call(teacherA, 'POST', `/api/classes/${classA}/homework`, assignBody({ key, task: { kind: 'games', level: 'intermediate', count: 2 }, dueAt: '2026-12-10T00:00:00.000Z' })), 201);
    at('2026-12-04T11:00:00.000Z');
    const clientId = uuid(++counter, 0x4e9);
    const game = (n: number, difficulty: 'beginner' | 'intermediate', finishedAt: string) => ({
      id: n,
      name: 'saveGame',
      args: saveGameArgs(uuid(++counter, 0x4ea), { difficulty, gameDurationSeconds: 100 * n }, finishedAt),
    });
    const first = game(1, 'intermediate', '2026-12-04T10:10:00.000Z');
    await push(ada, clientId, [first, game(2, 'beginner', '2026-12-04T10:20:00.000Z')]);
    expect((await push(ada, clientId, [first])).results[0]?.status).toBe('duplicate');
    let homework = (await classHomework()).find((item) => item.key === key) as ClassHomework;
    expect(studentOf(homework, ada)?.progress).toMatchObject({ done: 1, target: 2, completedAt: null, attempts: 1, timeSpent: 100, status: 'open' });
    // The same game under a new mutation id (a second device's copy) is stored once: still one.
    await push(ada, clientId, [{ ...first, id: 3 }]);
    homework = (await classHomework()).find((item) => item.key === key) as ClassHomework;
    expect(studentOf(homework, ada)?.progress.done).toBe(1);
    await push(ada, clientId, [game(4, 'intermediate', '2026-12-04T10:40:00.000Z')]);
    homework = (await classHomework()).find((item) => item.key === key) as ClassHomework;
    expect(studentOf(homework, ada)?.progress).toMatchObject({ done: 2, completedAt: '2026-12-04T10:40:00.000Z', attempts: 2, timeSpent: 500, status: 'done' });
    const mine = studentHomeworkListSchema.parse(await ok(await call(ada, 'GET', '/api/homework'))).homework.find((item) => item.key === key);
    expect(mine?.progress.status).toBe('done');
  });

  it('puzzles of a theme: failures are attempts, only solved puzzles of the theme count', async () => {
    const [, bo] = children as [Account, Account];
    const db = test.database.db;
    at('2026-12-05T10:00:00.000Z');
    const puzzle = async (n: number, themes: string[]) =>
      (
        await db
          .insertInto('puzzles')
          .values({ fen: '8/8/8/8/8/8/8/K6k w - - 0 1', solution: '[]', tags: '[]', kind: 'trainer', externalId: `hw:${n}`, themes: JSON.stringify(themes) })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const [fork1, fork2, pin] = [await puzzle(1, ['fork']), await puzzle(2, ['fork', 'mateIn1']), await puzzle(3, ['pin'])];
    const key = uuid(++counter, 0x4eb);
    await ok(await call(teacherA, 'POST', `/api/classes/${classA}/homework`, assignBody({ key, task: { kind: 'puzzles', theme: 'fork', count: 2 }, studentIds: [bo.user.id] })), 201);
    const attempt = (puzzleId: number, solved: boolean, createdAt: string) =>
      db.insertInto('puzzleAttempts').values({ userId: bo.user.id, puzzleId, solved: solved ? 1 : 0, timeSpent: 20, attemptedMoves: '[]', createdAt, attemptKey: uuid(++counter, 0x4ec) }).execute();
    await attempt(fork1, true, '2026-12-05T09:00:00.000Z');
    await attempt(fork1, false, '2026-12-05T10:01:00.000Z');
    await attempt(pin, true, '2026-12-05T10:02:00.000Z');
    await attempt(fork1, true, '2026-12-05T10:03:00.000Z');
    await attempt(fork2, true, '2026-12-05T10:04:00.000Z');
    const homework = (await classHomework()).find((item) => item.key === key) as ClassHomework;
    expect(studentOf(homework, bo)?.progress).toMatchObject({ done: 2, completedAt: '2026-12-05T10:04:00.000Z', attempts: 3, timeSpent: 60, status: 'done' });
  });
});

describe('cancelling', () => {
  it('the teacher cancels (route and mutation, once); it leaves both lists; B’s organiser cannot', async () => {
    at('2026-12-06T10:00:00.000Z');
    const key = uuid(++counter, 0x4ed);
    const list = classHomeworkListSchema.parse(await ok(await call(teacherA, 'POST', `/api/classes/${classA}/homework`, assignBody({ key, note: 'Cancel me' })), 201)).homework;
    const id = (list.find((item) => item.key === key) as ClassHomework).id;
    expect(expectJsonError(await call(organizerB, 'DELETE', `/api/classes/${classA}/homework/${id}`), 404)).toBe(CLASS_MESSAGES.notFound);
    const clientId = uuid(++counter, 0x4ee);
    const cancel = { id: 1, name: 'cancelHomework', args: { classId: classA, homeworkId: id } };
    expect((await push(teacherA, clientId, [cancel])).results[0]?.status).toBe('applied');
    expect((await push(teacherA, clientId, [cancel])).results[0]?.status).toBe('duplicate');
    expect((await classHomework()).some((item) => item.key === key)).toBe(false);
    const mine = studentHomeworkListSchema.parse(await ok(await call(children[0] as Account, 'GET', '/api/homework'))).homework;
    expect(mine.some((item) => item.key === key)).toBe(false);
    expect(expectJsonError(await call(teacherA, 'DELETE', `/api/classes/${classA}/homework/999999`), 404)).toBe(HOMEWORK_MESSAGES.notFound);
  });
});

describe('times from the device’s clock (issue 26)', () => {
  it('puzzles "solved" two days ahead, pushed before the homework was set, do not count for it', async () => {
    const [, , cy] = children as [Account, Account, Account];
    const fork = (id: string): TrainerPuzzleContent => ({
      id, source: 'generated', fen: '4k3/1r6/8/8/2N5/8/8/4K3 b - - 0 1', moves: ['e8f7', 'c4d6', 'f7e7', 'd6b7'], rating: 1500, ratingDeviation: 80, themes: ['fork'],
    });
    await seedTrainerPuzzles(test.database.db, [fork('gen:aheadone'), fork('gen:aheadtwo')]);
    at('2026-12-07T10:00:00.000Z');
    const attempt = (id: number, puzzleId: string) => ({
      id,
      name: 'recordTrainerAttempt',
      args: { attemptId: uuid(++counter, 0x4f0), puzzleId, mode: 'rated', solved: true, moves: ['c4d6', 'd6b7'], hintUsed: false, solutionShown: false, timeSpent: 20, attemptedAt: '2026-12-09T10:00:00.000Z' },
    });
    const pushed = await push(cy, uuid(++counter, 0x4f1), [attempt(1, 'gen:aheadone'), attempt(2, 'gen:aheadtwo')]);
    expect(pushed.results.map((result) => result.error ?? result.status)).toEqual(['applied', 'applied']);
    at('2026-12-07T11:00:00.000Z');
    const key = uuid(++counter, 0x4f2);
    await ok(await call(teacherA, 'POST', `/api/classes/${classA}/homework`, assignBody({ key, task: { kind: 'puzzles', theme: 'fork', count: 2 }, studentIds: [cy.user.id] })), 201);
    const homework = (await classHomework()).find((item) => item.key === key) as ClassHomework;
    expect(studentOf(homework, cy)?.progress).toMatchObject({ done: 0, completedAt: null, status: 'open' });
  });
});

describe('kept when reached, by the write that reached it; no read writes (issue 27)', () => {
  it('the push that stores the deciding game keeps the completion, and the set homework counts facts already stored; reading the lists writes nothing', async () => {
    const [, , cy] = children as [Account, Account, Account];
    const db = test.database.db;
    at('2026-12-08T10:00:00.000Z');
    const key = uuid(++counter, 0x4f3);
    await ok(await call(teacherA, 'POST', `/api/classes/${classA}/homework`, assignBody({ key, task: { kind: 'games', level: 'advanced', count: 1 }, studentIds: [cy.user.id] })), 201);
    const assignmentId = (await db.selectFrom('homeworkAssignments').select('id').where('clientKey', '=', key).executeTakeFirstOrThrow()).id;
    const kept = (id: number) => db.selectFrom('homeworkCompletions').select(['userId', 'completedAt']).where('assignmentId', '=', id).execute();
    expect(await kept(assignmentId)).toEqual([]);
    at('2026-12-08T10:30:00.000Z');
    await push(cy, uuid(++counter, 0x4f4), [{ id: 1, name: 'saveGame', args: saveGameArgs(uuid(++counter, 0x4f5), { difficulty: 'advanced', gameDurationSeconds: 300 }, '2026-12-08T10:20:00.000Z') }]);
    // Before anyone reads a list.
    expect(await kept(assignmentId)).toEqual([{ userId: cy.user.id, completedAt: '2026-12-08T10:20:00.000Z' }]);

    // A lesson the child finished after the teacher's (offline) device set it, stored before the homework reached the server.
    const lessonDone = await db.insertInto('lessons').values({ slug: 'hw-pins', title: 'Pins', description: null, difficulty: 'beginner', content: null }).returning('id').executeTakeFirstOrThrow();
    await db.insertInto('userLessonProgress').values({ userId: cy.user.id, lessonId: lessonDone.id, completed: 1, score: null, completedAt: '2026-12-08T10:40:00.000Z' }).execute();
    at('2026-12-08T11:00:00.000Z');
    const lessonKey = uuid(++counter, 0x4f6);
    const lessonArgs = { classId: classA, key: lessonKey, task: { kind: 'lesson', lessonId: lessonDone.id }, dueAt: '2026-12-12T23:59:59.000Z', note: 'Offline set', studentIds: [cy.user.id], assignedAt: '2026-12-08T10:35:00.000Z' };
    expect((await push(teacherA, uuid(++counter, 0x4f9), [{ id: 1, name: 'assignHomework', args: lessonArgs }])).results[0]?.status).toBe('applied');
    const lessonAssignment = (await db.selectFrom('homeworkAssignments').select('id').where('clientKey', '=', lessonKey).executeTakeFirstOrThrow()).id;
    expect(await kept(lessonAssignment)).toEqual([{ userId: cy.user.id, completedAt: '2026-12-08T10:40:00.000Z' }]);

    // A fact written behind the services' back (no event) shows as done in the lists, which write nothing.
    const quietKey = uuid(++counter, 0x4f7);
    await ok(await call(teacherA, 'POST', `/api/classes/${classA}/homework`, assignBody({ key: quietKey, task: { kind: 'games', level: 'beginner', count: 1 }, studentIds: [cy.user.id] })), 201);
    at('2026-12-08T11:30:00.000Z');
    await db
      .insertInto('games')
      .values({ userId: cy.user.id, clientGameId: uuid(++counter, 0x4f8), opponent: 'computer', result: 'win', moves: '[]', pgn: '', finalFen: '', totalMoves: 0, gameMode: 'pvc', difficulty: 'beginner', playerColor: 'w', gameDuration: 60, syncVersion: 0, createdAt: '2026-12-08T11:10:00.000Z' })
      .execute();
    const before = await db.selectFrom('homeworkCompletions').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const quiet = (await classHomework()).find((item) => item.key === quietKey) as ClassHomework;
    expect(studentOf(quiet, cy)?.progress).toMatchObject({ done: 1, status: 'done' });
    const mine = studentHomeworkListSchema.parse(await ok(await call(cy, 'GET', '/api/homework'))).homework.find((item) => item.key === quietKey);
    expect(mine?.progress.status).toBe('done');
    const after = await db.selectFrom('homeworkCompletions').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });
});
