/** Forks: the moved piece attacks two or more valuable enemy pieces at once. Pure. */
import { applyMove, attackersOf, isHanging, other, pieceAt, PIECE_VALUES, targetsOf } from './board';
import type { Motif } from './types';

/**
 * A target is worth forking when it is the king, worth more than the forking piece, or left
 * undefended (pawns aside). The forking piece must not simply be taken by a cheaper piece,
 * unless it gives check (then the king must answer first).
 */
export function detectFork(fen: string, move: string): Motif | null {
  const after = applyMove(fen, move);
  if (!after) return null;
  const piece = pieceAt(after.chess, after.move.to)!;
  const value = PIECE_VALUES[piece.type];
  const targets = targetsOf(after.chess, piece.square).filter(
    (t) =>
      t.type === 'k' ||
      PIECE_VALUES[t.type] > value ||
      (t.type !== 'p' && attackersOf(after.chess, t.square, t.color).length === 0),
  );
  if (targets.length < 2) return null;
  const check = targets.some((t) => t.type === 'k');
  if (!check && isHanging(after.chess, piece.square)) {
    const cheaper = attackersOf(after.chess, piece.square, other(piece.color)).some(
      (a) => PIECE_VALUES[a.type] < value,
    );
    if (cheaper) return null;
  }
  targets.sort((a, b) => PIECE_VALUES[b.type] - PIECE_VALUES[a.type]);
  return { kind: 'fork', piece, targets };
}
