import { z } from 'zod';
import { defineMutation } from './sync';
import { recentGameItemSchema } from './history';
import { chessSettingsSchema } from './settings';
import { DIFFICULTIES, LOCALES, TACTIC_MOTIFS } from './core/values';

/**
 * The learning half (play spec sections 2 to 9; accounts spec sections 3, 4 and 7): lessons, tips,
 * the assessment's puzzles, progress figures, the settings stored per user and the analytics a
 * game review leaves. The authored content in content/ is validated by the *ContentSchema's here;
 * the API answers by the others. One source of types for the app, the worker and the server.
 */

/**
 * The learning routes' addresses (a pattern under API_PREFIX, schema/core/paths.ts). `settings` is
 * read with GET and written with PUT.
 */
/**
 * The reader's language for lessons, tips and the assessment (issue 28): `?lang=hi` lays the
 * translated words over the English content; without it, or for a language not translated yet,
 * the content is English.
 */
export const contentLanguageQuerySchema = z.object({ lang: z.enum(LOCALES).optional() });
export type ContentLanguageQuery = z.infer<typeof contentLanguageQuerySchema>;

export const learningPaths = {
  lessons: '/lessons',
  lesson: '/lesson/:id',
  completeLesson: '/lesson/:id/complete',
  profile: '/learning/profile',
  tips: '/tips',
  todayTip: '/tips/today',
  tipStats: '/tips/stats',
  tipBookmarks: '/tips/bookmarks',
  tipCategory: '/tips/category/:category',
  completeTip: '/tips/:id/complete',
  bookmarkTip: '/tips/:id/bookmark',
  rateTip: '/tips/:id/rate',
  progress: '/progress',
  settings: '/settings',
  gameAnalysis: '/games/:id/analysis',
} as const;

const MAX_ID = 2_147_483_647;
export const idSchema = z.coerce.number().int().positive().max(MAX_ID);
const squareSchema = z.string().regex(/^[a-h][1-8]$/);
/** A move written from-square plus to-square, with an optional promotion piece: e2e4, e7e8q. */
export const uciMoveSchema = z.string().regex(/^[a-h][1-8][a-h][1-8][qrbn]?$/, { error: 'A move is written like e2e4' });
export const fromToSchema = z.strictObject({ from: squareSchema, to: squareSchema });
export type FromTo = z.infer<typeof fromToSchema>;
const textSchema = (max: number) => z.string().trim().min(1).max(max);
const fenSchema = z.string().min(15).max(100);

// ---------------------------------------------------------------------------------------------
// Constants (play spec section 9; accounts spec section 9)

export const LESSON_REPLY_DELAY_MS = 1000;
/** Hints show once the failed attempts before the current one are at least 2 (the third failure). */
export const LESSON_HINT_AFTER_FAILURES = 2;
/** Shown as 'Attempts: n/3'. */
export const LESSON_ATTEMPTS_SHOWN_OUT_OF = 3;
/** Lessons list: the first lesson is featured ('Next Up'), the next three follow. */
export const LESSONS_NEXT_COUNT = 3;
/** Lesson difficulty out of 5 (content.difficulty). */
export const LESSON_DIFFICULTY_MAX = 5;
/** Default displayed rating on the lessons list when the user has none. */
export const DEFAULT_DISPLAY_RATING = 850;

export const TIP_CATEGORIES = ['opening', 'tactics', 'endgame', 'strategy', 'psychology', 'general'] as const;
export type TipCategory = (typeof TIP_CATEGORIES)[number];
/** The Explore tab's filters, in order ('general' tips show under All only). */
export const TIP_FILTERS = ['all', 'opening', 'tactics', 'endgame', 'strategy', 'psychology'] as const;
export type TipFilter = (typeof TIP_FILTERS)[number];
export const TIP_BOOKMARKS_PREVIEW = 5;
export const TIP_TRUNCATE_CHARS = 200;
export const TIP_RATING_MIN = 1;
export const TIP_RATING_MAX = 5;
export const TIP_BOARD_SIZE = 280;
/** Client cache lifetimes of the tips calls (play spec section 7); the server sends the same max-age. */
export const TIP_TODAY_CACHE_MS = 5 * 60_000;
export const TIP_STATS_CACHE_MS = 2 * 60_000;
export const TIP_BOOKMARKS_CACHE_MS = 5 * 60_000;
/** Tags that earn a badge on a tip. */
export const TIP_BADGE_TAGS = ['personalized', 'ai-generated'] as const;

export const ASSESSMENT_ADVANCE_MS = 1500;
/** Puzzles the assessment serves (spread over the ratings of the stored ones). */
export const ASSESSMENT_SIZE = 10;

/** Phase boundaries (accounts spec section 9): the opening ends at move 12, the middlegame at 35. */
export const OPENING_END_MOVE = 12;
export const MIDDLEGAME_END_MOVE = 35;

// ---------------------------------------------------------------------------------------------
// Lessons (play spec section 3, "Lesson")

export const interactiveSectionContentSchema = z.strictObject({
  content: textSchema(2000),
  fen: fenSchema,
  instruction: textSchema(300),
  /** Every move accepted as correct, from-square plus to-square: e2e4. */
  correctMoves: z.array(uciMoveSchema).min(1).max(10),
  hints: z.array(textSchema(300)).min(1).max(5),
});
export type InteractiveSectionContent = z.infer<typeof interactiveSectionContentSchema>;

export const lessonSectionSchema = z.discriminatedUnion('type', [
  z.strictObject({ title: textSchema(120), type: z.literal('text'), content: textSchema(3000) }),
  z.strictObject({ title: textSchema(120), type: z.literal('interactive'), content: interactiveSectionContentSchema }),
]);
export type LessonSection = z.infer<typeof lessonSectionSchema>;
export type InteractiveLessonSection = Extract<LessonSection, { type: 'interactive' }>;

export const lessonBodySchema = z.strictObject({
  /** Minutes. */
  estimatedTime: z.number().int().min(1).max(120),
  objectives: z.array(textSchema(200)).min(1).max(8),
  /** Out of 5. */
  difficulty: z.number().int().min(1).max(LESSON_DIFFICULTY_MAX),
  sections: z.array(lessonSectionSchema).min(1).max(30),
});
export type LessonBody = z.infer<typeof lessonBodySchema>;

/** GET /api/lesson/{id}; an item of GET /api/lessons. */
export const lessonSchema = z.object({
  id: z.number().int().positive(),
  title: z.string(),
  description: z.string(),
  difficulty: z.enum(DIFFICULTIES),
  /** 1 to 6 picks a piece icon. */
  order: z.number().int(),
  content: lessonBodySchema,
  /** What the lesson trains (LessonSkill names); planLessons matches them against the user's weaknesses. */
  skills: z.array(z.string()),
  /** The signed-in user's progress (false/null for a guest or a lesson not done). */
  completed: z.boolean(),
  completedAt: z.string().nullable(),
});
export type Lesson = z.infer<typeof lessonSchema>;
export const lessonListSchema = z.array(lessonSchema);

/** A lesson as authored in content/lessons/*.json: a stable slug instead of a database id. */
export const lessonContentSchema = z.strictObject({
  slug: z.string().regex(/^[a-z0-9-]{3,60}$/),
  title: textSchema(120),
  description: textSchema(400),
  difficulty: z.enum(DIFFICULTIES),
  order: z.number().int().min(1).max(1000),
  /** What this lesson trains; matched against the user's weaknesses (domain/learning/lesson-plan.ts). */
  skills: z.array(z.enum(['pieces', 'checkmate', 'tactics', 'fork', 'pin', 'skewer', 'discovered-attack', 'opening', 'endgame', 'pawn-endgame', 'rook-endgame', 'blunder-check', 'strategy'])).min(1),
  content: lessonBodySchema.extend({
    sections: z
      .array(lessonSectionSchema)
      .min(4)
      .refine((sections) => sections.filter((s) => s.type === 'interactive').length >= 2, {
        error: 'A lesson needs at least 2 interactive sections',
      }),
  }),
});
export type LessonContent = z.infer<typeof lessonContentSchema>;
export type LessonSkill = LessonContent['skills'][number];

/** POST /api/lesson/{id}/complete body (and the completeLesson mutation's score). */
export const completeLessonRequestSchema = z.strictObject({
  /** Percent of the interactive sections solved without a hint; optional. */
  score: z.number().int().min(0).max(100).optional(),
});
export type CompleteLessonRequest = z.infer<typeof completeLessonRequestSchema>;
export const completeLessonResponseSchema = z.object({ success: z.literal(true), lessonsCompleted: z.number().int() });
export type CompleteLessonResponse = z.infer<typeof completeLessonResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Tips (play spec section 3, "Tip" and "Tip stats")

export const tipProgressSchema = z.object({
  completed: z.boolean(),
  bookmarked: z.boolean(),
  rating: z.number().int().min(TIP_RATING_MIN).max(TIP_RATING_MAX).nullable(),
});
export type TipProgress = z.infer<typeof tipProgressSchema>;
export const EMPTY_TIP_PROGRESS: TipProgress = { completed: false, bookmarked: false, rating: null };

export const tipSchema = z.object({
  id: z.number().int().positive(),
  title: z.string(),
  content: z.string(),
  category: z.enum(TIP_CATEGORIES),
  difficulty: z.enum(DIFFICULTIES),
  /** Seconds. */
  estimatedReadTime: z.number().int(),
  fen: z.string().optional(),
  /** Played on the board preview from fen, in order. */
  moves: z.array(fromToSchema).optional(),
  tags: z.array(z.string()),
  isPersonalized: z.boolean(),
  progress: tipProgressSchema,
});
export type Tip = z.infer<typeof tipSchema>;
export const tipListSchema = z.array(tipSchema);
/** GET /api/tips/today: null when there is no tip ('No tip available today'). */
export const todayTipResponseSchema = tipSchema.nullable();

export const tipStatsSchema = z.object({
  currentStreak: z.number().int().nonnegative(),
  totalCompleted: z.number().int().nonnegative(),
  totalViewed: z.number().int().nonnegative(),
  /** Percent 0..100 of viewed tips completed. */
  completionRate: z.number().min(0).max(100),
  totalBookmarked: z.number().int().nonnegative(),
  /** Seconds (shown in minutes). */
  totalReadingTime: z.number().int().nonnegative(),
});
export type TipStats = z.infer<typeof tipStatsSchema>;

/** A tip as authored in content/tips/*.json. */
export const tipContentSchema = z.strictObject({
  slug: z.string().regex(/^[a-z0-9-]{3,80}$/),
  title: textSchema(120),
  content: textSchema(1200),
  category: z.enum(TIP_CATEGORIES),
  difficulty: z.enum(DIFFICULTIES),
  estimatedReadTime: z.number().int().min(10).max(600),
  fen: fenSchema.optional(),
  moves: z.array(fromToSchema).max(12).optional(),
  tags: z.array(z.string().regex(/^[a-z0-9-]{2,30}$/)).min(1).max(8),
});
export type TipContent = z.infer<typeof tipContentSchema>;

/** POST /api/tips/{id}/rate */
export const rateTipRequestSchema = z.strictObject({ rating: z.number().int().min(TIP_RATING_MIN).max(TIP_RATING_MAX) });
export type RateTipRequest = z.infer<typeof rateTipRequestSchema>;
/** POST /api/tips/{id}/bookmark: no body toggles; { bookmarked } sets it. */
export const bookmarkTipRequestSchema = z.strictObject({ bookmarked: z.boolean().optional() }).nullish();
/** The answer of POST /api/tips/{id}/complete, /bookmark and /rate. */
export const tipProgressResponseSchema = z.object({ success: z.literal(true), progress: tipProgressSchema });
export type TipProgressResponse = z.infer<typeof tipProgressResponseSchema>;
export const tipCategoryParamsSchema = z.strictObject({ category: z.enum(TIP_CATEGORIES) });
export const idParamsSchema = z.strictObject({ id: idSchema });

// ---------------------------------------------------------------------------------------------
// The assessment (accounts spec sections 3, 4 and 7)

/** An assessment puzzle as authored in content/puzzles.json (from the CC0 Lichess puzzle database). */
export const puzzleContentSchema = z.strictObject({
  lichessId: z.string().regex(/^[A-Za-z0-9]{5,8}$/),
  /** The position the student solves (the Lichess FEN with its first, opponent's, move applied). */
  fen: fenSchema,
  /** The line from fen: the student's move first, then the replies; from/to (promotions are to a queen). */
  solution: z.array(fromToSchema).min(1).max(12),
  rating: z.number().int().min(300).max(3000),
  tags: z.array(z.string().regex(/^[A-Za-z0-9]{2,30}$/)).max(12),
  description: textSchema(200),
});
export type PuzzleContent = z.infer<typeof puzzleContentSchema>;

/** One attempt as the rating maths reads it (domain/learning/assessment.ts). */
export const assessmentAttemptSchema = z.object({
  puzzleRating: z.number().int(),
  solved: z.boolean(),
  /** Seconds. */
  timeSpent: z.number().int().nonnegative(),
  /** Hints received: each wrong move before the right one gives a 'Not quite right' hint. */
  hintsUsed: z.number().int().nonnegative(),
});
export type AssessmentAttempt = z.infer<typeof assessmentAttemptSchema>;

/** POST /api/onboarding/puzzle-attempt answer: the server's verdict (the client's flag is checked). */
export const puzzleAttemptResponseSchema = z.object({ success: z.literal(true), solved: z.boolean() });
export type PuzzleAttemptResponse = z.infer<typeof puzzleAttemptResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Game review analytics (accounts spec section 3: game_analysis, game_phase_analysis, user_skill_analytics)


const percentSchema = z.number().min(0).max(100);
export const phaseSummarySchema = z.strictObject({
  /** The player's accuracy in the phase, percent; null when they made no move in it. */
  accuracy: percentSchema.nullable(),
  moves: z.number().int().min(0).max(600),
  blunders: z.number().int().min(0).max(600),
  /** Seconds; null when not measured. */
  timeSpent: z.number().int().min(0).max(86_400).nullable(),
});
export type PhaseSummary = z.infer<typeof phaseSummarySchema>;

/** What the client's game review (domain/coach/review.ts) measured for the player's side. */
export const gameAnalysisSummarySchema = z.strictObject({
  movesAnalyzed: z.number().int().min(0).max(600),
  averageAccuracy: percentSchema.nullable(),
  blunders: z.number().int().min(0).max(600),
  mistakes: z.number().int().min(0).max(600),
  inaccuracies: z.number().int().min(0).max(600),
  /** Percent of the player's moves that were best (or better: brilliant, great, book). */
  bestMovePercentage: percentSchema,
  /** Tactics the player could have played (the engine's best move had the motif) but did not. */
  missedTactics: z.array(z.enum(TACTIC_MOTIFS)).max(600),
  phases: z.strictObject({ opening: phaseSummarySchema, middlegame: phaseSummarySchema, endgame: phaseSummarySchema }),
  /** The ply of the largest swing, or null. */
  turningPoint: z.number().int().min(1).max(1200).nullable(),
});
export type GameAnalysisSummary = z.infer<typeof gameAnalysisSummarySchema>;

/** The weaknesses the lesson plan reads, measured over the user's analysed games. */
export const weaknessProfileSchema = z.object({
  gamesAnalyzed: z.number().int().nonnegative(),
  /** Blunders per player move, 0..1. */
  blunderRate: z.number().min(0).max(1),
  /** Missed tactics per motif, over all analysed games. */
  missedTactics: z.partialRecord(z.enum(TACTIC_MOTIFS), z.number().int().nonnegative()),
  /** Mean accuracy per phase, percent; null without data. */
  phaseAccuracy: z.object({ opening: percentSchema.nullable(), middlegame: percentSchema.nullable(), endgame: percentSchema.nullable() }),
});
export type WeaknessProfile = z.infer<typeof weaknessProfileSchema>;
export const EMPTY_WEAKNESS_PROFILE: WeaknessProfile = {
  gamesAnalyzed: 0,
  blunderRate: 0,
  missedTactics: {},
  phaseAccuracy: { opening: null, middlegame: null, endgame: null },
};

/** GET /api/learning/profile: what the lessons list personalises from (cached in Dexie for offline). */
export const learningProfileSchema = z.object({
  eloRating: z.number().int(),
  weaknesses: weaknessProfileSchema,
  completedLessonIds: z.array(z.number().int().positive()),
});
export type LearningProfile = z.infer<typeof learningProfileSchema>;

// ---------------------------------------------------------------------------------------------
// Progress ('Your Chess Progress', /progress)

export const SKILL_AREAS = ['opening', 'tactics', 'endgame', 'strategy'] as const;
export type SkillArea = (typeof SKILL_AREAS)[number];
export const SKILL_AREA_LABELS: Readonly<Record<SkillArea, string>> = {
  opening: 'Opening',
  tactics: 'Tactics',
  endgame: 'Endgame',
  strategy: 'Strategy',
};

export const achievementProgressSchema = z.object({
  id: z.number().int().positive(),
  key: z.string(),
  name: z.string(),
  description: z.string(),
  category: z.string(),
  points: z.number().int(),
  rarity: z.string(),
  currentValue: z.number().int(),
  targetValue: z.number().int(),
  /** Percent 0..100. */
  progress: z.number().min(0).max(100),
  isUnlocked: z.boolean(),
  unlockedAt: z.string().nullable(),
});
export type AchievementProgress = z.infer<typeof achievementProgressSchema>;

export const progressGoalSchema = z.object({
  key: z.string(),
  title: z.string(),
  description: z.string(),
  current: z.number(),
  target: z.number(),
});
export type ProgressGoal = z.infer<typeof progressGoalSchema>;

/** GET /api/progress */
export const progressResponseSchema = z.object({
  eloRating: z.number().int(),
  /** Oldest first; one point per rated game (and the starting point). */
  ratingHistory: z.array(z.object({ date: z.string(), rating: z.number().int() })),
  /** Percent 0..100 of finished games won; null before any game. */
  winRate: z.number().min(0).max(100).nullable(),
  gamesWon: z.number().int(),
  totalGames: z.number().int(),
  /** Minutes of play, lessons and tips. */
  studyTimeMinutes: z.number().int().nonnegative(),
  /** Consecutive days (UTC) up to today with a game, a lesson or a tip completed. */
  dayStreak: z.number().int().nonnegative(),
  /** Four areas, each 0..100; null until there is something to measure. */
  skills: z.array(z.object({ area: z.enum(SKILL_AREAS), label: z.string(), score: z.number().min(0).max(100).nullable() })),
  goals: z.array(progressGoalSchema),
  recentGames: z.array(recentGameItemSchema),
  achievements: z.array(achievementProgressSchema),
  lessonsCompleted: z.number().int(),
  tipsCompleted: z.number().int(),
  gamesAnalyzed: z.number().int(),
});
export type ProgressResponse = z.infer<typeof progressResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Settings stored per user (the settings table), through the outbox

/** Every local setting (chess-settings) follows a signed-in student to another machine. */
export const serverSettingsSchema = chessSettingsSchema
  .required()
  // A save queued by an app from before the parent PIN carries none: it had no PIN to keep.
  .extend({ parentPinHash: chessSettingsSchema.shape.parentPinHash })
  .strict();
export type ServerSettings = z.infer<typeof serverSettingsSchema>;
/** GET /api/settings: the stored settings (defaults when never saved) and when they were saved. */
export const settingsResponseSchema = z.object({
  settings: serverSettingsSchema,
  updatedAt: z.string().nullable(),
  /** Issue 19: when a parent last set the Parental Controls (their fields then follow the parent's); null or missing: never. */
  controlsSetAt: z.string().nullable().optional(),
});
export type SettingsResponse = z.infer<typeof settingsResponseSchema>;
/** PUT /api/settings body and the saveSettings mutation's args: last writer (by updatedAt) wins. */
export const saveSettingsArgsSchema = z.strictObject({ settings: serverSettingsSchema, updatedAt: z.iso.datetime() });
export type SaveSettingsArgs = z.infer<typeof saveSettingsArgsSchema>;

// ---------------------------------------------------------------------------------------------
// Mutations' arguments (LEARNING_MUTATIONS below; schema/mutations.ts lists every feature's)

const isoSchema = z.iso.datetime();
export const completeLessonArgsSchema = z.strictObject({ lessonId: idSchema, score: z.number().int().min(0).max(100).optional(), completedAt: isoSchema });
export const viewTipArgsSchema = z.strictObject({ tipId: idSchema, viewedAt: isoSchema });
export const completeTipArgsSchema = z.strictObject({ tipId: idSchema, completedAt: isoSchema });
/** Sets (not toggles) the bookmark, so a replay or two devices cannot flip it back. */
export const bookmarkTipArgsSchema = z.strictObject({ tipId: idSchema, bookmarked: z.boolean() });
export const rateTipArgsSchema = z.strictObject({ tipId: idSchema, rating: z.number().int().min(TIP_RATING_MIN).max(TIP_RATING_MAX) });
export const recordPuzzleAttemptArgsSchema = z.strictObject({
  puzzleId: idSchema,
  solved: z.boolean(),
  timeSpent: z.number().int().min(0).max(24 * 60 * 60),
  attemptedMoves: z.array(fromToSchema).max(200),
  attemptedAt: isoSchema,
});
export const completeOnboardingArgsSchema = z.strictObject({ completedAt: isoSchema });
/** saveGameAnalysis: the review of a saved game (gameId is the client's game id of saveGame). */
export const saveGameAnalysisArgsSchema = z.strictObject({ gameId: z.uuid(), analysis: gameAnalysisSummarySchema });
export type SaveGameAnalysisArgs = z.infer<typeof saveGameAnalysisArgsSchema>;
/** POST /api/games/{gameId}/analysis answer. */
export const saveGameAnalysisResponseSchema = z.object({ success: z.literal(true), weaknesses: weaknessProfileSchema });

/** The learning mutations (issue 9), onboarding's and the settings' among them. */
export const LEARNING_MUTATIONS = [
  defineMutation('completeLesson', completeLessonArgsSchema, ['completedAt']),
  defineMutation('viewTip', viewTipArgsSchema, ['viewedAt']),
  defineMutation('completeTip', completeTipArgsSchema, ['completedAt']),
  defineMutation('bookmarkTip', bookmarkTipArgsSchema),
  defineMutation('rateTip', rateTipArgsSchema),
  defineMutation('recordPuzzleAttempt', recordPuzzleAttemptArgsSchema, ['attemptedAt']),
  defineMutation('completeOnboarding', completeOnboardingArgsSchema, ['completedAt']),
  defineMutation('saveSettings', saveSettingsArgsSchema, ['updatedAt']),
  defineMutation('saveGameAnalysis', saveGameAnalysisArgsSchema),
] as const;
