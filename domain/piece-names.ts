/**
 * The pieces' and sides' names as a square's name and the move log say them (issue 31). Apart
 * from ./speak-move.ts so that the board's square names, on the first screen, need nothing else.
 */
import type { Color } from './chess';

export const PIECE_TYPES = ['k', 'q', 'r', 'b', 'n', 'p'] as const;
export type PieceType = (typeof PIECE_TYPES)[number];

export const PIECE_NAMES: Record<PieceType, string> = { k: 'king', q: 'queen', r: 'rook', b: 'bishop', n: 'knight', p: 'pawn' };
export const SIDE_NAMES: Record<Color, string> = { w: 'White', b: 'Black' };

/** 'white knight': a piece as a square's name says it. */
export const pieceName = (color: Color, type: PieceType): string => `${SIDE_NAMES[color].toLowerCase()} ${PIECE_NAMES[type]}`;
