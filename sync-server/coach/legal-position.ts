import type { Chess, Color, Square } from 'chess.js';
import { parseSquare } from '../../domain/chess';

/**
 * Why a well-formed position could never arise in a game, or null when it could (as far as
 * these checks see): the coaching routes refuse such a position with 400 'Invalid FEN: ...'
 * before it reaches an engine (Stockfish's answers on impossible positions are meaningless, and
 * some crash it). chess.js already checks the fields, one king per colour and no pawns on the
 * first or last rank; this adds what it lets through:
 * - the side not to move is in check (it would have been captured; this covers touching kings);
 * - more than 16 pieces or 8 pawns of one colour, or more promoted pieces than missing pawns;
 * - castling rights whose king or rook is not on its starting square;
 * - an en-passant square without the pawn that has just moved two squares past it, or with a
 *   piece on the square or on the one the pawn came from.
 */
export function impossiblePosition(fen: string, game: Chess): string | null {
  const [, turnField, castling = '-', enPassant = '-'] = fen.trim().split(/\s+/);
  const turn: Color = turnField === 'b' ? 'b' : 'w';
  const other: Color = turn === 'w' ? 'b' : 'w';
  const name = (color: Color) => (color === 'w' ? 'White' : 'Black');

  const otherKing = game.findPiece({ type: 'k', color: other })[0];
  if (otherKing !== undefined && game.isAttacked(otherKing, turn)) {
    return `${name(other)} is in check but it is ${name(turn)}'s move`;
  }

  for (const color of ['w', 'b'] as const) {
    const count = (type: 'p' | 'n' | 'b' | 'r' | 'q') => game.findPiece({ type, color }).length;
    const pawns = count('p');
    const pieces = 1 + pawns + count('n') + count('b') + count('r') + count('q');
    if (pieces > 16) return `${name(color)} has ${pieces} pieces (at most 16)`;
    if (pawns > 8) return `${name(color)} has ${pawns} pawns (at most 8)`;
    const promoted =
      Math.max(0, count('q') - 1) + Math.max(0, count('r') - 2) + Math.max(0, count('b') - 2) + Math.max(0, count('n') - 2);
    if (promoted > 8 - pawns) return `${name(color)} has more promoted pieces than missing pawns`;
  }

  // A square named in a text ('e' + '5'): chess.js has checked the FEN, so it is on the board.
  const at = (square: Square | string) => {
    const parsed = typeof square === 'string' ? parseSquare(square) : square;
    return parsed === null ? undefined : game.get(parsed);
  };
  const is = (square: Square | string, type: string, color: Color) => at(square)?.type === type && at(square)?.color === color;
  const rights: Record<string, { color: Color; king: Square; rook: Square }> = {
    K: { color: 'w', king: 'e1', rook: 'h1' },
    Q: { color: 'w', king: 'e1', rook: 'a1' },
    k: { color: 'b', king: 'e8', rook: 'h8' },
    q: { color: 'b', king: 'e8', rook: 'a8' },
  };
  if (castling !== '-') {
    for (const letter of castling) {
      const right = rights[letter];
      if (right === undefined) continue; // chess.js has refused anything else
      if (!is(right.king, 'k', right.color)) return `castling right ${letter} without the king on ${right.king}`;
      if (!is(right.rook, 'r', right.color)) return `castling right ${letter} without the rook on ${right.rook}`;
    }
  }

  if (enPassant !== '-') {
    const file = enPassant[0] as string;
    const rank = enPassant[1];
    // White to move: Black's pawn went from rank 7 over rank 6 (the square) to rank 5.
    const [passed, landed, from] = turn === 'w' ? ['6', '5', '7'] : ['3', '4', '2'];
    if (rank !== passed) return `en-passant square ${enPassant} is not on rank ${passed}`;
    if (!is(`${file}${landed}`, 'p', other)) return `en-passant square ${enPassant} without a pawn on ${file}${landed}`;
    if (at(enPassant) !== undefined || at(`${file}${from}`) !== undefined) {
      return `en-passant square ${enPassant} with a piece on ${file}${passed} or ${file}${from}`;
    }
  }
  return null;
}
