import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CLIENT_TOO_OLD, legacyPullResponseSchema, MAX_PUSH_PLIES, pullResponseSchema, pushResponseSchema, SERVER_TOO_OLD, SYNC_PROTOCOL, type PushResponse } from '../../schema';
import type { AppDatabase } from '../core/db/connect';
import { createTestDatabase, type TestDatabase } from '../core/test-db';
import { buildTestApp, expectJsonError, registerAccount, saveGameArgs, uuid, type Account } from '../testing/test-server';
import type { FastifyInstance } from 'fastify';
import { CLIENT_TAKEN } from './push';

// Database set-up and scrypt hashing are slow on a busy machine (and on PostgreSQL).
vi.setConfig({ testTimeout: 30_000, hookTimeout: 60_000 });

let test: TestDatabase;
let app: FastifyInstance;

beforeAll(async () => {
  test = await createTestDatabase();
  app = buildTestApp(test.database).app;
});

afterAll(async () => {
  await app.close();
  await test.remove();
});

let clientCounter = 0;
const newClient = () => uuid(++clientCounter, 0xc1);

const saveGame = (id: number, gameNumber: number, overrides = {}) => ({ id, name: 'saveGame', args: saveGameArgs(uuid(gameNumber, 0x9a), overrides) });

async function push(server: FastifyInstance, account: Account, clientId: string, mutations: unknown[], protocol: number | undefined = SYNC_PROTOCOL): Promise<PushResponse> {
  const response = await server.inject({ method: 'POST', url: '/api/sync/push', headers: { cookie: account.cookie }, payload: { protocol, clientId, mutations } });
  expect(response.statusCode, response.body).toBe(200);
  return pushResponseSchema.parse(response.json());
}

async function gamesOf(database: AppDatabase, userId: number): Promise<string[]> {
  const rows = await database.db.selectFrom('games').select('clientGameId').where('userId', '=', userId).orderBy('clientGameId').execute();
  return rows.map((row) => row.clientGameId);
}

async function counters(database: AppDatabase, userId: number) {
  return database.db.selectFrom('users').select(['gamesWon', 'gamesLost', 'gamesDrawn', 'totalGames']).where('id', '=', userId).executeTakeFirstOrThrow();
}

describe('POST /api/sync/push', () => {
  it('applies each mutation once: the same batch pushed twice stores each game once', async () => {
    const account = await registerAccount(app);
    const clientId = newClient();
    const batch = [saveGame(1, 101), saveGame(2, 102, { result: 'loss' }), saveGame(3, 103, { result: 'draw' })];
    const first = await push(app, account, clientId, batch);
    expect(first).toEqual({ results: [1, 2, 3].map((id) => ({ id, status: 'applied' })), lastMutationId: 3 });
    const second = await push(app, account, clientId, batch);
    expect(second).toEqual({ results: [1, 2, 3].map((id) => ({ id, status: 'duplicate' })), lastMutationId: 3 });
    expect(await gamesOf(test.database, account.user.id)).toEqual([uuid(101, 0x9a), uuid(102, 0x9a), uuid(103, 0x9a)]);
    expect(await counters(test.database, account.user.id)).toEqual({ gamesWon: 1, gamesLost: 1, gamesDrawn: 1, totalGames: 3 });
  });

  it('applies a batch in id order whatever order it arrives in, and accepts gaps', async () => {
    const account = await registerAccount(app);
    const clientId = newClient();
    const response = await push(app, account, clientId, [saveGame(7, 207), saveGame(2, 202), saveGame(5, 205)]);
    expect(response.results).toEqual([7, 2, 5].map((id) => ({ id, status: 'applied' })));
    expect(response.lastMutationId).toBe(7);
    // An older batch arriving late is answered as already handled.
    const late = await push(app, account, clientId, [saveGame(5, 205), saveGame(2, 202)]);
    expect(late.results.map((r) => r.status)).toEqual(['duplicate', 'duplicate']);
    expect(await gamesOf(test.database, account.user.id)).toHaveLength(3);
  });

  it('stores a game once even when it comes again under a new mutation id (the game id is the key)', async () => {
    const account = await registerAccount(app);
    const clientId = newClient();
    await push(app, account, clientId, [saveGame(1, 301)]);
    const again = await push(app, account, clientId, [saveGame(2, 301)]);
    expect(again.results).toEqual([{ id: 2, status: 'duplicate' }]);
    expect(await gamesOf(test.database, account.user.id)).toHaveLength(1);
    expect((await counters(test.database, account.user.id)).totalGames).toBe(1);
  });

  it('rejects an invalid mutation with a reason and goes on with the rest', async () => {
    const account = await registerAccount(app);
    const clientId = newClient();
    const response = await push(app, account, clientId, [
      saveGame(1, 401),
      { id: 2, name: 'saveGame', args: { gameId: 'not-a-uuid' } },
      saveGame(3, 403, { moves: ['e4', 'e4'] }),
      { id: 4, name: 'deleteEverything', args: {} },
      saveGame(5, 405),
    ]);
    expect(response.results.map((r) => r.status)).toEqual(['applied', 'rejected', 'rejected', 'rejected', 'applied']);
    expect(response.results[1]?.error).toMatch(/^Invalid mutation: args\.gameId/);
    expect(response.results[2]?.error).toMatch(/^The game's moves cannot be replayed: Invalid move/);
    expect(response.lastMutationId).toBe(5);
    expect(await gamesOf(test.database, account.user.id)).toEqual([uuid(401, 0x9a), uuid(405, 0x9a)]);
    // Handled: pushing them again is a duplicate, not a second rejection.
    const again = await push(app, account, clientId, [{ id: 2, name: 'saveGame', args: {} }]);
    expect(again.results).toEqual([{ id: 2, status: 'duplicate' }]);
  });

  it('refuses a client id used by another account (403) and a game id owned by another account', async () => {
    const owner = await registerAccount(app);
    const intruder = await registerAccount(app);
    const clientId = newClient();
    await push(app, owner, clientId, [saveGame(1, 501)]);
    const response = await app.inject({
      method: 'POST',
      url: '/api/sync/push',
      headers: { cookie: intruder.cookie },
      payload: { clientId, mutations: [saveGame(2, 502)] },
    });
    expect(expectJsonError(response, 403)).toBe(CLIENT_TAKEN);
    const stolen = await push(app, intruder, newClient(), [saveGame(1, 501)]);
    expect(stolen.results[0]).toMatchObject({ status: 'rejected', error: 'This game id belongs to another account.' });
    expect(await gamesOf(test.database, intruder.user.id)).toEqual([]);
    expect(await gamesOf(test.database, owner.user.id)).toEqual([uuid(501, 0x9a)]);
  });

  it('refuses a mutation without a usable id as a bad request, storing nothing', async () => {
    const account = await registerAccount(app);
    const response = await app.inject({
      method: 'POST',
      url: '/api/sync/push',
      headers: { cookie: account.cookie },
      payload: { clientId: newClient(), mutations: [saveGame(1, 601), { name: 'saveGame', args: {} }] },
    });
    expect(expectJsonError(response, 400)).toMatch(/mutations\.1\.id/);
    expect(await gamesOf(test.database, account.user.id)).toEqual([]);
  });

  it('survives a server restart in the middle of a batch: nothing half-applied, and the retry stores each game once', async () => {
    const account = await registerAccount(app);
    const clientId = newClient();
    await push(app, account, clientId, [saveGame(1, 700)]);
    const batch = Array.from({ length: 10 }, (_, i) => saveGame(i + 2, 701 + i));
    // The server dies while applying the 6th mutation of the batch.
    const crashing = buildTestApp(test.database, {
      beforeMutation: async (id) => {
        // The open transaction is abandoned, as when the process dies; then the app and the
        // database connection are closed and reopened below.
        if (id === 7) throw new Error('power cut');
      },
    }).app;
    const failed = await crashing.inject({ method: 'POST', url: '/api/sync/push', headers: { cookie: account.cookie }, payload: { clientId, mutations: batch } });
    expect(expectJsonError(failed, 500)).toBe('Internal Server Error');
    await crashing.close();
    await app.close();
    // Restart: a new connection to the same database file (or PostgreSQL schema), a new app.
    const reopened = await test.reopen();
    app = buildTestApp(reopened).app;
    expect(await gamesOf(reopened, account.user.id)).toEqual([uuid(700, 0x9a)]);
    const retry = await push(app, account, clientId, batch);
    expect(retry.results.every((r) => r.status === 'applied')).toBe(true);
    const retryAgain = await push(app, account, clientId, batch);
    expect(retryAgain.results.every((r) => r.status === 'duplicate')).toBe(true);
    const games = await gamesOf(reopened, account.user.id);
    expect(games).toHaveLength(11);
    expect(new Set(games).size).toBe(11);
    expect((await counters(reopened, account.user.id)).totalGames).toBe(11);
  });

  it('survives a restart after the commit when the answer was lost: the retry is all duplicates', async () => {
    const account = await registerAccount(app);
    const clientId = newClient();
    const batch = Array.from({ length: 5 }, (_, i) => saveGame(i + 1, 801 + i));
    await push(app, account, clientId, batch); // the client never hears this answer
    await app.close();
    app = buildTestApp(await test.reopen()).app;
    const retry = await push(app, account, clientId, batch);
    expect(retry.results.map((r) => r.status)).toEqual(Array(5).fill('duplicate'));
    expect(await gamesOf(test.database, account.user.id)).toHaveLength(5);
  });
});

describe('the sync protocol version', () => {
  it('answers a client older than the server accepts with one 409 "client too old", storing nothing', async () => {
    const strict = buildTestApp(test.database, { syncProtocolMin: 2 }).app;
    try {
      const account = await registerAccount(strict);
      const clientId = newClient();
      const legacy = await strict.inject({ method: 'POST', url: '/api/sync/push', headers: { cookie: account.cookie }, payload: { clientId, mutations: [saveGame(1, 1001)] } });
      expect(expectJsonError(legacy, 409)).toBe(CLIENT_TOO_OLD);
      const legacyPull = await strict.inject({ method: 'POST', url: '/api/sync/pull', headers: { cookie: account.cookie }, payload: { cursor: 0 } });
      expect(expectJsonError(legacyPull, 409)).toBe(CLIENT_TOO_OLD);
      expect(await gamesOf(test.database, account.user.id)).toEqual([]);
      // After the update the same client's outbox goes through.
      expect((await push(strict, account, clientId, [saveGame(1, 1001)], 2)).results).toEqual([{ id: 1, status: 'applied' }]);
    } finally {
      await strict.close();
    }
  });

  it('asks a client newer than the server to come back later (503 with Retry-After), storing nothing', async () => {
    const account = await registerAccount(app);
    const response = await app.inject({
      method: 'POST',
      url: '/api/sync/push',
      headers: { cookie: account.cookie },
      payload: { protocol: SYNC_PROTOCOL + 1, clientId: newClient(), mutations: [saveGame(1, 1101)] },
    });
    expect(expectJsonError(response, 503)).toBe(SERVER_TOO_OLD);
    expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
    expect(await gamesOf(test.database, account.user.id)).toEqual([]);
  });

  it('still applies a protocol 1 push (no protocol field) and answers its pull with history items', async () => {
    const account = await registerAccount(app);
    const response = await push(app, account, newClient(), [saveGame(1, 1201)], undefined);
    expect(response.results).toEqual([{ id: 1, status: 'applied' }]);
    const pull = await app.inject({ method: 'POST', url: '/api/sync/pull', headers: { cookie: account.cookie }, payload: { cursor: 0 } });
    expect(pull.statusCode).toBe(200);
    expect(legacyPullResponseSchema.parse(pull.json()).games).toHaveLength(1);
  });

  it('replays at most MAX_PUSH_PLIES plies per push: the rest stay unanswered and go through in the next push', async () => {
    const account = await registerAccount(app);
    const clientId = newClient();
    // A long legal game: knights out and back, 1,196 plies (a threefold repetition the rules let go on).
    const shuffle = ['Nf3', 'Nf6', 'Ng1', 'Ng8'];
    const moves = Array.from({ length: 1196 }, (_, i) => shuffle[i % 4] as string);
    const perPush = Math.floor(MAX_PUSH_PLIES / moves.length);
    const batch = Array.from({ length: perPush + 3 }, (_, i) => saveGame(i + 1, 1300 + i, { moves, result: 'draw' }));
    const first = await push(app, account, clientId, batch.slice().reverse());
    expect(first.results.map((r) => r.id).sort((a, b) => a - b)).toEqual(Array.from({ length: perPush }, (_, i) => i + 1));
    expect(first.lastMutationId).toBe(perPush);
    const second = await push(app, account, clientId, batch);
    expect(second.results.filter((r) => r.status === 'applied').map((r) => r.id)).toEqual([perPush + 1, perPush + 2, perPush + 3]);
    expect(await gamesOf(test.database, account.user.id)).toHaveLength(perPush + 3);
    expect((await counters(test.database, account.user.id)).gamesDrawn).toBe(perPush + 3);
  });
});

describe('POST /api/sync/pull', () => {
  it('answers how many games changed after the cursor (protocol 2), with the fresh user', async () => {
    const account = await registerAccount(app);
    const clientId = newClient();
    const pull = async (cursor: number) => {
      const response = await app.inject({ method: 'POST', url: '/api/sync/pull', headers: { cookie: account.cookie }, payload: { protocol: SYNC_PROTOCOL, cursor } });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).not.toHaveProperty('games');
      return pullResponseSchema.parse(response.json());
    };
    const empty = await pull(0);
    expect(empty).toMatchObject({ cursor: 0, changed: 0, hasMore: false });
    await push(app, account, clientId, [saveGame(1, 1401), saveGame(2, 1402, { result: 'loss' })]);
    const first = await pull(empty.cursor);
    expect(first.changed).toBe(2);
    expect(first.user).toMatchObject({ gamesWon: 1, gamesLost: 1, totalGames: 2 });
    expect((await pull(first.cursor)).changed).toBe(0);
    await push(app, account, clientId, [saveGame(3, 1403)]);
    const second = await pull(first.cursor);
    expect(second.changed).toBe(1);
    expect(second.cursor).toBeGreaterThan(first.cursor);
  });

  it('answers the user and the games saved after the cursor, then nothing new (protocol 1)', async () => {
    const account = await registerAccount(app);
    const clientId = newClient();
    const pull = async (cursor?: number) => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/sync/pull',
        headers: { cookie: account.cookie },
        ...(cursor === undefined ? {} : { payload: { cursor } }),
      });
      expect(response.statusCode, response.body).toBe(200);
      return legacyPullResponseSchema.parse(response.json());
    };
    const empty = await pull();
    expect(empty).toMatchObject({ cursor: 0, games: [], hasMore: false });
    expect(empty.user.id).toBe(account.user.id);

    await push(app, account, clientId, [saveGame(1, 901), saveGame(2, 902, { result: 'loss' })], undefined);
    const first = await pull(empty.cursor);
    expect(first.games).toHaveLength(2);
    expect(first.games[0]).toMatchObject({ result: 'win', gameMode: 'pvc', opponent: 'Computer', openingEco: expect.any(String) });
    expect(first.user).toMatchObject({ gamesWon: 1, gamesLost: 1, totalGames: 2 });
    expect((await pull(first.cursor)).games).toEqual([]);

    await push(app, account, clientId, [saveGame(3, 903)]);
    const second = await pull(first.cursor);
    expect(second.games.map((g) => g.result)).toEqual(['win']);
    expect(second.cursor).toBeGreaterThan(first.cursor);
  });
});
