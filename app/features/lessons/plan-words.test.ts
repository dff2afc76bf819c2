import { setupI18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { findWeaknesses, planLessons, type PlanWords } from '../../../domain';
import { EMPTY_WEAKNESS_PROFILE, type WeaknessProfile } from '../../../schema';
import { translatedI18n } from '../../shared/i18n/test-catalogue';
import { planWords } from './plan-words';

const lessons = [{ id: 1, title: 'Pieces', difficulty: 'beginner', order: 1, completed: false, skills: ['pieces'] }] as const;
const reviewed = (patch: Partial<WeaknessProfile>): WeaknessProfile => ({ ...EMPTY_WEAKNESS_PROFILE, gamesAnalyzed: 4, ...patch });
const USERS = [
  { eloRating: 850, weaknesses: EMPTY_WEAKNESS_PROFILE },
  { eloRating: 1100, weaknesses: reviewed({}) },
  { eloRating: 1300, weaknesses: reviewed({ gamesAnalyzed: 1 }) },
  {
    eloRating: 1300,
    weaknesses: reviewed({
      blunderRate: 0.2,
      missedTactics: { fork: 3, pin: 2, skewer: 2, 'discovered-attack': 2, 'mate-threat': 2, checkmate: 2, 'free-capture': 2, hanging: 2, promotion: 2 },
      phaseAccuracy: { opening: 50, middlegame: 60, endgame: 65 },
    }),
  },
];

/** Every reason, and every weakness's (the plan shows three). */
const reasonsIn = (words?: PlanWords) =>
  USERS.flatMap((user) => [...planLessons([...lessons], user, words).reasons, ...findWeaknesses(user.weaknesses, words).map((weakness) => weakness.reason)]);

describe("the lesson plan's reasons in the app", () => {
  it("read in English exactly as domain's", () => {
    expect(reasonsIn(planWords(setupI18n({ locale: 'en', messages: { en: {} } })))).toEqual(reasonsIn());
  });

  it.each(['hi', 'ar'])('leave no English word in %s', (locale) => {
    const said = reasonsIn(planWords(translatedI18n(locale))).join(' ');
    expect(said).not.toMatch(/[A-Za-z]/);
  });
});
