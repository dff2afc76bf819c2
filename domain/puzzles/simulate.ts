/**
 * A simulated student for the rating model (issue 21, "Measure"): a solver of true rating R
 * solves each served puzzle with the chance the model expects (solveChance of R, not of the
 * student's current rating), from a starting rating, on a pool of puzzles served as the trainer
 * serves them (pickNearest to targetPuzzleRating, each puzzle once). Pure, seeded.
 */
import { seededRandom } from '../strength';
import { isProvisional, pickNearest, PUZZLE_MAX_CHANGE, ratePuzzleAttempt, solveChance, startRating, targetPuzzleRating, type PuzzleRatingState } from './rating';

export interface SimPuzzle {
  id: string;
  rating: number;
  rd: number;
}

/** Puzzles every `step` points from `min` to `max`, `perRating` of each, with deviation `rd`. */
export function syntheticPool(min = 300, max = 2800, step = 5, perRating = 2, rd = 80): SimPuzzle[] {
  const pool: SimPuzzle[] = [];
  for (let rating = min; rating <= max; rating += step) for (let k = 0; k < perRating; k++) pool.push({ id: `s${rating}-${k}`, rating, rd });
  return pool;
}

export interface SimulationResult {
  trueRating: number;
  finalRating: number;
  finalRd: number;
  solved: number;
  served: number;
  /** Solved among the second half of the served puzzles (once the rating has settled). */
  solvedSecondHalf: number;
  /** The expected success of the served puzzles for the true solver, averaged. */
  meanExpected: number;
  /** Each rated attempt's change of rating, in order. */
  changes: number[];
  /** The rating after each attempt. */
  ratings: number[];
  /** Attempts until the rating stopped being provisional (`served` if it never did). */
  provisionalGames: number;
}

export interface SimulationOptions {
  puzzles?: number;
  start?: number;
  seed?: number;
  /** The starting deviation (startRating's by default). */
  startRd?: number;
  /** The rating rule (ratePuzzleAttempt by default; the bench also measures earlier rules). */
  rate?: RatingRule;
}

export type RatingRule = (state: PuzzleRatingState, puzzle: SimPuzzle, solved: boolean) => PuzzleRatingState;

/** Earlier rules, measured against the trainer's: Glicko-2 alone (issue 21). */
export const glickoAlone: RatingRule = (state, puzzle, solved) => ratePuzzleAttempt(state, puzzle, solved, Infinity);
/** Issue 30's first cut: the rating's change capped, the deviation and volatility as Glicko-2's whole step. */
export const ratingChangeCapOnly: RatingRule = (state, puzzle, solved) => {
  const full = glickoAlone(state, puzzle, solved);
  return { ...full, rating: state.rating + Math.min(PUZZLE_MAX_CHANGE, Math.max(-PUZZLE_MAX_CHANGE, full.rating - state.rating)) };
};

export function simulateSolver(trueRating: number, pool: readonly SimPuzzle[], options: SimulationOptions = {}): SimulationResult {
  const random = seededRandom(options.seed ?? 1);
  const count = options.puzzles ?? 200;
  const rate = options.rate ?? ratePuzzleAttempt;
  const start = startRating(options.start ?? 1200);
  let state: PuzzleRatingState = { ...start, rd: options.startRd ?? start.rd };
  let remaining = [...pool];
  let solved = 0;
  let expectedSum = 0;
  let served = 0;
  let solvedSecondHalf = 0;
  const changes: number[] = [];
  const ratings: number[] = [];
  let provisionalGames = -1;
  for (let i = 0; i < count; i++) {
    const puzzle = pickNearest(remaining, targetPuzzleRating(state.rating), random);
    if (puzzle === null) break;
    remaining = remaining.filter((p) => p !== puzzle);
    const chance = solveChance(trueRating, puzzle);
    const ok = random() < chance;
    expectedSum += chance;
    served += 1;
    if (ok) solved += 1;
    if (ok && i >= count / 2) solvedSecondHalf += 1;
    const next = rate(state, puzzle, ok);
    changes.push(next.rating - state.rating);
    ratings.push(next.rating);
    state = next;
    if (provisionalGames < 0 && !isProvisional(state)) provisionalGames = served;
  }
  return {
    trueRating,
    finalRating: state.rating,
    finalRd: state.rd,
    solved,
    solvedSecondHalf,
    served,
    meanExpected: served === 0 ? 0 : expectedSum / served,
    changes,
    ratings,
    provisionalGames: provisionalGames < 0 ? served : provisionalGames,
  };
}
