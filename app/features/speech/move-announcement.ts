/**
 * What a move announcement says (Settings → Move announcements): the side, the piece, where it
 * went and what it did, in words a child hears clearly ("White knight takes e5, check."). The
 * words are the board's move log's (domain/speak-move.ts), said as a sentence.
 */
import { speakMove } from '../../../domain';
import type { Color } from '../../../schema';

export const announceMove = (san: string, color: Color): string => `${speakMove({ color, san })}.`;

/** Who made the move at `index` (0-based) of a game from the standard starting position. */
export const moverOf = (index: number): Color => (index % 2 === 0 ? 'w' : 'b');
