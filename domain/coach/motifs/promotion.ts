/** A pawn reaching the last rank. Pure. */
import { applyMove, PIECE_NAMES } from './board';
import type { Motif } from './types';

export function detectPromotion(fen: string, move: string): Motif | null {
  const after = applyMove(fen, move);
  if (!after?.move.promotion) return null;
  return { kind: 'promotion', square: after.move.to, piece: PIECE_NAMES[after.move.promotion] };
}
