/**
 * Board primitives the motif detectors share: piece values and names, who attacks what, rays
 * of the sliding pieces, and "what if it were the other side's turn". chess.js underneath,
 * reached through domain/chess.ts. Pure: no side effects (games are copied, never shared).
 */
import type { Chess, Color, PieceSymbol } from 'chess.js';
import { parseFen, parseUci, playMove, squareAt, type Move, type Square } from '../../chess';
import { PIECE_NAMES, SIDE_NAMES as COLOR_NAMES } from '../../piece-names';

export interface PlacedPiece {
  square: Square;
  type: PieceSymbol;
  color: Color;
}

/** Material values in pawns; the king is priceless (100) so it always counts as a target. */
export const PIECE_VALUES: Readonly<Record<PieceSymbol, number>> = { p: 1, n: 3, b: 3, r: 5, q: 9, k: 100 };
export { PIECE_NAMES, COLOR_NAMES };
export const other = (color: Color): Color => (color === 'w' ? 'b' : 'w');

export { squareAt };
const FILES = 'abcdefgh';
export const fileOf = (square: Square): number => FILES.indexOf(square[0]!);
export const rankOf = (square: Square): number => Number(square[1]) - 1;

export function allPieces(chess: Chess, color?: Color): PlacedPiece[] {
  const out: PlacedPiece[] = [];
  for (const row of chess.board()) {
    for (const cell of row) if (cell && (!color || cell.color === color)) out.push(cell);
  }
  return out;
}

export function pieceAt(chess: Chess, square: Square): PlacedPiece | null {
  const p = chess.get(square);
  return p ? { square, type: p.type, color: p.color } : null;
}

/** Pieces of `by` that attack (or, for own pieces, defend) `square`; pins are ignored, as in chess. */
export function attackersOf(chess: Chess, square: Square, by: Color): PlacedPiece[] {
  return chess
    .attackers(square, by)
    .map((sq) => pieceAt(chess, sq))
    .filter((p): p is PlacedPiece => p !== null);
}

/** The enemy pieces the piece on `from` attacks. */
export function targetsOf(chess: Chess, from: Square): PlacedPiece[] {
  const piece = pieceAt(chess, from);
  if (!piece) return [];
  return allPieces(chess, other(piece.color)).filter((t) => chess.attackers(t.square, piece.color).includes(from));
}

/** The cheapest attacker's value, or null when nothing attacks. */
export function cheapestAttacker(chess: Chess, square: Square, by: Color): PlacedPiece | null {
  const list = attackersOf(chess, square, by);
  if (list.length === 0) return null;
  return list.reduce((a, b) => (PIECE_VALUES[b.type] < PIECE_VALUES[a.type] ? b : a));
}

/**
 * A piece the opponent can win: attacked, and either undefended or attacked by a cheaper piece.
 * Kings are never "hanging" (that is check).
 */
export function isHanging(chess: Chess, square: Square): boolean {
  const piece = pieceAt(chess, square);
  if (!piece || piece.type === 'k') return false;
  const attacker = cheapestAttacker(chess, square, other(piece.color));
  if (!attacker) return false;
  if (PIECE_VALUES[attacker.type] < PIECE_VALUES[piece.type]) return true;
  return attackersOf(chess, square, piece.color).length === 0;
}

/** The hanging pieces of a side, most valuable first. */
export function hangingPieces(chess: Chess, color: Color): PlacedPiece[] {
  return allPieces(chess, color)
    .filter((p) => isHanging(chess, p.square))
    .sort((a, b) => PIECE_VALUES[b.type] - PIECE_VALUES[a.type]);
}

export const ROOK_DIRECTIONS = [
  [1, 0],
  [-1, 0],
  [0, 1],
  [0, -1],
] as const;
export const BISHOP_DIRECTIONS = [
  [1, 1],
  [1, -1],
  [-1, 1],
  [-1, -1],
] as const;

export function slidingDirections(type: PieceSymbol): readonly (readonly [number, number])[] {
  if (type === 'r') return ROOK_DIRECTIONS;
  if (type === 'b') return BISHOP_DIRECTIONS;
  if (type === 'q') return [...ROOK_DIRECTIONS, ...BISHOP_DIRECTIONS];
  return [];
}

/** The pieces met along a ray from `from` (not included), nearest first, up to `limit`. */
export function piecesOnRay(chess: Chess, from: Square, [df, dr]: readonly [number, number], limit = 2): PlacedPiece[] {
  const out: PlacedPiece[] = [];
  let file = fileOf(from) + df;
  let rank = rankOf(from) + dr;
  for (let sq = squareAt(file, rank); sq && out.length < limit; sq = squareAt((file += df), (rank += dr))) {
    const p = pieceAt(chess, sq);
    if (p) out.push(p);
  }
  return out;
}

/** A copy of the game (chess.js games are mutable). */
export function copyGame(chess: Chess): Chess {
  const parsed = parseFen(chess.fen());
  if (!parsed.ok) throw new Error(`copyGame: ${parsed.error.message}`);
  return parsed.value;
}

/** The position after a move given in SAN or UCI, with the move; null when it is not legal. */
export function applyMove(fen: string, move: string): { chess: Chess; move: Move } | null {
  const parsed = parseFen(fen);
  if (!parsed.ok) return null;
  const chess = parsed.value;
  const played = playMove(chess, parseUci(move) ?? move);
  return played.ok ? { chess, move: played.value } : null;
}

/**
 * The same position with `color` to move (a "null move"), to ask what that side threatens.
 * Null when that is not a legal position (the other side would be in check).
 */
export function withTurn(chess: Chess, color: Color): Chess | null {
  if (chess.turn() === color) return copyGame(chess);
  const fields = chess.fen().split(' ');
  fields[1] = color;
  fields[3] = '-';
  const parsed = parseFen(fields.join(' '));
  if (!parsed.ok) return null;
  const game = parsed.value;
  // The side that just "passed" must not be in check, else the position is impossible.
  const king = allPieces(game, other(color)).find((p) => p.type === 'k');
  if (king && game.isAttacked(king.square, color)) return null;
  return game;
}

/** Legal moves of the side to move that mate at once. */
export function matingMoves(chess: Chess): Move[] {
  // chess.js already tests every move for mate to write its SAN ('#').
  return chess.moves({ verbose: true }).filter((m) => m.san.endsWith('#'));
}

/** Material of a side in pawns; `piecesOnly` leaves pawns (and the king) out. */
export function material(chess: Chess, color: Color, piecesOnly = false): number {
  return allPieces(chess, color)
    .filter((p) => p.type !== 'k' && (!piecesOnly || p.type !== 'p'))
    .reduce((s, p) => s + PIECE_VALUES[p.type], 0);
}

/** "your queen on d1" / "the black queen on d1". */
export function describePiece(piece: PlacedPiece, viewer: Color | null): string {
  const owner = viewer === null ? `the ${COLOR_NAMES[piece.color].toLowerCase()}` : piece.color === viewer ? 'your' : 'the';
  return `${owner} ${PIECE_NAMES[piece.type]} on ${piece.square}`;
}
