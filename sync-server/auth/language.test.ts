import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { authUserSchema, classDetailSchema, CLASS_MESSAGES, MESSAGES, pullResponseSchema, type AuthUser, type ClassCredential } from '../../schema';
import { twoSchools, type TwoSchools } from '../testing/two-schools';
import { expectJson, expectJsonError, registerAccount, uuid, type Account } from '../testing/test-server';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 90_000 });

/**
 * The account's language and a class's default (issue 28; ./language.ts). Rosa chooses hers, on
 * line and through the outbox; school A's teacher sets class A's language, which Max (a managed
 * child of class A, who chose none) is given; school B's teacher and Lea (Max's classmate) may
 * not. The e-mails go out in the language of the account they are sent to.
 */

let world: TwoSchools;
let call: TwoSchools['call'];
let teacherA: Account;
let teacherB: Account;
let rosa: Account;
let classA: number;
let max: Account;
let lea: Account;
/** The server's clock: the choices below are made before it, except the one from a clock set ahead. */
const NOW = '2026-11-28T12:00:00.000Z';

const ok = expectJson;
const me = async (who: Account): Promise<AuthUser> => authUserSchema.parse(ok(await call(who, 'GET', '/api/auth/user')));
const setLanguage = (who: Account, language: string | null, setAt: string) => call(who, 'PUT', '/api/auth/language', { language, setAt });
/** The last e-mail sent to `to`. */
const lastMailTo = (to: string) => world.mail.filter((each) => each.to === to).at(-1);
const classEdit = (fields: Record<string, unknown> = {}) => ({ name: '4A', gradeLevel: null, skillLevel: null, maxMembers: 30, ...fields });

beforeAll(async () => {
  world = await twoSchools({ now: () => new Date(NOW) });
  ({ call } = world);
  teacherA = await world.person('teacher', { scopes: [`organization:${world.orgA}`] });
  teacherB = await world.person('teacher', { scopes: [`organization:${world.orgB}`] });
  rosa = await registerAccount(world.app);
  const made = await world.makeClass(teacherA, world.orgA, { name: '4A' }, ['Max Example', 'Lea Example']);
  classA = made.id;
  [max, lea] = (await Promise.all(made.credentials.map((card: ClassCredential) => world.signIn(card)))) as [Account, Account];
});

afterAll(() => world.close());

describe("the account's language", () => {
  it('is none at first, then the one chosen online, in every answer that carries the account', async () => {
    expect(rosa.user).toMatchObject({ language: null, languageSetAt: null, classLanguage: null });
    const chosen = authUserSchema.parse(ok(await setLanguage(rosa, 'hi', '2026-11-28T10:00:00.000Z')));
    expect(chosen).toMatchObject({ id: rosa.user.id, language: 'hi', languageSetAt: '2026-11-28T10:00:00.000Z' });
    expect(await me(rosa)).toEqual(chosen);
    const pull = pullResponseSchema.parse(ok(await call(rosa, 'POST', '/api/sync/pull', { protocol: 3, cursor: 0 })));
    expect(pull.user).toMatchObject({ language: 'hi', classLanguage: null });
  });

  it('through the outbox, applied once: the same mutation pushed again does not undo a later choice', async () => {
    const clientId = uuid(1, 0x1a96);
    const body = { protocol: 3, clientId, mutations: [{ id: 1, name: 'setLanguage', args: { language: 'es', setAt: '2026-11-28T11:00:00.000Z' } }] };
    expect(ok(await call(rosa, 'POST', '/api/sync/push', body))).toMatchObject({ results: [{ id: 1, status: 'applied' }] });
    expect((await me(rosa)).language).toBe('es');
    ok(await setLanguage(rosa, 'fr', '2026-11-28T11:00:00.000Z'));
    // A retried push (its answer was lost): a duplicate, not applied again.
    expect(ok(await call(rosa, 'POST', '/api/sync/push', body))).not.toMatchObject({ results: [{ status: 'rejected' }] });
    expect((await me(rosa)).language).toBe('fr');
  });

  it('an older choice (another device, pushed late) does not replace a later one; a device clock ahead is the server time', async () => {
    expect(await world.push(rosa, [{ name: 'setLanguage', args: { language: 'ar', setAt: '2026-11-28T09:00:00.000Z' } }])).toEqual([{ id: 1, status: 'applied' }]);
    expect((await me(rosa)).language).toBe('fr');
    const ahead = authUserSchema.parse(ok(await setLanguage(rosa, 'ar', '2099-01-01T00:00:00.000Z')));
    expect(ahead.language).toBe('ar');
    expect(ahead.languageSetAt).toBe(NOW);
    // null: none of its own (the class's or the device's then).
    expect(authUserSchema.parse(ok(await setLanguage(rosa, null, NOW))).language).toBeNull();
  });

  it.each([
    [{ language: 'de', setAt: '2026-11-28T10:00:00.000Z' }],
    [{ language: 'pseudo', setAt: '2026-11-28T10:00:00.000Z' }],
    [{ language: 'hi' }],
    [{ language: 'hi', setAt: 'yesterday' }],
    [{ language: 'hi', setAt: '2026-11-28T10:00:00.000Z', userId: 1 }],
  ])('refuses %j online and through the outbox', async (args) => {
    expectJsonError(await call(rosa, 'PUT', '/api/auth/language', args), 400);
    expect((await world.push(rosa, [{ name: 'setLanguage', args }]))[0]?.status).toBe('rejected');
  });

  it('needs a signed-in account', async () => {
    expect(expectJsonError(await setLanguage({ ...rosa, cookie: 'sid=nobody' }, 'hi', '2026-11-28T10:00:00.000Z'), 401)).toBe(MESSAGES.notAuthenticated);
  });
});

describe("a class's default language", () => {
  it("its teacher sets it online and through the outbox; its students who chose none get it", async () => {
    expect((await me(max)).classLanguage).toBeNull();
    const detail = classDetailSchema.parse(ok(await call(teacherA, 'PATCH', `/api/classes/${classA}`, classEdit({ language: 'hi' }))));
    expect(detail.class.language).toBe('hi');
    expect(await me(max)).toMatchObject({ language: null, classLanguage: 'hi' });
    expect(await world.push(teacherA, [{ name: 'updateClass', args: { classId: classA, ...classEdit({ language: 'fr' }) } }])).toEqual([{ id: 1, status: 'applied' }]);
    const pull = pullResponseSchema.parse(ok(await call(max, 'POST', '/api/sync/pull', { protocol: 3, cursor: 0 })));
    expect(pull.user).toMatchObject({ language: null, classLanguage: 'fr' });
    // The child's own choice is answered beside it (the app puts it first: app/shared/i18n/locales.ts).
    ok(await setLanguage(max, 'es', '2026-11-28T10:00:00.000Z'));
    expect(await me(max)).toMatchObject({ language: 'es', classLanguage: 'fr' });
  });

  it('a change queued before classes had a language leaves it as it is; null clears it', async () => {
    ok(await call(teacherA, 'PATCH', `/api/classes/${classA}`, classEdit({ language: 'ar' })));
    expect(await world.push(teacherA, [{ name: 'updateClass', args: { classId: classA, ...classEdit({ name: '4A bis' }) } }])).toEqual([{ id: 1, status: 'applied' }]);
    expect(classDetailSchema.parse(ok(await call(teacherA, 'GET', `/api/classes/${classA}`))).class).toMatchObject({ name: '4A bis', language: 'ar' });
    ok(await call(teacherA, 'PATCH', `/api/classes/${classA}`, classEdit({ language: null })));
    expect((await me(lea)).classLanguage).toBeNull();
    ok(await call(teacherA, 'PATCH', `/api/classes/${classA}`, classEdit({ language: 'hi' })));
  });

  it.each([
    ["school B's teacher", () => teacherB, 404, CLASS_MESSAGES.notFound, 'ERR_NOT_FOUND'],
    ['a classmate', () => lea, 403, MESSAGES.forbidden, 'ERR_FORBIDDEN'],
  ])('%s may not set it, online or through the outbox', async (_who, who, status, error, code) => {
    expect(expectJsonError(await call(who(), 'PATCH', `/api/classes/${classA}`, classEdit({ language: 'es' })), status)).toBe(error);
    expect(await world.push(who(), [{ name: 'updateClass', args: { classId: classA, ...classEdit({ language: 'es' }) } }])).toEqual([{ id: 1, status: 'rejected', error, code }]);
    expect((await me(lea)).classLanguage).toBe('hi');
  });

  it('refuses a language the app does not speak', async () => {
    expectJsonError(await call(teacherA, 'PATCH', `/api/classes/${classA}`, classEdit({ language: 'de' })), 400);
  });

  it('a student removed from the class no longer gets it', async () => {
    ok(await call(teacherA, 'DELETE', `/api/classes/${classA}/students/${lea.user.id}`));
    expect((await me(lea)).classLanguage).toBeNull();
    ok(await call(teacherA, 'POST', `/api/classes/${classA}/students/${lea.user.id}/restore`));
    expect((await me(lea)).classLanguage).toBe('hi');
  });
});

describe('the e-mails are in the language of the account they go to', () => {
  const ENGLISH_VERIFY = (username: string) => ({
    subject: 'Confirm your Chess Learning App e-mail address',
    text: new RegExp(`^Hello ${username},\n\nPlease confirm that this is your e-mail address by opening this link within 24 hours:\n\nhttp://localhost:80/verify-email\\?token=[A-Za-z0-9_-]+\n\nIf you did not make a Chess Learning App account, ignore this e-mail.\n$`),
  });

  it('the verification e-mail: English without a language, else the one chosen before signing up', async () => {
    const english = await registerAccount(world.app);
    const mail = lastMailTo(english.email);
    const expected = ENGLISH_VERIFY(english.user.username);
    expect(mail?.subject).toBe(expected.subject);
    expect(mail?.text).toMatch(expected.text);

    const response = await call(null, 'POST', '/api/auth/register', { username: `Ines${Date.now().toString(36)}`, email: `ines${Date.now()}@example.com`, password: 'secret-pass', language: 'es' });
    const ines = authUserSchema.parse(ok(response));
    expect(ines.language).toBe('es');
    const spanish = lastMailTo(ines.email);
    expect(spanish?.subject).toBe('Confirma tu dirección de correo de Chess Learning App');
    expect(spanish?.text).toContain(`Hola, ${ines.username}:`);
    expect(spanish?.text).toMatch(/\/verify-email\?token=[A-Za-z0-9_-]+\n/);
  });

  it('the password reset e-mail: English exactly without a language, the chosen one after', async () => {
    const account = await registerAccount(world.app);
    ok(await call(null, 'POST', '/api/auth/forgot-password', { email: account.email }));
    await expect.poll(() => world.mail.filter((each) => each.subject.startsWith('Reset') && each.to === account.email).length).toBe(1);
    const english = lastMailTo(account.email);
    expect(english?.subject).toBe('Reset your Chess Learning App password');
    expect(english?.text).toMatch(
      new RegExp(
        `^Hello ${account.user.username},\n\nSomeone \\(we hope you\\) asked to reset the password of your Chess Learning App account.\nOpen this link within one hour to choose a new password:\n\n` +
          'http://localhost:80/reset-password\\?token=[A-Za-z0-9_-]+\n\nIf you did not ask for this, ignore this e-mail: your password stays as it is.\n$',
      ),
    );

    ok(await setLanguage(account, 'ar', NOW));
    ok(await call(null, 'POST', '/api/auth/forgot-password', { email: account.email }, { ip: '127.0.0.2' }));
    await expect.poll(() => lastMailTo(account.email)?.subject).toBe('غيِّر كلمة مرورك في Chess Learning App');
    expect(lastMailTo(account.email)?.text).toContain(`مرحبًا ${account.user.username}،`);
  });
});
