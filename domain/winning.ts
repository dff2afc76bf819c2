/**
 * Win chances and accuracy from engine scores, exactly as lichess computes them:
 * lila ui/lib/src/ceval/winningChances.ts (multiplier fitted on real games, lila PR #11148) and
 * lila modules/analyse/src/main/AccuracyPercent.scala (move and game accuracy). Pure: no side
 * effects, shared by the worker, the bench and the server.
 */

/** An engine score from the side to move's point of view: centipawns, or moves to mate. */
export type EngineScore = { kind: 'cp'; value: number } | { kind: 'mate'; value: number };

const MULTIPLIER = -0.00368208;
export const CP_CLAMP = 1000;

/**
 * Centipawns as lichess uses them for win chances: clamped to ±1000, and a mate counts as the
 * clamp with its sign ("mate 0", the mated side's score, as -1000).
 */
export function clampedCentipawns(score: EngineScore): number {
  if (score.kind === 'mate') return score.value > 0 ? CP_CLAMP : -CP_CLAMP;
  return Math.min(Math.max(-CP_CLAMP, score.value), CP_CLAMP);
}

/** From -1 (lost) to +1 (won): 2 / (1 + e^(−0.00368208 · cp)) − 1 on the clamped centipawns. */
export function winningChances(score: EngineScore): number {
  return 2 / (1 + Math.exp(MULTIPLIER * clampedCentipawns(score))) - 1;
}

/** Win%: 0 to 100, 50 for an equal position. */
export function winPercent(score: EngineScore): number {
  return 50 + 50 * winningChances(score);
}

/**
 * Accuracy of one move, 0 to 100, from the mover's Win% before and after it (lichess's
 * AccuracyPercent.fromWinPercents, with its +1 "uncertainty bonus"): 100 when the mover did not
 * lose Win%.
 */
export function moveAccuracy(winPercentBefore: number, winPercentAfter: number): number {
  if (winPercentAfter >= winPercentBefore) return 100;
  const drop = winPercentBefore - winPercentAfter;
  const raw = 103.1668100711649 * Math.exp(-0.04354415386753951 * drop) - 3.166924740191411 + 1;
  return Math.min(100, Math.max(0, raw));
}

/** lichess's Cp.initial: the start position counts as +15 centipawns for White. */
export const INITIAL_WHITE_WIN_PERCENT = winPercent({ kind: 'cp', value: 15 });

const mean = (xs: readonly number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;

/** Population standard deviation (lila Maths.standardDeviation). */
function standardDeviation(xs: readonly number[]): number {
  const m = mean(xs);
  return Math.sqrt(xs.reduce((s, x) => s + (x - m) ** 2, 0) / xs.length);
}

/** lila Maths.harmonicMean: each value counts as at least 1, so a 0 does not divide by zero. */
function harmonicMean(xs: readonly number[]): number {
  return xs.length / xs.reduce((s, x) => s + 1 / Math.max(1, x), 0);
}

/**
 * A side's game accuracy, lichess's method (AccuracyPercent.gameAccuracy): the mean of the
 * volatility-weighted mean and the harmonic mean of its move accuracies. Each move's weight is
 * the standard deviation of White's Win% over a sliding window of clamp(moves / 10, 2, 8)
 * positions, clamped to 0.5..12, so moves played while the game swings count more.
 *
 * `whitePovWinPercents` is White's Win% of the starting position followed by White's Win% after
 * every move (n moves give n + 1 values; lichess starts from INITIAL_WHITE_WIN_PERCENT). Null
 * when the side made no move.
 */
export function gameAccuracy(
  whitePovWinPercents: readonly number[],
  color: 'w' | 'b',
  startColor: 'w' | 'b' = 'w',
): number | null {
  const all = whitePovWinPercents;
  const moves = all.length - 1;
  if (moves < 1) return null;
  const windowSize = Math.min(8, Math.max(2, Math.floor(moves / 10)));
  const windows: number[][] = [];
  const first = all.slice(0, windowSize);
  for (let i = 0; i < Math.min(windowSize, all.length) - 2; i++) windows.push(first);
  // Scala's sliding gives the whole list as one window when it is shorter than the window.
  if (all.length <= windowSize) windows.push([...all]);
  else for (let i = 0; i + windowSize <= all.length; i++) windows.push(all.slice(i, i + windowSize));
  const weights = windows.map((xs) => Math.min(12, Math.max(0.5, standardDeviation(xs))));

  const accuracies: number[] = [];
  const weighted: [number, number][] = [];
  const count = Math.min(moves, weights.length);
  for (let i = 0; i < count; i++) {
    const mover = (i % 2 === 0) === (startColor === 'w') ? 'w' : 'b';
    if (mover !== color) continue;
    const prev = all[i]!;
    const next = all[i + 1]!;
    const accuracy = mover === 'w' ? moveAccuracy(prev, next) : moveAccuracy(100 - prev, 100 - next);
    accuracies.push(accuracy);
    weighted.push([accuracy, weights[i]!]);
  }
  if (accuracies.length === 0) return null;
  const totalWeight = weighted.reduce((s, [, w]) => s + w, 0);
  if (totalWeight === 0) return null;
  const weightedMean = weighted.reduce((s, [a, w]) => s + a * w, 0) / totalWeight;
  return (weightedMean + harmonicMean(accuracies)) / 2;
}
