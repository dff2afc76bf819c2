/**
 * Pins and skewers made by the moved piece along its lines. A pin: the first enemy piece on a
 * line has a more valuable one (or the king) behind it, so it cannot move away safely. A skewer:
 * the front piece is the more valuable (or the king), so when it moves the one behind falls.
 * Pure.
 */
import { applyMove, attackersOf, pieceAt, piecesOnRay, PIECE_VALUES, slidingDirections } from './board';
import type { Motif } from './types';

export function detectPinOrSkewer(fen: string, move: string): Motif | null {
  const after = applyMove(fen, move);
  if (!after) return null;
  const piece = pieceAt(after.chess, after.move.to)!;
  let found: Motif | null = null;
  for (const direction of slidingDirections(piece.type)) {
    const [front, behind] = piecesOnRay(after.chess, piece.square, direction);
    if (!front || !behind || front.color === piece.color || behind.color === piece.color) continue;
    const frontValue = PIECE_VALUES[front.type];
    const behindValue = PIECE_VALUES[behind.type];
    if (behindValue > frontValue) {
      // A pin only matters when the pinned piece is worth attacking: the king behind, or more than the pinner.
      if (behind.type === 'k' || behindValue > PIECE_VALUES[piece.type]) {
        const motif: Motif = { kind: 'pin', piece, pinned: front, behind };
        if (!found || behind.type === 'k') found = motif;
      }
    } else if (frontValue > behindValue && (behind.type !== 'p' || attackersOf(after.chess, behind.square, behind.color).length === 0)) {
      // The front piece must be worth more than the skewering piece (or be the king), else it is just a trade.
      if (front.type === 'k' || frontValue > PIECE_VALUES[piece.type]) {
        const motif: Motif = { kind: 'skewer', piece, front, behind };
        if (!found || found.kind === 'pin') found = motif;
      }
    }
  }
  return found;
}
