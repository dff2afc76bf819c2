import { Chess } from 'chess.js';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { historyResponseSchema, MESSAGES, replayGameSchema, saveGameResponseSchema, type HistoryResponse } from '../../schema';
import { createTestDatabase, type TestDatabase } from '../core/test-db';
import { buildTestApp, expectJsonError, gamePayload, registerAccount, SCHOLARS_MATE, uuid, type Account } from '../testing/test-server';

// Database set-up and scrypt hashing are slow on a busy machine (and on PostgreSQL).
vi.setConfig({ testTimeout: 30_000, hookTimeout: 60_000 });

let test: TestDatabase;
let app: FastifyInstance;
let clock = Date.parse('2026-11-01T12:00:00.000Z');

beforeAll(async () => {
  test = await createTestDatabase();
  app = buildTestApp(test.database, { now: () => new Date(clock) }).app;
});

afterAll(async () => {
  await app.close();
  await test.remove();
});

async function save(account: Account, payload: object) {
  return app.inject({ method: 'POST', url: '/api/games/save', headers: { cookie: account.cookie }, payload });
}

async function history(account: Account, query = ''): Promise<HistoryResponse> {
  const response = await app.inject({ url: `/api/games/history${query}`, headers: { cookie: account.cookie } });
  expect(response.statusCode, response.body).toBe(200);
  return historyResponseSchema.parse(response.json());
}

describe('POST /api/games/save', () => {
  it('stores the game with its PGN, final position, move count, duration and opening, and counts it', async () => {
    const account = await registerAccount(app, 'Saver');
    const response = await save(account, gamePayload({ gameDurationSeconds: 95 }));
    expect(response.statusCode, response.body).toBe(200);
    const { gameId } = saveGameResponseSchema.parse(response.json());
    const row = await test.database.db.selectFrom('games').selectAll().where('id', '=', gameId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      userId: account.user.id,
      opponent: 'Computer',
      result: 'win',
      gameMode: 'pvc',
      difficulty: 'beginner',
      playerColor: 'white',
      gameDuration: 95,
      finalFen: 'r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4',
      startingFen: 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1',
      eloChange: 0,
      createdAt: '2026-11-01T12:00:00.000Z',
    });
    expect(JSON.parse(row.moves)).toEqual(SCHOLARS_MATE);
    expect(row.totalMoves).toBeGreaterThan(0);
    expect(row.openingEco).toMatch(/^[A-E]\d\d$/);
    expect(row.pgn).toContain('[White "Saver"]');
    expect(row.pgn).toContain('[Result "1-0"]');
    const me = await app.inject({ url: '/api/auth/user', headers: { cookie: account.cookie } });
    expect(me.json()).toMatchObject({ gamesWon: 1, totalGames: 1 });
  });

  it('stores a game once when the same gameId is saved again', async () => {
    const account = await registerAccount(app);
    const first = saveGameResponseSchema.parse((await save(account, { ...gamePayload(), gameId: uuid(1, 0x5a) })).json());
    const second = saveGameResponseSchema.parse((await save(account, { ...gamePayload(), gameId: uuid(1, 0x5a) })).json());
    expect(second.gameId).toBe(first.gameId);
    expect((await history(account)).pagination.total).toBe(1);
  });

  it('refuses moves that are not legal with 400, storing nothing', async () => {
    const account = await registerAccount(app);
    const response = await save(account, gamePayload({ moves: ['e4', 'e5', 'Ke3'] }));
    expect(expectJsonError(response, 400)).toMatch(/^The game's moves cannot be replayed: Invalid move/);
    expect((await history(account)).pagination.total).toBe(0);
  });

  it('refuses a gameId another account already used', async () => {
    const [a, b] = [await registerAccount(app), await registerAccount(app)];
    await save(a, { ...gamePayload(), gameId: uuid(2, 0x5a) });
    expect(expectJsonError(await save(b, { ...gamePayload(), gameId: uuid(2, 0x5a) }), 409)).toBe('This game id belongs to another account.');
  });
});

describe('GET /api/games/history', () => {
  let account: Account;
  beforeAll(async () => {
    account = await registerAccount(app, 'Historian');
    const results = ['win', 'loss', 'draw', 'abandoned'] as const;
    for (let i = 0; i < 25; i++) {
      clock = Date.parse('2026-10-01T10:00:00.000Z') + i * 86_400_000; // one game a day from 1 October
      const mode = i % 5 === 0 ? 'pvp' : 'pvc';
      await save(account, gamePayload({ result: results[i % 4], gameMode: mode, opponent: mode === 'pvp' ? 'Human Player' : 'Computer', difficulty: mode === 'pvp' ? undefined : 'intermediate' }));
    }
  });

  it('lists the newest first, 20 to a page by default', async () => {
    const page1 = await history(account);
    expect(page1.pagination).toEqual({ page: 1, limit: 20, total: 25, totalPages: 2 });
    expect(page1.games).toHaveLength(20);
    expect(page1.games[0]?.createdAt).toBe('2026-10-25T10:00:00.000Z');
    const dates = page1.games.map((g) => g.createdAt);
    expect([...dates].sort().reverse()).toEqual(dates);
    const page2 = await history(account, '?page=2');
    expect(page2.games.map((g) => g.createdAt)).toEqual(['2026-10-05T10:00:00.000Z', '2026-10-04T10:00:00.000Z', '2026-10-03T10:00:00.000Z', '2026-10-02T10:00:00.000Z', '2026-10-01T10:00:00.000Z']);
    expect((await history(account, '?page=3')).games).toEqual([]);
  });

  it.each([
    ['?result=win', 7],
    ['?result=abandoned', 6],
    ['?gameMode=pvp', 5],
    ['?gameMode=pvc&result=loss', 5],
    ['?dateFrom=2026-10-10&dateTo=2026-10-12', 3],
    ['?dateFrom=2026-10-25', 1],
    ['?dateTo=2026-10-01', 1],
    ['?limit=5&page=2', 25],
  ])('filters %s to %i games', async (query, total) => {
    const page = await history(account, query);
    expect(page.pagination.total).toBe(total);
    if (query.includes('result=win')) expect(page.games.every((g) => g.result === 'win')).toBe(true);
    if (query.includes('pvp')) expect(page.games.every((g) => g.gameMode === 'pvp' && g.difficulty === null && g.opponent === 'Human Player')).toBe(true);
  });

  it('shows nobody else the games', async () => {
    const other = await registerAccount(app);
    expect((await history(other)).pagination.total).toBe(0);
  });
});

describe('replay and PGN', () => {
  it('answers the replay with the moves, and the PGN as a file chess.js reads back', async () => {
    const account = await registerAccount(app, 'Replayer');
    const { gameId } = saveGameResponseSchema.parse((await save(account, gamePayload({ playerColor: 'black', result: 'loss' }))).json());
    const replay = await app.inject({ url: `/api/games/${gameId}/replay`, headers: { cookie: account.cookie } });
    expect(replay.statusCode).toBe(200);
    expect(replayGameSchema.parse(replay.json())).toMatchObject({ id: gameId, moves: SCHOLARS_MATE, playerColor: 'black', result: 'loss' });

    const pgn = await app.inject({ url: `/api/games/${gameId}/pgn`, headers: { cookie: account.cookie } });
    expect(pgn.statusCode).toBe(200);
    expect(pgn.headers['content-disposition']).toBe(`attachment; filename="game-${gameId}.pgn"`);
    expect(pgn.headers['content-type']).toMatch(/^application\/x-chess-pgn/);
    const chess = new Chess();
    chess.loadPgn(pgn.body);
    expect(chess.history()).toEqual(SCHOLARS_MATE);
    expect(chess.getHeaders()).toMatchObject({ White: 'Computer', Black: 'Replayer', Result: '1-0', Site: 'Chess Learning App' });
    for (const tag of ['Event', 'Site', 'Date', 'Round', 'White', 'Black', 'Result']) expect(chess.getHeaders()[tag]).toBeDefined();
  });

  it('answers 404 for a game that does not exist or is not yours', async () => {
    const [owner, other] = [await registerAccount(app), await registerAccount(app)];
    const { gameId } = saveGameResponseSchema.parse((await save(owner, gamePayload())).json());
    for (const url of [`/api/games/${gameId}/replay`, `/api/games/${gameId}/pgn`, '/api/games/999999/replay', '/api/games/999999/pgn']) {
      expect(expectJsonError(await app.inject({ url, headers: { cookie: other.cookie } }), 404)).toBe(MESSAGES.notFound);
    }
  });
});
