import { describe, expect, it } from 'vitest';
import { ACHIEVEMENTS, evaluateAchievements, type AchievementMetrics } from './achievements';

const metrics = (patch: Partial<AchievementMetrics>): AchievementMetrics => ({
  totalGames: 0, gamesWon: 0, gamesLast7Days: 0, lessonsCompleted: 0, tipsCompleted: 0, puzzlesSolved: 0, dayStreak: 0, bestAccuracy: 0, ...patch,
});
const consistent = (m: AchievementMetrics) => evaluateAchievements(m).find((a) => a.key === 'consistent-player')!;

describe('achievements', () => {
  it("'Consistent Player' is 5 games in a week", () => {
    expect(ACHIEVEMENTS.find((a) => a.key === 'consistent-player')).toMatchObject({ name: 'Consistent Player', metric: 'gamesLast7Days', target: 5 });
    expect(consistent(metrics({ gamesLast7Days: 2 }))).toEqual({ key: 'consistent-player', currentValue: 2, targetValue: 5, progress: 40, isUnlocked: false });
    expect(consistent(metrics({ gamesLast7Days: 5 })).isUnlocked).toBe(true);
    expect(consistent(metrics({ gamesLast7Days: 9 })).progress).toBe(100);
  });

  it('a new user has nothing unlocked; unique keys', () => {
    expect(evaluateAchievements(metrics({})).some((a) => a.isUnlocked)).toBe(false);
    expect(new Set(ACHIEVEMENTS.map((a) => a.key)).size).toBe(ACHIEVEMENTS.length);
  });

  it('one win unlocks First Steps and First Victory', () => {
    const unlocked = evaluateAchievements(metrics({ totalGames: 1, gamesWon: 1, gamesLast7Days: 1 })).filter((a) => a.isUnlocked).map((a) => a.key);
    expect(unlocked).toEqual(['first-game', 'first-win']);
  });
});
