import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
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
import { type Account, expectJson, expectJsonError, registerAccount, uuid } from '../testing/test-server';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 90_000 });

/**
 * Handing the controls back and unlinking (issue 19). School A's class has Ann and Ben, school B's
 * has Cat. Two parents are linked to Ann (mum and dad), a third to Ben and a fourth to Cat; a
 * stranger is linked to nobody; Ann signs in herself too.
 */

let world: TwoSchools;
let test: TestDatabase;
let app: FastifyInstance;
let call: TwoSchools['call'];
let teacherA: Account;
let classA: number;
let ann: ClassCredential;
let ben: ClassCredential;
let cat: ClassCredential;
let annSession: Account;
let mum: Account;
let dad: Account;
let bensParent: Account;
let catsParent: Account;
let stranger: Account;
let pushes = 0;

const ok = expectJson;

/** One push of one mutation; the same `clientId` again is the same mutation pushed twice. */
const push = (who: Account | string, name: string, args: unknown, clientId?: string) => world.push(who, [{ name, args }], clientId);

async function link(parent: Account, teacher: Account, classId: number, childId: number): Promise<void> {
  const { code } = parentCodeSchema.parse(await ok(await call(teacher, 'POST', `/api/classes/${classId}/students/${childId}/parent-code`), 201));
  await ok(await call(parent, 'POST', '/api/parents/link', { code }), 201);
}

const childrenOf = async (parent: Account) => linkedChildrenSchema.parse(await ok(await call(parent, 'GET', '/api/parents/children'))).children.map((child) => child.userId);
const annSettings = async () => settingsResponseSchema.parse(await ok(await call(annSession, 'GET', '/api/settings')));
const setAnnControls = async (parent: Account, dailyPlayTime: number) =>
  linkedChildSchema.parse(await ok(await call(parent, 'PATCH', `/api/parents/children/${ann.userId}/controls`, { dailyPlayTime })));
/** Ann's own save of her daily limit, as her device sends it. */
const annSaves = (dailyPlayTime: number) =>
  push(annSession, 'saveSettings', { settings: { ...DEFAULT_CHESS_SETTINGS, dailyPlayTime }, updatedAt: new Date(Date.now() + 1000).toISOString() });

beforeAll(async () => {
  world = await twoSchools();
  ({ test, app, call } = world);
  const { orgA, orgB } = world;
  teacherA = await world.person('teacher', { scopes: [`organization:${orgA}`] });
  const teacherB = await world.person('teacher', { scopes: [`organization:${orgB}`] });
  const madeA = await world.makeClass(teacherA, orgA, { name: 'Chess club' }, ['Ann Example', 'Ben Example']);
  classA = madeA.id;
  [ann, ben] = madeA.credentials as [ClassCredential, ClassCredential];
  const madeB = await world.makeClass(teacherB, orgB, { name: 'Chess club' }, ['Cat Example']);
  const classB = madeB.id;
  [cat] = madeB.credentials as [ClassCredential];
  annSession = await world.signIn(ann);
  mum = await registerAccount(app);
  dad = await registerAccount(app);
  bensParent = await registerAccount(app);
  catsParent = await registerAccount(app);
  stranger = await registerAccount(app);
  await link(mum, teacherA, classA, ann.userId);
  await link(dad, teacherA, classA, ann.userId);
  await link(bensParent, teacherA, classA, ben.userId);
  await link(catsParent, teacherB, classB, cat.userId);
});

afterAll(() => world.close());

describe('handing the controls back', () => {
  it("clears the parent's mark and keeps the values; the child's device learns it at the next pull and Ann may change them again", async () => {
    const set = await setAnnControls(mum, 60);
    expect(set.controlsSetAt).not.toBeNull();
    expect(await annSaves(0)).toEqual([{ id: 1, status: 'applied' }]);
    expect((await annSettings()).settings.dailyPlayTime).toBe(60);

    const released = linkedChildSchema.parse(await ok(await call(mum, 'DELETE', `/api/parents/children/${ann.userId}/controls`)));
    expect(released).toMatchObject({ userId: ann.userId, controlsSetAt: null, controls: { dailyPlayTime: 60 } });
    const settings = await annSettings();
    expect(settings).toMatchObject({ controlsSetAt: null, settings: { dailyPlayTime: 60 } });
    expect(settings.updatedAt).toBe((await annSettings()).updatedAt);
    const pull = pullResponseSchema.parse(await ok(await call(annSession, 'POST', '/api/sync/pull', { protocol: 3, cursor: 0 })));
    expect(pull.controlsSetAt).toBeNull();
    expect(await annSaves(0)).toEqual([{ id: 1, status: 'applied' }]);
    expect((await annSettings()).settings.dailyPlayTime).toBe(0);
    // Nothing set any more: handing back again changes nothing and is no error.
    expect(linkedChildSchema.parse(await ok(await call(mum, 'DELETE', `/api/parents/children/${ann.userId}/controls`))).controlsSetAt).toBeNull();
  });

  it('any linked parent may hand back what another set, through the outbox, applied once', async () => {
    await setAnnControls(mum, 30);
    const clientId = uuid(++pushes, 0x6d);
    expect(await push(dad, 'releaseChildControls', { childId: ann.userId }, clientId)).toEqual([{ id: 1, status: 'applied' }]);
    expect((await annSettings()).controlsSetAt).toBeNull();
    // Mum sets them again; the same mutation pushed again (a retry) is not applied a second time.
    await setAnnControls(mum, 120);
    expect((await push(dad, 'releaseChildControls', { childId: ann.userId }, clientId))[0]?.status).toBe('duplicate');
    expect(await annSettings()).toMatchObject({ controlsSetAt: expect.any(String), settings: { dailyPlayTime: 120 } });
  });

  it("is refused with 'Not found' to everyone not linked to the child, in any school; the controls stay", async () => {
    const before = await annSettings();
    expect(before.controlsSetAt).not.toBeNull();
    for (const [who, childId] of [[bensParent, ann.userId], [catsParent, ann.userId], [stranger, ann.userId], [annSession, ann.userId], [teacherA, ann.userId], [mum, ben.userId], [mum, cat.userId], [mum, 999_999]] as const) {
      expect(expectJsonError(await call(who, 'DELETE', `/api/parents/children/${childId}/controls`), 404)).toBe(PARENT_MESSAGES.childNotFound);
      expect(await push(who, 'releaseChildControls', { childId })).toEqual([{ id: 1, status: 'rejected', error: PARENT_MESSAGES.childNotFound, code: 'ERR_NOT_FOUND' }]);
    }
    expect((await call(null, 'DELETE', `/api/parents/children/${ann.userId}/controls`)).statusCode).toBe(401);
    expect(await annSettings()).toEqual(before);
  });

  it('bad input is a 4xx with a JSON error, never a 500', async () => {
    for (const url of ['/api/parents/children/abc/controls', '/api/parents/children/0/controls', '/api/parents/children/-3/controls', '/api/parents/children/99999999999/controls']) {
      expectJsonError(await call(mum, 'DELETE', url), 400);
    }
    for (const args of [{}, { childId: 'x' }, { childId: 0 }, { childId: ann.userId, extra: true }, null]) {
      expect((await push(mum, 'releaseChildControls', args))[0]?.status).toBe('rejected');
    }
    expect((await annSettings()).controlsSetAt).not.toBeNull();
  });
});

describe('unlinking a child', () => {
  it("is refused with 'Not found' to everyone not linked to the child; the links stay", async () => {
    for (const [who, childId] of [[bensParent, ann.userId], [catsParent, ann.userId], [stranger, ann.userId], [annSession, ann.userId], [teacherA, ann.userId], [mum, ben.userId], [mum, cat.userId]] as const) {
      expect(expectJsonError(await call(who, 'DELETE', `/api/parents/children/${childId}`), 404)).toBe(PARENT_MESSAGES.childNotFound);
      expect(await push(who, 'unlinkChild', { childId })).toEqual([{ id: 1, status: 'rejected', error: PARENT_MESSAGES.childNotFound, code: 'ERR_NOT_FOUND' }]);
    }
    expect((await call(null, 'DELETE', `/api/parents/children/${ann.userId}`)).statusCode).toBe(401);
    for (const url of ['/api/parents/children/abc', '/api/parents/children/0', '/api/parents/children/1.5']) expectJsonError(await call(mum, 'DELETE', url), 400);
    for (const args of [{}, { childId: '1' }, { childId: -1 }, { childId: ann.userId, parentId: mum.user.id }]) expect((await push(mum, 'unlinkChild', args))[0]?.status).toBe('rejected');
    expect(await childrenOf(mum)).toEqual([ann.userId]);
    expect(await childrenOf(dad)).toEqual([ann.userId]);
    expect(await childrenOf(bensParent)).toEqual([ben.userId]);
  });

  it("another parent's controls stay when one parent unlinks; the unlinking parent then gets 404 on every parent route", async () => {
    await setAnnControls(mum, 120);
    const set = await annSettings();
    const left = linkedChildrenSchema.parse(await ok(await call(dad, 'DELETE', `/api/parents/children/${ann.userId}`)));
    expect(left.children).toEqual([]);
    expect(await childrenOf(dad)).toEqual([]);
    expect(await annSettings()).toEqual(set);
    // The account stays a parent (harmless; linking again needs a new code).
    expect(authUserSchema.parse(await ok(await call(dad, 'GET', '/api/auth/user'))).primaryRole).toBe('parent');
    expect(expectJsonError(await call(dad, 'PATCH', `/api/parents/children/${ann.userId}/controls`, { dailyPlayTime: 30 }), 404)).toBe(PARENT_MESSAGES.childNotFound);
    expect(expectJsonError(await call(dad, 'DELETE', `/api/parents/children/${ann.userId}/controls`), 404)).toBe(PARENT_MESSAGES.childNotFound);
    expect(expectJsonError(await call(dad, 'DELETE', `/api/parents/children/${ann.userId}`), 404)).toBe(PARENT_MESSAGES.childNotFound);
    for (const [name, args] of [['setChildControls', { childId: ann.userId, controls: { dailyPlayTime: 30 } }], ['releaseChildControls', { childId: ann.userId }], ['unlinkChild', { childId: ann.userId }]] as const) {
      expect(await push(dad, name, args)).toEqual([{ id: 1, status: 'rejected', error: PARENT_MESSAGES.childNotFound, code: 'ERR_NOT_FOUND' }]);
    }
    expect(await annSettings()).toEqual(set);
  });

  it('the parent who set the controls hands them back by unlinking, through the outbox, applied once', async () => {
    expect((await annSettings()).controlsSetAt).not.toBeNull();
    const clientId = uuid(++pushes, 0x6d);
    expect(await push(mum, 'unlinkChild', { childId: ann.userId }, clientId)).toEqual([{ id: 1, status: 'applied' }]);
    expect(await childrenOf(mum)).toEqual([]);
    const settings = await annSettings();
    expect(settings).toMatchObject({ controlsSetAt: null, settings: { dailyPlayTime: 120 } });
    expect(pullResponseSchema.parse(await ok(await call(annSession, 'POST', '/api/sync/pull', { protocol: 3, cursor: 0 }))).controlsSetAt).toBeNull();
    // Linked again with a new letter: the same unlink pushed again (a retry) is not applied twice.
    await link(mum, teacherA, classA, ann.userId);
    expect((await push(mum, 'unlinkChild', { childId: ann.userId }, clientId))[0]?.status).toBe('duplicate');
    expect(await childrenOf(mum)).toEqual([ann.userId]);
    const rows = await test.database.db.selectFrom('parentLinks').select('parentId').where('childId', '=', ann.userId).execute();
    expect(rows.map((row) => row.parentId)).toEqual([mum.user.id]);
  });
});
