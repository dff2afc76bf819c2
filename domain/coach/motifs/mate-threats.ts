/** Checkmate, mate threats (back rank and others) and moves that allow mate. Pure. */
import type { Chess, Color } from 'chess.js';
import { allPieces, applyMove, matingMoves, other, rankOf, withTurn } from './board';
import type { Motif } from './types';
import type { Move } from '../../chess';

/** A mate on the back rank: the mated king stands on its first rank and the mating piece arrives on it. */
function isBackRankMate(chess: Chess, mate: Move, mated: Color): boolean {
  const king = allPieces(chess, mated).find((p) => p.type === 'k');
  if (!king) return false;
  const home = mated === 'w' ? 0 : 7;
  return rankOf(king.square) === home && rankOf(mate.to) === home && (mate.piece === 'r' || mate.piece === 'q');
}

/** The move checkmates. */
export function detectCheckmate(fen: string, move: string): Motif | null {
  const after = applyMove(fen, move);
  if (!after || !after.chess.isCheckmate()) return null;
  const before = applyMove(fen, move)!; // same move, to test the mating move on the position before it
  before.chess.undo();
  return { kind: 'checkmate', backRank: isBackRankMate(before.chess, after.move, other(after.move.color)) };
}

/** After the move, its side threatens mate in one if the opponent does nothing about it. */
export function detectMateThreat(fen: string, move: string): Motif | null {
  const after = applyMove(fen, move);
  if (!after || after.chess.isGameOver()) return null;
  const mover = after.move.color;
  const again = withTurn(after.chess, mover);
  if (!again) return null;
  const mate = matingMoves(again)[0];
  if (!mate) return null;
  // Only a new threat counts: the same mate must not already have been on before the move.
  const beforeGame = applyMove(fen, move)!.chess;
  beforeGame.undo();
  const was = withTurn(beforeGame, mover);
  if (was && matingMoves(was).some((m) => m.san === mate.san)) return null;
  return { kind: 'mate-threat', mateMove: mate.san, backRank: isBackRankMate(again, mate, other(mover)) };
}

/** After the move, the opponent can mate at once. */
export function detectAllowsMate(fen: string, move: string): Motif | null {
  const after = applyMove(fen, move);
  if (!after || after.chess.isGameOver()) return null;
  const mate = matingMoves(after.chess)[0];
  if (!mate) return null;
  return { kind: 'allows-mate', mateMove: mate.san, backRank: isBackRankMate(after.chess, mate, after.move.color) };
}
