import type { ColumnType, Generated } from 'kysely';
import type { Bool, Timestamp } from './column-types';

/**
 * What a student learns and plays: games and their analysis, puzzles, lessons, tips, skills, achievements, and the engine's cached evaluations.
 * How they read on both databases: types.ts; types.test.ts holds them to the migrations.
 */

export interface GamesTable {
  id: Generated<number>;
  userId: number;
  clientGameId: string;
  opponent: string | null;
  result: string;
  moves: string;
  pgn: string | null;
  startingFen: ColumnType<string, string | undefined, string>;
  finalFen: string | null;
  openingName: string | null;
  openingEco: string | null;
  totalMoves: number;
  gameMode: string;
  difficulty: string | null;
  playerColor: string;
  timeControl: string | null;
  gameDuration: number | null;
  eloChange: Generated<number>;
  syncVersion: number;
  createdAt: Timestamp;
}

export interface PuzzlesTable {
  id: Generated<number>;
  fen: string;
  /** JSON list of {from, to}. */
  solution: string;
  rating: Generated<number>;
  /** JSON list of names. */
  tags: string;
  description: string | null;
  createdAt: ColumnType<string, string | undefined, string>;
  lichessId: string | null;
  /** Issue 21: 'assessment' (content/puzzles.json) or 'trainer' (content/trainer/*.json). */
  kind: ColumnType<string, string | undefined, string>;
  /** Trainer puzzles: 'lichess:<id>' or 'gen:<hash>'. */
  externalId: ColumnType<string | null, string | null | undefined, string | null>;
  /** Trainer puzzles: JSON list of UCI moves, moves[0] the opponent's (schema/puzzles.ts). */
  moves: ColumnType<string, string | undefined, string>;
  ratingDeviation: ColumnType<number, number | undefined, number>;
  /** JSON list of PUZZLE_THEMES. */
  themes: ColumnType<string, string | undefined, string>;
}

export interface PuzzleAttemptsTable {
  id: Generated<number>;
  userId: number;
  puzzleId: number;
  solved: Bool;
  timeSpent: number | null;
  attemptedMoves: string;
  createdAt: Timestamp;
  /** Issue 21 (trainer attempts): the client's key (exactly once), the mode, and the rating around it. */
  attemptKey: ColumnType<string | null, string | null | undefined, string | null>;
  mode: ColumnType<string | null, string | null | undefined, string | null>;
  rated: ColumnType<number, number | undefined, number>;
  ratingBefore: ColumnType<number | null, number | null | undefined, number | null>;
  ratingAfter: ColumnType<number | null, number | null | undefined, number | null>;
}

/** Issue 21: the student's puzzle rating (Glicko-2) and Puzzle Streak. */
export interface PuzzleRatingsTable {
  userId: number;
  rating: number;
  rd: number;
  volatility: number;
  games: number;
  currentStreak: number;
  bestStreak: number;
  updatedAt: Timestamp;
}

/** Issue 21: the student's own puzzles, made from reviewed games ('Learn from your mistakes'). */
export interface OwnPuzzlesTable {
  id: string;
  userId: number;
  gameId: string;
  ply: number;
  setupFen: string;
  setupMove: string;
  fen: string;
  bestMove: string;
  playedMove: string;
  kind: string;
  explanation: string;
  createdAt: ColumnType<string, string | undefined, string>;
}

export interface EngineEvalsTable {
  fen: string;
  depth: number;
  engine: string;
  scoreCp: number | null;
  mate: number | null;
  bestmove: string | null;
  pv: string | null;
  createdAt: ColumnType<string, string | undefined, string>;
}

// Learning (issue 9)
export interface LessonsTable {
  id: Generated<number>;
  slug: string | null;
  title: string;
  description: string | null;
  difficulty: string | null;
  /** JSON: the lesson body (schema/learning.ts lessonBodySchema). */
  content: string | null;
  order: Generated<number>;
  /** JSON list of the skills the lesson trains. */
  skills: Generated<string>;
}

export interface UserLessonProgressTable {
  id: Generated<number>;
  userId: number;
  lessonId: number;
  completed: Generated<Bool>;
  score: number | null;
  completedAt: Timestamp | null;
}

export interface DailyTipsTable {
  id: Generated<number>;
  slug: string | null;
  title: string;
  content: string;
  category: string | null;
  difficulty: string | null;
  fen: string | null;
  /** JSON list of {from, to}. */
  moves: string | null;
  estimatedReadTime: number | null;
  tags: Generated<string>;
  isActive: Generated<Bool>;
  publishDate: string | null;
}

export interface UserTipProgressTable {
  id: Generated<number>;
  userId: number;
  tipId: number;
  viewedAt: Timestamp | null;
  completed: Generated<Bool>;
  bookmarked: Generated<Bool>;
  rating: number | null;
  completedAt: Timestamp | null;
}

export interface GameAnalysisTable {
  id: Generated<number>;
  userId: number;
  gameId: number;
  movesAnalyzed: Generated<number>;
  analysisEngine: Generated<string>;
  averageAccuracy: number | null;
  blunders: Generated<number>;
  mistakes: Generated<number>;
  inaccuracies: Generated<number>;
  bestMovePercentage: number | null;
  analysisCompleted: Generated<Bool>;
  weaknessesFound: string | null;
  strengthsFound: string | null;
  suggestedLessons: string | null;
  missedTactics: Generated<string>;
  playerMoves: Generated<number>;
  createdAt: ColumnType<string, string | undefined, string>;
}

export interface GamePhaseAnalysisTable {
  id: Generated<number>;
  gameId: number;
  userId: number;
  openingEnd: Generated<number>;
  middlegameEnd: Generated<number>;
  openingAccuracy: number | null;
  openingBlunders: Generated<number>;
  openingTimeSpent: number | null;
  openingMoves: Generated<number>;
  middlegameAccuracy: number | null;
  middlegameBlunders: Generated<number>;
  middlegameTimeSpent: number | null;
  middlegameMoves: Generated<number>;
  endgameAccuracy: number | null;
  endgameBlunders: Generated<number>;
  endgameTimeSpent: number | null;
  endgameMoves: Generated<number>;
  turningPoint: number | null;
  phaseDominance: string | null;
  createdAt: ColumnType<string, string | undefined, string>;
}

export interface UserSkillAnalyticsTable {
  id: Generated<number>;
  userId: number;
  openingStrength: Generated<number>;
  middlegameStrength: Generated<number>;
  endgameStrength: Generated<number>;
  tacticalStrength: Generated<number>;
  positionalStrength: Generated<number>;
  calculationStrength: Generated<number>;
  timeManagementScore: Generated<number>;
  blunderFrequency: Generated<number>;
  averageAccuracy: Generated<number>;
  consistencyScore: Generated<number>;
  improvementVelocity: Generated<number>;
  recentForm: Generated<string>;
  peakPerformance: Generated<number>;
  gamesAnalyzed: Generated<number>;
  updatedAt: ColumnType<string, string | undefined, string>;
}

export interface AchievementsTable {
  id: Generated<number>;
  key: string | null;
  name: string;
  description: string | null;
  category: string | null;
  type: string | null;
  /** JSON: {metric, target} (domain/learning/achievements.ts). */
  requirement: string | null;
  points: Generated<number>;
  iconUrl: string | null;
  rarity: Generated<string>;
  isActive: Generated<Bool>;
}

export interface UserAchievementsTable {
  id: Generated<number>;
  userId: number;
  achievementId: number;
  progress: Generated<number>;
  isUnlocked: Generated<Bool>;
  unlockedAt: Timestamp | null;
  currentValue: Generated<number>;
  targetValue: number | null;
}
