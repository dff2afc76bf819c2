/**
 * The board's keyboard model and its squares' names (issue 31), kept pure so they are tested
 * alone: arrows step one square as the board is seen (flipped for Black), Home and End go to the
 * ends of the rank, Ctrl+Home and Ctrl+End to the corners; each square's name says what is on it
 * and every state the board shows in colour ('e4, white pawn, last move').
 */
import { squareAt, type PieceType, type Square } from '../../../../domain';
import type { SquareWords } from '../../i18n/square-words';
import type { Color } from '../../../../schema';

const FILES = 'abcdefgh';

const STEPS: Record<string, [number, number]> = { ArrowUp: [0, 1], ArrowDown: [0, -1], ArrowLeft: [-1, 0], ArrowRight: [1, 0] };

/** The square a key takes the focus to, given which side is at the bottom; null for other keys and off the board. */
export function squareForKey(square: Square, key: { key: string; ctrlKey?: boolean; metaKey?: boolean }, orientation: Color): Square | null {
  const file = FILES.indexOf(square[0]!);
  const rank = Number(square[1]) - 1;
  const flip = orientation === 'b' ? -1 : 1;
  // Seen from the player's side: 'left' is file a for White and file h for Black.
  const left = orientation === 'w' ? 0 : 7;
  const bottom = orientation === 'w' ? 0 : 7;
  const corner = key.ctrlKey === true || key.metaKey === true;
  if (key.key === 'Home') return corner ? squareAt(left, 7 - bottom) : squareAt(left, rank);
  if (key.key === 'End') return corner ? squareAt(7 - left, bottom) : squareAt(7 - left, rank);
  const step = STEPS[key.key];
  if (!step) return null;
  return squareAt(file + step[0] * flip, rank + step[1] * flip);
}

export interface SquareState {
  square: Square;
  piece: { color: Color; type: PieceType } | null;
  inCheck: boolean;
  lastMove: boolean;
  selected: boolean;
  target: boolean;
}

/**
 * 'e2, white pawn', 'e8, black king, in check', 'e4, white pawn, last move', 'f3, empty,
 * possible move', in the app's language. ', selected' and ', possible move' come last (e2e/helpers.ts
 * reads them there).
 */
export function squareName({ square, piece, inCheck, lastMove, selected, target }: SquareState, words: SquareWords): string {
  const parts = [square, piece ? words.piece(piece.color, piece.type) : words.empty()];
  if (inCheck) parts.push(words.inCheck());
  if (lastMove) parts.push(words.lastMove());
  if (selected) parts.push(words.selected());
  else if (target) parts.push(words.possibleMove());
  return parts.join(', ');
}

/** a1 is dark: a square is light when its file index plus its rank is even. */
export function isLightSquare(square: string): boolean {
  return (FILES.indexOf(square[0]!) + Number(square[1])) % 2 === 0;
}

/** react-chessboard's piece code ('wN') as a colour and a type. */
export function pieceOfCode(code: string): { color: Color; type: PieceType } | null {
  const color = code[0] === 'w' ? 'w' : code[0] === 'b' ? 'b' : null;
  const type = code[1]?.toLowerCase();
  return color && type && 'kqrbnp'.includes(type) ? { color, type: type as PieceType } : null;
}
