import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Role } from '../../schema';
import {
  DEFAULT_CHESS_SETTINGS,
  PARENT_MESSAGES,
  authUserSchema,
  
  
  linkedChildrenSchema,
  linkedChildSchema,
  parentCodeSchema,
  pullResponseSchema,
  
  settingsResponseSchema,
  type ClassCredential,
} from '../../schema';
import type { TestDatabase } from '../core/test-db';
import { twoSchools, type TwoSchools } from '../testing/two-schools';
import { type Account, expectJson, expectJsonError, gamePayload, registerAccount, uuid } from '../testing/test-server';
import { hashParentCode } from './service';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 90_000 });

/**
 * Parents (issue 19): two schools. A's teacher makes a class of two children (Ann, Ben) and B's
 * teacher one of one child (Cat). A parent links to Ann by the code A's teacher makes; a second
 * parent links to Cat. Each sees and changes only their own child.
 */

let world: TwoSchools;
let test: TestDatabase;
let app: FastifyInstance;
let call: TwoSchools['call'];
let teacherA: Account;
let teacherB: Account;
let student: Account;
let parent: Account;
let otherParent: Account;
let classA: number;
let classB: number;
let ann: ClassCredential;
let ben: ClassCredential;
let cat: ClassCredential;
let childSession: Account;

const person = (role: Role, scope: string | null): Promise<Account> => world.person(role, { scopes: [scope] });

const ok = expectJson;

const codeFor = async (who: Account, classId: number, childId: number) =>
  parentCodeSchema.parse(await ok(await call(who, 'POST', `/api/classes/${classId}/students/${childId}/parent-code`), 201));

const push = (who: Account | string, mutations: { name: string; args: unknown }[]) => world.push(who, mutations);

beforeAll(async () => {
  world = await twoSchools();
  ({ test, app, call } = world);
  const { orgA, orgB } = world;
  teacherA = await person('teacher', `organization:${orgA}`);
  teacherB = await person('teacher', `organization:${orgB}`);
  student = await person('student', null);
  parent = await registerAccount(app);
  otherParent = await registerAccount(app);
  let made = await world.makeClass(teacherA, orgA, { name: 'Chess club' }, ['Ann Example', 'Ben Example']);
  classA = made.id;
  [ann, ben] = made.credentials as [ClassCredential, ClassCredential];
  made = await world.makeClass(teacherB, orgB, { name: 'Chess club' }, ['Cat Example']);
  classB = made.id;
  [cat] = made.credentials as [ClassCredential];
  childSession = await world.signIn(ann);
});

afterAll(() => world.close());

describe('parent codes', () => {
  it("are made by the class's staff only, readable, stored as a hash, for 30 days", async () => {
    const now = Date.now();
    const made = await codeFor(teacherA, classA, ann.userId);
    expect(made.code).toMatch(/^[ACDEFGHJKMNPQRTUVWXY34679]{4}-[ACDEFGHJKMNPQRTUVWXY34679]{4}$/);
    expect(Date.parse(made.expiresAt) - now).toBeGreaterThan(29.9 * 24 * 3600_000);
    const rows = await test.database.db.selectFrom('parentLinkCodes').selectAll().where('childId', '=', ann.userId).execute();
    expect(rows.map((row) => row.codeHash)).toEqual([hashParentCode(made.code.replace('-', ''))]);
    expect(JSON.stringify(rows)).not.toContain(made.code.replace('-', ''));
    // B's teacher, on A's class: the class is not theirs to learn of.
    expectJsonError(await call(teacherB, 'POST', `/api/classes/${classA}/students/${ann.userId}/parent-code`), 404);
    // A's teacher, a child of B's class named through A's class: not in it.
    expectJsonError(await call(teacherA, 'POST', `/api/classes/${classA}/students/${cat.userId}/parent-code`), 404);
    for (const who of [student, parent, childSession]) expect((await call(who, 'POST', `/api/classes/${classA}/students/${ann.userId}/parent-code`)).statusCode).toBe(403);
    expect((await call(null, 'POST', `/api/classes/${classA}/students/${ann.userId}/parent-code`)).statusCode).toBe(401);
  });

  it('a new code replaces the unused one before it', async () => {
    const first = await codeFor(teacherA, classA, ben.userId);
    const second = await codeFor(teacherA, classA, ben.userId);
    expect(expectJsonError(await call(otherParent, 'POST', '/api/parents/link', { code: first.code }), 409)).toBe(PARENT_MESSAGES.codeExpired);
    const linked = linkedChildSchema.parse(await ok(await call(otherParent, 'POST', '/api/parents/link', { code: second.code.toLowerCase() }), 201));
    expect(linked.username).toBe(ben.username);
  });
});

describe('linking', () => {
  it('links a parent with a code once; the account becomes a parent', async () => {
    const { code } = await codeFor(teacherA, classA, ann.userId);
    expect(authUserSchema.parse(await ok(await call(parent, 'GET', '/api/auth/user'))).primaryRole).toBe('student');
    const linked = linkedChildSchema.parse(await ok(await call(parent, 'POST', '/api/parents/link', { code: ` ${code} ` }), 201));
    expect(linked).toMatchObject({ userId: ann.userId, username: ann.username, realName: 'Ann Example', controlsSetAt: null });
    expect(authUserSchema.parse(await ok(await call(parent, 'GET', '/api/auth/user')))).toMatchObject({ primaryRole: 'parent', onboardingCompleted: true });
    // Once only: another account, or the same again.
    expect(expectJsonError(await call(student, 'POST', '/api/parents/link', { code }), 409)).toBe(PARENT_MESSAGES.codeUsed);
    const again = await codeFor(teacherA, classA, ann.userId);
    expect(expectJsonError(await call(parent, 'POST', '/api/parents/link', { code: again.code }), 409)).toBe(PARENT_MESSAGES.alreadyLinked);
  });

  it('refuses malformed, unknown and expired codes, and children', async () => {
    expect(expectJsonError(await call(parent, 'POST', '/api/parents/link', { code: 'ACDE-FGH0' }), 400)).toBe(PARENT_MESSAGES.codeFormat);
    expectJsonError(await call(parent, 'POST', '/api/parents/link', { code: 12 }), 400);
    expectJsonError(await call(parent, 'POST', '/api/parents/link', { code: 'A'.repeat(41) }), 400);
    expect(expectJsonError(await call(parent, 'POST', '/api/parents/link', { code: 'ACDE-FGHJ' }), 404)).toBe(PARENT_MESSAGES.codeUnknown);
    const old = await codeFor(teacherB, classB, cat.userId);
    await test.database.db.updateTable('parentLinkCodes').set({ expiresAt: new Date(Date.now() - 1000).toISOString() }).where('childId', '=', cat.userId).execute();
    expect(expectJsonError(await call(otherParent, 'POST', '/api/parents/link', { code: old.code }), 409)).toBe(PARENT_MESSAGES.codeExpired);
    // A child account cannot become a parent (even of a classmate).
    const forBen = await codeFor(teacherA, classA, ben.userId);
    expect(expectJsonError(await call(childSession, 'POST', '/api/parents/link', { code: forBen.code }), 403)).toBe(PARENT_MESSAGES.notForChildren);
    expect((await call(null, 'POST', '/api/parents/link', { code: forBen.code })).statusCode).toBe(401);
  });

  it('counts every attempt before reading anything: the 11th in 15 minutes is a 429', async () => {
    const guesser = await registerAccount(app);
    for (let i = 0; i < 10; i++) expect((await call(guesser, 'POST', '/api/parents/link', { code: 'ACDE-FGHJ' })).statusCode).toBe(404);
    const refused = await call(guesser, 'POST', '/api/parents/link', { code: 'ACDE-FGHJ' });
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    // Malformed guesses count too.
    expect((await call(guesser, 'POST', '/api/parents/link', { code: 'nonsense' })).statusCode).toBe(429);
  });
});

describe("a parent sees and sets only their own children's controls", () => {
  it('lists the linked child with progress, recent games and play time', async () => {
    const game = await call(childSession, 'POST', '/api/games/save', { ...gamePayload(), gameId: uuid(1, 0x77), gameDurationSeconds: 600 });
    expect(game.statusCode, game.body).toBe(200);
    const { children } = linkedChildrenSchema.parse(await ok(await call(parent, 'GET', '/api/parents/children')));
    expect(children.map((child) => child.userId)).toEqual([ann.userId]);
    const [child] = children;
    expect(child?.recentGames).toHaveLength(1);
    expect(child?.playedGames).toEqual([expect.objectContaining({ durationSeconds: 600 })]);
    expect(child?.controls).toEqual({ dailyPlayTime: 30, breakReminders: 15, hintsEnabled: true, difficulty: 'beginner' });
    // The other parent sees their child only; accounts with no child see none.
    const other = linkedChildrenSchema.parse(await ok(await call(otherParent, 'GET', '/api/parents/children')));
    expect(other.children.map((c) => c.userId)).toEqual([ben.userId]);
    for (const who of [teacherA, student, childSession]) expect(linkedChildrenSchema.parse(await ok(await call(who, 'GET', '/api/parents/children'))).children).toEqual([]);
  });

  it('changes the controls online and through the outbox; nobody else can', async () => {
    const patched = linkedChildSchema.parse(await ok(await call(parent, 'PATCH', `/api/parents/children/${ann.userId}/controls`, { dailyPlayTime: 60, difficulty: 'intermediate' })));
    expect(patched.controls).toMatchObject({ dailyPlayTime: 60, difficulty: 'intermediate' });
    expect(patched.controlsSetAt).not.toBeNull();
    const results = await push(parent, [{ name: 'setChildControls', args: { childId: ann.userId, controls: { dailyPlayTime: 30, hintsEnabled: false } } }]);
    expect(results).toEqual([{ id: 1, status: 'applied' }]);
    const settings = settingsResponseSchema.parse(await ok(await call(childSession, 'GET', '/api/settings')));
    expect(settings.settings).toMatchObject({ dailyPlayTime: 30, hintsEnabled: false, difficulty: 'intermediate', aiDifficulty: 'intermediate' });
    expect(settings.controlsSetAt).not.toBeNull();
    const pull = pullResponseSchema.parse(await ok(await call(childSession, 'POST', '/api/sync/pull', { protocol: 3, cursor: 0 })));
    expect(pull.controlsSetAt).toBe(settings.controlsSetAt);

    // Another school's child, another parent's child, and the same child by anyone not linked.
    for (const [who, childId] of [[parent, cat.userId], [parent, ben.userId], [otherParent, ann.userId], [teacherA, ann.userId], [student, ann.userId], [childSession, ann.userId]] as const) {
      expect(expectJsonError(await call(who, 'PATCH', `/api/parents/children/${childId}/controls`, { dailyPlayTime: 120 }), 404)).toBe(PARENT_MESSAGES.childNotFound);
      expect(await push(who, [{ name: 'setChildControls', args: { childId, controls: { dailyPlayTime: 120 } } }])).toEqual([{ id: 1, status: 'rejected', error: PARENT_MESSAGES.childNotFound, code: 'ERR_NOT_FOUND' }]);
    }
    expect((await call(null, 'PATCH', `/api/parents/children/${ann.userId}/controls`, { dailyPlayTime: 120 })).statusCode).toBe(401);
    const after = settingsResponseSchema.parse(await ok(await call(childSession, 'GET', '/api/settings')));
    expect(after.settings.dailyPlayTime).toBe(30);
  });

  it('refuses bad controls', async () => {
    for (const body of [{}, { dailyPlayTime: 45 }, { breakReminders: -1 }, { difficulty: 'grandmaster' }, { hintsEnabled: 'yes' }, { focusMode: true }]) {
      expectJsonError(await call(parent, 'PATCH', `/api/parents/children/${ann.userId}/controls`, body), 400);
    }
    expectJsonError(await call(parent, 'PATCH', '/api/parents/children/abc/controls', { dailyPlayTime: 30 }), 400);
    const results = await push(parent, [{ name: 'setChildControls', args: { childId: ann.userId, controls: {} } }]);
    expect(results[0]?.status).toBe('rejected');
  });

  it("the child's own saves keep the parent's controls and change the rest", async () => {
    const later = new Date(Date.now() + 60_000).toISOString();
    const results = await push(childSession, [
      { name: 'saveSettings', args: { settings: { ...DEFAULT_CHESS_SETTINGS, dailyPlayTime: 0, hintsEnabled: true, focusMode: true }, updatedAt: later } },
    ]);
    expect(results).toEqual([{ id: 1, status: 'applied' }]);
    const settings = settingsResponseSchema.parse(await ok(await call(childSession, 'GET', '/api/settings')));
    expect(settings.settings).toMatchObject({ dailyPlayTime: 30, hintsEnabled: false, difficulty: 'intermediate', focusMode: true });
  });
});
