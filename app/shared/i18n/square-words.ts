/**
 * The board's squares' words in the app's language (issue 28): 'e4, white pawn, last move'. Apart
 * from ./chess-words.ts (the move log's and the typed box's) because the board is on the first screen.
 */
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import type { Color, PieceType } from '../../../domain';

type PerPiece<T> = Record<Color, Record<PieceType, T>>;

/** A side's pieces of one kind, by how many ('white knight', 'white knights'). */
export const PIECES: PerPiece<(count: number) => MessageDescriptor> = {
  w: {
    k: (count) => msg`${plural(count, { one: 'white king', other: 'white kings' })}`,
    q: (count) => msg`${plural(count, { one: 'white queen', other: 'white queens' })}`,
    r: (count) => msg`${plural(count, { one: 'white rook', other: 'white rooks' })}`,
    b: (count) => msg`${plural(count, { one: 'white bishop', other: 'white bishops' })}`,
    n: (count) => msg`${plural(count, { one: 'white knight', other: 'white knights' })}`,
    p: (count) => msg`${plural(count, { one: 'white pawn', other: 'white pawns' })}`,
  },
  b: {
    k: (count) => msg`${plural(count, { one: 'black king', other: 'black kings' })}`,
    q: (count) => msg`${plural(count, { one: 'black queen', other: 'black queens' })}`,
    r: (count) => msg`${plural(count, { one: 'black rook', other: 'black rooks' })}`,
    b: (count) => msg`${plural(count, { one: 'black bishop', other: 'black bishops' })}`,
    n: (count) => msg`${plural(count, { one: 'black knight', other: 'black knights' })}`,
    p: (count) => msg`${plural(count, { one: 'black pawn', other: 'black pawns' })}`,
  },
};

/** The pieces' names and what a square is besides: what the board's squares need, on the first screen too. */
export interface SquareWords {
  piece(color: Color, type: PieceType): string;
  empty(): string;
  inCheck(): string;
  lastMove(): string;
  selected(): string;
  possibleMove(): string;
}

export function squareWords(i18n: I18n): SquareWords {
  return {
    piece: (color, type) => i18n._(PIECES[color][type](1)),
    empty: () => i18n._(msg`empty`),
    inCheck: () => i18n._(msg`in check`),
    lastMove: () => i18n._(msg`last move`),
    selected: () => i18n._(msg`selected`),
    possibleMove: () => i18n._(msg`possible move`),
  };
}

