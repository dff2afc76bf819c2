import { sql, type Kysely } from 'kysely';
import { DIFFICULTIES, GAME_MODES, PLAYER_RESULTS, type GameHistoryItem, type HistoryQuery, type HistoryResponse, type RecentGameItem, type ReplayGame } from '../../schema';
import { parseStringList } from '../core/db/json';
import type { Database, GameRow } from '../core/db/types';

/** Reading saved games: the history page, one game's replay, a profile's recent games. */

type HistoryRow = Pick<
  GameRow,
  'id' | 'result' | 'gameMode' | 'difficulty' | 'opponent' | 'playerColor' | 'openingName' | 'openingEco' | 'gameDuration' | 'totalMoves' | 'createdAt'
>;

export const HISTORY_COLUMNS = [
  'id',
  'result',
  'gameMode',
  'difficulty',
  'opponent',
  'playerColor',
  'openingName',
  'openingEco',
  'gameDuration',
  'totalMoves',
  'createdAt',
] as const;

const oneOf = <T extends string>(values: readonly T[], value: string | null, fallback: T): T =>
  values.includes(value as T) ? (value as T) : fallback;

export function toHistoryItem(row: HistoryRow): GameHistoryItem {
  return {
    id: row.id,
    result: oneOf(PLAYER_RESULTS, row.result, 'abandoned'),
    gameMode: oneOf(GAME_MODES, row.gameMode, 'pvc'),
    difficulty: row.difficulty === null ? null : oneOf(DIFFICULTIES, row.difficulty, 'beginner'),
    opponent: row.opponent ?? '?',
    playerColor: row.playerColor === 'black' ? 'black' : 'white',
    openingName: row.openingName,
    openingEco: row.openingEco,
    gameDuration: row.gameDuration,
    totalMoves: row.totalMoves,
    createdAt: row.createdAt,
  };
}

const dayStart = (date: string) => `${date}T00:00:00.000Z`;
const nextDayStart = (date: string) => new Date(Date.parse(`${date}T00:00:00.000Z`) + 86_400_000).toISOString();

/** GET /api/games/history: newest first, filtered, one page. Dates are whole UTC days, inclusive. */
export async function gameHistory(db: Kysely<Database>, userId: number, query: HistoryQuery): Promise<HistoryResponse> {
  let filtered = db.selectFrom('games').where('userId', '=', userId);
  if (query.result) filtered = filtered.where('result', '=', query.result);
  if (query.gameMode) filtered = filtered.where('gameMode', '=', query.gameMode);
  if (query.dateFrom) filtered = filtered.where('createdAt', '>=', dayStart(query.dateFrom));
  if (query.dateTo) filtered = filtered.where('createdAt', '<', nextDayStart(query.dateTo));
  const [{ total }, rows] = await Promise.all([
    filtered.select(sql<number>`count(*)`.as('total')).executeTakeFirstOrThrow(),
    filtered
      .select(HISTORY_COLUMNS)
      .orderBy('createdAt', 'desc')
      .orderBy('id', 'desc')
      .limit(query.limit)
      .offset((query.page - 1) * query.limit)
      .execute(),
  ]);
  const count = Number(total);
  return {
    games: rows.map(toHistoryItem),
    pagination: { page: query.page, limit: query.limit, total: count, totalPages: Math.ceil(count / query.limit) },
  };
}

export function toReplayGame(row: GameRow): ReplayGame {
  return { ...toHistoryItem(row), startingFen: row.startingFen, moves: parseStringList(row.moves), finalFen: row.finalFen, pgn: row.pgn };
}

export const RECENT_GAMES_LIMIT = 10;

/** A profile's recent finished games (abandoned ones are left out: they have no result to show). */
export async function recentGames(db: Kysely<Database>, userId: number): Promise<RecentGameItem[]> {
  const rows = await db
    .selectFrom('games')
    .select(['id', 'result', 'opponent', 'eloChange', 'gameDuration', 'openingName', 'totalMoves', 'createdAt'])
    .where('userId', '=', userId)
    .where('result', 'in', ['win', 'loss', 'draw'])
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .limit(RECENT_GAMES_LIMIT)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    result: oneOf(['win', 'loss', 'draw'] as const, row.result, 'draw'),
    opponent: row.opponent ?? '?',
    eloChange: row.eloChange,
    duration: row.gameDuration,
    opening: row.openingName,
    moves: row.totalMoves,
    date: row.createdAt,
  }));
}
