/**
 * The trainer's verdict on one attempt (issue 27: written once, run by the app on the device and
 * by the server on the pushed attempt, so the two cannot drift). Pure.
 *
 * - Solved: the child said so, used no hint, was not shown the solution, and the moves played
 *   really solve the puzzle (./solution.ts).
 * - Rated: only the first try of a puzzle, and only in a rated mode (RATED_PUZZLE_MODES).
 * - The streak: in Puzzle Streak a solve adds one and a failure ends it; a new run starts at 0.
 */
import { RATED_PUZZLE_MODES, type PuzzleMode } from '../../schema/core/values';
import { ratePuzzleAttempt, type PuzzleRatingState } from './rating';
import { solvesPuzzle, type PuzzleLine } from './solution';

export interface TrainerTry {
  mode: PuzzleMode;
  /** What the child's board said. */
  solved: boolean;
  hintUsed: boolean;
  solutionShown: boolean;
  moves: readonly string[];
  /** The first puzzle of a new Puzzle Streak run. */
  streakStart?: boolean;
}

export interface TrainerStanding {
  rating: PuzzleRatingState;
  currentStreak: number;
  bestStreak: number;
}

export interface TrainerVerdict {
  solved: boolean;
  rated: boolean;
  /** The rating after the attempt (the one before when it is not rated). */
  rating: PuzzleRatingState;
  currentStreak: number;
  bestStreak: number;
}

/** The verdict on `attempt` at `puzzle` (with its rating), for a child who `triedBefore` or not. */
export function judgeTrainerAttempt(
  puzzle: PuzzleLine & { rating: number; ratingDeviation: number },
  attempt: TrainerTry,
  standing: TrainerStanding,
  triedBefore: boolean,
): TrainerVerdict {
  const solved = attempt.solved && !attempt.hintUsed && !attempt.solutionShown && solvesPuzzle(puzzle, attempt.moves);
  const rated = RATED_PUZZLE_MODES.includes(attempt.mode) && !triedBefore;
  const rating = rated ? ratePuzzleAttempt(standing.rating, { rating: puzzle.rating, rd: puzzle.ratingDeviation }, solved) : standing.rating;
  let { currentStreak, bestStreak } = standing;
  if (attempt.mode === 'streak') {
    if (attempt.streakStart) currentStreak = 0;
    currentStreak = solved ? currentStreak + 1 : 0;
    bestStreak = Math.max(bestStreak, currentStreak);
  }
  return { solved, rated, rating, currentStreak, bestStreak };
}
