/**
 * What a move announcement says (Settings → Move announcements): the side, the piece, where it
 * went and what it did, in words a child hears clearly ("White knight takes e5, check."), in the
 * app's language. The words are the board's move log's (domain/speak-move.ts), said as a sentence.
 */
import { i18n } from '@lingui/core';
import { speakMove, type MoveWords } from '../../../domain';
import type { Color } from '../../../schema';
import { chessWords } from '../../shared/i18n/chess-words';

/** The app's language, read when a move is announced. */
const appWords = chessWords(i18n);

export const announceMove = (san: string, color: Color, words: MoveWords = appWords): string => `${speakMove({ color, san }, words)}.`;

/** Who made the move at `index` (0-based) of a game from the standard starting position. */
export const moverOf = (index: number): Color => (index % 2 === 0 ? 'w' : 'b');
