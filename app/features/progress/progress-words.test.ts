import { setupI18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { ACHIEVEMENTS } from '../../../domain/learning/achievements';
import type { AchievementProgress, ProgressGoal } from '../../../schema';
import { translatedI18n } from '../../shared/i18n/test-catalogue';
import { achievementWords, goalWords } from './progress-words';

const english = setupI18n({ locale: 'en', messages: { en: {} } });

const goal = (key: string, current: number, target: number): ProgressGoal => ({ key, title: 'server title', description: 'server description', current, target });

describe('the progress goals in words', () => {
  it.each([
    { key: 'rating', current: 1200, target: 1300, rating: 1200, title: 'Reach 1300 ELO', description: 'About 25 games' },
    { key: 'rating', current: 1297, target: 1300, rating: 1297, title: 'Reach 1300 ELO', description: 'About 1 game' },
    { key: 'weekly-games', current: 2, target: 5, rating: 1200, title: 'Play 5 games this week', description: 'Regular practice builds skill fastest.' },
    { key: 'level-lessons', current: 1, target: 4, rating: 1200, title: 'Finish the intermediate lessons', description: '4 lessons at your level' },
    { key: 'level-lessons', current: 0, target: 1, rating: 800, title: 'Finish the beginner lessons', description: '1 lesson at your level' },
    { key: 'a-newer-goal', current: 0, target: 1, rating: 800, title: 'server title', description: 'server description' },
  ])('$key at $current of $target: $title, $description', ({ key, current, target, rating, title, description }) => {
    expect(goalWords(english, goal(key, current, target), rating)).toEqual({ title, description });
  });
});

describe('the achievements in words', () => {
  it("reads every achievement in English exactly as the server's definition", () => {
    for (const definition of ACHIEVEMENTS) {
      const progress: AchievementProgress = { id: 1, key: definition.key, name: 'x', description: 'y', category: definition.category, points: definition.points, rarity: definition.rarity, currentValue: 0, targetValue: definition.target, progress: 0, isUnlocked: false, unlockedAt: null };
      expect(achievementWords(english, progress)).toEqual({ name: definition.name, description: definition.description });
    }
  });

  it("keeps the server's words for an achievement the app does not know", () => {
    const unknown = { key: 'newer', name: 'Newer', description: 'Something new.' } as AchievementProgress;
    expect(achievementWords(english, unknown)).toEqual({ name: 'Newer', description: 'Something new.' });
  });
});

describe.each(['hi', 'ar'])('the goals and achievements in %s', (locale) => {
  it('leave no English word', () => {
    const i18n = translatedI18n(locale);
    const said = [
      ...ACHIEVEMENTS.flatMap((definition) => Object.values(achievementWords(i18n, { key: definition.key, name: definition.name, description: definition.description } as AchievementProgress))),
      ...[goal('rating', 1130, 1200), goal('weekly-games', 2, 5), goal('level-lessons', 1, 6)].flatMap((each) => Object.values(goalWords(i18n, each, 1130))),
    ];
    // 'ELO' is the rating's name in every language.
    expect(said.join(' ').replace(/ELO/g, '')).not.toMatch(/[A-Za-z]/);
  });
});
