import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { authUserSchema, MESSAGES, STARTING_ELO, VERIFY_MESSAGES } from '../../schema';
import { createTestDatabase, type TestDatabase } from '../core/test-db';
import { buildTestApp, expectJsonError, registerAccount, sessionCookie, type TestApp } from '../testing/test-server';
import { hashToken } from '../core/tokens';
import { isAllowedHost } from '../core/hosts';
import { RESET_HOST_REFUSED } from './routes';
import { REGISTER_PER_IP_LIMIT } from '../core/rate-limit';
import { hashPassword } from './password';
import { nameSkeleton } from '../../domain/name-skeleton';

// Database set-up and scrypt hashing are slow on a busy machine (and on PostgreSQL).
vi.setConfig({ testTimeout: 30_000, hookTimeout: 60_000 });

let test: TestDatabase;
let server: TestApp;
let app: FastifyInstance;
let clock = Date.parse('2026-11-22T09:00:00.000Z');

beforeAll(async () => {
  test = await createTestDatabase();
  server = buildTestApp(test.database, { now: () => new Date(clock) });
  app = server.app;
});

afterAll(async () => {
  await app.close();
  await test.remove();
});

const post = (url: string, payload: unknown, cookie?: string) =>
  app.inject({ method: 'POST', url, payload: payload as object, headers: cookie ? { cookie } : {} });

function resetLinkToken(): string {
  const text = server.mail.at(-1)?.text ?? '';
  const match = /\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(text);
  if (!match?.[1]) throw new Error(`no reset link in: ${text}`);
  return match[1];
}

describe('POST /api/auth/register', () => {
  it('creates the account, signs it in and answers the user with the spec defaults', async () => {
    const response = await post('/api/auth/register', { username: 'Magnus', email: 'Magnus@Example.com', password: 'secret1' });
    expect(response.statusCode).toBe(200);
    const user = authUserSchema.parse(response.json());
    expect(user).toMatchObject({
      username: 'Magnus',
      email: 'magnus@example.com',
      eloRating: STARTING_ELO,
      isEloCalibrated: false,
      onboardingCompleted: false,
      primaryRole: 'student',
      gamesWon: 0,
      totalGames: 0,
    });
    expect(response.body).not.toMatch(/password|hash/i);
    const cookie = response.cookies.find((c) => c.name === 'sid');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie?.secure).toBeFalsy();
    const me = await app.inject({ url: '/api/auth/user', headers: { cookie: sessionCookie(response) } });
    expect(me.json()).toEqual(user);
  });

  it('stores a scrypt hash with a salt of its own, never the password', async () => {
    await registerAccount(app, 'SaltA', 'same-password');
    await registerAccount(app, 'SaltB', 'same-password');
    const rows = await test.database.db.selectFrom('users').select(['username', 'passwordHash']).where('username', 'in', ['SaltA', 'SaltB']).execute();
    const [a, b] = rows.map((row) => row.passwordHash ?? '');
    expect(a).toMatch(/^scrypt\$/);
    expect(a).not.toContain('same-password');
    expect(a).not.toBe(b);
  });

  it.each([
    [{ username: 'ab', email: 'ok@example.com', password: 'secret1' }, MESSAGES.usernameLength],
    [{ username: 'a'.repeat(21), email: 'ok@example.com', password: 'secret1' }, MESSAGES.usernameLength],
    [{ username: 'valid', email: 'not-an-email', password: 'secret1' }, MESSAGES.invalidEmail],
    [{ username: 'valid', email: 'ok@example.com', password: '12345' }, MESSAGES.passwordTooShort],
    [{ username: 'valid', email: 'ok@example.com' }, MESSAGES.passwordTooShort],
  ])('refuses %j with "%s"', async (payload, message) => {
    expect(expectJsonError(await post('/api/auth/register', payload), 400)).toBe(message);
  });

  it('refuses a taken e-mail (in any case) and a taken username (in any case) with 409', async () => {
    await registerAccount(app, 'Taken');
    expect(expectJsonError(await post('/api/auth/register', { username: 'Other', email: 'TAKEN@example.com', password: 'secret1' }), 409)).toBe(
      MESSAGES.emailTaken,
    );
    expect(expectJsonError(await post('/api/auth/register', { username: 'taken', email: 'new@example.com', password: 'secret1' }), 409)).toBe(
      MESSAGES.usernameTaken,
    );
  });
});

describe('POST /api/auth/login', () => {
  it('signs in with the right password, in a new session', async () => {
    const account = await registerAccount(app, 'Judit', 'polgar-pass');
    const response = await post('/api/auth/login', { email: 'JUDIT@example.com', password: 'polgar-pass' });
    expect(response.statusCode).toBe(200);
    expect(authUserSchema.parse(response.json()).id).toBe(account.user.id);
    expect(sessionCookie(response)).not.toBe(account.cookie);
    const sessions = await test.database.db.selectFrom('sessions').selectAll().where('userId', '=', account.user.id).execute();
    expect(sessions).toHaveLength(2);
    const token = sessionCookie(response).slice('sid='.length);
    const session = sessions.find((s) => s.sid === hashToken(token));
    expect(session).toMatchObject({ ipAddress: '127.0.0.1', userAgent: 'lightMyRequest', isRevoked: 0 });
  });

  it.each([
    [{ email: 'judit@example.com', password: 'wrong-pass' }, 401, MESSAGES.invalidCredentials],
    [{ email: 'nobody@example.com', password: 'polgar-pass' }, 401, MESSAGES.invalidCredentials],
    [{ email: 'judit', password: 'polgar-pass' }, 400, MESSAGES.invalidEmail],
    [{ email: 'judit@example.com', password: 'short' }, 400, MESSAGES.passwordTooShort],
    [{ email: 'judit@example.com' }, 400, MESSAGES.passwordTooShort],
  ])('refuses %j with %i "%s"', async (payload, status, message) => {
    expect(expectJsonError(await post('/api/auth/login', payload), status)).toBe(message);
  });
});

describe('sessions', () => {
  it('GET /api/auth/user without a session is 401 Not authenticated', async () => {
    expect(expectJsonError(await app.inject({ url: '/api/auth/user' }), 401)).toBe(MESSAGES.notAuthenticated);
    expect(expectJsonError(await app.inject({ url: '/api/auth/user', headers: { cookie: 'sid=forged' } }), 401)).toBe(MESSAGES.notAuthenticated);
  });

  it('GET /api/logout revokes the session, clears the cookie and goes to /login', async () => {
    const account = await registerAccount(app);
    const response = await app.inject({ url: '/api/logout', headers: { cookie: account.cookie } });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/login');
    const cleared = response.cookies.find((c) => c.name === 'sid');
    expect(cleared?.value).toBe('');
    expect((await app.inject({ url: '/api/auth/user', headers: { cookie: account.cookie } })).statusCode).toBe(401);
    const row = await test.database.db.selectFrom('sessions').select('isRevoked').where('sid', '=', hashToken(account.cookie.slice(4))).executeTakeFirst();
    expect(row?.isRevoked).toBe(1);
    // Signed out already: still a redirect.
    expect((await app.inject({ url: '/api/logout' })).statusCode).toBe(302);
  });

  it('expires after 30 days without activity and slides while used', async () => {
    const start = clock;
    const account = await registerAccount(app);
    clock = start + 20 * 86_400_000;
    expect((await app.inject({ url: '/api/auth/user', headers: { cookie: account.cookie } })).statusCode).toBe(200);
    clock = start + 45 * 86_400_000; // 25 days after the last use
    expect((await app.inject({ url: '/api/auth/user', headers: { cookie: account.cookie } })).statusCode).toBe(200);
    clock = start + 76 * 86_400_000; // 31 days after the last use
    expect((await app.inject({ url: '/api/auth/user', headers: { cookie: account.cookie } })).statusCode).toBe(401);
    clock = start;
  });

  it('sets Secure on the cookie behind an HTTPS proxy when the proxy is trusted', async () => {
    const proxied = buildTestApp(test.database, { trustProxy: true }).app;
    const response = await proxied.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: { 'x-forwarded-proto': 'https', 'x-forwarded-for': '203.0.113.7' },
      payload: { username: 'Secure1', email: 'secure1@example.com', password: 'secret1' },
    });
    expect(response.cookies.find((c) => c.name === 'sid')?.secure).toBe(true);
    const session = await test.database.db
      .selectFrom('sessions')
      .select('ipAddress')
      .where('sid', '=', hashToken(sessionCookie(response).slice(4)))
      .executeTakeFirstOrThrow();
    expect(session.ipAddress).toBe('203.0.113.7');
    await proxied.close();
  });
});

describe('password reset', () => {
  it('answers the same message whether or not the account exists, and mails only the real one', async () => {
    const account = await registerAccount(app, 'Forgetful');
    const before = server.mail.length;
    const unknown = await post('/api/auth/forgot-password', { email: 'nobody-here@example.com' });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual({ message: MESSAGES.resetLinkSent });
    expect(server.mail.length).toBe(before);
    const known = await post('/api/auth/forgot-password', { email: account.email });
    expect(known.json()).toEqual({ message: MESSAGES.resetLinkSent });
    await expect.poll(() => server.mail.length).toBe(before + 1);
    expect(server.mail.at(-1)?.to).toBe(account.email);
    expect(server.mail.at(-1)?.text).toContain('http://localhost:80/reset-password?token=');
    const token = resetLinkToken();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const row = await test.database.db.selectFrom('users').select(['resetToken', 'resetTokenExpiry']).where('id', '=', account.user.id).executeTakeFirstOrThrow();
    expect(row.resetToken).toBe(hashToken(token));
    expect(Date.parse(row.resetTokenExpiry ?? '')).toBe(clock + 60 * 60 * 1000);
  });

  it('resets once: the new password works, the old one and every session do not, the link is then invalid', async () => {
    const account = await registerAccount(app, 'Resetter', 'old-password');
    await post('/api/auth/forgot-password', { email: account.email });
    await expect.poll(() => server.mail.at(-1)?.to).toBe(account.email);
    const token = resetLinkToken();
    const reset = await post('/api/auth/reset-password', { token, newPassword: 'new-password' });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual({ message: MESSAGES.passwordReset });
    expect((await app.inject({ url: '/api/auth/user', headers: { cookie: account.cookie } })).statusCode).toBe(401);
    expect((await post('/api/auth/login', { email: account.email, password: 'old-password' })).statusCode).toBe(401);
    expect((await post('/api/auth/login', { email: account.email, password: 'new-password' })).statusCode).toBe(200);
    expect(expectJsonError(await post('/api/auth/reset-password', { token, newPassword: 'third-password' }), 400)).toBe(
      MESSAGES.resetLinkInvalid,
    );
  });

  it('refuses a link older than one hour', async () => {
    const account = await registerAccount(app, 'Slowpoke', 'old-password');
    await post('/api/auth/forgot-password', { email: account.email });
    await expect.poll(() => server.mail.at(-1)?.to).toBe(account.email);
    const token = resetLinkToken();
    clock += 60 * 60 * 1000 + 1000;
    try {
      expect(expectJsonError(await post('/api/auth/reset-password', { token, newPassword: 'new-password' }), 400)).toBe(
        MESSAGES.resetLinkInvalid,
      );
    } finally {
      clock -= 60 * 60 * 1000 + 1000;
    }
    expect((await post('/api/auth/login', { email: account.email, password: 'old-password' })).statusCode).toBe(200);
  });

  it.each([
    ['/api/auth/forgot-password', { email: 'nope' }, MESSAGES.invalidEmail],
    ['/api/auth/reset-password', { token: 'A'.repeat(43), newPassword: '12345' }, MESSAGES.passwordTooShort],
    ['/api/auth/reset-password', { token: 'bad token!', newPassword: 'long-enough' }, MESSAGES.resetLinkInvalid],
    ['/api/auth/reset-password', { newPassword: 'long-enough' }, MESSAGES.resetLinkInvalid],
    ['/api/auth/reset-password', { token: 'A'.repeat(43), newPassword: 'long-enough' }, MESSAGES.resetLinkInvalid],
  ])('%s refuses %j with "%s"', async (url, payload, message) => {
    expect(expectJsonError(await post(url, payload), 400)).toBe(message);
  });
});

describe('POST /api/auth/change-password', () => {
  it('changes the password, keeps this session and ends the others', async () => {
    const account = await registerAccount(app, 'Changer', 'first-pass');
    const other = sessionCookie(await post('/api/auth/login', { email: account.email, password: 'first-pass' }));
    const response = await post('/api/auth/change-password', { currentPassword: 'first-pass', newPassword: 'second-pass' }, account.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: MESSAGES.passwordUpdated });
    expect((await app.inject({ url: '/api/auth/user', headers: { cookie: account.cookie } })).statusCode).toBe(200);
    expect((await app.inject({ url: '/api/auth/user', headers: { cookie: other } })).statusCode).toBe(401);
    expect((await post('/api/auth/login', { email: account.email, password: 'second-pass' })).statusCode).toBe(200);
  });

  it.each([
    [{ currentPassword: 'wrong-pass', newPassword: 'second-pass' }, MESSAGES.currentPasswordWrong],
    [{ currentPassword: '', newPassword: 'second-pass' }, MESSAGES.allPasswordFields],
    [{ currentPassword: 'first-pass', newPassword: '12345' }, MESSAGES.newPasswordTooShort],
    [{ currentPassword: 'first-pass' }, MESSAGES.allPasswordFields],
  ])('refuses %j with "%s"', async (payload, message) => {
    const account = await registerAccount(app, undefined, 'first-pass');
    expect(expectJsonError(await post('/api/auth/change-password', payload, account.cookie), 400)).toBe(message);
  });

  it('needs a session', async () => {
    expect(expectJsonError(await post('/api/auth/change-password', { currentPassword: 'a', newPassword: 'second-pass' }), 401)).toBe(
      MESSAGES.notAuthenticated,
    );
  });
});

describe('rate limits', () => {
  it('allows 10 failed sign-ins per IP and account in 15 minutes, then answers 429 with Retry-After, even for the right password', async () => {
    const limited = buildTestApp(test.database, { now: () => new Date(clock) }).app;
    const account = await registerAccount(limited, 'Hammered', 'right-pass');
    for (let i = 0; i < 10; i++) {
      expect((await limited.inject({ method: 'POST', url: '/api/auth/login', payload: { email: account.email, password: `wrong-${i}` } })).statusCode).toBe(401);
    }
    const blocked = await limited.inject({ method: 'POST', url: '/api/auth/login', payload: { email: account.email, password: 'right-pass' } });
    expect(expectJsonError(blocked, 429)).toBe('Too many attempts. Please try again in 15 minutes.');
    expect(Number(blocked.headers['retry-after'])).toBe(900);
    // Another IP is not blocked for that account; the limit lifts after the window.
    const elsewhere = await limited.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: '198.51.100.9',
      payload: { email: account.email, password: 'right-pass' },
    });
    expect(elsewhere.statusCode).toBe(200);
    clock += 15 * 60 * 1000;
    try {
      const later = await limited.inject({ method: 'POST', url: '/api/auth/login', payload: { email: account.email, password: 'right-pass' } });
      expect(later.statusCode).toBe(200);
    } finally {
      clock -= 15 * 60 * 1000;
      await limited.close();
    }
  });

  it('allows 50 failed sign-ins per IP over all accounts', async () => {
    const limited = buildTestApp(test.database).app;
    for (let i = 0; i < 50; i++) {
      const response = await limited.inject({ method: 'POST', url: '/api/auth/login', remoteAddress: '192.0.2.50', payload: { email: `guess${i}@example.com`, password: 'whatever' } });
      expect(response.statusCode).toBe(401);
    }
    const blocked = await limited.inject({ method: 'POST', url: '/api/auth/login', remoteAddress: '192.0.2.50', payload: { email: 'fresh@example.com', password: 'whatever' } });
    expect(expectJsonError(blocked, 429)).toMatch(/^Too many attempts/);
    await limited.close();
  }, 60_000);

  it('limits reset requests per IP and account', async () => {
    const limited = buildTestApp(test.database).app;
    for (let i = 0; i < 10; i++) {
      expect((await limited.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: 'target@example.com' } })).statusCode).toBe(200);
    }
    const blocked = await limited.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: 'target@example.com' } });
    expect(expectJsonError(blocked, 429)).toMatch(/^Too many attempts/);
    expect(blocked.headers['retry-after']).toBeDefined();
    await limited.close();
  });
});

describe('issue 12: abuse', () => {
  it('makes reset links only for an allowed Host without PUBLIC_URL: a forged Host gets no mail', async () => {
    const account = await registerAccount(app, 'Victim');
    const before = server.mail.length;
    const forged = await app.inject({ method: 'POST', url: '/api/auth/forgot-password', headers: { host: 'evil.example' }, payload: { email: account.email } });
    expect(expectJsonError(forged, 400)).toBe(RESET_HOST_REFUSED);
    const alsoUnknown = await app.inject({ method: 'POST', url: '/api/auth/forgot-password', headers: { host: 'evil.example' }, payload: { email: 'nobody@example.com' } });
    expect(expectJsonError(alsoUnknown, 400)).toBe(RESET_HOST_REFUSED); // the same answer: nothing learnt about accounts
    const local = await app.inject({ method: 'POST', url: '/api/auth/forgot-password', headers: { host: '127.0.0.1:3000' }, payload: { email: account.email } });
    expect(local.statusCode).toBe(200);
    await expect.poll(() => server.mail.length).toBe(before + 1);
    expect(server.mail.at(-1)?.text).toContain('http://127.0.0.1:3000/reset-password?token=');
    expect(server.mail.some((mail) => mail.text.includes('evil.example'))).toBe(false);
  });

  it('with PUBLIC_URL, links come from it whatever the Host says', async () => {
    const configured = buildTestApp(test.database, { publicUrl: 'https://chess.example.org/' });
    try {
      const account = await registerAccount(configured.app, 'Configured');
      const response = await configured.app.inject({ method: 'POST', url: '/api/auth/forgot-password', headers: { host: 'evil.example' }, payload: { email: account.email } });
      expect(response.statusCode).toBe(200);
      expect(configured.mail[0]?.text).toContain('https://chess.example.org/verify-email?token='); // at registration
      await expect.poll(() => configured.mail.length).toBe(2);
      expect(configured.mail[1]?.text).toContain('https://chess.example.org/reset-password?token=');
    } finally {
      await configured.app.close();
    }
  });

  it.each([
    ['localhost:3000', ['localhost'], true],
    ['LOCALHOST', ['localhost'], true],
    ['192.168.1.10:3000', ['192.168.1.10:3000'], true],
    ['192.168.1.10:8080', ['192.168.1.10:3000'], false],
    ['[::1]:3000', ['[::1]'], true],
    ['evil.example', ['localhost', '127.0.0.1'], false],
    ['localhost.evil.example', ['localhost'], false],
  ] as const)('isAllowedHost(%s, %j) is %s', (host, allowed, expected) => {
    expect(isAllowedHost(host, allowed)).toBe(expected);
  });

  it('caps a burst of 40 parallel guesses at one account from one address at 10 checked passwords', async () => {
    const limited = buildTestApp(test.database).app;
    try {
      const account = await registerAccount(limited, 'Burst', 'right-pass');
      const guesses = await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          limited.inject({ method: 'POST', url: '/api/auth/login', remoteAddress: '192.0.2.77', payload: { email: account.email, password: `wrong-${i}` } }),
        ),
      );
      expect(guesses.filter((r) => r.statusCode === 401)).toHaveLength(10);
      const refused = guesses.filter((r) => r.statusCode === 429);
      expect(refused).toHaveLength(30);
      expect(Number(refused[0]?.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await limited.close();
    }
  }, 60_000);

  it('limits registrations per address before hashing (100 an hour)', async () => {
    const limited = buildTestApp(test.database).app;
    try {
      const attempt = (i: number) =>
        limited.inject({ method: 'POST', url: '/api/auth/register', remoteAddress: '192.0.2.88', payload: { username: 'TakenName', email: `taken-name${i}@example.com`, password: 'secret-pass' } });
      await registerAccount(limited, 'TakenName');
      for (let i = 0; i < REGISTER_PER_IP_LIMIT.max; i++) expect((await attempt(i)).statusCode).toBe(409);
      expect(expectJsonError(await attempt(999), 429)).toMatch(/^Too many attempts/);
    } finally {
      await limited.close();
    }
  }, 60_000);

  it('takes the registration limit from REGISTER_LIMIT_PER_HOUR (a school behind one address)', async () => {
    const limited = buildTestApp(test.database, { registerLimitPerHour: 3 }).app;
    try {
      const attempt = (i: number) =>
        limited.inject({ method: 'POST', url: '/api/auth/register', remoteAddress: '192.0.2.89', payload: { username: `ThreeOnly${i}`, email: `three-only${i}@example.com`, password: 'secret-pass' } });
      for (let i = 0; i < 3; i++) expect((await attempt(i)).statusCode).toBe(200);
      expect(expectJsonError(await attempt(3), 429)).toMatch(/^Too many attempts/);
    } finally {
      await limited.close();
    }
  }, 60_000);

  it('limits password changes per account before checking the current password', async () => {
    const limited = buildTestApp(test.database).app;
    try {
      const account = await registerAccount(limited, 'LimitedChanger', 'right-pass');
      const change = (currentPassword: string) =>
        limited.inject({ method: 'POST', url: '/api/auth/change-password', headers: { cookie: account.cookie }, payload: { currentPassword, newPassword: 'new-password' } });
      const wrong = await Promise.all(Array.from({ length: 12 }, () => change('wrong-pass')));
      expect(wrong.filter((r) => r.statusCode === 400)).toHaveLength(10);
      expect(wrong.filter((r) => r.statusCode === 429)).toHaveLength(2);
      expect((await change('right-pass')).statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  }, 60_000);

  it('rotates the session on sign-in: the cookie the browser had before stops working', async () => {
    const account = await registerAccount(app, 'Rotator', 'right-pass');
    const login = await app.inject({ method: 'POST', url: '/api/auth/login', headers: { cookie: account.cookie }, payload: { email: account.email, password: 'right-pass' } });
    expect(login.statusCode).toBe(200);
    expect(sessionCookie(login)).not.toBe(account.cookie);
    expect((await app.inject({ url: '/api/auth/user', headers: { cookie: account.cookie } })).statusCode).toBe(401);
    expect((await app.inject({ url: '/api/auth/user', headers: { cookie: sessionCookie(login) } })).statusCode).toBe(200);
  });

  it('ends a session 90 days after sign-in however active it was', async () => {
    const account = await registerAccount(app, 'Lifetime');
    const start = clock;
    try {
      for (let day = 20; day <= 80; day += 20) {
        clock = start + day * 24 * 60 * 60 * 1000;
        expect((await app.inject({ url: '/api/auth/user', headers: { cookie: account.cookie } })).statusCode).toBe(200);
      }
      clock = start + 90 * 24 * 60 * 60 * 1000 + 1000;
      expect((await app.inject({ url: '/api/auth/user', headers: { cookie: account.cookie } })).statusCode).toBe(401);
    } finally {
      clock = start;
    }
  });

  it('ends the session on a queued Log Out (POST /api/auth/logout), also when sent long after', async () => {
    const account = await registerAccount(app, 'OfflineLeaver');
    clock += 3 * 24 * 60 * 60 * 1000; // back online three days later
    try {
      const response = await post('/api/auth/logout', {}, account.cookie);
      expect(response.json()).toEqual({ message: 'Signed out' });
      expect(response.cookies.find((c) => c.name === 'sid')?.value).toBe('');
      expect((await app.inject({ url: '/api/auth/user', headers: { cookie: account.cookie } })).statusCode).toBe(401);
      expect((await post('/api/auth/logout', {})).statusCode).toBe(200); // nothing to end: still fine
    } finally {
      clock -= 3 * 24 * 60 * 60 * 1000;
    }
  });

  it('answers personal calls with Cache-Control: no-store', async () => {
    const account = await registerAccount(app, 'Private');
    const me = await app.inject({ url: '/api/auth/user', headers: { cookie: account.cookie } });
    expect(me.headers['cache-control']).toBe('no-store');
    const history = await app.inject({ url: '/api/games/history', headers: { cookie: account.cookie } });
    expect(history.headers['cache-control']).toBe('no-store');
  });
});

describe('one sign-in key per account (issue 26)', () => {
  /** A managed account as a teacher makes one (classes/service.ts), with a card password. */
  async function managedAccount(username: string, password: string): Promise<void> {
    await test.database.db
      .insertInto('users')
      .values({ username, usernameSkeleton: nameSkeleton(username), email: `${username}@managed.invalid`, passwordHash: await hashPassword(password), isManaged: 1, createdAt: new Date(clock).toISOString() })
      .execute();
  }

  const signIn = (target: FastifyInstance, username: string, password: string, remoteAddress = '127.0.0.1') =>
    target.inject({ method: 'POST', url: '/api/auth/login', remoteAddress, payload: { username, password } });

  /** 100 wrong passwords from 10 addresses, each address typing the name its own way (10 tries each). */
  async function guessFromTenAddresses(target: FastifyInstance, spellings: readonly string[]): Promise<number[]> {
    const answers = await Promise.all(
      Array.from({ length: 10 }, async (_, address) => {
        const statuses: number[] = [];
        for (let i = 0; i < 10; i++) statuses.push((await signIn(target, spellings[address % spellings.length] as string, `wrong-${address}-${i}`, `198.51.100.${address + 1}`)).statusCode);
        return statuses;
      }),
    );
    return answers.flat();
  }

  it('signs in with the name in fullwidth letters or another case (the stored form), and refuses one with invisible characters', async () => {
    await managedAccount('NoahK', 'tiger-lamp-41');
    expect((await signIn(app, 'ＮｏａｈＫ', 'tiger-lamp-41')).statusCode).toBe(200);
    expect((await signIn(app, 'noahk', 'tiger-lamp-41')).statusCode).toBe(200);
    for (const typed of ['Noah\u200BK', 'No\u00ADahK', 'Noah\u2060K']) {
      expect(expectJsonError(await signIn(app, typed, 'tiger-lamp-41'), 400)).toBe(MESSAGES.usernameInvisible);
    }
    // A look-alike is another name: it signs in to nothing.
    expect(expectJsonError(await signIn(app, 'N\u043EahK', 'tiger-lamp-41'), 401)).toBe(MESSAGES.invalidCredentials);
  });

  it('counts 100 wrong passwords for a card typed 10 ways as one account: then even the right one, typed any way, is 429', async () => {
    const limited = buildTestApp(test.database, { now: () => new Date(clock) }).app;
    try {
      await managedAccount('ChloeZ', 'river-stone-07');
      // Exact, fullwidth, other cases, a fullwidth letter or two, and look-alikes (a capital I for the l, a Cyrillic o).
      const spellings = ['ChloeZ', 'ＣｈｌｏｅＺ', 'CHLOEZ', 'chloez', 'ChloeＺ', 'Ｃhloez', 'ChIoeZ', 'Chl\u043EeZ', 'cHLOEz', 'ChLoEz'];
      const statuses = await guessFromTenAddresses(limited, spellings);
      expect(statuses.filter((status) => status === 401)).toHaveLength(100);
      for (const typed of ['ChloeZ', 'ＣｈｌｏｅＺ', 'chloez']) {
        expect(expectJsonError(await signIn(limited, typed, 'river-stone-07', '203.0.113.200'), 429)).toMatch(/^Too many attempts/);
      }
    } finally {
      await limited.close();
    }
  }, 120_000);

  it('limits a name of no account the same way, whatever its spelling', async () => {
    const limited = buildTestApp(test.database, { now: () => new Date(clock) }).app;
    try {
      const spellings = ['NobodyHere', 'ＮｏｂｏｄｙＨｅｒｅ', 'NOBODYHERE', 'nobodyhere', 'N\u043EbodyHere'];
      const statuses = await guessFromTenAddresses(limited, spellings);
      expect(statuses.filter((status) => status === 401)).toHaveLength(100);
      expect(expectJsonError(await signIn(limited, 'ｎｏｂｏｄｙｈｅｒｅ', 'anything-1', '203.0.113.201'), 429)).toMatch(/^Too many attempts/);
    } finally {
      await limited.close();
    }
  }, 120_000);
});

describe('e-mail verification', () => {
  const verifyLink = (to: string) => {
    const mail = [...server.mail].reverse().find((m) => m.to === to && m.subject.startsWith('Confirm'));
    const match = /\/verify-email\?token=([A-Za-z0-9_-]+)/.exec(mail?.text ?? '');
    if (!match?.[1]) throw new Error(`no verification link for ${to}`);
    return match[1];
  };
  const verifiedAt = async (id: number) =>
    (await test.database.db.selectFrom('users').select('emailVerifiedAt').where('id', '=', id).executeTakeFirstOrThrow()).emailVerifiedAt;

  it('mails a link at registration; opening it verifies the address once', async () => {
    const account = await registerAccount(app, 'Verifier');
    expect(await verifiedAt(account.user.id)).toBeNull();
    const token = verifyLink(account.email);
    expect(server.mail.find((m) => m.text.includes(token))?.text).toContain('http://localhost:80/verify-email?token=');
    const verified = await post('/api/auth/verify-email', { token });
    expect(verified.json()).toEqual({ message: VERIFY_MESSAGES.verified });
    expect(await verifiedAt(account.user.id)).not.toBeNull();
    expect(expectJsonError(await post('/api/auth/verify-email', { token }), 400)).toBe(VERIFY_MESSAGES.linkInvalid);
    expect((await post('/api/auth/send-verification', {}, account.cookie)).json()).toEqual({ message: VERIFY_MESSAGES.alreadyVerified });
  });

  it('sends a new link on request; an expired or made-up one is refused', async () => {
    const account = await registerAccount(app, 'LateVerifier');
    const first = verifyLink(account.email);
    const again = await post('/api/auth/send-verification', {}, account.cookie);
    expect(again.json()).toEqual({ message: VERIFY_MESSAGES.sent });
    const second = verifyLink(account.email);
    expect(second).not.toBe(first);
    expect(expectJsonError(await post('/api/auth/verify-email', { token: first }), 400)).toBe(VERIFY_MESSAGES.linkInvalid);
    expect(expectJsonError(await post('/api/auth/verify-email', { token: 'x' }), 400)).toBe(VERIFY_MESSAGES.linkInvalid);
    clock += 24 * 60 * 60 * 1000 + 1000;
    try {
      expect(expectJsonError(await post('/api/auth/verify-email', { token: second }), 400)).toBe(VERIFY_MESSAGES.linkInvalid);
    } finally {
      clock -= 24 * 60 * 60 * 1000 + 1000;
    }
    expect(await verifiedAt(account.user.id)).toBeNull();
  });

  it('counts only wrong links against an address: 50 in 15 minutes, while right ones keep working', async () => {
    const limited = buildTestApp(test.database);
    try {
      // Well-formed links (43 characters of base64url) that match no account.
      const wrongLink = (n: number) => `${'A'.repeat(41)}${String(n).padStart(2, '0')}`;
      const verify = (token: string) => limited.app.inject({ method: 'POST', url: '/api/auth/verify-email', remoteAddress: '192.0.2.77', payload: { token } });
      const first = await registerAccount(limited.app, 'StaffOne');
      const second = await registerAccount(limited.app, 'StaffTwo');
      const linkOf = (to: string) => /\/verify-email\?token=([A-Za-z0-9_-]+)/.exec(limited.mail.find((m) => m.to === to)?.text ?? '')?.[1] ?? '';
      for (let i = 0; i < 49; i++) expect((await verify(wrongLink(i))).statusCode).toBe(400);
      // The 50th and 51st attempts are right links: neither counts, so both verify.
      expect((await verify(linkOf(first.email))).json()).toEqual({ message: VERIFY_MESSAGES.verified });
      expect((await verify(linkOf(second.email))).json()).toEqual({ message: VERIFY_MESSAGES.verified });
      expect((await verify(wrongLink(49))).statusCode).toBe(400);
      expect(expectJsonError(await verify(wrongLink(50)), 429)).toMatch(/^Too many attempts/);
    } finally {
      await limited.app.close();
    }
  }, 60_000);
});
