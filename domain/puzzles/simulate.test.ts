import { describe, expect, it } from 'vitest';
import { PUZZLE_MAX_CHANGE, SUCCESS_AIM } from './rating';
import { glickoAlone, ratingChangeCapOnly, simulateSolver, syntheticPool, type RatingRule } from './simulate';

/** 600 rated attempts a test take about 0.3 s alone, but many times that on a loaded machine. */
const SIMULATION_TIMEOUT_MS = 30_000;

describe('a simulated solver (issue 21: the rating finds the true strength)', { timeout: SIMULATION_TIMEOUT_MS }, () => {
  const pool = syntheticPool();
  for (const trueRating of [600, 1000, 1400, 1800, 2200]) {
    it(`of true rating ${trueRating} ends within 100 of it after 200 puzzles, solving near the aim`, () => {
      for (const seed of [1, 2, 3]) {
        const result = simulateSolver(trueRating, pool, { seed, start: 1200 });
        expect(result.served).toBe(200);
        expect(Math.abs(result.finalRating - trueRating), `seed ${seed}: ${result.finalRating}`).toBeLessThan(100);
        // Once the rating has settled (the second 100 puzzles) the served ones are solved about as often as aimed.
        expect(Math.abs(result.solvedSecondHalf / 100 - SUCCESS_AIM)).toBeLessThan(0.1);
      }
    });
  }
});

describe('a new student’s first ten puzzles (issue 30: no 150-point swings)', { timeout: SIMULATION_TIMEOUT_MS }, () => {
  const pool = syntheticPool();
  const largestSwing = (trueRating: number, rate?: RatingRule) =>
    Math.max(
      ...[1, 2, 3, 4, 5].map((seed) => {
        const { changes } = simulateSolver(trueRating, pool, { seed, start: 1200, puzzles: 10, rate });
        return Math.max(...changes.map(Math.abs));
      }),
    );
  it.each([600, 1200, 1800])('of true rating %i moves at most PUZZLE_MAX_CHANGE a puzzle, where Glicko-2 alone moves it more (bench: up to 181)', (trueRating) => {
    expect(largestSwing(trueRating)).toBeLessThanOrEqual(PUZZLE_MAX_CHANGE);
    expect(largestSwing(trueRating, glickoAlone)).toBeGreaterThan(PUZZLE_MAX_CHANGE);
  });
});

describe('a new student far from the start rating (issue 30: the rating settles quickly)', { timeout: SIMULATION_TIMEOUT_MS }, () => {
  const pool = syntheticPool();
  /** The mean distance to the truth after ten puzzles, over 20 seeds, from a start of 1,200 (deviation 300 for the earlier rules). */
  const errorAfterTen = (trueRating: number, rate?: RatingRule) => {
    const seeds = Array.from({ length: 20 }, (_, i) => i + 1);
    const errors = seeds.map((seed) => {
      const { ratings } = simulateSolver(trueRating, pool, { seed, start: 1200, puzzles: 10, rate, startRd: rate ? 300 : undefined });
      return Math.abs(ratings[9]! - trueRating);
    });
    return errors.reduce((a, e) => a + e, 0) / seeds.length;
  };
  it.each([600, 2000])('of true rating %i is nearer it after ten puzzles than with only the rating’s change capped', (trueRating) => {
    expect(errorAfterTen(trueRating)).toBeLessThan(errorAfterTen(trueRating, ratingChangeCapOnly));
  });
});
