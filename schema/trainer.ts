import { z } from 'zod';
import { defineMutation } from './sync';
import { PUZZLE_SOURCES, PUZZLE_THEMES } from './puzzles';
import { PUZZLE_MODES } from './core/values';

/**
 * The puzzle trainer's API and mutations (issue 21; docs/decisions.md, "Issue 21: puzzles
 * (trainer)"). Puzzles travel as their content id ('lichess:<id>' or 'gen:<hash>') in the
 * Lichess order of schema/puzzles.ts. The student's own puzzles ('own:<uuid>') are made on the
 * device from reviewed games and stored by the saveOwnPuzzles mutation.
 */

/** The puzzle trainer's addresses (a pattern under API_PREFIX, schema/core/paths.ts); `own` is read with GET and added to with POST. */
export const trainerPaths = {
  next: '/puzzles/next',
  pack: '/puzzles/pack',
  history: '/puzzles/history',
  attempt: '/puzzles/attempt',
  own: '/puzzles/own',
} as const;

const uciSchema = z.string().regex(/^[a-h][1-8][a-h][1-8][qrbn]?$/, { error: 'A move is written like e2e4' });
export const trainerPuzzleIdSchema = z.string().regex(/^(lichess:[A-Za-z0-9]{5,8}|gen:[a-z0-9]{8,40})$/, { error: 'Not a puzzle id' });


/** A trainer puzzle as served (the content less its origin). */
export const trainerPuzzleSchema = z.object({
  id: trainerPuzzleIdSchema,
  source: z.enum(PUZZLE_SOURCES),
  fen: z.string(),
  moves: z.array(z.string()),
  rating: z.number().int(),
  ratingDeviation: z.number().int(),
  themes: z.array(z.enum(PUZZLE_THEMES)),
});
export type TrainerPuzzle = z.infer<typeof trainerPuzzleSchema>;

/** The student's puzzle rating and streaks. */
export const puzzleRatingSchema = z.object({
  rating: z.number(),
  rd: z.number(),
  volatility: z.number(),
  games: z.number().int(),
  currentStreak: z.number().int(),
  bestStreak: z.number().int(),
  puzzlesSolved: z.number().int(),
});
export type PuzzleRatingSummary = z.infer<typeof puzzleRatingSchema>;

/** GET /api/puzzles/next query. */
export const nextPuzzleQuerySchema = z.strictObject({
  theme: z.enum(PUZZLE_THEMES).optional(),
});
export const nextPuzzleResponseSchema = z.object({ puzzle: trainerPuzzleSchema.nullable(), rating: puzzleRatingSchema });

/** How many puzzles a pack holds around the rating, per theme, and in the streak ladder. */
export const PACK_AROUND_RATING = 60;
export const PACK_PER_THEME = 12;
export const PACK_STREAK = 40;

/** GET /api/puzzles/pack: what the device keeps for offline use. */
export const puzzlePackSchema = z.object({
  rating: puzzleRatingSchema,
  puzzles: z.array(trainerPuzzleSchema),
  /** Ids of the streak ladder, easiest first (their puzzles are in `puzzles`). */
  streak: z.array(trainerPuzzleIdSchema),
  /** Today's puzzle (UTC day), in `puzzles`. */
  daily: trainerPuzzleIdSchema.nullable(),
  day: z.string(),
  /** Puzzles the student has already tried (not served again as new). */
  attempted: z.array(trainerPuzzleIdSchema),
});
export type PuzzlePack = z.infer<typeof puzzlePackSchema>;

/** recordTrainerAttempt (the outbox) and POST /api/puzzles/attempt (online): one attempt at a puzzle. */
export const recordTrainerAttemptArgsSchema = z.strictObject({
  /** The client's key of the attempt: the same key is recorded once. */
  attemptId: z.uuid(),
  puzzleId: trainerPuzzleIdSchema,
  mode: z.enum(PUZZLE_MODES),
  /** The client's verdict; the server checks it against the solution with `moves`. */
  solved: z.boolean(),
  /** The solver's moves played, in order (UCI), up to the first wrong one. */
  moves: z.array(uciSchema).max(16),
  /** A hint, 'Show Solution' or a wrong move each make the attempt a failure. */
  hintUsed: z.boolean(),
  solutionShown: z.boolean(),
  /** Puzzle Streak: the first puzzle of a new run (the current streak starts from 0). */
  streakStart: z.boolean().optional(),
  timeSpent: z.number().int().min(0).max(24 * 60 * 60),
  attemptedAt: z.iso.datetime(),
});
export type RecordTrainerAttemptArgs = z.infer<typeof recordTrainerAttemptArgsSchema>;

export const trainerAttemptResponseSchema = z.object({
  solved: z.boolean(),
  rated: z.boolean(),
  ratingBefore: z.number(),
  rating: puzzleRatingSchema,
});
export type TrainerAttemptResponse = z.infer<typeof trainerAttemptResponseSchema>;

/** GET /api/puzzles/history */
export const PUZZLE_HISTORY_LIMIT = 100;
export const puzzleHistoryItemSchema = z.object({
  attemptId: z.string(),
  puzzle: trainerPuzzleSchema,
  mode: z.string(),
  solved: z.boolean(),
  rated: z.boolean(),
  ratingBefore: z.number().nullable(),
  ratingAfter: z.number().nullable(),
  createdAt: z.string(),
});
export type PuzzleHistoryItem = z.infer<typeof puzzleHistoryItemSchema>;
export const puzzleHistorySchema = z.object({
  items: z.array(puzzleHistoryItemSchema),
  /** The rating after each rated attempt, oldest first (the chart on Progress). */
  ratingHistory: z.array(z.object({ at: z.string(), rating: z.number() })),
  rating: puzzleRatingSchema,
});
export type PuzzleHistory = z.infer<typeof puzzleHistorySchema>;

/**
 * The student's own puzzle: the position before a mistake in a reviewed game; find the better
 * move. Kept in the trainer's order too: `setupFen` and `setupMove` are the position and the
 * opponent's move just before (played on the board first), `fen` the position the student faced.
 */
export const OWN_PUZZLE_KINDS = ['blunder', 'missedWin'] as const;
export const ownPuzzleSchema = z.strictObject({
  id: z.uuid(),
  gameId: z.uuid(),
  ply: z.number().int().min(1).max(1200),
  setupFen: z.string().min(15).max(100),
  setupMove: uciSchema,
  fen: z.string().min(15).max(100),
  bestMove: uciSchema,
  playedMove: uciSchema,
  kind: z.enum(OWN_PUZZLE_KINDS),
  explanation: z.string().min(1).max(600),
});
export type OwnPuzzle = z.infer<typeof ownPuzzleSchema>;
export const saveOwnPuzzlesArgsSchema = z.strictObject({ puzzles: z.array(ownPuzzleSchema).min(1).max(50) });
export type SaveOwnPuzzlesArgs = z.infer<typeof saveOwnPuzzlesArgsSchema>;
export const ownPuzzleListSchema = z.array(ownPuzzleSchema);

/** The puzzle trainer's mutations (issue 21). */
export const TRAINER_MUTATIONS = [
  defineMutation('recordTrainerAttempt', recordTrainerAttemptArgsSchema, ['attemptedAt']),
  defineMutation('saveOwnPuzzles', saveOwnPuzzlesArgsSchema),
] as const;
