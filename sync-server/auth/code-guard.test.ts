import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { JOIN_CODE_DAYS } from '../../domain/class-codes';
import { retireBudget, type GuessableCode } from '../../domain/code-guessing';
import {
  CLASS_CODE_MESSAGES,
  CLASS_MESSAGES,
  MESSAGES,
  PARENT_MESSAGES,
  
  classJoinPanelSchema,
  
  parentCodeSchema,
  parentLettersSchema,
  pushResponseSchema,
  signInCodeSchema,
  signInCodeStatusSchema,
  type ClassCredential,
} from '../../schema';
import type { TestDatabase } from '../core/test-db';
import { twoSchools, type Method, type TwoSchools } from '../testing/two-schools';
import { type Account, expectJson, expectJsonError, sessionCookie, uuid } from '../testing/test-server';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 90_000 });

/**
 * Guessable codes (issue 26): the class sign-in code, the join code (by route and by push) and the
 * parent link code, each limited per address, per network (/24, /64) and per account, and retired
 * once the guesses of its kind made anywhere while it lives reach its mark. School A's teacher
 * runs classes A1 and A2 (managed children), school B's teacher class B; the clock is the test's
 * own and moves a quarter hour between tests, so that each starts with fresh windows.
 */

let world: TwoSchools;
let test: TestDatabase;
let clock = new Date('2026-11-27T08:00:00.000Z');
let teacherA: Account;
let teacherB: Account;
let student: Account;
let classA1: number;
let classA2: number;
let classB: number;
let cards: ClassCredential[];
let clients = 0;

const call = (who: Account | null, method: Method, url: string, payload?: unknown, ip = '127.0.0.1') => world.call(who, method, url, payload, { ip });
const ok = expectJson;
const later = (minutes: number) => {
  clock = new Date(clock.getTime() + minutes * 60_000);
};
const newQuarterHour = () => later(16);
/** After the clock has jumped past the sessions' lifetime: a fresh sign-in for each account. */
async function signInAgain(...accounts: Account[]): Promise<void> {
  for (const account of accounts) {
    const response = await call(null, 'POST', '/api/auth/login', { email: account.email, password: account.password }, '10.255.0.1');
    expect(response.statusCode, response.body).toBe(200);
    account.cookie = sessionCookie(response);
  }
}

const lookUp = (code: string, ip: string) => call(null, 'POST', '/api/auth/class-code', { code }, ip);
const status = async (response: Promise<{ statusCode: number }>) => (await response).statusCode;
const signInCode = async (classId: number, teacher = teacherA) =>
  signInCodeSchema.parse(await ok(await call(teacher, 'POST', '/api/classes/sign-in-code', { classId }), 201)).code;
const signInStatus = async (classId: number) => signInCodeStatusSchema.parse(await ok(await call(teacherA, 'GET', `/api/classes/${classId}/sign-in-code`)));
const joinPanel = async (classId: number) => classJoinPanelSchema.parse(await ok(await call(teacherA, 'GET', `/api/classes/${classId}/join`)));
const newJoinCode = async (classId: number) => classJoinPanelSchema.parse(await ok(await call(teacherA, 'POST', `/api/classes/${classId}/join-code`))).joinCode as string;
const askToJoin = (who: Account, code: string, ip: string) => call(who, 'POST', '/api/classes/join', { code }, ip);
const pushJoins = async (who: Account, codes: readonly string[], ip: string) => {
  const mutations = codes.map((code, index) => ({ id: index + 1, name: 'requestClassJoin', args: { code } }));
  const response = await call(who, 'POST', '/api/sync/push', { protocol: 3, clientId: uuid(++clients, 0x26), mutations }, ip);
  return pushResponseSchema.parse(await ok(response)).results;
};
const students = (count: number) => Promise.all(Array.from({ length: count }, () => world.person('student')));

/** A kind's count of guesses now. */
async function guessesOf(kind: GuessableCode): Promise<number> {
  const row = await test.database.db.selectFrom('codeGuessCounts').select('guesses').where('kind', '=', kind).executeTakeFirst();
  return Number(row?.guesses ?? 0);
}

/**
 * Moves a kind's count to `left` guesses short of a code's mark: the guesses made elsewhere in
 * the meantime (other addresses, other processes). The ones that then cross the mark are real
 * attempts, and the budget itself is domain/code-guessing.ts's (tested there).
 */
async function guessesElsewhere(kind: GuessableCode, retireAt: number, left: number): Promise<void> {
  await test.database.db.updateTable('codeGuessCounts').set({ guesses: retireAt - left }).where('kind', '=', kind).execute();
}

beforeAll(async () => {
  world = await twoSchools({ now: () => clock });
  test = world.test;
  const { orgA, orgB } = world;
  teacherA = await world.person('teacher', { scopes: [`organization:${orgA}`] });
  teacherB = await world.person('teacher', { scopes: [`organization:${orgB}`] });
  student = await world.person('student');
  ({ id: classA1, credentials: cards } = await world.makeClass(teacherA, orgA, { name: '3A Chess' }, ['Zoe Adams', 'Ben Carter', 'Ana Diaz']));
  classA2 = (await world.makeClass(teacherA, orgA, { name: '3B Chess' })).id;
  classB = (await world.makeClass(teacherB, orgB, { name: 'B Chess' })).id;
});

afterAll(() => world.close());

describe('the class sign-in code', () => {
  it('a class of 30 behind one school address mistypes it 60 times and every child gets in; so does the next class', async () => {
    newQuarterHour();
    const school = '198.51.100.7';
    for (const [classId, typos] of [[classA1, 2], [classA2, 1]] as const) {
      const code = await signInCode(classId);
      for (let child = 0; child < 30; child++) {
        for (let typo = 0; typo < typos; typo++) expect(await status(lookUp(`${code.slice(0, 5)}${code[5] === 'W' ? 'X' : 'W'}`, school))).toBe(404);
        expect(await status(lookUp(code.toLowerCase(), school))).toBe(200);
      }
    }
  });

  it('per address: 120 wrong codes in a quarter hour, a burst counted before the lookup; then even the right code waits', async () => {
    newQuarterHour();
    const code = await signInCode(classA1);
    const burst = await Promise.all(Array.from({ length: 130 }, () => status(lookUp('WWWWWW', '198.51.100.20'))));
    expect(burst.filter((answer) => answer === 404)).toHaveLength(120);
    expect(burst.filter((answer) => answer === 429)).toHaveLength(10);
    const refused = await lookUp(code, '198.51.100.20');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json()).toEqual({ error: expect.stringContaining('Too many attempts'), code: 'ERR_TOO_MANY_ATTEMPTS', params: { minutes: expect.any(Number) } });
    // The same address written as IPv4-mapped IPv6 is the same address.
    expect(await status(lookUp(code, '::ffff:198.51.100.20'))).toBe(429);
    // A neighbour in the same /24 has the network's room left; another network is not touched.
    expect(await status(lookUp(code, '198.51.100.21'))).toBe(200);
    expect(await status(lookUp(code, '203.0.113.5'))).toBe(200);
    // A quarter hour later the address may try again.
    later(15);
    expect(await status(lookUp('WWWWWW', '198.51.100.20'))).toBe(404);
  });

  it('per IPv4 network: 240 wrong codes from one /24, whichever addresses, then its every address waits', async () => {
    newQuarterHour();
    const code = await signInCode(classA1);
    for (let host = 1; host <= 4; host++) {
      const answers = await Promise.all(Array.from({ length: 60 }, () => status(lookUp('WWWWWW', `192.0.2.${host}`))));
      expect(answers.every((answer) => answer === 404)).toBe(true);
    }
    expect(await status(lookUp(code, '192.0.2.200'))).toBe(429);
    expect(await status(lookUp(code, '::ffff:192.0.2.201'))).toBe(429);
    expect(await status(lookUp(code, '192.0.3.1'))).toBe(200);
  });

  it('per IPv6 network: 30 addresses of one /64 share its 240; another /64 is not held up', async () => {
    newQuarterHour();
    const code = await signInCode(classA1);
    for (let host = 1; host <= 30; host++) {
      const answers = await Promise.all(Array.from({ length: 8 }, () => status(lookUp('WWWWWW', `2001:db8:a:b::${host.toString(16)}`))));
      expect(answers.every((answer) => answer === 404)).toBe(true);
    }
    expect(await status(lookUp(code, '2001:db8:a:b:ffff:1:2:3'))).toBe(429);
    expect(await status(lookUp(code, '2001:0db8:000a:000b:0000:0000:0000:00ff'))).toBe(429);
    expect(await status(lookUp(code, '2001:db8:a:c::1'))).toBe(200);
  });

  it('each attempt that reaches the lookup is one guess of its kind; a code that works and a refused attempt are none', async () => {
    newQuarterHour();
    const code = await signInCode(classA1);
    const before = await guessesOf('sign_in');
    for (let network = 1; network <= 7; network++) expect(await status(lookUp('WWWWWW', `100.64.${network}.1`))).toBe(404);
    for (let network = 1; network <= 5; network++) expect(await status(lookUp(code, `100.65.${network}.1`))).toBe(200);
    expect(await guessesOf('sign_in')).toBe(before + 7);
    await Promise.all(Array.from({ length: 120 }, () => lookUp('WWWWWW', '100.66.0.1')));
    expect(await guessesOf('sign_in')).toBe(before + 7 + 120);
    expect(await status(lookUp('WWWWWW', '100.66.0.1'))).toBe(429);
    expect(await guessesOf('sign_in')).toBe(before + 7 + 120);
  });

  it('a live code that meets its budget of wrong guesses from anywhere is retired; the board says so and a new code works', async () => {
    newQuarterHour();
    const code = await signInCode(classA1);
    const made = await test.database.db.selectFrom('classCodes').select('retireAtGuess').where('teamId', '=', classA1).where('kind', '=', 'sign_in').executeTakeFirstOrThrow();
    expect(Number(made.retireAtGuess)).toBe((await guessesOf('sign_in')) + retireBudget('sign_in'));
    expect(await signInStatus(classA1)).toMatchObject({ state: 'live' });
    await guessesElsewhere('sign_in', Number(made.retireAtGuess), 3);
    expect(await status(lookUp('WWWWWW', '172.16.1.1'))).toBe(404);
    expect(await status(lookUp(code, '172.16.9.9'))).toBe(200);
    expect(await status(lookUp('WWWWWW', '172.16.2.1'))).toBe(404);
    // The code's mark is reached: it answers as any wrong code does, and its teacher is told.
    expect(expectJsonError(await lookUp(code, '172.16.9.9'), 404)).toBe(CLASS_CODE_MESSAGES.signInCodeUnknown);
    const retired = await signInStatus(classA1);
    expect(retired.state).toBe('retired');
    expect(retired.expiresAt).toBe(new Date(clock.getTime() + 10 * 60_000).toISOString());
    // One tap: a new code has a budget of its own.
    const fresh = await signInCode(classA1);
    expect(await signInStatus(classA1)).toMatchObject({ state: 'live' });
    expect(await status(lookUp(fresh, '172.16.9.9'))).toBe(200);
    later(10);
    expect(await signInStatus(classA1)).toMatchObject({ state: 'expired' });
  });

  it('the code’s state is for the class’s staff only', async () => {
    expect(expectJsonError(await call(teacherB, 'GET', `/api/classes/${classA1}/sign-in-code`), 404)).toBe(CLASS_MESSAGES.notFound);
    expect(expectJsonError(await call(student, 'GET', `/api/classes/${classA1}/sign-in-code`), 403)).toBe(MESSAGES.forbidden);
    expect(expectJsonError(await call(null, 'GET', `/api/classes/${classA1}/sign-in-code`), 401)).toBe(MESSAGES.notAuthenticated);
    expect(signInCodeStatusSchema.parse(await ok(await call(teacherB, 'GET', `/api/classes/${classB}/sign-in-code`)))).toEqual({ state: 'none', expiresAt: null });
  });
});

describe('the join code', () => {
  it('works for a term (120 days); then the teacher’s panel says it has ended, and a new one works', async () => {
    newQuarterHour();
    const code = await newJoinCode(classA2);
    const panel = await joinPanel(classA2);
    expect(panel).toMatchObject({ joinCode: code, joinCodeState: 'live', joinCodeExpiresAt: new Date(clock.getTime() + JOIN_CODE_DAYS * 24 * 60 * 60_000).toISOString() });
    const [early, late] = await students(2);
    later(JOIN_CODE_DAYS * 24 * 60 - 1);
    await signInAgain(teacherA, teacherB, student, early!, late!);
    await ok(await askToJoin(early!, code, '198.18.7.1'));
    later(1);
    expect(expectJsonError(await askToJoin(late!, code, '198.18.7.1'), 404)).toBe(CLASS_CODE_MESSAGES.joinCodeUnknown);
    expect(await joinPanel(classA2)).toMatchObject({ joinCode: code, joinCodeState: 'expired' });
    const fresh = await newJoinCode(classA2);
    expect((await joinPanel(classA2)).joinCodeState).toBe('live');
    await ok(await askToJoin(late!, fresh, '198.18.7.1'));
  });

  it('per account, by route and by push alike: 10 wrong codes a quarter hour from any addresses', async () => {
    newQuarterHour();
    const code = await newJoinCode(classA1);
    const [guesser] = await students(1);
    for (let network = 1; network <= 4; network++) expect(await status(askToJoin(guesser!, 'WWWWWWWW', `198.18.${network}.1`))).toBe(404);
    // The push counts on the same budget: 6 more are looked up, then the rest are refused unread.
    const results = await pushJoins(guesser!, ['WWWWWWWW', 'WWWWWWWX', 'WWWWWWWY', 'WWWWWWW3', 'WWWWWWW4', 'WWWWWWW6', 'WWWWWWW7', code], '198.18.5.1');
    expect(results.slice(0, 6)).toEqual(Array.from({ length: 6 }, (_, index) => ({ id: index + 1, status: 'rejected', error: CLASS_CODE_MESSAGES.joinCodeUnknown, code: 'ERR_JOIN_CODE_UNKNOWN' })));
    expect(results.slice(6)).toEqual([7, 8].map((id) => ({ id, status: 'rejected', error: expect.stringContaining('Too many attempts'), code: 'ERR_TOO_MANY_ATTEMPTS', params: { minutes: expect.any(Number) } })));
    const refused = await askToJoin(guesser!, code, '198.18.6.1');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    newQuarterHour();
    expect(await pushJoins(guesser!, [code], '198.18.6.1')).toEqual([{ id: 1, status: 'applied' }]);
  });

  it('per address across accounts: 60 wrong codes a quarter hour, by route or by push; a code that works is given back', async () => {
    newQuarterHour();
    const code = await newJoinCode(classA1);
    const guessers = await students(7);
    const address = '198.18.20.1';
    for (const guesser of guessers.slice(0, 3)) for (let i = 0; i < 10; i++) expect(await status(askToJoin(guesser, 'WWWWWWWW', address))).toBe(404);
    for (const guesser of guessers.slice(3, 6)) {
      const results = await pushJoins(guesser, Array.from({ length: 10 }, () => 'WWWWWWWW'), address);
      expect(results.every((result) => result.status === 'rejected' && result.error === CLASS_CODE_MESSAGES.joinCodeUnknown)).toBe(true);
    }
    const fresh = guessers[6]!;
    expect(await status(askToJoin(fresh, code, address))).toBe(429);
    expect((await pushJoins(fresh, [code], address))[0]).toMatchObject({ status: 'rejected', error: expect.stringContaining('Too many attempts') });
    expect(await status(askToJoin(fresh, code, '198.18.21.1'))).toBe(200);
  });

  it('per network across addresses and accounts: 120 wrong codes a quarter hour from one IPv6 /64', async () => {
    newQuarterHour();
    const code = await newJoinCode(classA1);
    const guessers = await students(13);
    for (const [index, guesser] of guessers.slice(0, 12).entries()) {
      const results = await pushJoins(guesser, Array.from({ length: 10 }, () => 'WWWWWWWW'), `2001:db8:26:1::${index + 1}`);
      expect(results.every((result) => result.error === CLASS_CODE_MESSAGES.joinCodeUnknown)).toBe(true);
    }
    const last = guessers[12]!;
    expect(await status(askToJoin(last, code, '2001:db8:26:1::99'))).toBe(429);
    expect(await status(askToJoin(last, code, '2001:db8:26:2::99'))).toBe(200);
  });

  it('a join code that meets its budget of wrong guesses is retired: refused by route and push, and the teacher’s panel says so', async () => {
    newQuarterHour();
    const code = await newJoinCode(classA2);
    const row = await test.database.db.selectFrom('classCodes').select('retireAtGuess').where('teamId', '=', classA2).where('kind', '=', 'join').executeTakeFirstOrThrow();
    await guessesElsewhere('join', Number(row.retireAtGuess), 3);
    const [first, second, third] = await students(3);
    expect(await status(askToJoin(first!, 'WWWWWWWW', '198.18.30.1'))).toBe(404);
    expect(await status(askToJoin(first!, code, '198.18.30.1'))).toBe(200);
    expect(await status(askToJoin(second!, 'WWWWWWWW', '198.18.31.1'))).toBe(404);
    expect((await pushJoins(second!, [code], '198.18.31.1'))[0]).toEqual({ id: 1, status: 'rejected', error: CLASS_CODE_MESSAGES.joinCodeUnknown, code: 'ERR_JOIN_CODE_UNKNOWN' });
    expect(expectJsonError(await askToJoin(third!, code, '198.18.32.1'), 404)).toBe(CLASS_CODE_MESSAGES.joinCodeUnknown);
    expect(await joinPanel(classA2)).toMatchObject({ joinCode: code, joinCodeState: 'retired' });
    const fresh = await newJoinCode(classA2);
    expect((await pushJoins(third!, [fresh], '198.18.32.1'))[0]).toEqual({ id: 1, status: 'applied' });
  });
});

describe('the parent link code', () => {
  const letterFor = async (childId: number) => parentCodeSchema.parse(await ok(await call(teacherA, 'POST', `/api/classes/${classA1}/students/${childId}/parent-code`), 201)).code;
  const link = (who: Account, code: string, ip: string) => call(who, 'POST', '/api/parents/link', { code }, ip);
  const letters = async () => parentLettersSchema.parse(await ok(await call(teacherA, 'GET', `/api/classes/${classA1}/parent-codes`))).letters;

  it('per network: 100 wrong codes a quarter hour and 300 a day from one /24, across its addresses and accounts', async () => {
    newQuarterHour();
    const code = await letterFor(cards[0]!.userId);
    const parents = await students(10);
    /** `count` wrong codes, 10 an account, from two addresses of 203.0.113.0/24 (50 each at most). */
    const guessAll = async (count: number) => {
      for (const [index, parent] of parents.entries()) {
        const answers = await Promise.all(Array.from({ length: Math.min(10, count - index * 10) }, () => status(link(parent, 'ACDE-FGHJ', `203.0.113.${index < 5 ? 1 : 2}`))));
        expect(answers.every((answer) => answer === 404)).toBe(true);
      }
    };
    await guessAll(100);
    const parent = (await students(1))[0]!;
    expect(await status(link(parent, code, '203.0.113.3'))).toBe(429);
    newQuarterHour();
    await guessAll(100);
    newQuarterHour();
    // 99 more make 300 today (the refused attempt counted too): within this quarter hour's 100,
    // but the next one passes the day's 300 and waits for the day's window, not the quarter's.
    await guessAll(99);
    const refused = await link(parent, code, '203.0.113.3');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(15 * 60);
    expect(await status(link(parent, code, '203.0.114.3'))).toBe(201);
  });

  it('a letter’s code that meets its budget of wrong guesses is retired; the teacher’s list says so and a new letter works', async () => {
    newQuarterHour();
    const child = cards[1]!.userId;
    const code = await letterFor(child);
    expect((await letters()).find((letter) => letter.userId === child)).toMatchObject({ state: 'usable', usedAt: null });
    const row = await test.database.db.selectFrom('parentLinkCodes').select('retireAtGuess').where('childId', '=', child).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(Number(row.retireAtGuess)).toBe((await guessesOf('parent')) + retireBudget('parent'));
    await guessesElsewhere('parent', Number(row.retireAtGuess), 2);
    const [parent, guesser] = await students(2);
    expect(await status(link(guesser!, 'ACDE-FGHJ', '198.18.40.1'))).toBe(404);
    // The right code, but the mark is reached: the same answer as a wrong code.
    expect(expectJsonError(await link(parent!, code, '198.18.41.1'), 404)).toBe(PARENT_MESSAGES.codeUnknown);
    expect((await letters()).find((letter) => letter.userId === child)).toMatchObject({ state: 'retired' });
    const fresh = await letterFor(child);
    expect((await letters()).find((letter) => letter.userId === child)).toMatchObject({ state: 'usable' });
    expect(await status(link(parent!, fresh, '198.18.41.1'))).toBe(201);
    expect((await letters()).find((letter) => letter.userId === child)).toMatchObject({ state: 'used', usedAt: clock.toISOString() });
    await letterFor(cards[2]!.userId);
    later(30 * 24 * 60);
    await signInAgain(teacherA, teacherB, student);
    expect((await letters()).find((letter) => letter.userId === cards[2]!.userId)).toMatchObject({ state: 'expired' });
  });

  it('the letters’ states are for the class’s staff only', async () => {
    expect(expectJsonError(await call(teacherB, 'GET', `/api/classes/${classA1}/parent-codes`), 404)).toBe(CLASS_MESSAGES.notFound);
    expect(expectJsonError(await call(student, 'GET', `/api/classes/${classA1}/parent-codes`), 403)).toBe(MESSAGES.forbidden);
    expect(expectJsonError(await call(null, 'GET', `/api/classes/${classA1}/parent-codes`), 401)).toBe(MESSAGES.notAuthenticated);
  });
});
