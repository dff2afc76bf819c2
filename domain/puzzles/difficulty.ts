/**
 * The rating of a generated puzzle: a linear rule on what makes a puzzle hard, fitted (least
 * squares, `fitRating`) to the Lichess ratings of the CC0 puzzles we ship
 * (scripts/puzzles-lichess.ts prints the fit) and checked on the held-out sample
 * (bench/puzzles-generator.ts). Features: how many moves the solver must find, how deep the
 * engine must search before it settles on the first move, whether that move is a check or a
 * capture (children try those first), whether it is a mate, and how many pieces are on the board.
 * Pure.
 */
import { parseFen, parseUci, playMove } from '../chess';
import { allPieces } from '../coach/motifs/board';

export interface RatingFeatures {
  solverMoves: number;
  /** The lowest search depth from which the engine's best first move stayed the solution. */
  findDepth: number;
  firstIsCheck: boolean;
  firstIsCapture: boolean;
  mate: boolean;
  /** Pieces other than kings and pawns, both sides. */
  pieces: number;
}

export const RATING_FEATURE_NAMES = ['intercept', 'solverMoves', 'findDepth', 'firstIsCheck', 'firstIsCapture', 'mate', 'pieces'] as const;

export function featureVector(f: RatingFeatures): number[] {
  return [1, f.solverMoves, f.findDepth, f.firstIsCheck ? 1 : 0, f.firstIsCapture ? 1 : 0, f.mate ? 1 : 0, f.pieces];
}

/**
 * Fitted by scripts/puzzles-lichess.ts on the 644 shipped Lichess puzzles (least squares, then
 * matchSpread), in RATING_FEATURE_NAMES order; see docs/decisions.md.
 */
export const RATING_WEIGHTS: readonly number[] = [689.6, 248.2, 126.5, -316.8, -172.4, -284.5, 34.2];

export const MIN_PUZZLE_RATING = 400;
export const MAX_PUZZLE_RATING = 2800;
/** A generated puzzle's rating is a guess until students play it: a wide deviation, as Lichess starts new puzzles. */
export const GENERATED_RATING_DEVIATION = 300;

export function ratePuzzle(f: RatingFeatures, weights: readonly number[] = RATING_WEIGHTS): number {
  const x = featureVector(f);
  const raw = x.reduce((s, v, i) => s + v * (weights[i] ?? 0), 0);
  return Math.round(Math.min(MAX_PUZZLE_RATING, Math.max(MIN_PUZZLE_RATING, raw)));
}

/** Least squares (normal equations, ridge 1e-6) of ratings on the features; the weights in RATING_FEATURE_NAMES order. */
export function fitRating(samples: readonly { features: RatingFeatures; rating: number }[]): number[] {
  const rows = samples.map((s) => featureVector(s.features));
  const n = RATING_FEATURE_NAMES.length;
  const a = Array.from({ length: n }, (_, i) => Array.from({ length: n + 1 }, (_, j) => (i === j ? 1e-6 : 0)));
  for (const [k, x] of rows.entries()) {
    for (let i = 0; i < n; i++) {
      for (let j = 0; j < n; j++) a[i]![j]! += x[i]! * x[j]!;
      a[i]![n]! += x[i]! * samples[k]!.rating;
    }
  }
  return solveAugmented(a);
}

/**
 * The solution of the linear system written as an n x (n + 1) augmented matrix (changed in
 * place): Gauss-Jordan elimination with partial pivoting. Both rating fits use it.
 */
export function solveAugmented(a: number[][]): number[] {
  const n = a.length;
  for (let col = 0; col < n; col++) {
    let pivot = col;
    for (let r = col + 1; r < n; r++) if (Math.abs(a[r]![col]!) > Math.abs(a[pivot]![col]!)) pivot = r;
    [a[col], a[pivot]] = [a[pivot]!, a[col]!];
    for (let r = 0; r < n; r++) {
      if (r === col) continue;
      const factor = a[r]![col]! / a[col]![col]!;
      for (let c = col; c <= n; c++) a[r]![c]! -= factor * a[col]![c]!;
    }
  }
  return a.map((row, i) => row[n]! / row[i]!);
}

/** The features of a puzzle written the Lichess way; `findDepth` comes from the engine (cook.ts's first step). */
export function ratingFeatures(fen: string, moves: readonly string[], findDepth: number): RatingFeatures | null {
  const parsed = parseFen(fen);
  if (!parsed.ok) return null;
  const game = parsed.value;
  const first = parseUci(moves[0] ?? '');
  if (!first || !playMove(game, first).ok) return null;
  const pieces = allPieces(game).filter((p) => p.type !== 'k' && p.type !== 'p').length;
  const solution = parseUci(moves[1] ?? '');
  const played = solution && playMove(game, solution);
  if (!played?.ok) return null;
  let mate = game.isCheckmate();
  for (const uci of moves.slice(2)) {
    const input = parseUci(uci);
    if (!input || !playMove(game, input).ok) return null;
    mate = game.isCheckmate();
  }
  return {
    solverMoves: Math.ceil((moves.length - 1) / 2),
    findDepth,
    firstIsCheck: played.value.san.includes('+') || played.value.san.includes('#'),
    firstIsCapture: played.value.captured !== undefined,
    mate,
    pieces,
  };
}

/**
 * A least-squares fit pulls every prediction toward the mean rating (its spread is the spread
 * of the ratings times the fit's correlation), so generated puzzles would all land near 1,000.
 * The weights are stretched about the mean prediction until the predictions spread as widely as
 * the Lichess ratings do: the same order, the Lichess spread.
 */
export function matchSpread(weights: readonly number[], samples: readonly { features: RatingFeatures; rating: number }[]): number[] {
  const predicted = samples.map((s) => featureVector(s.features).reduce((sum, v, i) => sum + v * weights[i]!, 0));
  const actual = samples.map((s) => s.rating);
  const mean = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const sd = (xs: readonly number[]) => Math.sqrt(mean(xs.map((x) => (x - mean(xs)) ** 2)));
  const stretch = sd(actual) / sd(predicted);
  const center = mean(predicted);
  // prediction' = center + stretch·(prediction − center): the intercept absorbs the shift.
  return weights.map((w, i) => (i === 0 ? center + stretch * (w - center) : stretch * w));
}
