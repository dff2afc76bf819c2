import { z } from 'zod';
import { defineMutation } from './sync';
import { COLORS, DIFFICULTIES, GAME_MODES } from './core/values';

/** The address that saves a finished game online (a pattern under API_PREFIX, schema/core/paths.ts). */
export const gamePaths = { save: '/games/save' } as const;

const SAN_MAX = 10; // longest SAN is like "Qh4xe1=Q+" plus a spare character
const MAX_PLIES = 1200; // far above any real game; bounds stored and sent data

export const sanListSchema = z.array(z.string().min(2).max(SAN_MAX)).max(MAX_PLIES);

/**
 * The local in-progress game (key chess-current-game): fen, moveHistory as SAN, playerColor.
 * gameMode and difficulty record what the game was started as; startedAt is set at the first
 * move (spec section 4: "started at the first move (start time recorded)").
 */
export const currentGameSchema = z.object({
  fen: z.string().min(1).max(100),
  moveHistory: sanListSchema,
  playerColor: z.enum(COLORS),
  gameMode: z.enum(GAME_MODES).optional(),
  difficulty: z.enum(DIFFICULTIES).optional(),
  startedAt: z.number().int().positive().nullable().default(null),
  /** Made with startedAt at the first move; names the game in the outbox so it is saved exactly once. */
  gameId: z.uuid().optional(),
});
export type CurrentGame = z.infer<typeof currentGameSchema>;

export const PLAYER_RESULTS = ['win', 'loss', 'draw', 'abandoned'] as const;
export type PlayerResult = (typeof PLAYER_RESULTS)[number];

/** What the client sends to POST /api/games/save (spec: "Saved game payload"). */
export const savedGamePayloadSchema = z.strictObject({
  opponent: z.enum(['Computer', 'Human Player']),
  result: z.enum(PLAYER_RESULTS),
  moves: sanListSchema,
  gameMode: z.enum(GAME_MODES),
  difficulty: z.enum(DIFFICULTIES).optional(),
  playerColor: z.enum(['white', 'black']),
  timeControl: z.undefined().optional(),
  gameDurationSeconds: z.number().int().min(0).max(60 * 60 * 24 * 7),
});
export type SavedGamePayload = z.infer<typeof savedGamePayloadSchema>;

/**
 * POST /api/games/save body: the saved game payload, plus (optionally) the id the client made for
 * the game, which makes a retried save store the game once (without it every call is a new game).
 */
export const saveGameRequestSchema = savedGamePayloadSchema.extend({ gameId: z.uuid().optional() });
export type SaveGameRequest = z.infer<typeof saveGameRequestSchema>;

/** POST /api/games/save answer: the stored game's id (the client reads only the HTTP status). */
export const saveGameResponseSchema = z.object({
  success: z.literal(true),
  gameId: z.number().int().positive(),
});
export type SaveGameResponse = z.infer<typeof saveGameResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Sync (./sync.ts, ./mutations.ts): the game's mutation and its push budget.

/** saveGame: a finished game, identified by the id the client made when the game started. */
export const saveGameArgsSchema = z.strictObject({
  gameId: z.uuid(),
  game: savedGamePayloadSchema,
  /** When the game ended on the client (ISO 8601); the server stores it as createdAt. */
  finishedAt: z.iso.datetime(),
});
export type SaveGameArgs = z.infer<typeof saveGameArgsSchema>;


export const GAME_MUTATIONS = [defineMutation('saveGame', saveGameArgsSchema, ['finishedAt'])] as const;

/**
 * The most plies of saved games one push replays (bounded work per request). A push answers its
 * mutations in id order until the next game would pass the budget; the rest stay unanswered and
 * the client pushes them next (one game alone is at most 1,200 plies, so each push progresses).
 */
export const MAX_PUSH_PLIES = 12_000;


/** The most games one pull of protocol 1 answers; `hasMore` says to pull again with the new cursor. */
export const MAX_PULL_GAMES = 500;
