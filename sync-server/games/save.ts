import type { Transaction } from 'kysely';
import type { AppDatabase } from '../core/db/connect';
import type { SavedGamePayload } from '../../schema';
import type { Database } from '../core/db/types';
import { emit } from '../core/events';
import { PGN_SITE, summariseGame, type GameSummary } from './summary';
import { refusal, type Refusal } from '../core/plugins/errors';

declare module '../core/events' {
  interface AppEvents {
    /** Games stored for a user (applyGames below: a push's or the online route's). */
    gamesSaved: { userId: number };
  }
}

/**
 * The saveGame mutator, shared by POST /api/sync/push and POST /api/games/save. Work is split in
 * two so that pushes hold the database's write lock only for the writes:
 * `prepareGame` (pure, outside the transaction) validates the moves and computes the PGN,
 * final position and opening; `applyGame` (inside) stores the game once per client game id.
 */

export interface PreparedGame {
  readonly clientGameId: string;
  readonly payload: SavedGamePayload;
  readonly finishedAt: string;
  readonly summary: GameSummary;
}

export type PrepareResult = { ok: true; game: PreparedGame } | { ok: false; error: string };

export function prepareGame(
  clientGameId: string,
  payload: SavedGamePayload,
  finishedAt: Date,
  playerName: string,
): PrepareResult {
  const summary = summariseGame(payload, { playerName, date: finishedAt, site: PGN_SITE });
  if (!summary.ok) return { ok: false, error: `The game's moves cannot be replayed: ${summary.error.message}` };
  return { ok: true, game: { clientGameId: clientGameId.toLowerCase(), payload, finishedAt: finishedAt.toISOString(), summary: summary.value } };
}

export type ApplyResult =
  | { status: 'applied'; gameId: number }
  | { status: 'duplicate'; gameId: number }
  | ({ status: 'rejected' } & Refusal);

/** How the user's counters change; summed over a push and written once. */
export interface CounterDelta {
  gamesWon: number;
  gamesLost: number;
  gamesDrawn: number;
  totalGames: number;
}

export const emptyDelta = (): CounterDelta => ({ gamesWon: 0, gamesLost: 0, gamesDrawn: 0, totalGames: 0 });

/**
 * Stores the games, in one statement, except those whose client game id is already stored:
 * those are duplicates when the game is this user's, rejections when it is someone else's
 * (a game id pushed twice in one call is stored once). Adds the stored results to `delta`.
 * Answers one result per game, in order.
 */
export async function applyGames(
  trx: Transaction<Database>,
  userId: number,
  games: readonly PreparedGame[],
  syncVersion: number,
  delta: CounterDelta,
): Promise<ApplyResult[]> {
  if (games.length === 0) return [];
  const inserted = await trx
    .insertInto('games')
    .values(
      games.map(({ clientGameId, payload, summary, finishedAt }) => ({
        userId,
        clientGameId,
        opponent: payload.opponent,
        result: payload.result,
        moves: JSON.stringify(payload.moves),
        pgn: summary.pgn,
        finalFen: summary.finalFen,
        openingName: summary.openingName,
        openingEco: summary.openingEco,
        totalMoves: summary.totalMoves,
        gameMode: payload.gameMode,
        difficulty: payload.gameMode === 'pvc' ? (payload.difficulty ?? null) : null,
        playerColor: payload.playerColor,
        timeControl: null,
        gameDuration: payload.gameDurationSeconds,
        syncVersion,
        createdAt: finishedAt,
      })),
    )
    .onConflict((conflict) => conflict.column('clientGameId').doNothing())
    .returning(['id', 'clientGameId'])
    .execute();
  const stored = new Map(inserted.map((row) => [row.clientGameId, row.id]));
  const missing = games.map((game) => game.clientGameId).filter((id) => !stored.has(id));
  const existing =
    missing.length === 0
      ? new Map<string, { id: number; userId: number }>()
      : new Map(
          (await trx.selectFrom('games').select(['id', 'userId', 'clientGameId']).where('clientGameId', 'in', missing).execute()).map(
            (row) => [row.clientGameId, row],
          ),
        );
  if (inserted.length > 0) await emit(trx, 'gamesSaved', { userId });
  const claimed = new Set<string>();
  return games.map((game): ApplyResult => {
    const newId = stored.get(game.clientGameId);
    if (newId !== undefined && !claimed.has(game.clientGameId)) {
      claimed.add(game.clientGameId);
      countResult(delta, game.payload.result);
      return { status: 'applied', gameId: newId };
    }
    if (newId !== undefined) return { status: 'duplicate', gameId: newId };
    const row = existing.get(game.clientGameId);
    if (row === undefined) throw new Error(`game ${game.clientGameId} neither stored nor found`);
    return row.userId === userId ? { status: 'duplicate', gameId: row.id } : { status: 'rejected', ...refusal('ERR_GAME_ID_TAKEN') };
  });
}

function countResult(delta: CounterDelta, result: SavedGamePayload['result']): void {
  delta.totalGames += 1;
  if (result === 'win') delta.gamesWon += 1;
  else if (result === 'loss') delta.gamesLost += 1;
  else if (result === 'draw') delta.gamesDrawn += 1;
}

/** Starts a user's write: bumps their sync version (the pull cursor) and returns it. */
export async function nextSyncVersion(trx: Transaction<Database>, userId: number): Promise<number> {
  const row = await trx
    .updateTable('users')
    .set((eb) => ({ syncVersion: eb('syncVersion', '+', 1) }))
    .where('id', '=', userId)
    .returning('syncVersion')
    .executeTakeFirstOrThrow();
  return Number(row.syncVersion);
}

export async function applyCounters(trx: Transaction<Database>, userId: number, delta: CounterDelta): Promise<void> {
  if (delta.totalGames === 0) return;
  await trx
    .updateTable('users')
    .set((eb) => ({
      gamesWon: eb('gamesWon', '+', delta.gamesWon),
      gamesLost: eb('gamesLost', '+', delta.gamesLost),
      gamesDrawn: eb('gamesDrawn', '+', delta.gamesDrawn),
      totalGames: eb('totalGames', '+', delta.totalGames),
    }))
    .where('id', '=', userId)
    .execute();
}

/**
 * The user's sync version, locking their row until the transaction ends (PostgreSQL; SQLite
 * writes one transaction at a time anyway). The write stores its games under version + 1 and
 * ends with `finishUserWrite`, so the user row is written once per push or save.
 */
export async function lockSyncVersion(trx: Transaction<Database>, database: AppDatabase, userId: number): Promise<number> {
  let query = trx.selectFrom('users').select('syncVersion').where('id', '=', userId);
  // FOR NO KEY UPDATE (the lock an UPDATE takes), not FOR UPDATE: the foreign keys of the rows
  // this and concurrent pushes insert take KEY SHARE on the user row, which FOR UPDATE would
  // block, and a lock upgrade behind a waiter deadlocks.
  if (database.kind === 'postgres') query = query.forNoKeyUpdate();
  return Number((await query.executeTakeFirstOrThrow()).syncVersion);
}

/** The one write of the user row of a push or save: the new sync version and the counters. */
export async function finishUserWrite(trx: Transaction<Database>, userId: number, syncVersion: number, delta: CounterDelta): Promise<void> {
  await trx
    .updateTable('users')
    .set((eb) => ({
      syncVersion,
      gamesWon: eb('gamesWon', '+', delta.gamesWon),
      gamesLost: eb('gamesLost', '+', delta.gamesLost),
      gamesDrawn: eb('gamesDrawn', '+', delta.gamesDrawn),
      totalGames: eb('totalGames', '+', delta.totalGames),
    }))
    .where('id', '=', userId)
    .execute();
}

/**
 * Stores prepared games for a user in the caller's transaction, under the user's next sync
 * version, with the user row written once (the push's run of saveGame and POST /api/games/save).
 */
export async function storeGames(trx: Transaction<Database>, database: AppDatabase, userId: number, games: readonly PreparedGame[]): Promise<ApplyResult[]> {
  const version = (await lockSyncVersion(trx, database, userId)) + 1;
  const delta = emptyDelta();
  const applied = await applyGames(trx, userId, games, version, delta);
  await finishUserWrite(trx, userId, version, delta);
  return applied;
}
