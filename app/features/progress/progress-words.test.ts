import { setupI18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { ACHIEVEMENTS } from '../../../domain';
import { SKILL_AREA_LABELS, SKILL_AREAS } from '../../../schema';
import { translatedI18n } from '../../shared/i18n/test-catalogue';
import { achievementText, goalText, skillTitle } from './progress-words';

const english = setupI18n({ locale: 'en', messages: { en: {} } });
// As sync-server/learning/progress.ts makes them for a rating of 1130 and 2 games this week.
const GOALS = [
  { key: 'rating', title: 'Reach 1200 ELO', description: 'About 18 games', current: 1130, target: 1200 },
  { key: 'weekly-games', title: 'Play 5 games this week', description: 'Regular practice builds skill fastest.', current: 2, target: 5 },
  { key: 'level-lessons', title: 'Finish the intermediate lessons', description: '6 lessons at your level', current: 1, target: 6 },
];

describe("the progress page's server words, in the app's language", () => {
  it("read in English as the server and domain say them", () => {
    for (const achievement of ACHIEVEMENTS) expect(achievementText(english, achievement)).toEqual({ name: achievement.name, description: achievement.description });
    for (const area of SKILL_AREAS) expect(skillTitle(english, { area, label: SKILL_AREA_LABELS[area], score: null })).toBe(SKILL_AREA_LABELS[area]);
    for (const goal of GOALS) expect(goalText(english, goal, 1130)).toEqual({ title: goal.title, description: goal.description });
  });

  it('keep the words of a key this version does not know', () => {
    const goal = { key: 'new-goal', title: 'Something new', description: 'Soon', current: 0, target: 1 };
    expect(goalText(english, goal, 1130)).toEqual({ title: 'Something new', description: 'Soon' });
    expect(achievementText(english, { key: 'new', name: 'New', description: 'Soon' })).toEqual({ name: 'New', description: 'Soon' });
  });

  it.each(['hi', 'ar'])('leave no English word in %s', (locale) => {
    const i18n = translatedI18n(locale);
    const said = [
      ...ACHIEVEMENTS.flatMap((achievement) => Object.values(achievementText(i18n, achievement))),
      ...GOALS.flatMap((goal) => Object.values(goalText(i18n, goal, 1130))),
      ...SKILL_AREAS.map((area) => skillTitle(i18n, { area, label: SKILL_AREA_LABELS[area], score: null })),
    ];
    // 'ELO' is the rating's name in every language.
    expect(said.join(' ').replace(/ELO/g, '')).not.toMatch(/[A-Za-z]/);
  });
});
