import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  CLASS_MESSAGES,
  MESSAGES,
  
  
  classDashboardSchema,
  classDetailSchema,
  classHomeworkListSchema,
  classListSchema,
  
  classTournamentResultSchema,
  pushResponseSchema,
  studentHomeworkListSchema,
  type ClassCredential,
  type ClassDetail,
  type Role,
} from '../../schema';
import type { TestDatabase } from '../core/test-db';
import { twoSchools, type TwoSchools } from '../testing/two-schools';
import { expectJson, expectJsonError, uuid, type Account } from '../testing/test-server';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 90_000 });

/**
 * Managing a class (issue 19; ./manage.ts): school A's teacher edits class A, removes a student
 * and puts them back; school B's organiser (class B) and a student of class A try the same.
 */

let world: TwoSchools;
let test: TestDatabase;
let call: TwoSchools['call'];
let orgA: number;
let orgB: number;
let teacherA: Account;
let organizerB: Account;
let outsider: Account;
let classA: number;
let classB: number;
let cards: ClassCredential[];
let children: Account[];
let counter = 0;

const person = (role: Role, scope: string | null, home: number | null): Promise<Account> => world.person(role, { scopes: [scope], home });

const ok = expectJson;

const push = async (who: Account, clientId: string, mutations: { id: number; name: string; args: unknown }[]) =>
  pushResponseSchema.parse(await ok(await call(who, 'POST', '/api/sync/push', { protocol: 3, clientId, mutations })));

const detailOf = async (who: Account = teacherA, classId = classA): Promise<ClassDetail> => classDetailSchema.parse(await ok(await call(who, 'GET', `/api/classes/${classId}`)));
const edit = (fields: Record<string, unknown> = {}) => ({ name: '4A', gradeLevel: 'Grade 4', skillLevel: 'beginner', maxMembers: 30, ...fields });
const card = (index: number) => cards[index] as ClassCredential;
const child = (index: number) => children[index] as Account;

beforeAll(async () => {
  world = await twoSchools();
  ({ test, call, orgA, orgB } = world);
  teacherA = await person('teacher', `organization:${orgA}`, null);
  organizerB = await person('organizer', `organization:${orgB}`, null);
  outsider = await person('student', null, orgA);
  ({ id: classA, credentials: cards } = await world.makeClass(teacherA, orgA, { name: '4A', maxMembers: 30 }, ['Ada One', 'Bo Two', 'Cy Three']));
  classB = (await world.makeClass(organizerB, orgB, { name: '4B' })).id;
  children = await Promise.all(cards.map(world.signIn));
});

afterAll(() => world.close());

describe('editing a class', () => {
  it('the staff change its name (normalised), grade, level and size', async () => {
    const detail = classDetailSchema.parse(await ok(await call(teacherA, 'PATCH', `/api/classes/${classA}`, edit({ name: '  4A\u200B   Chess\t', gradeLevel: '', skillLevel: 'advanced', maxMembers: 3 }))));
    expect(detail.class).toMatchObject({ name: '4A Chess', gradeLevel: null, skillLevel: 'advanced', maxMembers: 3, studentCount: 3 });
    const list = classListSchema.parse(await ok(await call(child(0), 'GET', '/api/classes')));
    expect(list.classes.map((each) => each.name)).toEqual(['4A Chess']);
    await ok(await call(teacherA, 'PATCH', `/api/classes/${classA}`, edit({ gradeLevel: 'Grade 4', maxMembers: 30 })));
    expect((await detailOf()).class).toMatchObject({ name: '4A', gradeLevel: 'Grade 4', skillLevel: 'beginner', maxMembers: 30 });
  });

  it('refuses a size below its students now (409), and another school’s staff (404) and a student of the class (403)', async () => {
    expect(expectJsonError(await call(teacherA, 'PATCH', `/api/classes/${classA}`, edit({ maxMembers: 2 })), 409)).toBe(CLASS_MESSAGES.maxBelowCount);
    expect(expectJsonError(await call(organizerB, 'PATCH', `/api/classes/${classA}`, edit({ name: 'Taken over' })), 404)).toBe(CLASS_MESSAGES.notFound);
    expect(expectJsonError(await call(teacherA, 'PATCH', `/api/classes/${classB}`, edit({ name: 'Taken over' })), 404)).toBe(CLASS_MESSAGES.notFound);
    expect(expectJsonError(await call(child(0), 'PATCH', `/api/classes/${classA}`, edit({ name: 'Ours' })), 403)).toBe(MESSAGES.forbidden);
    expect(expectJsonError(await call(outsider, 'PATCH', `/api/classes/${classA}`, edit({ name: 'Ours' })), 403)).toBe(MESSAGES.forbidden);
    expect((await detailOf()).class).toMatchObject({ name: '4A', maxMembers: 30 });
    expect((await detailOf(organizerB, classB)).class.name).toBe('4B');
  });

  it.each([
    ['an empty name', edit({ name: '   ' }), CLASS_MESSAGES.nameRequired],
    ['a name of 101 characters', edit({ name: 'A'.repeat(101) }), CLASS_MESSAGES.nameRequired],
    ['maxMembers 0', edit({ maxMembers: 0 }), CLASS_MESSAGES.maxMembers],
    ['maxMembers 201', edit({ maxMembers: 201 }), CLASS_MESSAGES.maxMembers],
    ['maxMembers 2.5', edit({ maxMembers: 2.5 }), CLASS_MESSAGES.maxMembers],
    ['maxMembers as text', edit({ maxMembers: '30' }), CLASS_MESSAGES.maxMembers],
    ['no maxMembers', { name: '4A', gradeLevel: null, skillLevel: null }, CLASS_MESSAGES.maxMembers],
    ['an unknown skill level', edit({ skillLevel: 'grandmaster' }), null],
    ['a grade of 41 characters', edit({ gradeLevel: 'G'.repeat(41) }), null],
    ['an unknown field', edit({ organizationId: 2 }), null],
  ])('%s is 400 with a JSON error', async (_label, payload, message) => {
    const error = expectJsonError(await call(teacherA, 'PATCH', `/api/classes/${classA}`, payload), 400);
    if (message !== null) expect(error).toContain(message);
  });

  it('a bad or unknown class id is 400 or 404', async () => {
    expectJsonError(await call(teacherA, 'PATCH', '/api/classes/abc', edit()), 400);
    expect(expectJsonError(await call(teacherA, 'PATCH', '/api/classes/999999', edit()), 404)).toBe(CLASS_MESSAGES.notFound);
  });
});

describe('removing a student and putting them back', () => {
  it('a removed student leaves the roster, dashboard, homework and class tournaments, keeps the account, and comes back', async () => {
    const key = uuid(++counter, 0x19c);
    await ok(await call(teacherA, 'POST', `/api/classes/${classA}/homework`, { key, task: { kind: 'lesson', lessonId: await lesson() }, dueAt: new Date(Date.now() + 5 * 864e5).toISOString(), note: 'Forks', studentIds: null }), 201);
    const gone = child(1).user.id;

    const removed = classDetailSchema.parse(await ok(await call(teacherA, 'DELETE', `/api/classes/${classA}/students/${gone}`)));
    expect(removed.students.map((each) => each.userId)).not.toContain(gone);
    expect(removed.removedStudents).toEqual([{ userId: gone, username: card(1).username, realName: 'Bo Two', isManaged: true }]);
    expect(removed.class.studentCount).toBe(2);
    // Removing twice changes nothing.
    expect(classDetailSchema.parse(await ok(await call(teacherA, 'DELETE', `/api/classes/${classA}/students/${gone}`))).removedStudents).toHaveLength(1);

    // Gone from what the class shows its staff.
    const dashboard = classDashboardSchema.parse(await ok(await call(teacherA, 'GET', `/api/classes/${classA}/dashboard`)));
    expect(dashboard.students.map((each) => each.userId)).not.toContain(gone);
    expectJsonError(await call(teacherA, 'GET', `/api/classes/${classA}/students/${gone}`), 404);
    const homework = classHomeworkListSchema.parse(await ok(await call(teacherA, 'GET', `/api/classes/${classA}/homework`)));
    expect(homework.homework.flatMap((each) => each.students.map((student) => student.userId))).not.toContain(gone);
    const tournament = classTournamentResultSchema.parse(await ok(await call(teacherA, 'POST', `/api/classes/${classA}/tournament`, { name: 'Without Bo', date: '2026-12-01' }), 201));
    expect(tournament.added).toBe(2);
    expect(expectJsonError(await call(teacherA, 'POST', `/api/classes/${classA}/students/${gone}/parent-code`), 404)).toBe(CLASS_MESSAGES.studentNotFound);

    // The child keeps the account and its sign-in, but the class is no longer theirs to see.
    const again = await world.signIn(card(1));
    expect(classListSchema.parse(await ok(await call(again, 'GET', '/api/classes'))).classes).toEqual([]);
    expect(expectJsonError(await call(again, 'GET', `/api/classes/${classA}`), 404)).toBe(CLASS_MESSAGES.notFound);
    expect(studentHomeworkListSchema.parse(await ok(await call(again, 'GET', '/api/homework'))).homework).toEqual([]);
    // The other students see the roster without them, and no removed list (staff only).
    const seenByChild = await detailOf(child(0));
    expect(seenByChild.students.map((each) => each.userId)).not.toContain(gone);
    expect(seenByChild.removedStudents).toBeUndefined();

    const back = classDetailSchema.parse(await ok(await call(teacherA, 'POST', `/api/classes/${classA}/students/${gone}/restore`)));
    expect(back.students.find((each) => each.userId === gone)).toMatchObject({ realName: 'Bo Two' });
    expect(back.removedStudents).toEqual([]);
    expect(back.class.studentCount).toBe(3);
    expect(studentHomeworkListSchema.parse(await ok(await call(again, 'GET', '/api/homework'))).homework).toHaveLength(1);
  });

  it('putting back respects maxMembers (409 This class is full)', async () => {
    const gone = child(2).user.id;
    await ok(await call(teacherA, 'DELETE', `/api/classes/${classA}/students/${gone}`));
    await ok(await call(teacherA, 'PATCH', `/api/classes/${classA}`, edit({ maxMembers: 2 })));
    expect(expectJsonError(await call(teacherA, 'POST', `/api/classes/${classA}/students/${gone}/restore`), 409)).toBe(CLASS_MESSAGES.full);
    expect((await detailOf()).removedStudents?.map((each) => each.userId)).toEqual([gone]);
    await ok(await call(teacherA, 'PATCH', `/api/classes/${classA}`, edit({ maxMembers: 30 })));
    await ok(await call(teacherA, 'POST', `/api/classes/${classA}/students/${gone}/restore`));
    expect((await detailOf()).class.studentCount).toBe(3);
  });

  it('refuses another school’s staff (404), a student of the class (403), an unknown student (404) and bad ids (400)', async () => {
    const target = child(0).user.id;
    for (const [method, suffix] of [['DELETE', ''], ['POST', '/restore']] as const) {
      expect(expectJsonError(await call(organizerB, method, `/api/classes/${classA}/students/${target}${suffix}`), 404)).toBe(CLASS_MESSAGES.notFound);
      expect(expectJsonError(await call(teacherA, method, `/api/classes/${classB}/students/${target}${suffix}`), 404)).toBe(CLASS_MESSAGES.notFound);
      expect(expectJsonError(await call(child(1), method, `/api/classes/${classA}/students/${target}${suffix}`), 403)).toBe(MESSAGES.forbidden);
      expect(expectJsonError(await call(teacherA, method, `/api/classes/${classA}/students/${outsider.user.id}${suffix}`), 404)).toBe(CLASS_MESSAGES.studentNotFound);
      expect(expectJsonError(await call(teacherA, method, `/api/classes/${classA}/students/999999${suffix}`), 404)).toBe(CLASS_MESSAGES.studentNotFound);
      expectJsonError(await call(teacherA, method, `/api/classes/${classA}/students/abc${suffix}`), 400);
      expectJsonError(await call(teacherA, method, `/api/classes/0/students/${target}${suffix}`), 400);
    }
    expect((await detailOf()).students.map((each) => each.userId)).toContain(target);
  });
});

describe('through the outbox', () => {
  it('updateClass and setClassStudentActive are applied once, with the routes’ checks', async () => {
    const clientId = uuid(++counter, 0x19d);
    const gone = child(0).user.id;
    const first = await push(teacherA, clientId, [
      { id: 1, name: 'updateClass', args: { classId: classA, ...edit({ name: 'Pushed  name', maxMembers: 20 }) } },
      { id: 2, name: 'setClassStudentActive', args: { classId: classA, userId: gone, active: false } },
    ]);
    expect(first.results).toEqual([{ id: 1, status: 'applied' }, { id: 2, status: 'applied' }]);
    let detail = await detailOf();
    expect(detail.class).toMatchObject({ name: 'Pushed name', maxMembers: 20 });
    expect(detail.removedStudents?.map((each) => each.userId)).toEqual([gone]);

    // Changed again online; the same mutations pushed again are duplicates and change nothing back.
    await ok(await call(teacherA, 'PATCH', `/api/classes/${classA}`, edit()));
    await ok(await call(teacherA, 'POST', `/api/classes/${classA}/students/${gone}/restore`));
    const again = await push(teacherA, clientId, [
      { id: 1, name: 'updateClass', args: { classId: classA, ...edit({ name: 'Pushed  name', maxMembers: 20 }) } },
      { id: 2, name: 'setClassStudentActive', args: { classId: classA, userId: gone, active: false } },
    ]);
    expect(again.results.map((each) => each.status)).toEqual(['duplicate', 'duplicate']);
    detail = await detailOf();
    expect(detail.class).toMatchObject({ name: '4A', maxMembers: 30 });
    expect(detail.students.map((each) => each.userId)).toContain(gone);

    const refused = await push(teacherA, clientId, [
      { id: 3, name: 'updateClass', args: { classId: classA, ...edit({ maxMembers: 1 }) } },
      { id: 4, name: 'setClassStudentActive', args: { classId: classA, userId: outsider.user.id, active: false } },
    ]);
    expect(refused.results).toEqual([
      { id: 3, status: 'rejected', error: CLASS_MESSAGES.maxBelowCount, code: 'ERR_CLASS_MAX_BELOW_COUNT' },
      { id: 4, status: 'rejected', error: CLASS_MESSAGES.studentNotFound, code: 'ERR_CLASS_STUDENT_NOT_FOUND' },
    ]);
    const foreign = await push(organizerB, uuid(++counter, 0x19e), [{ id: 1, name: 'setClassStudentActive', args: { classId: classA, userId: gone, active: false } }]);
    expect(foreign.results[0]).toMatchObject({ status: 'rejected', error: CLASS_MESSAGES.notFound });
    const fromChild = await push(child(1), uuid(++counter, 0x19f), [{ id: 1, name: 'updateClass', args: { classId: classA, ...edit({ name: 'Ours' }) } }]);
    expect(fromChild.results[0]).toMatchObject({ status: 'rejected', error: MESSAGES.forbidden });
    const invalid = await push(teacherA, clientId, [{ id: 5, name: 'updateClass', args: { classId: classA, ...edit({ name: '' }) } }]);
    expect(invalid.results[0]?.status).toBe('rejected');
    detail = await detailOf();
    expect(detail.class.name).toBe('4A');
    expect(detail.students).toHaveLength(3);
  });
});

let lessonId: number | null = null;
async function lesson(): Promise<number> {
  lessonId ??= (await test.database.db.insertInto('lessons').values({ slug: 'manage-forks', title: 'Forks', description: null, difficulty: 'beginner', content: null }).returning('id').executeTakeFirstOrThrow()).id;
  return lessonId;
}
