import { describe, expect, it } from 'vitest';
import {
  DP_TABLE,
  dpForScore,
  expectedScore,
  kFactor,
  kFactorByRule,
  performanceRating,
  ratingChange,
  roundedAverage,
  totalRatingChange,
  tournamentRatingChanges,
  usesActualDifference,
} from './rating';
import { T1, round } from './test-tournaments';

describe('dp table (FIDE B.02 8.1.1)', () => {
  it('has 101 entries, symmetric, increasing, from -800 to 800', () => {
    expect(DP_TABLE).toHaveLength(101);
    for (let i = 0; i <= 100; i++) expect((DP_TABLE[i] as number) + (DP_TABLE[100 - i] as number)).toBe(0);
    for (let i = 1; i <= 100; i++) expect(DP_TABLE[i] as number).toBeGreaterThan(DP_TABLE[i - 1] as number);
  });
  it.each([
    { p: 1, dp: 800 },
    { p: 0.99, dp: 677 },
    { p: 0.9, dp: 366 },
    { p: 0.75, dp: 193 },
    { p: 0.67, dp: 125 },
    { p: 0.5, dp: 0 },
    { p: 0.25, dp: -193 },
    { p: 0.01, dp: -677 },
    { p: 0, dp: -800 },
    { p: 2 / 3, dp: 125 }, // rounded to 0.67
    { p: 0.625, dp: 95 }, // 62.5 rounds half up to 0.63
  ])('p $p → dp $dp', ({ p, dp }) => {
    expect(dpForScore(p)).toBe(dp);
  });
  it('agrees with the expectation table: the expected score at dp(p) is p, for every p', () => {
    for (let hundredths = 0; hundredths <= 99; hundredths++) {
      const p = hundredths / 100;
      const dp = dpForScore(p);
      if (Math.abs(dp) > 400) continue; // beyond the 400-point rule the expectation is capped
      expect(expectedScore(2000 + dp, 2000)).toBeCloseTo(p, 10);
    }
  });
});

describe('performanceRating (C.07 10.2)', () => {
  it.each([
    // ARO (1800 + 1600 + 1700) / 3 = 1700; 2 of 3 → p 0.67 → dp 125 → 1825.
    { ratings: [1800, 1600, 1700], points: 2, expected: 1825 },
    // ARO 1500.5 rounds up to 1501; 1 of 2 → dp 0.
    { ratings: [1500, 1501], points: 1, expected: 1501 },
    // Perfect score: ARO + 800; zero: ARO − 800.
    { ratings: [2000, 2100], points: 2, expected: 2850 },
    { ratings: [2000, 2100], points: 0, expected: 1250 },
    // 3.5 / 5 = 0.70 → dp 149; ARO (1200·2 + 1400·3) / 5 = 1320.
    { ratings: [1200, 1200, 1400, 1400, 1400], points: 3.5, expected: 1469 },
    { ratings: [], points: 0, expected: null },
  ])('$ratings scoring $points → $expected', ({ ratings, points, expected }) => {
    expect(performanceRating(ratings, points)).toBe(expected);
  });
  it('rounds the average half up', () => {
    expect(roundedAverage([1, 2])).toBe(2);
    expect(roundedAverage([])).toBeNull();
  });
});

describe('expectedScore (B.02 8.1.2 with the 400-point rule)', () => {
  it.each([
    { rating: 1500, opponent: 1500, expected: 0.5 },
    { rating: 1503, opponent: 1500, expected: 0.5 },
    { rating: 1504, opponent: 1500, expected: 0.51 },
    { rating: 1500, opponent: 1504, expected: 0.49 },
    { rating: 1600, opponent: 1500, expected: 0.64 }, // 100 is in 99–106
    { rating: 1500, opponent: 1600, expected: 0.36 },
    { rating: 1891, opponent: 1500, expected: 0.91 }, // 391 is the top of 375–391
    { rating: 1892, opponent: 1500, expected: 0.92 },
    { rating: 1900, opponent: 1500, expected: 0.92 },
    { rating: 2500, opponent: 1500, expected: 0.92 }, // 1000 counts as 400
    { rating: 1500, opponent: 2500, expected: 0.08 },
  ])('$rating against $opponent → $expected', ({ rating, opponent, expected }) => {
    expect(expectedScore(rating, opponent)).toBe(expected);
  });
});

describe('kFactor (B.02 8.3.3)', () => {
  it.each([
    { name: 'new player, 29 games', player: { rating: 2000, ratedGames: 29 }, k: 40 },
    { name: 'established adult under 2400', player: { rating: 2000, ratedGames: 30, birthYear: 1990 }, k: 20 },
    { name: 'junior under 2300, year of 18th birthday', player: { rating: 2299, birthYear: 2008 }, k: 40 },
    { name: 'junior in the year after the 18th birthday', player: { rating: 1800, birthYear: 2007 }, k: 20 },
    { name: 'junior at 2300', player: { rating: 2300, birthYear: 2014 }, k: 20 },
    { name: 'rating 2400', player: { rating: 2400, birthYear: 2014 }, k: 10 },
    { name: 'once 2400, always 10', player: { rating: 2350, hasReached2400: true }, k: 10 },
    { name: 'nothing known: 20', player: { rating: 1200 }, k: 20 },
    { name: 'set by the arbiter: a new adult player', player: { rating: 2000, birthYear: 1990, kFactor: 40 as const }, k: 40 },
    { name: 'set by the arbiter: a junior kept at 20', player: { rating: 1800, birthYear: 2014, kFactor: 20 as const }, k: 20 },
    { name: 'set by the arbiter: 10 below 2400', player: { rating: 2350, kFactor: 10 as const }, k: 10 },
    { name: 'set by the arbiter over 2400: 40', player: { rating: 2450, kFactor: 40 as const }, k: 40 },
  ])('$name → $k', ({ player, k }) => {
    expect(kFactor(player, 2026)).toBe(k);
  });
  it.each([
    { player: { rating: 2000, birthYear: 1990, kFactor: 40 as const }, k: 20 },
    { player: { rating: 1800, birthYear: 2014, kFactor: 20 as const }, k: 40 },
    { player: { rating: 2450, kFactor: 40 as const }, k: 10 },
  ])('kFactorByRule sets aside the arbiter\'s $player.kFactor → $k', ({ player, k }) => {
    expect(kFactorByRule(player, 2026)).toBe(k);
  });
});

describe('ratingChange', () => {
  it.each([
    { rating: 1600, opponent: 1500, score: 1, k: 20, change: 7.2 }, // 20 × (1 − 0.64)
    { rating: 1600, opponent: 1500, score: 0, k: 20, change: -12.8 },
    { rating: 1500, opponent: 1600, score: 0.5, k: 40, change: 5.6 }, // 40 × (0.5 − 0.36)
    { rating: 2450, opponent: 1000, score: 1, k: 10, change: 0.8 }, // capped at 400: 10 × 0.08
    { rating: 1000, opponent: 2450, score: 0, k: 40, change: -3.2 },
  ])('$rating v $opponent scoring $score with K $k → $change', ({ rating, opponent, score, k, change }) => {
    expect(ratingChange(rating, opponent, score, k)).toBeCloseTo(change, 10);
  });
  it('sums a period and rounds at the end', () => {
    // 7.2 + 7.2 = 14.4 → 14; 7.2 − 12.8 = −5.6 → −6.
    expect(totalRatingChange(1600, [{ opponentRating: 1500, score: 1 }, { opponentRating: 1500, score: 1 }], 20)).toBe(14);
    expect(totalRatingChange(1600, [{ opponentRating: 1500, score: 1 }, { opponentRating: 1500, score: 0 }], 20)).toBe(-6);
    // 20 × (0.5 − 0.5) = 0, never −0.
    expect(totalRatingChange(1500, [{ opponentRating: 1500, score: 0.5 }], 20)).toBe(0);
    // −2.5 rounds away from zero: a difference of 190 expects 0.75; 10 × (0.5 − 0.75) = −2.5 → −3.
    expect(totalRatingChange(1690, [{ opponentRating: 1500, score: 0.5 }], 10)).toBe(-3);
  });
});

/*
 * T1 (test-tournaments.ts), K 20 for everyone (no birth year or game count given), games over the
 * board only:
 *   A: v B 1900 won, E .64: +7.2; v E 1600 (400) won, E .92: +1.6; v C (200) won, E .76: +4.8;
 *      v D (300) won, E .85: +3.0 → 16.6 → 17
 *   B: v A lost, E .36: −7.2; v E (300) drew, E .85: −7.0 → −14.2 → −14
 *   C: v D drew, E .64: −2.8; v A lost, E .24: −4.8 → −7.6 → −8
 *   D: v C drew, E .36: +2.8; v E won, E .64: +7.2; v A lost, E .15: −3.0 → 7
 *   E: v A lost, E .08: −1.6; v D lost, E .36: −7.2; v B drew, E .15: +7.0 → −1.8 → −2
 * B's forfeit win and byes are not rated.
 */
describe('tournamentRatingChanges', () => {
  it('T1: per-game changes and rounded totals', () => {
    const changes = tournamentRatingChanges(T1, 2026);
    expect(changes.map((c) => [c.player, c.k, c.games.length, c.total])).toEqual([
      ['A', 20, 4, 17],
      ['B', 20, 2, -14],
      ['C', 20, 2, -8],
      ['D', 20, 3, 7],
      ['E', 20, 3, -2],
    ]);
    const a = changes[0]?.games ?? [];
    expect(a.map((g) => [g.round, g.opponent, g.expected])).toEqual([[1, 'B', 0.64], [2, 'E', 0.92], [3, 'C', 0.76], [4, 'D', 0.85]]);
    a.forEach((g, i) => expect(g.change).toBeCloseTo([7.2, 1.6, 4.8, 3][i] as number, 10));
  });
  it('lowers K so that K × games stays within 700: a junior (K 40) with 20 games gets 35', () => {
    const rounds = Array.from({ length: 20 }, (_, i) => round(i + 1, 'X-Y 1/2-1/2'));
    const players = [{ id: 'X', rating: 1500, birthYear: 2015 }, { id: 'Y', rating: 1500, ratedGames: 100 }];
    expect(tournamentRatingChanges({ players, rounds }, 2026).map((c) => [c.player, c.k, c.total])).toEqual([
      ['X', 35, 0],
      ['Y', 20, 0],
    ]);
  });
  it.each([
    // An adult new player the arbiter gave K 40: 20 games → 35 as the rule's 40 would.
    { name: 'K 40 set for an adult, 20 games', set: 40 as const, k: 35 },
    { name: 'K 10 set for a junior', set: 10 as const, k: 10 },
  ])('an arbiter\'s K is lowered the same way: $name → $k', ({ set, k }) => {
    const rounds = Array.from({ length: 20 }, (_, i) => round(i + 1, 'X-Y 1/2-1/2'));
    const players = [{ id: 'X', rating: 1500, birthYear: set === 40 ? 1990 : 2015, kFactor: set }, { id: 'Y', rating: 1500 }];
    expect(tournamentRatingChanges({ players, rounds }, 2026)[0]?.k).toBe(k);
  });
});

// Issue 29: B.02 8.3.1 as amended from 1 October 2025: the 400-point rule for players rated below
// 2650 only; 2650 and above are rated on the actual difference (table 8.1.2, 1.00 above 735).
describe('the 400-point rule and the actual difference at 2650+', () => {
  it.each([
    // [rating, opponent, score, date, K, change]
    [2750, 2250, 1, '2025-09-30', 10, 0.8], // capped at 400: expected 0.92
    [2750, 2250, 1, '2025-10-01', 10, 0.4], // difference 500 (484-517): expected 0.96
    [2750, 1800, 0, '2025-10-01', 10, -10], // difference 950 > 735: expected 1.00
    [2750, 1800, 0, '2025-09-30', 10, -9.2], // capped: expected 0.92
    [2649, 2100, 1, '2025-10-01', 10, 0.8], // below 2650: still capped
    [2250, 2750, 1, '2025-10-01', 20, 18.4], // the lower-rated player keeps the cap: expected 0.08
  ] as const)('%i v %i scoring %s on %s: K %i gives %d', (rating, opponent, score, date, k, change) => {
    const actual = usesActualDifference(rating, date);
    expect(ratingChange(rating, opponent, score, k, actual)).toBeCloseTo(change, 6);
  });

  it('a tournament from October 2025 rates its 2650+ player on the actual difference', () => {
    const t = {
      players: [
        { id: 'GM', rating: 2700, hasReached2400: true },
        { id: 'A', rating: 2000, ratedGames: 100, birthYear: 1990 },
      ],
      rounds: [{ round: 1, games: [{ white: 'GM', black: 'A', result: '1-0' }] }],
    } as unknown as Parameters<typeof tournamentRatingChanges>[0];
    const before = tournamentRatingChanges(t, 2025, '2025-09-15').find((p) => p.player === 'GM')!;
    const after = tournamentRatingChanges(t, 2025, '2025-10-15').find((p) => p.player === 'GM')!;
    expect(before.games[0]!.expected).toBe(0.92);
    expect(after.games[0]!.expected).toBe(0.99); // difference 700 (620-735)
  });
});

// Issue 29: the rating report's rules, each row worked by hand from B.02's tables (8.1.2) and
// 8.3: the 400-point rule on every game since 1 March 2024 (before, once per event), unrated
// opponents, unrated players and the junior's K.
describe('tournamentRatingChanges: the rating report', () => {
  const t = (players: Parameters<typeof tournamentRatingChanges>[0]['players'], ...rounds: string[]) => ({
    players,
    rounds: rounds.map((boards, i) => round(i + 1, ...boards.split(', '))),
  });
  it.each([
    {
      // 2300 beats three 1800s: each difference 500 counts as 400 (E .92), on every game:
      // 3 × 20 × 0.08 = 4.8 → 5 (under the old once-per-event rule only one game was capped).
      name: '400-point rule on every game',
      tournament: t([{ id: 'H', rating: 2300, ratedGames: 100, birthYear: 1980 }, { id: 'L1', rating: 1800 }, { id: 'L2', rating: 1800 }, { id: 'L3', rating: 1800 }], 'H-L1 1-0', 'L2-H 0-1', 'H-L3 1-0'),
      player: 'H', k: 20, expected: 2.76, total: 5,
    },
    {
      // A child born 2012, rated 1500, in 2026 (year of 14th birthday): K 40. v 1600 (E .36) drew
      // +5.6, v 1450 (50: E .57) lost −22.8 → −17.2 → −17.
      name: 'junior K 40',
      tournament: t([{ id: 'J', rating: 1500, birthYear: 2012 }, { id: 'X', rating: 1600 }, { id: 'Y', rating: 1450 }], 'J-X 1/2-1/2', 'Y-J 1-0'),
      player: 'J', k: 40, expected: 0.93, total: -17,
    },
    {
      // A game against an unrated opponent (rating 0) is not rated for the rated player; the win
      // over 1700 (E .64 at K 20) is: +7.2 → 7.
      name: 'unrated opponent not rated',
      tournament: t([{ id: 'R', rating: 1800, ratedGames: 50, birthYear: 1990 }, { id: 'U', rating: 0 }, { id: 'S', rating: 1700 }], 'R-U 1-0', 'S-R 0-1'),
      player: 'R', k: 20, expected: 0.64, total: 7,
    },
    {
      name: 'a forfeit win is not rated',
      tournament: t([{ id: 'F', rating: 1800 }, { id: 'G', rating: 1800 }], 'F-G +-'),
      player: 'F', k: 20, expected: 0, total: 0,
    },
  ])('$name', ({ tournament, player, k, expected, total }) => {
    const row = tournamentRatingChanges(tournament, 2026, '2026-12-01').find((change) => change.player === player)!;
    expect([row.rated, row.k, row.expected, row.total]).toEqual([true, k, expected, total]);
  });
  it('an unrated player gets no change (FIDE computes their first rating)', () => {
    const tournament = t([{ id: 'U', rating: 0 }, { id: 'S', rating: 1700 }], 'U-S 1-0');
    const row = tournamentRatingChanges(tournament, 2026).find((change) => change.player === 'U')!;
    expect([row.rated, row.games.length, row.total]).toEqual([false, 0, 0]);
  });
});
