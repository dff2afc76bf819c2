import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { createMailer } from '../core/mailer';
import { hashPassword, verifyPassword } from './password';
import { tooManyAttempts } from '../core/rate-limit';
import { hashToken, newToken } from '../core/tokens';

// Five scrypt hashes, and the password pool's threads starting: seconds on a loaded 2-core machine.
vi.setConfig({ testTimeout: 30_000 });

describe('passwords', () => {
  it('verify only the password that was hashed', async () => {
    const hash = await hashPassword('correct horse');
    expect(hash).toMatch(/^scrypt\$16384\$8\$1\$[A-Za-z0-9+/=]{24}\$[A-Za-z0-9+/=]{88}$/);
    expect(await verifyPassword('correct horse', hash)).toBe(true);
    expect(await verifyPassword('correct horsf', hash)).toBe(false);
    expect(await verifyPassword('correct horse', null)).toBe(false);
    expect(await verifyPassword('correct horse', 'garbage')).toBe(false);
  });
});

describe('tokens', () => {
  it('are 32 random bytes in base64url, stored as a different hash', () => {
    const token = newToken();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(newToken()).not.toBe(token);
    expect(hashToken(token)).not.toBe(token);
    expect(hashToken(token)).toBe(hashToken(token));
  });
});

describe('tooManyAttempts', () => {
  it.each([
    [1, 'Too many attempts. Please try again in 1 minute.', 1],
    [61, 'Too many attempts. Please try again in 2 minutes.', 2],
    [900, 'Too many attempts. Please try again in 15 minutes.', 15],
  ])('%i s reads "%s"', (seconds, message, minutes) => {
    const refused = tooManyAttempts(seconds);
    expect(refused.statusCode).toBe(429);
    expect(refused.message).toBe(message);
    expect(refused.reason).toEqual({ code: 'ERR_TOO_MANY_ATTEMPTS', params: { minutes } });
  });
});

describe('the outbox mailer (no SMTP_URL)', () => {
  it('writes each message as an .eml file and logs the text with the link', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'chess-outbox-'));
    const logged: string[] = [];
    try {
      const mailer = createMailer({ outboxDir: join(dir, 'outbox'), log: (m) => logged.push(m) });
      await mailer.send({ to: 'kid@example.com', subject: 'Reset your password', text: 'Open http://localhost:3000/reset-password?token=abc' });
      const files = await readdir(join(dir, 'outbox'));
      expect(files).toHaveLength(1);
      expect(files[0]).toMatch(/\.eml$/);
      const eml = await readFile(join(dir, 'outbox', files[0] as string), 'utf8');
      expect(eml).toMatch(/^To: kid@example\.com$/m);
      expect(eml).toMatch(/^Subject: Reset your password$/m);
      expect(eml).toContain('reset-password?token=abc');
      // The link whole on its own line (the .eml's quoted-printable text breaks long links).
      expect(logged[0]?.split('\n')).toContain('  Link: http://localhost:3000/reset-password?token=abc');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
