import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  MESSAGES,
  PARENT_MESSAGES,
  authUserSchema,
  
  
  linkedChildrenSchema,
  linkedChildSchema,
  parentEmailSchema,
  parentSuggestionsSchema,
  pushResponseSchema,
  settingsResponseSchema,
  type ClassCredential,
} from '../../schema';
import type { TestDatabase } from '../core/test-db';
import { twoSchools, type TwoSchools } from '../testing/two-schools';
import { type Account, expectJson, expectJsonError, registerAccount, uuid } from '../testing/test-server';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 90_000 });

/**
 * Parents by the child's parentEmail (issue 19). Anna has an ordinary account and names her
 * parent's e-mail; that parent (verified) is offered the link. An unverified account with the
 * same address, and a parent of another address, see nothing and are refused. A managed child of
 * school A cannot name a parent's e-mail; school B's teacher (a second organization) gets nothing.
 */

let world: TwoSchools;
let test: TestDatabase;
let app: FastifyInstance;
let call: TwoSchools['call'];
let anna: Account;
let parent: Account;
let unverified: Account;
let stranger: Account;
let teacherB: Account;
let managed: ClassCredential;
let managedSession: Account;
let pushes = 0;

const ok = expectJson;
const push = (who: Account | string, name: string, args: unknown) => world.push(who, [{ name, args }]);
const suggestions = async (who: Account | string) => parentSuggestionsSchema.parse(await ok(await call(who, 'GET', '/api/parents/suggestions'))).suggestions;
const verify = (who: Account) => test.database.db.updateTable('users').set({ emailVerifiedAt: new Date().toISOString() }).where('id', '=', who.user.id).execute();

beforeAll(async () => {
  world = await twoSchools();
  ({ test, app, call } = world);
  const { orgA, orgB } = world;
  const teacherA = await world.person('teacher', { scopes: [`organization:${orgA}`] });
  teacherB = await world.person('teacher', { scopes: [`organization:${orgB}`] });
  await verify(teacherB);
  anna = await registerAccount(app, `AnnaS${Math.random().toString(36).slice(2, 6)}`);
  parent = await registerAccount(app);
  await verify(parent);
  stranger = await registerAccount(app);
  await verify(stranger);
  // An account never verified (the parent's own address unverified is a test below).
  unverified = await registerAccount(app);
  [managed] = (await world.makeClass(teacherA, orgA, { name: 'Chess club' }, ['Max Example'])).credentials as [ClassCredential];
  managedSession = await world.signIn(managed);
});

afterAll(() => world.close());

describe("a child names their parent's e-mail", () => {
  it('online and through the outbox, once; a clear is null', async () => {
    expect(parentEmailSchema.parse(await ok(await call(anna, 'GET', '/api/me/parent-email')))).toEqual({ parentEmail: null });
    expect(parentEmailSchema.parse(await ok(await call(anna, 'PATCH', '/api/me/parent-email', { email: ` ${stranger.email.toUpperCase()} ` })))).toEqual({ parentEmail: stranger.email });
    expect(await push(anna, 'setParentEmail', { email: null })).toEqual([{ id: 1, status: 'applied' }]);
    expect(parentEmailSchema.parse(await ok(await call(anna, 'GET', '/api/me/parent-email')))).toEqual({ parentEmail: null });
    const clientId = uuid(++pushes, 0x5e);
    const body = { clientId, mutations: [{ id: 1, name: 'setParentEmail', args: { email: parent.email.toUpperCase() } }] };
    expect(pushResponseSchema.parse(await ok(await call(anna, 'POST', '/api/sync/push', body))).results).toEqual([{ id: 1, status: 'applied' }]);
    // The same mutation again (a retried push) is not applied twice: a clear in between stays.
    await ok(await call(anna, 'PATCH', '/api/me/parent-email', { email: null }));
    expect(pushResponseSchema.parse(await ok(await call(anna, 'POST', '/api/sync/push', body))).results[0]?.status).not.toBe('rejected');
    expect(parentEmailSchema.parse(await ok(await call(anna, 'GET', '/api/me/parent-email')))).toEqual({ parentEmail: null });
    expect(await push(anna, 'setParentEmail', { email: parent.email })).toEqual([{ id: 1, status: 'applied' }]);
    expect(parentEmailSchema.parse(await ok(await call(anna, 'GET', '/api/me/parent-email')))).toEqual({ parentEmail: parent.email });
  });

  it('refuses bad addresses, their own, managed accounts and guests', async () => {
    for (const email of ['not-an-email', '', 12]) expect(expectJsonError(await call(anna, 'PATCH', '/api/me/parent-email', { email }), 400)).toBeTruthy();
    expect(expectJsonError(await call(anna, 'PATCH', '/api/me/parent-email', { email: 'not-an-email' }), 400)).toBe(MESSAGES.invalidEmail);
    expectJsonError(await call(anna, 'PATCH', '/api/me/parent-email', {}), 400);
    expect(expectJsonError(await call(anna, 'PATCH', '/api/me/parent-email', { email: anna.email.toUpperCase() }), 400)).toBe(PARENT_MESSAGES.ownEmail);
    expect(await push(anna, 'setParentEmail', { email: anna.email })).toEqual([{ id: 1, status: 'rejected', error: PARENT_MESSAGES.ownEmail, code: 'ERR_PARENT_OWN_EMAIL' }]);
    expect(expectJsonError(await call(managedSession, 'PATCH', '/api/me/parent-email', { email: parent.email }), 403)).toBe(PARENT_MESSAGES.managedParentEmail);
    expect(await push(managedSession, 'setParentEmail', { email: parent.email })).toEqual([{ id: 1, status: 'rejected', error: PARENT_MESSAGES.managedParentEmail, code: 'ERR_PARENT_EMAIL_MANAGED' }]);
    expect((await call(null, 'PATCH', '/api/me/parent-email', { email: parent.email })).statusCode).toBe(401);
    expect((await call(null, 'GET', '/api/me/parent-email')).statusCode).toBe(401);
    expect(parentEmailSchema.parse(await ok(await call(anna, 'GET', '/api/me/parent-email')))).toEqual({ parentEmail: parent.email });
  });
});

describe('the parent with that verified e-mail is offered the link', () => {
  it('nobody else sees it or can link', async () => {
    // Another address, another school's teacher, the child, a managed account, an unverified account.
    for (const who of [stranger, teacherB, anna, managedSession, unverified]) expect(await suggestions(who)).toEqual([]);
    for (const who of [stranger, teacherB]) {
      expect(expectJsonError(await call(who, 'POST', '/api/parents/link-by-email', { childId: anna.user.id }), 404)).toBe(PARENT_MESSAGES.childNotFound);
    }
    expect(expectJsonError(await call(unverified, 'POST', '/api/parents/link-by-email', { childId: anna.user.id }), 403)).toBe(PARENT_MESSAGES.verifyFirst);
    expect(expectJsonError(await call(managedSession, 'POST', '/api/parents/link-by-email', { childId: anna.user.id }), 403)).toBe(PARENT_MESSAGES.notForChildren);
    expect((await call(null, 'POST', '/api/parents/link-by-email', { childId: anna.user.id })).statusCode).toBe(401);
    expect((await call(null, 'GET', '/api/parents/suggestions')).statusCode).toBe(401);
    expectJsonError(await call(parent, 'POST', '/api/parents/link-by-email', { childId: 'x' }), 400);
  });

  it('an unverified address is not offered the child until it is verified', async () => {
    await test.database.db.updateTable('users').set({ emailVerifiedAt: null }).where('id', '=', parent.user.id).execute();
    expect(await suggestions(parent)).toEqual([]);
    expect(expectJsonError(await call(parent, 'POST', '/api/parents/link-by-email', { childId: anna.user.id }), 403)).toBe(PARENT_MESSAGES.verifyFirst);
    await verify(parent);
  });

  it('links; the account becomes a parent with the same access as by a code', async () => {
    expect(await suggestions(parent)).toEqual([{ userId: anna.user.id, username: anna.user.username }]);
    // A managed child cannot be linked this way even if its row named the address.
    await test.database.db.updateTable('users').set({ parentEmail: parent.email }).where('id', '=', managed.userId).execute();
    expect(await suggestions(parent)).toEqual([{ userId: anna.user.id, username: anna.user.username }]);
    expect(expectJsonError(await call(parent, 'POST', '/api/parents/link-by-email', { childId: managed.userId }), 404)).toBe(PARENT_MESSAGES.childNotFound);

    const linked = linkedChildSchema.parse(await ok(await call(parent, 'POST', '/api/parents/link-by-email', { childId: anna.user.id }), 201));
    expect(linked).toMatchObject({ userId: anna.user.id, username: anna.user.username });
    expect(authUserSchema.parse(await ok(await call(parent, 'GET', '/api/auth/user')))).toMatchObject({ primaryRole: 'parent', onboardingCompleted: true });
    expect(await suggestions(parent)).toEqual([]);
    expect(expectJsonError(await call(parent, 'POST', '/api/parents/link-by-email', { childId: anna.user.id }), 409)).toBe(PARENT_MESSAGES.alreadyLinked);
    const { children } = linkedChildrenSchema.parse(await ok(await call(parent, 'GET', '/api/parents/children')));
    expect(children.map((child) => child.userId)).toEqual([anna.user.id]);
    // The controls, as for a child linked by a code; nobody else may set them.
    expect(await push(parent, 'setChildControls', { childId: anna.user.id, controls: { dailyPlayTime: 60 } })).toEqual([{ id: 1, status: 'applied' }]);
    expect(settingsResponseSchema.parse(await ok(await call(anna, 'GET', '/api/settings'))).settings.dailyPlayTime).toBe(60);
    for (const who of [stranger, teacherB]) {
      expect(expectJsonError(await call(who, 'PATCH', `/api/parents/children/${anna.user.id}/controls`, { dailyPlayTime: 120 }), 404)).toBe(PARENT_MESSAGES.childNotFound);
    }
  });

  it('a double tap on Link links once', async () => {
    const bo = await registerAccount(app);
    await ok(await call(bo, 'PATCH', '/api/me/parent-email', { email: parent.email }));
    expect(await suggestions(parent)).toEqual([{ userId: bo.user.id, username: bo.user.username }]);
    const answers = await Promise.all([0, 1].map(() => call(parent, 'POST', '/api/parents/link-by-email', { childId: bo.user.id })));
    expect(answers.map((answer) => answer.statusCode)).toContain(201);
    for (const answer of answers) expect([201, 409]).toContain(answer.statusCode);
    const links = await test.database.db.selectFrom('parentLinks').select('id').where('parentId', '=', parent.user.id).where('childId', '=', bo.user.id).execute();
    expect(links).toHaveLength(1);
  });

  it('counts attempts with the code path: the 11th in 15 minutes is a 429', async () => {
    const guesser = await registerAccount(app);
    await verify(guesser);
    for (let i = 0; i < 10; i++) expect((await call(guesser, 'POST', '/api/parents/link-by-email', { childId: anna.user.id })).statusCode).toBe(404);
    const refused = await call(guesser, 'POST', '/api/parents/link-by-email', { childId: anna.user.id });
    expect(refused.statusCode).toBe(429);
    expect((await call(guesser, 'POST', '/api/parents/link', { code: 'ACDE-FGHJ' })).statusCode).toBe(429);
  });
});
