/**
 * How hard a position is to play, 0..100 ('High' above 70), from the engine's MultiPV lines and
 * the tension on the board. Pure.
 *
 *   complexity = 100 · (0.5 · narrowness + 0.3 · spread + 0.2 · tension)
 *
 * - narrowness: the share of the scored moves that are NOT reasonable (within 5 Win% of the
 *   best), counting a position with a single legal move as 0 (nothing to choose);
 * - spread: (Win% of the best line − Win% of the worst line scored) / 30, at most 1;
 * - tension: (captures + checks available to the side to move) / 8, at most 1.
 * A position that is already decided (best line above 97 or below 3 Win%) counts half.
 */
import { parseFen } from '../chess';
import type { AnalysisLike } from './engine-port';
import { lineWinPercent } from './score';

export const REASONABLE_WIN_PERCENT = 5;

export function positionComplexity(analysis: AnalysisLike): number {
  const parsed = parseFen(analysis.fen);
  if (!parsed.ok || analysis.lines.length === 0) return 0;
  const legal = parsed.value.moves({ verbose: true });
  if (legal.length <= 1) return 0;
  const wins = analysis.lines.map(lineWinPercent);
  const best = Math.max(...wins);
  const worst = Math.min(...wins);
  const reasonable = wins.filter((w) => best - w < REASONABLE_WIN_PERCENT).length;
  const narrowness = wins.length > 1 ? 1 - reasonable / wins.length : 0;
  const spread = Math.min(1, (best - worst) / 30);
  const forcing = legal.filter((m) => m.captured !== undefined || m.san.includes('+') || m.san.includes('#')).length;
  const tension = Math.min(1, forcing / 8);
  const decided = best > 97 || best < 3 ? 0.5 : 1;
  const value = 100 * (0.5 * narrowness + 0.3 * spread + 0.2 * tension) * decided;
  return Math.round(Math.min(100, Math.max(0, value)));
}
