import { describe, expect, it } from 'vitest';
import type { AssessmentAttempt } from '../../schema';
import { assessmentRating, assessmentSteps, attemptFromMoves, attemptScore, glicko2Update } from './assessment';

const attempt = (puzzleRating: number, solved: boolean, timeSpent = 20, hintsUsed = 0): AssessmentAttempt => ({ puzzleRating, solved, timeSpent, hintsUsed });

describe('attemptScore', () => {
  it.each([
    [attempt(1000, false), 0, 'not solved'],
    [attempt(1000, true, 20, 0), 1, 'solved quickly, no hint'],
    [attempt(1000, true, 60, 1), 0.75, 'one hint'],
    [attempt(1000, true, 60, 5), 0.5, 'hints counted up to 2'],
    [attempt(1000, true, 120, 0), 0.9, 'half-way to the full time penalty'],
    [attempt(1000, true, 600, 0), 0.8, 'slow: the full 0.2'],
    [attempt(1000, true, 600, 2), 0.5, 'never below 0.5 once solved'],
  ])('%j scores %d (%s)', (a, score) => {
    expect(attemptScore(a)).toBeCloseTo(score, 10);
  });
});

describe('glicko2Update, the worked example of docs/decisions.md', () => {
  it('1200 (RD 350) solving a 1000 puzzle quickly: E = 0.7571, v = 5.575, new rating 1297.9, RD 266.3', () => {
    // By hand: mu = -1.72694, phi = 2.01476, mu_j = -2.87823, g(phi_j) = 0.98764,
    // E = 1 / (1 + exp(-0.98764 * 1.15129)) = 0.75714, v = 1 / (0.98764^2 * 0.75714 * 0.24286) = 5.5753,
    // phi' = 1 / sqrt(1 / (2.01476^2 + 0.06^2) + 1 / 5.5753) = 1.53260,
    // mu' = mu + phi'^2 * 0.98764 * (1 - 0.75714) = -1.16354, r' = 173.7178 * mu' + 1500 = 1297.9.
    const next = glicko2Update({ rating: 1200, rd: 350, volatility: 0.06 }, { rating: 1000, rd: 50 }, 1);
    expect(next.rating).toBeCloseTo(1297.93, 1);
    expect(next.rd).toBeCloseTo(266.32, 1);
    expect(next.volatility).toBeCloseTo(0.06, 4);
  });

  it('a loss against a weaker puzzle costs more than a loss against a stronger one', () => {
    const start = { rating: 1200, rd: 350, volatility: 0.06 };
    const lossWeak = glicko2Update(start, { rating: 800, rd: 50 }, 0).rating;
    const lossStrong = glicko2Update(start, { rating: 1800, rd: 50 }, 0).rating;
    expect(lossWeak).toBeLessThan(lossStrong);
    expect(lossStrong).toBeLessThan(1200);
  });
});

describe('assessmentRating', () => {
  it('no attempts: the starting 1200', () => {
    expect(assessmentRating([])).toBe(1200);
  });

  it('the three-attempt example: 1298, then 1203 after missing a 1400, then 1231 after a slow solve of a 1200 with a hint', () => {
    const attempts = [attempt(1000, true, 20, 0), attempt(1400, false, 40, 1), attempt(1200, true, 120, 1)];
    expect(assessmentSteps(attempts).map((step) => Math.round(step.rating))).toEqual([1298, 1203, 1231]);
    expect(assessmentRating(attempts)).toBe(1231);
  });

  it('solving everything from 500 to 2200 rates far above missing everything', () => {
    const ratings = [500, 700, 900, 1100, 1300, 1500, 1700, 1900, 2100, 2200];
    const all = assessmentRating(ratings.map((r) => attempt(r, true)));
    const none = assessmentRating(ratings.map((r) => attempt(r, false)));
    expect(all).toBeGreaterThan(1800);
    expect(none).toBeLessThan(700);
    expect(none).toBeGreaterThanOrEqual(400);
  });

  it('solves with hints rate lower than clean solves', () => {
    const clean = assessmentRating([attempt(1000, true), attempt(1200, true)]);
    const hinted = assessmentRating([attempt(1000, true, 20, 2), attempt(1200, true, 20, 2)]);
    expect(hinted).toBeLessThan(clean);
  });

  it('a beginner who solves the easy ones only lands between them', () => {
    const rating = assessmentRating([attempt(500, true), attempt(700, true), attempt(900, false), attempt(1100, false), attempt(1300, false)]);
    expect(rating).toBeGreaterThan(600);
    expect(rating).toBeLessThan(1000);
  });

  it('stays within 400..2400', () => {
    expect(assessmentRating(Array.from({ length: 30 }, () => attempt(2900, true)))).toBeLessThanOrEqual(2400);
    expect(assessmentRating(Array.from({ length: 30 }, () => attempt(300, false)))).toBeGreaterThanOrEqual(400);
  });
});

describe('attemptFromMoves: the client flag is checked against the solution', () => {
  const puzzle = { rating: 1100, solution: [{ from: 'e2', to: 'e4' }, { from: 'e7', to: 'e5' }] };
  it.each([
    [{ solved: true, attemptedMoves: [{ from: 'e2', to: 'e4' }] }, true, 0, 'first try'],
    [{ solved: true, attemptedMoves: [{ from: 'd2', to: 'd4' }, { from: 'e2', to: 'e4' }] }, false, 1, 'one wrong move first, then the hint\'s move: missed'],
    [{ solved: true, attemptedMoves: [{ from: 'e2', to: 'e4' }, { from: 'd2', to: 'd4' }] }, true, 0, 'right first (later moves are the solution shown again)'],
    [{ solved: true, attemptedMoves: [{ from: 'd2', to: 'd4' }] }, false, 1, 'claims solved without the move: refused'],
    [{ solved: true, attemptedMoves: [] }, false, 0, 'claims solved with no move'],
    [{ solved: false, attemptedMoves: [{ from: 'e2', to: 'e4' }] }, false, 0, 'solution shown: not solved'],
  ])('%j -> solved %s, %i hints (%s)', (input, solved, hints) => {
    expect(attemptFromMoves(puzzle, { ...input, timeSpent: 30 })).toEqual({ puzzleRating: 1100, solved, timeSpent: 30, hintsUsed: hints });
  });
});

describe('following the hints earns no rating (issue 20)', () => {
  it('a wrong move then the move the toast names, on ten puzzles from 500 to 2200: rated as missing them all', () => {
    const ratings = [500, 700, 900, 1100, 1300, 1500, 1700, 1900, 2100, 2200];
    const hinted = ratings.map((rating) =>
      attemptFromMoves({ rating, solution: [{ from: 'e2', to: 'e4' }] }, { solved: true, timeSpent: 15, attemptedMoves: [{ from: 'a2', to: 'a3' }, { from: 'e2', to: 'e4' }] }),
    );
    expect(hinted.every((a) => !a.solved)).toBe(true);
    expect(assessmentRating(hinted)).toBeLessThan(700);
  });
});
