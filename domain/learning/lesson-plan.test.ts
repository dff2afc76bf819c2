import { describe, expect, it } from 'vitest';
import { EMPTY_WEAKNESS_PROFILE, type WeaknessProfile } from '../../schema';
import { findWeaknesses, planLessons, ratingBand, type PlannableLesson, type PlanWords } from './lesson-plan';

describe('ratingBand: above 1200 advanced, above 1000 intermediate, else beginner', () => {
  it.each([
    [850, 'beginner'],
    [1000, 'beginner'],
    [1001, 'intermediate'],
    [1200, 'intermediate'],
    [1201, 'advanced'],
    [2000, 'advanced'],
  ])('%i -> %s', (rating, band) => {
    expect(ratingBand(rating)).toBe(band);
  });
});

const lessons: PlannableLesson[] = [
  { id: 1, title: 'Pieces', difficulty: 'beginner', order: 1, completed: false, skills: ['pieces'] },
  { id: 2, title: 'Mate', difficulty: 'beginner', order: 2, completed: false, skills: ['checkmate'] },
  { id: 3, title: 'Forks', difficulty: 'intermediate', order: 3, completed: false, skills: ['tactics', 'fork'] },
  { id: 4, title: 'Pins', difficulty: 'intermediate', order: 4, completed: false, skills: ['tactics', 'pin', 'skewer'] },
  { id: 5, title: 'Openings', difficulty: 'intermediate', order: 5, completed: false, skills: ['opening'] },
  { id: 6, title: 'Rook endings', difficulty: 'advanced', order: 6, completed: false, skills: ['endgame', 'rook-endgame'] },
];
const ids = (plan: { ordered: PlannableLesson[] }) => plan.ordered.map((l) => l.id);
const profile = (patch: Partial<WeaknessProfile>): WeaknessProfile => ({ ...EMPTY_WEAKNESS_PROFILE, gamesAnalyzed: 4, ...patch });

describe('planLessons', () => {
  it('a new beginner (no reviews) gets beginner lessons first, in the authored order, and is told how to personalise', () => {
    const plan = planLessons(lessons, { eloRating: 850, weaknesses: EMPTY_WEAKNESS_PROFILE });
    expect(ids(plan)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(plan.band).toBe('beginner');
    expect(plan.reasons[0]).toBe('Your rating of 850 puts you at the Beginner level, so beginner lessons come first.');
    expect(plan.reasons[1]).toMatch(/Play a game and review it/);
    expect(plan.stages).toEqual({ current: { band: 'beginner', label: 'Beginner' }, next: { band: 'intermediate', label: 'Intermediate' } });
  });

  it('an intermediate player sees intermediate first, then beginner revision, then advanced', () => {
    expect(ids(planLessons(lessons, { eloRating: 1100, weaknesses: EMPTY_WEAKNESS_PROFILE }))).toEqual([3, 4, 5, 1, 2, 6]);
  });

  it('an advanced player has no next stage', () => {
    const plan = planLessons(lessons, { eloRating: 1500, weaknesses: EMPTY_WEAKNESS_PROFILE });
    expect(ids(plan)[0]).toBe(6);
    expect(plan.stages.next).toBeNull();
  });

  it('missed pins move the pins lesson to the front of the intermediate ones, with the reason', () => {
    const plan = planLessons(lessons, { eloRating: 1100, weaknesses: profile({ missedTactics: { pin: 3, fork: 1 } }) });
    expect(ids(plan).slice(0, 2)).toEqual([4, 3]);
    expect(plan.reasons).toContain('You missed 3 pins in your 4 reviewed games.');
  });

  it('a weak endgame can lift an advanced endgame lesson above same-level ones', () => {
    const plan = planLessons(lessons, { eloRating: 1100, weaknesses: profile({ phaseAccuracy: { opening: 80, middlegame: 75, endgame: 55 } }) });
    expect(ids(plan)[0]).toBe(6);
    expect(plan.reasons).toContain('Your endgame accuracy is 55%, so endgame lessons move up.');
  });

  it('completed lessons go last, and completedLessonIds counts too', () => {
    const done = lessons.map((l) => (l.id === 1 ? { ...l, completed: true } : l));
    expect(ids(planLessons(done, { eloRating: 850, weaknesses: EMPTY_WEAKNESS_PROFILE, completedLessonIds: [2] }))).toEqual([3, 4, 5, 6, 1, 2]);
  });

  it('reviewed games without a weakness say so', () => {
    const plan = planLessons(lessons, { eloRating: 850, weaknesses: profile({ blunderRate: 0.02 }) });
    expect(plan.reasons[1]).toBe('No clear weakness in your 4 reviewed games: keep going at your level.');
  });
});

describe('findWeaknesses', () => {
  it.each([
    [profile({ blunderRate: 0.08 }), 0, 'a blunder rate of exactly 8% is not yet a weakness'],
    [profile({ blunderRate: 0.12 }), 1, 'above 8% is'],
    [profile({ missedTactics: { fork: 1 } }), 0, 'one missed fork is not a pattern'],
    [profile({ missedTactics: { fork: 2, skewer: 4 } }), 2, 'two motifs missed twice or more'],
    [profile({ phaseAccuracy: { opening: 70, middlegame: 69.9, endgame: null } }), 1, 'a phase under 70%'],
    [{ ...EMPTY_WEAKNESS_PROFILE, blunderRate: 0.5 }, 0, 'nothing without reviewed games'],
  ])('%j: %i weaknesses (%s)', (p, count) => {
    expect(findWeaknesses(p)).toHaveLength(count);
  });

  it('the most-missed motif comes first', () => {
    expect(findWeaknesses(profile({ missedTactics: { fork: 2, skewer: 4 } }))[0]?.skills).toEqual(['skewer']);
  });
});

describe('planLessons in another language: every reason comes from the words handed in', () => {
  const words: PlanWords = {
    level: (rating, band) => `«level ${rating} ${band}»`,
    blunders: (games, percent) => `«blunders ${games} ${percent}»`,
    missed: (motif, count, games) => `«missed ${motif} ${count} ${games}»`,
    weakPhase: (phase, accuracy) => `«phase ${phase} ${accuracy}»`,
    noReviews: () => '«no reviews»',
    noWeakness: (games) => `«no weakness ${games}»`,
  };

  it.each([
    { why: 'no reviewed game', weaknesses: EMPTY_WEAKNESS_PROFILE, reasons: ['«level 850 beginner»', '«no reviews»'] },
    { why: 'no weakness', weaknesses: profile({}), reasons: ['«level 850 beginner»', '«no weakness 4»'] },
    {
      why: 'each kind of weakness',
      weaknesses: profile({ blunderRate: 0.124, missedTactics: { ...EMPTY_WEAKNESS_PROFILE.missedTactics, pin: 3 }, phaseAccuracy: { opening: null, middlegame: null, endgame: 55.4 } }),
      reasons: ['«level 850 beginner»', '«blunders 4 12»', '«missed pin 3 4»', '«phase endgame 55»'],
    },
  ])('$why', ({ weaknesses, reasons }) => {
    expect(planLessons(lessons, { eloRating: 850, weaknesses }, words).reasons).toEqual(reasons);
  });

  it('says one reviewed game in the singular in English', () => {
    expect(planLessons(lessons, { eloRating: 850, weaknesses: profile({ gamesAnalyzed: 1 }) }).reasons[1]).toBe('No clear weakness in your 1 reviewed game: keep going at your level.');
  });
});
