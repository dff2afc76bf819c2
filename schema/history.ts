import { z } from 'zod';
import { DIFFICULTIES, GAME_MODES } from './core/values';
import { PLAYER_RESULTS } from './game';

/** Game history and replay (accounts spec sections 2, 3 and 7). */

/**
 * The addresses of the history, replay and profile routes (a pattern under API_PREFIX,
 * schema/core/paths.ts).
 */
export const historyPaths = {
  history: '/games/history',
  replay: '/games/:id/replay',
  pgn: '/games/:id/pgn',
  profile: '/users/:id/profile',
  tournamentHistory: '/users/:id/tournament-history',
  recentGames: '/users/:id/recent-games',
} as const;

export const DEFAULT_HISTORY_PAGE_SIZE = 20;
export const MAX_HISTORY_PAGE_SIZE = 100;

const dateOnly = z.iso.date();

/** GET /api/games/history query: page, limit, result, gameMode, dateFrom, dateTo (YYYY-MM-DD, inclusive). */
export const historyQuerySchema = z.strictObject({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  limit: z.coerce.number().int().min(1).max(MAX_HISTORY_PAGE_SIZE).default(DEFAULT_HISTORY_PAGE_SIZE),
  result: z.enum(PLAYER_RESULTS).optional(),
  gameMode: z.enum(GAME_MODES).optional(),
  dateFrom: dateOnly.optional(),
  dateTo: dateOnly.optional(),
});
export type HistoryQuery = z.infer<typeof historyQuerySchema>;

export const gameHistoryItemSchema = z.object({
  id: z.number().int().positive(),
  result: z.enum(PLAYER_RESULTS),
  gameMode: z.enum(GAME_MODES),
  difficulty: z.enum(DIFFICULTIES).nullable(),
  opponent: z.string(),
  playerColor: z.enum(['white', 'black']),
  openingName: z.string().nullable(),
  openingEco: z.string().nullable(),
  gameDuration: z.number().int().nullable(),
  totalMoves: z.number().int(),
  createdAt: z.string(),
});
export type GameHistoryItem = z.infer<typeof gameHistoryItemSchema>;

export const paginationSchema = z.object({
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
  totalPages: z.number().int(),
});
export type Pagination = z.infer<typeof paginationSchema>;

export const historyResponseSchema = z.object({
  games: z.array(gameHistoryItemSchema),
  pagination: paginationSchema,
});
export type HistoryResponse = z.infer<typeof historyResponseSchema>;

/** GET /api/games/{id}/replay: the history fields plus startingFen and the SAN moves. */
export const replayGameSchema = gameHistoryItemSchema.extend({
  startingFen: z.string(),
  moves: z.array(z.string()),
  finalFen: z.string().nullable(),
  pgn: z.string().nullable(),
});
export type ReplayGame = z.infer<typeof replayGameSchema>;

/** GET /api/users/{id}/recent-games item. */
export const recentGameItemSchema = z.object({
  id: z.number().int(),
  result: z.enum(['win', 'loss', 'draw']),
  opponent: z.string(),
  eloChange: z.number().int(),
  duration: z.number().int().nullable(),
  opening: z.string().nullable(),
  moves: z.number().int(),
  date: z.string(),
});
export type RecentGameItem = z.infer<typeof recentGameItemSchema>;

/** GET /api/users/{id}/tournament-history item. */
export const tournamentHistoryItemSchema = z.object({
  tournamentId: z.number().int(),
  tournamentName: z.string(),
  finalPosition: z.number().int().nullable(),
  totalPlayers: z.number().int(),
  result: z.string().nullable(),
  score: z.number(),
  rounds: z.number().int().nullable(),
  performance: z.number().nullable(),
  tournamentDate: z.string().nullable(),
});
export type TournamentHistoryItem = z.infer<typeof tournamentHistoryItemSchema>;

/** GET /api/users/{id}/profile. Contact fields are null unless the viewer may see them (user:view_pii or self). */
export const playerProfileSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  primaryRole: z.string(),
  roles: z.array(z.string()),
  dateOfBirth: z.string().nullable(),
  federationId: z.string().nullable(),
  eloRating: z.number().int(),
  isEloCalibrated: z.boolean(),
  gamesWon: z.number().int(),
  currentStreak: z.number().int(),
  puzzlesSolved: z.number().int(),
  lessonsCompleted: z.number().int(),
  email: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  parentEmail: z.string().nullable(),
  createdAt: z.string(),
  schoolId: z.number().int().nullable(),
});
export type PlayerProfile = z.infer<typeof playerProfileSchema>;
