/** Hanging pieces (left where the opponent wins them) and captures of free material. Pure. */
import { parseFen } from '../../chess';
import { applyMove, cheapestAttacker, hangingPieces, isHanging, other, pieceAt, PIECE_VALUES } from './board';
import type { Motif } from './types';

/**
 * The move leaves a piece of the mover hanging that was not hanging before (the moved piece
 * itself, or one it stopped guarding). The most valuable one.
 */
export function detectHanging(fen: string, move: string): Motif | null {
  const before = parseFen(fen);
  const after = applyMove(fen, move);
  if (!before.ok || !after) return null;
  const mover = after.move.color;
  const already = new Set(hangingPieces(before.value, mover).map((p) => p.square));
  for (const piece of hangingPieces(after.chess, mover)) {
    const moved = piece.square === after.move.to;
    if (!moved && already.has(piece.square)) continue;
    const attacker = cheapestAttacker(after.chess, piece.square, other(mover));
    // A capture that is simply traded back (a knight for a knight) is not a hanging piece.
    if (moved && after.move.captured && PIECE_VALUES[after.move.captured] >= PIECE_VALUES[piece.type]) continue;
    if (attacker) return { kind: 'hanging', piece, attacker };
  }
  return null;
}

/**
 * The move captures material the opponent left unprotected, or a piece worth more than the
 * capturer (so the recapture still leaves the mover ahead).
 */
export function detectFreeCapture(fen: string, move: string): Motif | null {
  const before = parseFen(fen);
  const after = applyMove(fen, move);
  if (!before.ok || !after?.move.captured) return null;
  const target = after.move.isEnPassant() ? null : pieceAt(before.value, after.move.to);
  if (!target || !isHanging(before.value, target.square)) return null;
  const by = pieceAt(before.value, after.move.from)!;
  const defended = cheapestAttacker(before.value, target.square, target.color) !== null;
  const gain = defended ? PIECE_VALUES[target.type] - PIECE_VALUES[by.type] : PIECE_VALUES[target.type];
  if (gain <= 0) return null;
  return { kind: 'free-capture', captured: target, by, gain };
}
