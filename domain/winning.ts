/**
 * Win chances from an engine score, as lichess computes them (lila ui/lib/src/ceval/winningChances.ts,
 * multiplier from lila PR #11148, fitted on real games). Pure: no side effects, shared by the
 * worker, the bench and the server.
 */

/** An engine score from the side to move's point of view: centipawns, or moves to mate. */
export type EngineScore = { kind: 'cp'; value: number } | { kind: 'mate'; value: number };

const MULTIPLIER = -0.00368208;
export const CP_CLAMP = 1000;

const rawWinningChances = (cp: number): number => 2 / (1 + Math.exp(MULTIPLIER * cp)) - 1;

/**
 * From -1 (lost) to +1 (won). Centipawns are clamped to ±1000; a mate counts as 1100 to 2000
 * centipawns (the nearer the mate, the more; "mate 0", the mated side's score, as -2100), so a
 * mate is always preferred to any material advantage and a nearer mate to a farther one.
 */
export function winningChances(score: EngineScore): number {
  if (score.kind === 'cp') return rawWinningChances(Math.min(Math.max(-CP_CLAMP, score.value), CP_CLAMP));
  const cp = (21 - Math.min(10, Math.abs(score.value))) * 100;
  return rawWinningChances(score.value > 0 ? cp : -cp);
}

/** Win%: 0 to 100, 50 for an equal position. */
export function winPercent(score: EngineScore): number {
  return 50 + 50 * winningChances(score);
}

/**
 * Accuracy of one move, 0 to 100, from the mover's Win% before and after it, with the curve
 * lichess publishes (https://lichess.org/page/accuracy): 100 for a move that loses nothing.
 */
export function moveAccuracy(winPercentBefore: number, winPercentAfter: number): number {
  const loss = Math.max(0, winPercentBefore - winPercentAfter);
  const accuracy = 103.1668 * Math.exp(-0.04354 * loss) - 3.1669;
  return Math.min(100, Math.max(0, accuracy));
}
