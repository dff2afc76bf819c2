import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { nameSkeleton } from '../../domain/name-skeleton';
import { effectivePermissions } from '../../domain/rbac';
import { createTestDatabase, type TestDatabase } from '../core/test-db';
import { ADMIN_USAGE, runAdminCommand, unverifiedMessage } from './admin-command';
import { loadGrants } from '../core/rbac/grants';

// Database set-up and scrypt hashing are slow on a busy machine (and on PostgreSQL).
vi.setConfig({ testTimeout: 30_000, hookTimeout: 60_000 });

let test: TestDatabase;
let userId: number;
const now = new Date('2026-11-22T10:00:00.000Z');

beforeAll(async () => {
  test = await createTestDatabase();
  const user = await test.database.db
    .insertInto('users')
    .values({ username: 'Org', usernameSkeleton: nameSkeleton('Org'), email: 'org@example.com', passwordHash: null, createdAt: now.toISOString(), emailVerifiedAt: now.toISOString() })
    .returning('id')
    .executeTakeFirstOrThrow();
  userId = user.id;
});

afterAll(() => test.remove());

const run = (...args: string[]) => runAdminCommand(test.database.db, args, now);

describe('npm run admin', () => {
  it('refuses to grant a role to an address nobody verified', async () => {
    await test.database.db
      .insertInto('users')
      .values({ username: 'Unverified', usernameSkeleton: nameSkeleton('Unverified'), email: 'unverified@example.com', passwordHash: null, createdAt: now.toISOString() })
      .execute();
    await expect(run('grant', 'unverified@example.com', 'teacher')).rejects.toThrow(unverifiedMessage('unverified@example.com'));
    expect(await run('list', 'unverified@example.com')).toContain('no granted roles');
  });

  it('grants organizer everywhere, which gives tournament:create', async () => {
    expect(await run('grant', 'ORG@example.com', 'organizer')).toBe('Granted organizer at home (own school and own tournaments) to Org <org@example.com>.');
    const grants = await loadGrants(test.database.db, userId);
    expect(effectivePermissions('student', grants, now).has('tournament:create')).toBe(true);
  });

  it('a staff or parent grant skips the assessment; a student grant does not', async () => {
    const onboarded = async (email: string) => {
      const row = await test.database.db.selectFrom('users').select(['onboardingCompleted', 'eloRating']).where('email', '=', email).executeTakeFirstOrThrow();
      return { onboardingCompleted: Boolean(row.onboardingCompleted), eloRating: row.eloRating };
    };
    for (const [email, role, expected] of [
      ['kid@example.com', 'student', false],
      ['mum@example.com', 'parent', true],
      ['coach@example.com', 'coach', true],
    ] as const) {
      await test.database.db
        .insertInto('users')
        .values({ username: email.split('@')[0]!, usernameSkeleton: nameSkeleton(email.split('@')[0]!), email, passwordHash: null, createdAt: now.toISOString(), emailVerifiedAt: now.toISOString() })
        .execute();
      await run('grant', email, role);
      expect(await onboarded(email)).toEqual({ onboardingCompleted: expected, eloRating: 1200 });
    }
  });

  it('grants with a scope and an expiry, lists, and revokes', async () => {
    expect(await run('grant', 'org@example.com', 'coach', '--scope', 'organization:3', '--expires', '2027-06-30')).toBe(
      'Granted coach in organization:3 to Org <org@example.com> until 2027-06-30T00:00:00.000Z.',
    );
    expect(await run('list', 'org@example.com')).toBe(
      'Org <org@example.com>: primary role student\n  organizer at home (own school and own tournaments) (active)\n  coach in organization:3 until 2027-06-30T00:00:00.000Z (active)',
    );
    expect(await run('revoke', 'org@example.com', 'organizer')).toBe('Revoked organizer at home (own school and own tournaments) from Org <org@example.com>.');
    const grants = await loadGrants(test.database.db, userId);
    expect(effectivePermissions('student', grants, now).has('tournament:create')).toBe(false);
  });

  it.each([
    [['grant', 'nobody@example.com', 'organizer'], /No account has the e-mail nobody@example.com/],
    [['grant', 'org@example.com', 'wizard'], /Unknown role "wizard"/],
    [['grant', 'org@example.com'], /^Usage:/],
    [['promote', 'org@example.com', 'coach'], /^Usage:/],
    [['grant', 'org@example.com', 'coach', '--expires', 'soon'], /--expires must be a date/],
    [['grant', 'org@example.com', 'coach', '--expires', '2020-01-01'], /in the past/],
    [['grant', 'org@example.com', 'coach', '--force'], /Unknown option --force/],
    [['revoke', 'org@example.com', 'super_admin'], /holds no active super_admin grant everywhere/],
    [['school', 'org@example.com', 'three'], /must be its number/],
    [['school', 'org@example.com', '999999'], /No organization has the number 999999/],
  ])('%j fails with a message', async (args, message) => {
    await expect(run(...args)).rejects.toThrow(message);
  });

  it('school sets the organization a person belongs to (their home for unscoped roles), and none clears it', async () => {
    const { id } = await test.database.db.insertInto('organizations').values({ name: 'School A', type: 'high_school' }).returning('id').executeTakeFirstOrThrow();
    expect(await run('school', 'org@example.com', String(id))).toBe(`Org <org@example.com> now belongs to organization:${id}.`);
    const row = () => test.database.db.selectFrom('users').select('schoolId').where('id', '=', userId).executeTakeFirstOrThrow();
    expect((await row()).schoolId).toBe(id);
    expect(await run('school', 'org@example.com', 'none')).toBe('Org <org@example.com> now belongs to no organization.');
    expect((await row()).schoolId).toBeNull();
  });

  it('has usage that names every command', () => {
    expect(ADMIN_USAGE).toMatch(/grant <email> <role> \[--scope <scope>\] \[--expires <ISO date>\]/);
  });
});
