/**
 * The starting rating from the onboarding assessment: a Glicko-2 update per attempt (Glickman,
 * "Example of the Glicko-2 system", 2012), starting from the spec's 1200. Each puzzle is an
 * opponent rated at the puzzle's rating with a small deviation (50: Lichess puzzle ratings are
 * well established), and each attempt is one rating period with one game. The game's score is
 * what the attempt shows of the student's strength:
 * - not solved (or the solution was shown): 0;
 * - solved: 1, less 0.25 for each hint received (at most 2 counted) and less up to 0.2 for time:
 *   nothing up to 60 s, then linearly to 0.2 at 180 s; never below 0.5, since a solve is at least
 *   a draw against the puzzle. (attemptFromMoves counts a solve only at the first try, so the
 *   assessment's solves have no hints: a wrong move's hint names the answer.)
 * The result is rounded and kept within 400..2400. No attempts: 1200.
 */
import type { AssessmentAttempt, FromTo } from '../../schema';
import { glicko2Period, type Glicko2Rating } from '../puzzles/glicko2';

export const ASSESSMENT_START_RATING = 1200;
export const ASSESSMENT_START_RD = 350;
export const ASSESSMENT_START_VOLATILITY = 0.06;
export const PUZZLE_RD = 50;
/** Glicko-2's system constant: how much the volatility may change. */
export const GLICKO_TAU = 0.5;
export const ASSESSMENT_RATING_MIN = 400;
export const ASSESSMENT_RATING_MAX = 2400;
export const HINT_PENALTY = 0.25;
export const MAX_HINTS_COUNTED = 2;
export const TIME_FREE_SECONDS = 60;
export const TIME_FULL_PENALTY_SECONDS = 180;
export const TIME_MAX_PENALTY = 0.2;
export const SOLVED_MIN_SCORE = 0.5;

export type GlickoRating = Glicko2Rating;

/** The game score an attempt counts as (0..1), by the rules above. */
export function attemptScore(attempt: AssessmentAttempt): number {
  if (!attempt.solved) return 0;
  const hints = Math.min(MAX_HINTS_COUNTED, attempt.hintsUsed) * HINT_PENALTY;
  const slowness = Math.min(1, Math.max(0, (attempt.timeSpent - TIME_FREE_SECONDS) / (TIME_FULL_PENALTY_SECONDS - TIME_FREE_SECONDS)));
  return Math.max(SOLVED_MIN_SCORE, 1 - hints - slowness * TIME_MAX_PENALTY);
}

/** One Glicko-2 rating period with one game against `opponent` scoring `score` (domain/puzzles/glicko2.ts). */
export function glicko2Update(player: GlickoRating, opponent: { rating: number; rd: number }, score: number): GlickoRating {
  return glicko2Period(player, [{ ...opponent, score }], GLICKO_TAU);
}

/** Every step of the assessment (for the worked example and the docs), oldest first. */
export function assessmentSteps(attempts: readonly AssessmentAttempt[]): GlickoRating[] {
  const steps: GlickoRating[] = [];
  let current: GlickoRating = { rating: ASSESSMENT_START_RATING, rd: ASSESSMENT_START_RD, volatility: ASSESSMENT_START_VOLATILITY };
  for (const attempt of attempts) {
    current = glicko2Update(current, { rating: attempt.puzzleRating, rd: PUZZLE_RD }, attemptScore(attempt));
    steps.push(current);
  }
  return steps;
}

/** The starting rating the assessment gives, from its attempts in the order they were made. */
export function assessmentRating(attempts: readonly AssessmentAttempt[]): number {
  const last = assessmentSteps(attempts).at(-1);
  if (last === undefined) return ASSESSMENT_START_RATING;
  return Math.round(Math.min(ASSESSMENT_RATING_MAX, Math.max(ASSESSMENT_RATING_MIN, last.rating)));
}

const sameMove = (a: FromTo, b: FromTo) => a.from === b.from && a.to === b.to;

/**
 * An attempt as the server counts it: solved only if the client says so AND the first move tried
 * is the puzzle's first solution move. A wrong move earns a 'Not quite right' hint that names the
 * answer (and Show Solution plays it), so a puzzle solved after a wrong move counts as missed: the
 * hint, not the student, found it (issue 20; the client's flag alone is never trusted). The hints
 * are the wrong moves tried before the right one (all of them when it never came).
 */
export function attemptFromMoves(
  puzzle: { rating: number; solution: readonly FromTo[] },
  attempt: { solved: boolean; timeSpent: number; attemptedMoves: readonly FromTo[] },
): AssessmentAttempt {
  const first = puzzle.solution[0];
  const index = first === undefined ? -1 : attempt.attemptedMoves.findIndex((move) => sameMove(move, first));
  return {
    puzzleRating: puzzle.rating,
    solved: attempt.solved && index === 0,
    timeSpent: attempt.timeSpent,
    hintsUsed: index >= 0 ? index : attempt.attemptedMoves.length,
  };
}
