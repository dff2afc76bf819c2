import { z } from 'zod';
import { DIFFICULTIES, GAME_PHASES, MOVE_CATEGORIES } from './core/values';
import { sanListSchema } from './game';

/**
 * Coaching entities and calls (play spec sections 3, 4, 7 and 8): engine analysis, move
 * classification and hints. The worker in the app and the server's /api/ai routes both produce
 * these shapes with the same domain code.
 */

/** The coaching routes' addresses (a pattern under API_PREFIX, schema/core/paths.ts). */
export const coachPaths = {
  move: '/ai/move',
  analyzePosition: '/ai/analyze-position',
  classifyMove: '/ai/classify-move',
  analyzeMove: '/ai/analyze-move',
  hint: '/chess/hint',
} as const;

const fenSchema = z.string().min(10).max(100);
const uciSchema = z.string().regex(/^[a-h][1-8][a-h][1-8][qrbn]?$/);
const squareSchema = z.string().regex(/^[a-h][1-8]$/);

/**
 * The coach's words as phrases (domain/coach/words.ts): each sentence an id with its values
 * (pieces, squares, SAN moves, colours), which the app says in the learner's language and
 * notation. Optional everywhere: the English fields stay the API's words (issue 28).
 */
export const coachPhraseSchema = z.object({
  id: z.string().max(40),
  values: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.array(z.string())])),
});
export const coachWordsSchema = z.array(coachPhraseSchema).max(20);
export type CoachPhraseData = z.infer<typeof coachPhraseSchema>;

/** Engine analysis result: stockfish {score in centipawns, depth, bestMove, pv}, explanation, ... */
export const engineAnalysisResultSchema = z.object({
  stockfish: z.object({
    /** Centipawns from White's point of view; mate as +-(100000 - plies) (see domain/coach). */
    score: z.number(),
    /** Mate in n moves from White's point of view (positive: White mates), null when no mate is seen. */
    mate: z.number().int().nullable(),
    depth: z.number().int(),
    /** UCI, e.g. e2e4; null when the side to move has no legal move. */
    bestMove: uciSchema.nullable(),
    /** Principal variation in UCI. */
    pv: z.array(uciSchema),
  }),
  explanation: z.string().nullable(),
  explanationWords: coachWordsSchema.nullable().optional(),
  engine: z.string(),
  processingTime: z.number(),
  difficulty: z.enum(DIFFICULTIES),
  error: z.string().nullable(),
});
export type EngineAnalysisResult = z.infer<typeof engineAnalysisResultSchema>;

export const alternativeMoveSchema = z.object({
  /** SAN */
  move: z.string(),
  uci: uciSchema,
  /** Centipawns from the mover's point of view. */
  evaluation: z.number(),
  mate: z.number().int().nullable(),
});
export type AlternativeMove = z.infer<typeof alternativeMoveSchema>;

/** Move classification (full). */
export const moveClassificationSchema = z.object({
  category: z.enum(MOVE_CATEGORIES),
  /** 0..100 */
  accuracy: z.number().min(0).max(100),
  centipawnLoss: z.number().int().min(0),
  explanation: z.string(),
  explanationWords: coachWordsSchema.optional(),
  gamePhase: z.enum(GAME_PHASES),
  isBookMove: z.boolean(),
  isOnlyMove: z.boolean(),
  alternativeMoves: z.array(alternativeMoveSchema).max(3),
  /** 0..100; 'High' above 70 */
  positionComplexity: z.number().min(0).max(100),
  /** The engine's best move in SAN, when the played move was not it. */
  bestMove: z.string().nullable(),
  /** Win% of the mover before and after the move (0..100). */
  winPercentBefore: z.number(),
  winPercentAfter: z.number(),
});
export type MoveClassification = z.infer<typeof moveClassificationSchema>;

/** Hint response: success, hint (with suggestedMove), learningTips. */
export const hintSchema = z.object({
  /** The words: names the idea, not only the move. */
  text: z.string(),
  /** SAN and squares, so 'Show me' can draw the arrow. */
  suggestedMove: z.object({ san: z.string(), from: squareSchema, to: squareSchema, promotion: z.string().optional() }),
  /** The short version for a first press (points at the piece, not the move). */
  nudge: z.string(),
  textWords: coachWordsSchema.optional(),
  nudgeWords: coachWordsSchema.optional(),
});
export const hintResponseSchema = z.object({
  success: z.boolean(),
  hint: hintSchema.nullable(),
  learningTips: z.array(z.string()),
  /** One phrase a tip. */
  learningTipWords: coachWordsSchema.optional(),
  error: z.string().optional(),
});
export type Hint = z.infer<typeof hintSchema>;
export type HintResponse = z.infer<typeof hintResponseSchema>;

// Request bodies of the server's coaching calls.

export const aiMoveRequestSchema = z.strictObject({
  fen: fenSchema,
  difficulty: z.enum(DIFFICULTIES).default('beginner'),
  useOllama: z.boolean().optional(),
});

export const analyzePositionRequestSchema = z.strictObject({
  fen: fenSchema,
  depth: z.number().int().min(1).max(22).default(15),
  difficulty: z.enum(DIFFICULTIES).default('advanced'),
  includeExplanation: z.boolean().default(true),
  isMobile: z.boolean().default(false),
  useOllama: z.boolean().optional(),
});

/** The move object of classify-move / analyze-move: move (SAN or UCI), fenBefore, fenAfter, moveNumber. */
export const classifyMoveRequestSchema = z.strictObject({
  move: z.string().min(2).max(10),
  fenBefore: fenSchema,
  fenAfter: fenSchema.optional(),
  moveNumber: z.number().int().min(1).max(1000).optional(),
  /** Earlier moves of the game in SAN (lets the server see repetitions and the opponent's last move). */
  moveHistory: sanListSchema.optional(),
  includeClassification: z.boolean().default(true),
  useOllama: z.boolean().optional(),
});

export const hintRequestSchema = z.strictObject({
  fen: fenSchema,
  difficulty: z.enum(DIFFICULTIES).default('beginner'),
  moveHistory: sanListSchema.default([]),
  useOllama: z.boolean().optional(),
});

// Response bodies of the server's coaching calls (the others are engineAnalysisResultSchema and
// hintResponseSchema above).

/** POST /api/ai/move: the computer's move. */
export const aiMoveResponseSchema = z.object({
  move: z.object({ from: squareSchema, to: squareSchema, promotion: z.enum(['q', 'r', 'b', 'n']).optional() }),
});
export type AiMoveResponse = z.infer<typeof aiMoveResponseSchema>;

/** POST /api/ai/classify-move */
export const classifyMoveResponseSchema = z.object({ classification: moveClassificationSchema });
export type ClassifyMoveResponse = z.infer<typeof classifyMoveResponseSchema>;

/** POST /api/ai/analyze-move: classification (null when includeClassification is false) plus analysis. */
export const analyzeMoveResponseSchema = z.object({
  classification: moveClassificationSchema.nullable(),
  analysis: z.object({
    /** The engine's best move in the position before the move, UCI (null when there was none). */
    bestMove: uciSchema.nullable(),
    /** The same move in SAN. */
    bestMoveSan: z.string().nullable(),
    /** The position after the move, centipawns from White's point of view (mate as in engineAnalysisResultSchema). */
    evaluation: z.number(),
    /** Mate in n after the move, White's point of view, or null. */
    mate: z.number().int().nullable(),
  }),
});
export type AnalyzeMoveResponse = z.infer<typeof analyzeMoveResponseSchema>;
