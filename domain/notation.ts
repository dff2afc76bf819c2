/**
 * How a move is written (issue 28): SAN with English letters ('Nf3', the default everywhere, the
 * letters FIDE's laws use and every chess program reads) or figurine notation ('♘f3'), which a
 * child reads whatever the language. One set of figurines, the outlined ones, for both sides, as
 * printed books and Lichess do: the side is the move's number and place, not the glyph. Pure.
 */

import type { Notation } from '../schema/core/values';

export { NOTATIONS, type Notation } from '../schema/core/values';

const FIGURINE_OF: Readonly<Record<string, string>> = { K: '♔', Q: '♕', R: '♖', B: '♗', N: '♘' };
/** Every chess figurine, white or black, back to its SAN letter; a pawn's figurine has none. */
const LETTER_OF: Readonly<Record<string, string>> = {
  '♔': 'K', '♚': 'K', '♕': 'Q', '♛': 'Q', '♖': 'R', '♜': 'R', '♗': 'B', '♝': 'B', '♘': 'N', '♞': 'N', '♙': '', '♟': '',
};
const FIGURINES = /[♔♕♖♗♘♙♚♛♜♝♞♟]/gu;

/**
 * A SAN move as the notation writes it: the piece letter and a promotion's piece become
 * figurines ('Nxe5+' → '♘xe5+', 'e8=Q#' → 'e8=♕#'); castling and pawn moves read the same.
 */
export function formatSan(san: string, notation: Notation): string {
  if (notation === 'san') return san;
  return san.replace(/^[KQRBN]/, (letter) => FIGURINE_OF[letter]!).replace(/=([QRBN])/, (_, letter: string) => `=${FIGURINE_OF[letter]!}`);
}

/** Typed or pasted figurines back to SAN letters ('♘f3' or '♞f6' → 'Nf3', 'Nf6'; '♙e4' → 'e4'). */
export function sanFromFigurines(text: string): string {
  return text.replace(FIGURINES, (glyph) => LETTER_OF[glyph]!);
}
