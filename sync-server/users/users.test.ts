import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MESSAGES, playerProfileSchema, recentGameItemSchema, tournamentHistoryItemSchema } from '../../schema';
import { createTestDatabase, type TestDatabase } from '../test-db';
import { buildTestApp, expectJsonError, gamePayload, registerAccount, type Account } from '../test-server';

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
});

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
