import { describe, expect, it } from 'vitest';
import { PUZZLE_MAX_CHANGE, SUCCESS_AIM } from './rating';
import { simulateSolver, syntheticPool } from './simulate';

describe('a simulated solver (issue 21: the rating finds the true strength)', () => {
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

describe('a new student’s first ten puzzles (issue 30: no 150-point swings)', () => {
  const pool = syntheticPool();
  const largestSwing = (trueRating: number, maxChange?: number) =>
    Math.max(
      ...[1, 2, 3, 4, 5].map((seed) => {
        const { changes } = simulateSolver(trueRating, pool, { seed, start: 1200, puzzles: 10, maxChange });
        return Math.max(...changes.map(Math.abs));
      }),
    );
  it.each([600, 1200, 1800])('of true rating %i moves at most PUZZLE_MAX_CHANGE a puzzle, where Glicko-2 alone moves it more (bench: up to 181)', (trueRating) => {
    expect(largestSwing(trueRating)).toBeLessThanOrEqual(PUZZLE_MAX_CHANGE);
    expect(largestSwing(trueRating, Infinity)).toBeGreaterThan(PUZZLE_MAX_CHANGE);
  });
});
