/**
 * Achievements (accounts spec section 3: achievements and user_achievements). Each has a metric
 * and a target; progress is the metric over the target (capped at 100%), unlocked on reaching it.
 * 'Consistent Player' is the spec's: 5 games within the last 7 days.
 */
export const ACHIEVEMENT_METRICS = [
  'totalGames',
  'gamesWon',
  'gamesLast7Days',
  'lessonsCompleted',
  'tipsCompleted',
  'puzzlesSolved',
  'dayStreak',
  'bestAccuracy',
] as const;
export type AchievementMetric = (typeof ACHIEVEMENT_METRICS)[number];
export type AchievementMetrics = Readonly<Record<AchievementMetric, number>>;

export interface AchievementDefinition {
  key: string;
  name: string;
  description: string;
  category: 'games' | 'learning' | 'consistency' | 'skill';
  metric: AchievementMetric;
  target: number;
  points: number;
  rarity: 'common' | 'uncommon' | 'rare';
}

export const ACHIEVEMENTS: readonly AchievementDefinition[] = [
  { key: 'first-game', name: 'First Steps', description: 'Finish your first game.', category: 'games', metric: 'totalGames', target: 1, points: 10, rarity: 'common' },
  { key: 'first-win', name: 'First Victory', description: 'Win a game.', category: 'games', metric: 'gamesWon', target: 1, points: 10, rarity: 'common' },
  { key: 'consistent-player', name: 'Consistent Player', description: 'Play 5 games in a week.', category: 'consistency', metric: 'gamesLast7Days', target: 5, points: 20, rarity: 'common' },
  { key: 'ten-wins', name: 'Winning Habit', description: 'Win 10 games.', category: 'games', metric: 'gamesWon', target: 10, points: 30, rarity: 'uncommon' },
  { key: 'lesson-learner', name: 'Lesson Learner', description: 'Complete 3 lessons.', category: 'learning', metric: 'lessonsCompleted', target: 3, points: 15, rarity: 'common' },
  { key: 'scholar', name: 'Chess Scholar', description: 'Complete 10 lessons.', category: 'learning', metric: 'lessonsCompleted', target: 10, points: 40, rarity: 'rare' },
  { key: 'tip-collector', name: 'Tip Collector', description: 'Complete 10 tips.', category: 'learning', metric: 'tipsCompleted', target: 10, points: 15, rarity: 'common' },
  { key: 'puzzle-solver', name: 'Puzzle Solver', description: 'Solve 5 puzzles.', category: 'skill', metric: 'puzzlesSolved', target: 5, points: 15, rarity: 'common' },
  { key: 'on-a-roll', name: 'On a Roll', description: 'Learn or play 3 days in a row.', category: 'consistency', metric: 'dayStreak', target: 3, points: 15, rarity: 'uncommon' },
  { key: 'sharp-eyes', name: 'Sharp Eyes', description: 'Play a reviewed game with 90% accuracy or more.', category: 'skill', metric: 'bestAccuracy', target: 90, points: 30, rarity: 'rare' },
];

export interface AchievementState {
  key: string;
  currentValue: number;
  targetValue: number;
  /** Percent 0..100. */
  progress: number;
  isUnlocked: boolean;
}

export function evaluateAchievement(definition: AchievementDefinition, metrics: AchievementMetrics): AchievementState {
  const value = Math.max(0, Math.floor(metrics[definition.metric]));
  const progress = Math.min(100, Math.round((10_000 * value) / definition.target) / 100);
  return { key: definition.key, currentValue: value, targetValue: definition.target, progress, isUnlocked: value >= definition.target };
}

export function evaluateAchievements(metrics: AchievementMetrics, definitions: readonly AchievementDefinition[] = ACHIEVEMENTS): AchievementState[] {
  return definitions.map((definition) => evaluateAchievement(definition, metrics));
}
