/**
 * The pieces' and sides' names as a square's name and the move log say them (issue 31). Apart
 * from ./speak-move.ts so that the board's square names, on the first screen, need nothing else.
 * English is the default; the app hands in the same words in the child's language (issue 28).
 */
import type { Color } from './chess';

export const PIECE_TYPES = ['k', 'q', 'r', 'b', 'n', 'p'] as const;
export type PieceType = (typeof PIECE_TYPES)[number];

export const PIECE_NAMES: Record<PieceType, string> = { k: 'king', q: 'queen', r: 'rook', b: 'bishop', n: 'knight', p: 'pawn' };
export const SIDE_NAMES: Record<Color, string> = { w: 'White', b: 'Black' };

/** 'white knight': a piece as a square's name says it. */
export const pieceName = (color: Color, type: PieceType): string => `${SIDE_NAMES[color].toLowerCase()} ${PIECE_NAMES[type]}`;

/**
 * A piece's name in one language. Whole names rather than a colour word and a piece word, since
 * a colour agrees with its piece in many languages ('dame blanche', 'cavalier blanc').
 */
export interface PieceWords {
  /** 'white knight', as a square's name and a move say it. */
  piece(color: Color, type: PieceType): string;
}

export const ENGLISH_PIECE_WORDS: PieceWords = { piece: pieceName };

/**
 * A sentence made from a template that starts with a piece's name ('white knight to f3') begins
 * with a capital ('White knight to f3'); a sentence the translator began otherwise is left as it is.
 */
export function capitalizeStart(sentence: string, start: string): string {
  if (start === '' || !sentence.startsWith(start)) return sentence;
  return `${sentence.charAt(0).toUpperCase()}${sentence.slice(1)}`;
}
