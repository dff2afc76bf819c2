import { describe, expect, it } from 'vitest';
import type { StudentFigures } from '../schema';
import { dashboardCsv, rankMissedTactics, skillScores, sortStudents, weakestSkill, type ReviewTotals } from './class-dashboard';

const totals = (overrides: Partial<ReviewTotals>): ReviewTotals => ({
  gamesReviewed: 0,
  moves: 0,
  blunders: 0,
  missedTactics: 0,
  phaseAccuracy: { opening: null, middlegame: null, endgame: null },
  ...overrides,
});

const student = (overrides: Partial<StudentFigures>): StudentFigures => ({
  userId: 1,
  username: 'AnnaS',
  realName: 'Anna Smith',
  rating: 1000,
  assessmentRating: 1000,
  ratingChange: 0,
  gamesThisWeek: 0,
  gamesTotal: 0,
  secondsThisWeek: 0,
  lessonsCompleted: 0,
  tipsRead: 0,
  puzzlesSolved: 0,
  averageAccuracy: null,
  gamesReviewed: 0,
  weakestSkill: null,
  mostMissedTactic: null,
  lastActive: null,
  ...overrides,
});

describe('skillScores and weakestSkill (the Progress page’s four areas)', () => {
  const rows: [string, ReviewTotals, (number | null)[], string | null][] = [
    ['nothing reviewed: nothing measured', totals({}), [null, null, null, null], null],
    [
      'two reviews, 5 missed tactics, 2 blunders in 40 moves: tactics 100 - 25 - 10',
      totals({ gamesReviewed: 2, moves: 40, blunders: 2, missedTactics: 5, phaseAccuracy: { opening: 90, middlegame: 70, endgame: 50 } }),
      [90, 65, 50, 70],
      'endgame',
    ],
    [
      'no endgame reached: the lowest measured one',
      totals({ gamesReviewed: 1, moves: 20, phaseAccuracy: { opening: 60.4, middlegame: 80, endgame: null } }),
      [60, 100, null, 80],
      'opening',
    ],
    [
      'a tie goes to the first area; scores stay within 0..100',
      totals({ gamesReviewed: 1, moves: 10, blunders: 10, missedTactics: 20, phaseAccuracy: { opening: 0, middlegame: 0, endgame: 0 } }),
      [0, 0, 0, 0],
      'opening',
    ],
  ];
  it.each(rows)('%s', (_name, input, scores, weakest) => {
    const measured = skillScores(input);
    expect(measured.map((each) => each.score)).toEqual(scores);
    expect(weakestSkill(measured)).toBe(weakest);
  });
});

describe('rankMissedTactics', () => {
  it.each([
    [{}, []],
    [{ pin: 2, fork: 3 }, [{ motif: 'fork', count: 3 }, { motif: 'pin', count: 2 }]],
    // A tie keeps the vocabulary's order (fork before pin); zero counts are left out.
    [{ pin: 2, fork: 2, skewer: 0 }, [{ motif: 'fork', count: 2 }, { motif: 'pin', count: 2 }]],
  ] as const)('%j', (counts, ranked) => {
    expect(rankMissedTactics(counts)).toEqual(ranked);
  });
});

describe('sortStudents', () => {
  const anna = student({ userId: 1, realName: 'Anna', gamesThisWeek: 3, averageAccuracy: 70, weakestSkill: 'tactics' });
  const ben = student({ userId: 2, realName: 'Ben', gamesThisWeek: 5, averageAccuracy: null, weakestSkill: 'endgame' });
  const cleo = student({ userId: 3, realName: null, username: 'cleoK', gamesThisWeek: 3, averageAccuracy: 90, weakestSkill: null });
  const names = (list: StudentFigures[]) => list.map((each) => each.userId);

  it.each([
    ['student', 'ascending', [1, 2, 3]],
    ['student', 'descending', [3, 2, 1]],
    // A tie sorts by name.
    ['gamesThisWeek', 'descending', [2, 1, 3]],
    ['gamesThisWeek', 'ascending', [1, 3, 2]],
    // A missing figure sorts last either way.
    ['averageAccuracy', 'ascending', [1, 3, 2]],
    ['averageAccuracy', 'descending', [3, 1, 2]],
    ['weakestSkill', 'ascending', [2, 1, 3]],
  ] as const)('%s %s', (column, direction, order) => {
    expect(names(sortStudents([cleo, ben, anna], column, direction))).toEqual(order);
  });
});

describe('dashboardCsv', () => {
  it('writes a header and one row per student, RFC 4180 quoted, formulas defused', () => {
    const csv = dashboardCsv([
      student({ username: 'AnnaS', realName: 'Smith, "Anna"', secondsThisWeek: 150, averageAccuracy: 77.8, weakestSkill: 'endgame', mostMissedTactic: 'discovered-attack', ratingChange: -12 }),
      student({ username: 'BenK', realName: '=HYPERLINK("http://x")', assessmentRating: null, ratingChange: null }),
    ]);
    const lines = csv.replace(/^\uFEFF/u, '').split('\r\n');
    expect(lines[0]).toBe(
      'Username,Name,Rating,Assessment rating,Change since assessment,Games this week,Games in all,Minutes this week,Lessons completed,Tips read,Puzzles solved,Average accuracy (%),Games reviewed,Weakest area,Most missed tactic,Last active',
    );
    expect(lines[1]).toBe('AnnaS,"Smith, ""Anna""",1000,1000,-12,0,0,3,0,0,0,77.8,0,Endgame,Discovered attack,');
    expect(lines[2]).toBe(`BenK,"'=HYPERLINK(""http://x"")",1000,,,0,0,0,0,0,0,,0,,,`);
    expect(lines[3]).toBe('');
    expect(csv.startsWith('\uFEFF')).toBe(true);
  });
});
