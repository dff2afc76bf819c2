import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SIGN_IN_CODE_MINUTES } from '../../domain/class-codes';
import type { Role } from '../../schema';
import {
  CLASS_CODE_MESSAGES,
  CLASS_MESSAGES,
  MESSAGES,
  authUserSchema,
  classCodeLookupSchema,
  
  classDetailSchema,
  classJoinPanelSchema,
  classJoinResultSchema,
  
  pushResponseSchema,
  signInCodeSchema,
  type ClassCredential,
} from '../../schema';
import type { TestDatabase } from '../core/test-db';
import { twoSchools, type Method, type TwoSchools } from '../testing/two-schools';
import { type Account, expectJson, expectJsonError, uuid } from '../testing/test-server';
import { hashClassCode } from './codes';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 90_000 });

/**
 * Class codes (issue 19): the sign-in code on the board and join codes. Two schools: A's teacher
 * runs class A (three managed children and a real name each), B's teacher runs class B; an
 * ordinary student of no class; the clock is the test's own, for the codes' expiry.
 */

let world: TwoSchools;
let test: TestDatabase;
let clock = new Date('2026-11-25T09:00:00.000Z');
let orgA: number;
let orgB: number;
let teacherA: Account;
let teacherB: Account;
let student: Account;
let other: Account;
let classA: number;
let classB: number;
let cards: ClassCredential[];
let counter = 0;

const person = (role: Role, scope: string | null): Promise<Account> => world.person(role, { scopes: [scope] });

const call = (who: Account | null, method: Method, url: string, payload?: unknown, ip = '127.0.0.1') => world.call(who, method, url, payload, { ip });

const ok = expectJson;

const later = (minutes: number) => {
  clock = new Date(clock.getTime() + minutes * 60_000);
};

beforeAll(async () => {
  world = await twoSchools({ now: () => clock });
  ({ test, orgA, orgB } = world);
  teacherA = await person('teacher', `organization:${orgA}`);
  teacherB = await person('teacher', `organization:${orgB}`);
  student = await person('student', null);
  other = await person('student', null);
  ({ id: classA, credentials: cards } = await world.makeClass(teacherA, orgA, { name: '4C Chess', maxMembers: 5 }, ['Zoe Adams', 'Ben Carter', 'Ana Diaz']));
  classB = (await world.makeClass(teacherB, orgB, { name: 'B Chess' })).id;
});

afterAll(() => world.close());

const lookUp = (code: string, ip = '10.0.0.1') => call(null, 'POST', '/api/auth/class-code', { code }, ip);

describe('the sign-in code on the board', () => {
  let code: string;

  it('the class’s teacher makes a 6-character code valid for 10 minutes, stored only as its hash', async () => {
    const made = signInCodeSchema.parse(await ok(await call(teacherA, 'POST', '/api/classes/sign-in-code', { classId: classA }), 201));
    code = made.code;
    expect(code).toMatch(/^[ACDEFGHJKMNPQRTWXY34679]{6}$/);
    expect(new Date(made.expiresAt).getTime() - clock.getTime()).toBe(SIGN_IN_CODE_MINUTES * 60_000);
    const rows = await test.database.db.selectFrom('classCodes').selectAll().where('teamId', '=', classA).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: 'sign_in', code: null, codeHash: hashClassCode(code) });
    expect(JSON.stringify(rows)).not.toContain(code);
  });

  it('anyone with the code sees the class name and the managed usernames only, never a real name', async () => {
    const found = classCodeLookupSchema.parse(await ok(await lookUp(`${code.slice(0, 3).toLowerCase()}-${code.slice(3)}`)));
    expect(found.className).toBe('4C Chess');
    expect(found.students.map((each) => each.username)).toEqual(['AnaD', 'BenC', 'ZoeA']);
    expect(JSON.stringify(found)).not.toMatch(/Adams|Carter|Diaz/);
  });

  it('the child then signs in with the existing username login', async () => {
    const card = cards[1] as ClassCredential;
    const response = await call(null, 'POST', '/api/auth/login', { username: card.username, password: card.password });
    expect(authUserSchema.parse(await ok(response))).toMatchObject({ username: 'BenC', isManaged: true });
  });

  it('a new code replaces the last; a code is dead after 10 minutes', async () => {
    const second = signInCodeSchema.parse(await ok(await call(teacherA, 'POST', '/api/classes/sign-in-code', { classId: classA }), 201));
    expect(expectJsonError(await lookUp(code), 404)).toBe(CLASS_CODE_MESSAGES.signInCodeUnknown);
    later(SIGN_IN_CODE_MINUTES - 1);
    await ok(await lookUp(second.code));
    later(1);
    expect(expectJsonError(await lookUp(second.code), 404)).toBe(CLASS_CODE_MESSAGES.signInCodeUnknown);
    // The next code made anywhere clears the dead ones.
    await ok(await call(teacherB, 'POST', '/api/classes/sign-in-code', { classId: classB }), 201);
    const left = await test.database.db.selectFrom('classCodes').select('teamId').where('kind', '=', 'sign_in').execute();
    expect(left.map((row) => row.teamId)).toEqual([classB]);
  });

  it('unknown, malformed and overlong codes are 404 or 400, never a 500', async () => {
    expect(expectJsonError(await lookUp('AAAAAA', '10.0.0.2'), 404)).toBe(CLASS_CODE_MESSAGES.signInCodeUnknown);
    expect(expectJsonError(await lookUp('', '10.0.0.2'), 404)).toBe(CLASS_CODE_MESSAGES.signInCodeUnknown);
    expectJsonError(await lookUp('X'.repeat(41), '10.0.0.2'), 400);
    expectJsonError(await call(null, 'POST', '/api/auth/class-code', { code: 42 }, '10.0.0.2'), 400);
    expectJsonError(await call(null, 'POST', '/api/auth/class-code', { code: 'ACDEFG', classId: 1 }, '10.0.0.2'), 400);
  });

  it('a code that works is given back: a class behind one address all type it (the limits: auth/code-guard.test.ts)', async () => {
    const good = signInCodeSchema.parse(await ok(await call(teacherA, 'POST', '/api/classes/sign-in-code', { classId: classA }), 201)).code;
    for (let child = 0; child < 300; child++) await ok(await lookUp(good, '10.0.0.3'));
  });

  it('only the class’s staff make a code: B’s teacher 404, a student 403, a guest 401; bad ids 400', async () => {
    expect(expectJsonError(await call(teacherB, 'POST', '/api/classes/sign-in-code', { classId: classA }), 404)).toBe(CLASS_MESSAGES.notFound);
    expect(expectJsonError(await call(student, 'POST', '/api/classes/sign-in-code', { classId: classA }), 403)).toBe(MESSAGES.forbidden);
    expect(expectJsonError(await call(null, 'POST', '/api/classes/sign-in-code', { classId: classA }), 401)).toBe(MESSAGES.notAuthenticated);
    expectJsonError(await call(teacherA, 'POST', '/api/classes/sign-in-code', { classId: 'x' }), 400);
    expectJsonError(await call(teacherA, 'POST', '/api/classes/sign-in-code', {}), 400);
    expect(expectJsonError(await call(teacherA, 'POST', '/api/classes/sign-in-code', { classId: 999_999 }), 404)).toBe(CLASS_MESSAGES.notFound);
  });
});

describe('join codes', () => {
  let joinCode: string;

  it('the teacher makes a join code and shows it again; a new one retires the old', async () => {
    expect(classJoinPanelSchema.parse(await ok(await call(teacherA, 'GET', `/api/classes/${classA}/join`)))).toEqual({ joinCode: null, joinCodeExpiresAt: null, joinCodeState: null, requests: [] });
    const first = classJoinPanelSchema.parse(await ok(await call(teacherA, 'POST', `/api/classes/${classA}/join-code`)));
    expect(first.joinCode).toMatch(/^[ACDEFGHJKMNPQRTWXY34679]{8}$/);
    const second = classJoinPanelSchema.parse(await ok(await call(teacherA, 'POST', `/api/classes/${classA}/join-code`)));
    expect(second.joinCode).not.toBe(first.joinCode);
    expect(classJoinPanelSchema.parse(await ok(await call(teacherA, 'GET', `/api/classes/${classA}/join`))).joinCode).toBe(second.joinCode);
    expect(expectJsonError(await call(student, 'POST', '/api/classes/join', { code: first.joinCode }), 404)).toBe(CLASS_CODE_MESSAGES.joinCodeUnknown);
    joinCode = second.joinCode as string;
  });

  it('an ordinary student asks to join; the teacher sees the username only and lets them in', async () => {
    await test.database.db.updateTable('users').set({ firstName: 'Secret', lastName: 'Surname' }).where('id', '=', student.user.id).execute();
    const asked = classJoinResultSchema.parse(await ok(await call(student, 'POST', '/api/classes/join', { code: joinCode.toLowerCase() })));
    expect(asked).toEqual({ classId: classA, className: '4C Chess', status: 'pending' });
    // Asking again while waiting changes nothing.
    await ok(await call(student, 'POST', '/api/classes/join', { code: joinCode }));
    const panel = classJoinPanelSchema.parse(await ok(await call(teacherA, 'GET', `/api/classes/${classA}/join`)));
    expect(panel.requests).toEqual([{ userId: student.user.id, username: student.user.username, requestedAt: clock.toISOString() }]);
    expect(JSON.stringify(panel)).not.toMatch(/Secret|Surname/);
    // Not in the class before the teacher answers.
    expect(expectJsonError(await call(student, 'GET', `/api/classes/${classA}`), 404)).toBe(CLASS_MESSAGES.notFound);
    const after = classJoinPanelSchema.parse(await ok(await call(teacherA, 'POST', `/api/classes/${classA}/join-requests/${student.user.id}`, { approve: true })));
    expect(after.requests).toEqual([]);
    const detail = classDetailSchema.parse(await ok(await call(teacherA, 'GET', `/api/classes/${classA}`)));
    expect(detail.students.find((each) => each.userId === student.user.id)).toEqual({ userId: student.user.id, username: student.user.username, realName: null, isManaged: false });
    expect(JSON.stringify(detail)).not.toMatch(/Secret|Surname/);
    expect(classDetailSchema.parse(await ok(await call(student, 'GET', `/api/classes/${classA}`))).class.canManage).toBe(false);
    expect(expectJsonError(await call(student, 'POST', '/api/classes/join', { code: joinCode }), 409)).toBe(CLASS_CODE_MESSAGES.alreadyMember);
    expect(expectJsonError(await call(teacherA, 'POST', `/api/classes/${classA}/join-requests/${student.user.id}`, { approve: true }), 404)).toBe(CLASS_CODE_MESSAGES.requestNotFound);
  });

  it('a managed child cannot ask; unknown and malformed codes are 404, bad bodies 400, a guest 401', async () => {
    const card = cards[0] as ClassCredential;
    const signedIn = await call(null, 'POST', '/api/auth/login', { username: card.username, password: card.password });
    const child = { user: authUserSchema.parse(signedIn.json()), cookie: String(signedIn.headers['set-cookie']).split(';')[0] as string, email: '', password: card.password };
    expect(expectJsonError(await call(child, 'POST', '/api/classes/join', { code: joinCode }), 403)).toBe(CLASS_CODE_MESSAGES.managedCannotJoin);
    expect(expectJsonError(await call(other, 'POST', '/api/classes/join', { code: 'WWWWWWWW' }), 404)).toBe(CLASS_CODE_MESSAGES.joinCodeUnknown);
    expect(expectJsonError(await call(other, 'POST', '/api/classes/join', { code: '0' }), 404)).toBe(CLASS_CODE_MESSAGES.joinCodeUnknown);
    expectJsonError(await call(other, 'POST', '/api/classes/join', {}), 400);
    expectJsonError(await call(other, 'POST', '/api/classes/join', { code: ['x'] }), 400);
    expect(expectJsonError(await call(null, 'POST', '/api/classes/join', { code: joinCode }), 401)).toBe(MESSAGES.notAuthenticated);
  });

  it('who answers: B’s teacher 404, a student of the class 403, a guest 401; bad input 400', async () => {
    await ok(await call(other, 'POST', '/api/classes/join', { code: joinCode }));
    const url = `/api/classes/${classA}/join-requests/${other.user.id}`;
    expect(expectJsonError(await call(teacherB, 'POST', url, { approve: true }), 404)).toBe(CLASS_MESSAGES.notFound);
    expect(expectJsonError(await call(teacherB, 'GET', `/api/classes/${classA}/join`), 404)).toBe(CLASS_MESSAGES.notFound);
    expect(expectJsonError(await call(teacherB, 'POST', `/api/classes/${classA}/join-code`), 404)).toBe(CLASS_MESSAGES.notFound);
    expect(expectJsonError(await call(student, 'POST', url, { approve: true }), 403)).toBe(MESSAGES.forbidden);
    expect(expectJsonError(await call(student, 'GET', `/api/classes/${classA}/join`), 403)).toBe(MESSAGES.forbidden);
    expect(expectJsonError(await call(null, 'POST', url, { approve: true }), 401)).toBe(MESSAGES.notAuthenticated);
    expectJsonError(await call(teacherA, 'POST', url, {}), 400);
    expectJsonError(await call(teacherA, 'POST', url, { approve: 'yes' }), 400);
    expectJsonError(await call(teacherA, 'POST', `/api/classes/${classA}/join-requests/abc`, { approve: true }), 400);
    const panel = classJoinPanelSchema.parse(await ok(await call(teacherA, 'GET', `/api/classes/${classA}/join`)));
    expect(panel.requests.map((request) => request.userId)).toEqual([other.user.id]);
  });

  it('a full class refuses to take more: at the request and at the approval ("This class is full")', async () => {
    // Class A has 5 places: three children and the student; `other` asked while there was room.
    const third = await person('student', null);
    await ok(await call(third, 'POST', '/api/classes/join', { code: joinCode }));
    await ok(await call(teacherA, 'POST', `/api/classes/${classA}/join-requests/${third.user.id}`, { approve: true }));
    expect(expectJsonError(await call(teacherA, 'POST', `/api/classes/${classA}/join-requests/${other.user.id}`, { approve: true }), 409)).toBe(CLASS_CODE_MESSAGES.full);
    const fourth = await person('student', null);
    expect(expectJsonError(await call(fourth, 'POST', '/api/classes/join', { code: joinCode }), 409)).toBe(CLASS_CODE_MESSAGES.full);
    // Declining still works in a full class.
    await ok(await call(teacherA, 'POST', `/api/classes/${classA}/join-requests/${other.user.id}`, { approve: false }));
    const detail = classDetailSchema.parse(await ok(await call(teacherA, 'GET', `/api/classes/${classA}`)));
    expect(detail.students.map((each) => each.userId)).not.toContain(other.user.id);
    expect(detail.class.studentCount).toBe(5);
  });

  it('through the outbox: requestClassJoin and answerClassJoin applied once, refusals with the routes’ words', async () => {
    const joinB = classJoinPanelSchema.parse(await ok(await call(teacherB, 'POST', `/api/classes/${classB}/join-code`))).joinCode as string;
    const studentClient = uuid(++counter, 0x19c);
    const teacherClient = uuid(++counter, 0x19d);
    const push = (who: Account, client: string, mutations: unknown[]) => call(who, 'POST', '/api/sync/push', { protocol: 3, clientId: client, mutations });
    const asked = pushResponseSchema.parse(await ok(await push(other, studentClient, [
      { id: 1, name: 'requestClassJoin', args: { code: joinB } },
      { id: 2, name: 'requestClassJoin', args: { code: 'WWWWWWWW' } },
    ])));
    expect(asked.results).toEqual([{ id: 1, status: 'applied' }, { id: 2, status: 'rejected', error: CLASS_CODE_MESSAGES.joinCodeUnknown, code: 'ERR_JOIN_CODE_UNKNOWN' }]);
    const again = pushResponseSchema.parse(await ok(await push(other, studentClient, [{ id: 1, name: 'requestClassJoin', args: { code: joinB } }])));
    expect(again.results[0]?.status).toBe('duplicate');
    // A's teacher cannot answer for B; B's teacher lets the student in, once.
    const foreign = pushResponseSchema.parse(await ok(await push(teacherA, uuid(++counter, 0x19e), [{ id: 1, name: 'answerClassJoin', args: { classId: classB, userId: other.user.id, approve: true } }])));
    expect(foreign.results[0]).toMatchObject({ status: 'rejected', error: CLASS_MESSAGES.notFound });
    const answer = { id: 1, name: 'answerClassJoin', args: { classId: classB, userId: other.user.id, approve: true } };
    expect(pushResponseSchema.parse(await ok(await push(teacherB, teacherClient, [answer]))).results).toEqual([{ id: 1, status: 'applied' }]);
    expect(pushResponseSchema.parse(await ok(await push(teacherB, teacherClient, [answer]))).results[0]?.status).toBe('duplicate');
    const members = await test.database.db.selectFrom('teamMembers').select('userId').where('teamId', '=', classB).where('userId', '=', other.user.id).execute();
    expect(members).toHaveLength(1);
    const bad = pushResponseSchema.parse(await ok(await push(teacherB, teacherClient, [{ id: 2, name: 'answerClassJoin', args: { classId: classB, userId: other.user.id, approve: 'yes' } }])));
    expect(bad.results[0]?.status).toBe('rejected');
  });
});
