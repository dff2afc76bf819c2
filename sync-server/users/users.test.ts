import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MESSAGES, playerProfileSchema, recentGameItemSchema, tournamentHistoryItemSchema } from '../../schema';
import { createTestDatabase, type TestDatabase } from '../core/test-db';
import { sql } from 'kysely';
import { grantRole } from '../core/rbac/grants';
import { buildTestApp, expectJsonError, gamePayload, registerAccount, type Account } from '../testing/test-server';

// Database set-up and scrypt hashing are slow on a busy machine (and on PostgreSQL).
vi.setConfig({ testTimeout: 30_000, hookTimeout: 60_000 });

let test: TestDatabase;
let app: FastifyInstance;
let player: Account;
let viewer: Account;

beforeAll(async () => {
  test = await createTestDatabase();
  app = buildTestApp(test.database).app;
  player = await registerAccount(app, 'Profiled');
  viewer = await registerAccount(app, 'Viewer');
  // Classmates: they see each other's profiles (not each other's contact details).
  const school = await newOrganization('Delhi Public School');
  await test.database.db.updateTable('users').set({ schoolId: school }).where('id', 'in', [player.user.id, viewer.user.id]).execute();
});

async function newOrganization(name: string): Promise<number> {
  const { rows } = await sql<{ id: number }>`insert into organizations (name) values (${name}) returning id`.execute(test.database.db);
  return Number(rows[0]?.id);
}

afterAll(async () => {
  await app.close();
  await test.remove();
});

const get = (url: string, account: Account = viewer) => app.inject({ url, headers: { cookie: account.cookie } });

describe('GET /api/users/:id/profile', () => {
  it('shows the player, with contact details only to themself', async () => {
    await test.database.db.updateTable('users').set({ phoneNumber: '+91 98765 43210', firstName: 'Prag' }).where('id', '=', player.user.id).execute();
    const seen = playerProfileSchema.parse((await get(`/api/users/${player.user.id}/profile`)).json());
    expect(seen).toMatchObject({ username: 'Profiled', firstName: 'Prag', eloRating: 1200, roles: ['student'], email: null, phoneNumber: null });
    const own = playerProfileSchema.parse((await get(`/api/users/${player.user.id}/profile`, player)).json());
    expect(own).toMatchObject({ email: player.email, phoneNumber: '+91 98765 43210' });
  });

  it('answers 404 for a user that does not exist', async () => {
    for (const path of ['profile', 'tournament-history', 'recent-games']) {
      expect(expectJsonError(await get(`/api/users/987654/${path}`), 404)).toBe(MESSAGES.notFound);
    }
  });
});

describe('who sees a profile (ids cannot be walked; contact details stay in the organization)', () => {
  it('answers 404, as for a missing id, to someone who shares nothing with the player', async () => {
    const stranger = await registerAccount(app, 'Stranger');
    for (const path of ['profile', 'tournament-history', 'recent-games']) {
      expect(expectJsonError(await get(`/api/users/${player.user.id}/${path}`, stranger), 404)).toBe(MESSAGES.notFound);
    }
  });

  it('shows a tournament opponent the profile without contact details', async () => {
    const opponent = await registerAccount(app, 'Opponent');
    const entrant = await registerAccount(app, 'Entrant');
    const db = test.database.db;
    const tournament = await db.insertInto('tournaments').values({ name: 'Club night', rounds: 3 }).returning('id').executeTakeFirstOrThrow();
    await db.insertInto('registrations').values([
      { tournamentId: tournament.id, userId: entrant.user.id, status: 'confirmed' },
      { tournamentId: tournament.id, userId: opponent.user.id, status: 'pending' },
    ]).execute();
    const seen = playerProfileSchema.parse((await get(`/api/users/${entrant.user.id}/profile`, opponent)).json());
    expect(seen).toMatchObject({ username: 'Entrant', email: null, phoneNumber: null, parentEmail: null, dateOfBirth: null });
  });

  it("gives contact details to their own organization's staff only", async () => {
    const db = test.database.db;
    const ownTeacher = await registerAccount(app, 'OwnTeacher');
    const otherTeacher = await registerAccount(app, 'OtherTeacher');
    const scopedCoach = await registerAccount(app, 'ScopedCoach');
    const elsewhereCoach = await registerAccount(app, 'ElsewhereCoach');
    const playerSchool = (await db.selectFrom('users').select('schoolId').where('id', '=', player.user.id).executeTakeFirstOrThrow()).schoolId as number;
    const otherSchool = await newOrganization('Another School');
    await db.updateTable('users').set({ primaryRole: 'teacher', schoolId: playerSchool }).where('id', '=', ownTeacher.user.id).execute();
    await db.updateTable('users').set({ primaryRole: 'teacher', schoolId: otherSchool }).where('id', '=', otherTeacher.user.id).execute();
    await grantRole(db, { userId: scopedCoach.user.id, role: 'coach', scope: `organization:${playerSchool}`, expiresAt: null, grantedBy: null }, new Date());
    await grantRole(db, { userId: elsewhereCoach.user.id, role: 'coach', scope: `organization:${otherSchool}`, expiresAt: null, grantedBy: null }, new Date());
    const profileFor = (account: Account) => get(`/api/users/${player.user.id}/profile`, account);
    expect(playerProfileSchema.parse((await profileFor(ownTeacher)).json()).email).toBe(player.email);
    expect(playerProfileSchema.parse((await profileFor(scopedCoach)).json()).email).toBe(player.email);
    expect(playerProfileSchema.parse((await profileFor(viewer)).json()).email).toBeNull(); // a classmate
    expect(expectJsonError(await profileFor(otherTeacher), 404)).toBe(MESSAGES.notFound);
    expect(expectJsonError(await profileFor(elsewhereCoach), 404)).toBe(MESSAGES.notFound);
  });
});

describe('GET /api/users/:id/recent-games', () => {
  it('lists finished games newest first, without abandoned ones', async () => {
    expect((await get(`/api/users/${player.user.id}/recent-games`)).json()).toEqual([]);
    for (const result of ['win', 'abandoned', 'draw'] as const) {
      await app.inject({ method: 'POST', url: '/api/games/save', headers: { cookie: player.cookie }, payload: gamePayload({ result }) });
    }
    const games = recentGameItemSchema.array().parse((await get(`/api/users/${player.user.id}/recent-games`)).json());
    expect(games.map((g) => g.result)).toEqual(['draw', 'win']);
    expect(games[0]).toMatchObject({ opponent: 'Computer', eloChange: 0, duration: 95, moves: expect.any(Number) });
  });
});

describe('GET /api/users/:id/tournament-history', () => {
  it('is empty without tournaments, and lists confirmed registrations with their scores', async () => {
    expect((await get(`/api/users/${player.user.id}/tournament-history`)).json()).toEqual([]);
    const db = test.database.db;
    const tournament = await db
      .insertInto('tournaments')
      .values({ name: 'Diwali Open', startDate: '2026-11-08T04:30:00.000Z', rounds: 5 })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('registrations')
      .values([
        { tournamentId: tournament.id, userId: player.user.id, status: 'confirmed' },
        { tournamentId: tournament.id, userId: viewer.user.id, status: 'confirmed' },
      ])
      .execute();
    await db.insertInto('ratingSnapshots').values({ userId: player.user.id, tournamentId: tournament.id, score: 3.5, performance: 1350, ratingBefore: 1200, ratingAfter: 1232, ratingChange: 32, gamesPlayed: 5 }).execute();
    const history = tournamentHistoryItemSchema.array().parse((await get(`/api/users/${player.user.id}/tournament-history`)).json());
    expect(history).toEqual([
      {
        tournamentId: tournament.id,
        tournamentName: 'Diwali Open',
        finalPosition: null,
        totalPlayers: 2,
        result: null,
        score: 3.5,
        rounds: 5,
        performance: 1350,
        tournamentDate: '2026-11-08T04:30:00.000Z',
      },
    ]);
  });
});
