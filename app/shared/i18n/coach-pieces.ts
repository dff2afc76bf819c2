/**
 * A piece as the coach's sentences name it (coach-words.ts), one label map for each way English
 * says it ('the knight', 'your knight', 'a free knight'...), so each language can give the
 * article and the agreement its sentence needs.
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { PieceSymbol } from 'chess.js';

type Piece = PieceSymbol;

/** A piece where English says 'the knight'. */
export const THE_PIECE: Readonly<Record<Piece, MessageDescriptor>> = {
  p: msg`the pawn`,
  n: msg`the knight`,
  b: msg`the bishop`,
  r: msg`the rook`,
  q: msg`the queen`,
  k: msg`the king`,
};
/** A piece after the first of a list: English shares the first's article ('the king and rook'). */
export const LISTED_PIECE: Readonly<Record<Piece, MessageDescriptor>> = {
  p: msg({ message: 'pawn', comment: "A piece after the first in a list ('the king and pawn'): add the article your language needs" }),
  n: msg({ message: 'knight', comment: "A piece after the first in a list ('the king and knight'): add the article your language needs" }),
  b: msg({ message: 'bishop', comment: "A piece after the first in a list ('the king and bishop'): add the article your language needs" }),
  r: msg({ message: 'rook', comment: "A piece after the first in a list ('the king and rook'): add the article your language needs" }),
  q: msg({ message: 'queen', comment: "A piece after the first in a list ('the king and queen'): add the article your language needs" }),
  k: msg({ message: 'king', comment: "A piece after the first in a list ('the queen and king'): add the article your language needs" }),
};
export const YOUR_PIECE: Readonly<Record<Piece, MessageDescriptor>> = {
  p: msg`your pawn`,
  n: msg`your knight`,
  b: msg`your bishop`,
  r: msg`your rook`,
  q: msg`your queen`,
  k: msg`your king`,
};
/** What a capture wins ('wins a free knight'); a king is never taken. */
export const FREE_PIECE: Readonly<Record<Piece, MessageDescriptor>> = {
  p: msg`a free pawn`,
  n: msg`a free knight`,
  b: msg`a free bishop`,
  r: msg`a free rook`,
  q: msg`a free queen`,
  k: msg`a free king`,
};
/** What a capture gives ('wins the knight for a bishop'). */
export const A_PIECE: Readonly<Record<Piece, MessageDescriptor>> = {
  p: msg`a pawn`,
  n: msg`a knight`,
  b: msg`a bishop`,
  r: msg`a rook`,
  q: msg`a queen`,
  k: msg`a king`,
};
/** What a pawn promotes to ('turns the pawn into a new queen'). */
export const NEW_PIECE: Readonly<Record<Piece, MessageDescriptor>> = {
  p: msg`a new pawn`,
  n: msg`a new knight`,
  b: msg`a new bishop`,
  r: msg`a new rook`,
  q: msg`a new queen`,
  k: msg`a new king`,
};
