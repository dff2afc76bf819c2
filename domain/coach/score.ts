/**
 * Engine scores as the coach reads them: a line's score, its Win% and the centipawns shown to
 * the user. Pure: no side effects.
 */
import { clampedCentipawns, winPercent, type EngineScore } from '../winning';
import type { AnalysisLike, PvLineLike } from './engine-port';

/** A line's score from the side to move's point of view; a line without a score counts as 0. */
export function lineScore(line: Pick<PvLineLike, 'scoreCp' | 'mate'> | undefined): EngineScore {
  if (line?.mate !== null && line?.mate !== undefined) return { kind: 'mate', value: line.mate };
  return { kind: 'cp', value: line?.scoreCp ?? 0 };
}

/** The same score from the other side's point of view (mate 0, "mated now", becomes a win). */
export function negateScore(score: EngineScore): EngineScore {
  if (score.kind === 'cp') return { kind: 'cp', value: -score.value };
  return { kind: 'mate', value: score.value === 0 ? 1 : -score.value };
}

/** The best line's score of an analysis, side to move's view (a position without lines: 0). */
export function analysisScore(analysis: AnalysisLike): EngineScore {
  return lineScore(analysis.lines[0]);
}

/** Win% of the side to move. */
export const lineWinPercent = (line: PvLineLike | undefined): number => winPercent(lineScore(line));

/** Centipawns with mates at the ±1000 clamp (for centipawn loss). */
export const scoreCentipawns = (score: EngineScore): number => clampedCentipawns(score);

/** Plies until mate: a mate in n for the side to move is 2n − 1 plies, mated in n is 2n. */
export function matePlies(mate: number): number {
  if (mate > 0) return 2 * mate - 1;
  return -2 * mate;
}

export const MATE_SCORE = 100000;

/**
 * A single number for a score (the schema's convention): centipawns, or ±(100000 − plies to
 * mate) for a mate, so a nearer mate is the larger number.
 */
export function scoreToNumber(score: EngineScore): number {
  if (score.kind === 'cp') return score.value;
  const plies = matePlies(score.value);
  return score.value > 0 ? MATE_SCORE - plies : -(MATE_SCORE - plies);
}

/** White's point of view of a score given for the side `turn` to move. */
export const whitePov = (score: EngineScore, turn: 'w' | 'b'): EngineScore => (turn === 'w' ? score : negateScore(score));
