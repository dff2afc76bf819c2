/**
 * The puzzle trainer's rating (issue 21; docs/decisions.md, "Issue 21: puzzles (trainer)").
 * Pure. Glicko-2 per student as Lichess rates puzzles: every rated attempt is one rating period
 * with one game against the puzzle (its fixed rating and deviation from the content), solved 1,
 * failed 0. The rating starts from the assessment's (users.eloRating) with a high deviation, so
 * the first puzzles move it fast; the deviation then shrinks to PUZZLE_RD_MIN.
 */
import { expectedScore, glicko2Period, type Glicko2Rating } from './glicko2';

/**
 * Glicko-2's settings. Lichess uses a volatility of 0.09 (at most 0.1); with one game per period
 * that leaves the deviation near 75 and a simulated student's rating wandering 50 points either
 * side of the truth (bench/puzzles-rating.ts), so the trainer keeps the volatility lower (0.04,
 * at most 0.06, system constant 0.5): the deviation settles near 50 and the rating within about
 * 35 points (one standard deviation) of the truth after 200 puzzles.
 */
export const PUZZLE_TAU = 0.5;
/**
 * A new student's deviation: as high as it may go (PUZZLE_RD_MAX). With the capped, weighted
 * attempt below, 350 settles the rating of a student far from the start sooner than 300 did
 * (bench/puzzles-rating.ts, true 600 from a start of 1,200: 145 points off after ten puzzles,
 * not 166), and one near the start as well after twenty. Lichess starts at 500, but we start
 * from the assessment's rating, not from nothing.
 */
export const PUZZLE_START_RD = 350;
export const PUZZLE_START_VOLATILITY = 0.04;
export const PUZZLE_MAX_VOLATILITY = 0.06;
export const PUZZLE_RD_MIN = 45;
export const PUZZLE_RD_MAX = 350;
export const PUZZLE_RATING_MIN = 400;
/**
 * A rated attempt moves the rating by at most this much (issue 30): Glicko-2 alone moves a new
 * student's rating 116-180 points a puzzle at deviation 300 (bench/puzzles-rating.ts). A capped
 * attempt counts as that fraction of a game for the deviation and volatility too (see
 * ratePuzzleAttempt), so the rating keeps its pace until it has caught up.
 */
export const PUZZLE_MAX_CHANGE = 100;
/**
 * Lichess shows a rating as provisional ("1500?") while its deviation is above 110 (lila's
 * Glicko.provisionalDeviation); so does the trainer, the same rule on the device and the server.
 */
export const PUZZLE_PROVISIONAL_RD = 110;
export const PUZZLE_RATING_MAX = 3000;
/** When a student has no assessment rating. */
export const PUZZLE_DEFAULT_RATING = 1200;
/**
 * The success chance the served puzzles aim at. Lichess serves puzzles a little below the
 * player's rating so that a bit over half are solved; 0.6 keeps a child succeeding more often
 * than failing while each puzzle still teaches (a puzzle about 70 points below the rating).
 */
export const SUCCESS_AIM = 0.6;

export interface PuzzleRatingState extends Glicko2Rating {
  /** Rated attempts so far. */
  games: number;
}

export function startRating(assessmentRating: number | null | undefined): PuzzleRatingState {
  const rating = clampRating(assessmentRating ?? PUZZLE_DEFAULT_RATING);
  return { rating, rd: PUZZLE_START_RD, volatility: PUZZLE_START_VOLATILITY, games: 0 };
}

const clampRating = (rating: number) => Math.min(PUZZLE_RATING_MAX, Math.max(PUZZLE_RATING_MIN, rating));

/**
 * How much of Glicko-2's step an attempt takes: all of it, or the fraction that moves the rating
 * by `maxChange` when Glicko-2 would move it further.
 */
export function attemptWeight(change: number, maxChange: number = PUZZLE_MAX_CHANGE): number {
  return Math.abs(change) > maxChange ? maxChange / Math.abs(change) : 1;
}

/**
 * The rating after one rated attempt at a puzzle of `puzzle.rating` / `puzzle.rd`: Glicko-2's
 * step, of which a big one is taken only in part (attemptWeight), the rating, deviation and
 * volatility alike, as lila's puzzle finisher weighs a themed attempt (the old and the new
 * rating averaged with a weight). Cutting only the rating would shrink the deviation as if the
 * whole step had been taken, and leave a student far from the start rating behind (166 points
 * off after ten puzzles, where Glicko-2 alone is 128 off; bench/puzzles-rating.ts). `maxChange`
 * is PUZZLE_MAX_CHANGE for every caller but the bench, which also measures Glicko-2 uncapped.
 */
export function ratePuzzleAttempt(
  state: PuzzleRatingState,
  puzzle: { rating: number; rd: number },
  solved: boolean,
  maxChange: number = PUZZLE_MAX_CHANGE,
): PuzzleRatingState {
  const next = glicko2Period(state, [{ rating: puzzle.rating, rd: puzzle.rd, score: solved ? 1 : 0 }], PUZZLE_TAU);
  const weight = attemptWeight(next.rating - state.rating, maxChange);
  const toward = (from: number, to: number) => from + weight * (to - from);
  return {
    rating: clampRating(toward(state.rating, next.rating)),
    rd: Math.min(PUZZLE_RD_MAX, Math.max(PUZZLE_RD_MIN, toward(state.rd, next.rd))),
    volatility: Math.min(PUZZLE_MAX_VOLATILITY, toward(state.volatility, next.volatility)),
    games: state.games + 1,
  };
}

/** The student's chance of solving a puzzle, as the rating model expects it. */
export const solveChance = (rating: number, puzzle: { rating: number; rd: number }): number => expectedScore({ rating }, puzzle);

/** The puzzle rating to serve a student rated `rating`: where the expected success is SUCCESS_AIM. */
export function targetPuzzleRating(rating: number, aim: number = SUCCESS_AIM): number {
  // E = 1 / (1 + 10^((Rp - R) / 400)) for a well-rated puzzle, so Rp = R - 400 log10(aim / (1 - aim)).
  return Math.round(rating - 400 * Math.log10(aim / (1 - aim)));
}

/** The displayed rating and its change: 1234 and '+12' / '−9' (a true minus sign). */
export const displayRating = (rating: number): number => Math.round(rating);
/** The rating is still provisional (shown as '1234?', as Lichess does). */
export const isProvisional = (state: { rd: number }): boolean => state.rd > PUZZLE_PROVISIONAL_RD;
/** The rating as shown: '1234', or '1234?' while provisional. */
export const ratingLabel = (state: { rating: number; rd: number }): string => `${displayRating(state.rating)}${isProvisional(state) ? '?' : ''}`;
export function formatRatingChange(change: number): string {
  const rounded = Math.round(change);
  if (rounded > 0) return `+${rounded}`;
  if (rounded < 0) return `\u2212${-rounded}`;
  return '±0';
}

/** Puzzle Streak: puzzles get harder until the first miss; the n-th (0-based) is about this rating. */
export const STREAK_START_RATING = 600;
export const STREAK_STEP = 60;
export const streakPuzzleRating = (index: number): number => STREAK_START_RATING + index * STREAK_STEP;

export interface Rateable {
  id: string;
  rating: number;
}

/**
 * The puzzle to serve: among `candidates` (not yet tried), one of the `spread` nearest to `target`
 * that lie within `window` points of the nearest (random among them, so two students of one
 * rating do not get one sequence). Null when none.
 */
export function pickNearest<T extends Rateable>(candidates: readonly T[], target: number, random: () => number = Math.random, spread = 3, window = 100): T | null {
  const distance = (item: T) => Math.abs(item.rating - target);
  const order = (a: T, b: T) => distance(a) - distance(b) || (a.id < b.id ? -1 : 1);
  const nearest: T[] = [];
  for (const candidate of candidates) {
    nearest.push(candidate);
    if (nearest.length > spread) {
      nearest.sort(order);
      nearest.pop();
    }
  }
  nearest.sort(order);
  const first = nearest[0];
  if (first === undefined) return null;
  const close = nearest.filter((item) => distance(item) - distance(first) <= window);
  return close[Math.min(close.length - 1, Math.floor(random() * close.length))] ?? first;
}

/** The day's puzzle: the same for everyone on a given UTC day, from the ids (sorted) of the pool. */
export function dailyPuzzleId(ids: readonly string[], day: string): string | null {
  if (ids.length === 0) return null;
  const sorted = [...ids].sort();
  let hash = 2166136261;
  for (let i = 0; i < day.length; i++) hash = Math.imul(hash ^ day.charCodeAt(i), 16777619) >>> 0;
  return sorted[hash % sorted.length] ?? null;
}
/** The daily puzzle is chosen among puzzles of this rating band (fit for most children). */
export const DAILY_MIN_RATING = 800;
export const DAILY_MAX_RATING = 1600;
