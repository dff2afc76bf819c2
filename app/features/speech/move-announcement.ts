/**
 * What a move announcement says (Settings → Move announcements): the side, the piece, where it
 * went and what it did, in words a child hears clearly ("White knight takes e5, check.").
 * Read from the move's SAN, so it is pure and unit-tested.
 */
import type { Color } from '../../../schema';

const PIECE_NAMES: Record<string, string> = { K: 'king', Q: 'queen', R: 'rook', B: 'bishop', N: 'knight' };
const SIDE: Record<Color, string> = { w: 'White', b: 'Black' };

export function announceMove(san: string, color: Color): string {
  const side = SIDE[color];
  const suffix = san.endsWith('#') ? ', checkmate' : san.endsWith('+') ? ', check' : '';
  const bare = san.replace(/[+#!?]+$/, '');
  if (bare === 'O-O') return `${side} castles kingside${suffix}.`;
  if (bare === 'O-O-O') return `${side} castles queenside${suffix}.`;
  const match = /([a-h][1-8])(?:=([QRBN]))?$/.exec(bare);
  if (match === null) return `${side} plays ${san}.`;
  const piece = PIECE_NAMES[bare[0] ?? ''] ?? 'pawn';
  const verb = bare.includes('x') ? 'takes' : 'to';
  const promotion = match[2] ? `, promotes to ${PIECE_NAMES[match[2]]}` : '';
  return `${side} ${piece} ${verb} ${match[1]}${promotion}${suffix}.`;
}

/** Who made the move at `index` (0-based) of a game from the standard starting position. */
export const moverOf = (index: number): Color => (index % 2 === 0 ? 'w' : 'b');
