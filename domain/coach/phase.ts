/**
 * Game phase by material and move number. The spec's defaults: the opening lasts to move 12 and
 * the endgame starts at move 35; material decides earlier or later (a queen trade at move 20
 * with little left is an endgame). Pure.
 */
import type { GamePhase } from '../../schema';
import { parseFen } from '../chess';
import { material } from './motifs/board';

export const OPENING_LAST_MOVE = 12;
export const ENDGAME_FIRST_MOVE = 35;
/** Both sides' pieces without pawns and kings at the start: 2 × (2·3 + 2·3 + 2·5 + 9) = 62. */
export const FULL_PIECE_MATERIAL = 62;
/** At or below this (about a rook and a minor piece each) it is an endgame whatever the move. */
export const ENDGAME_MATERIAL = 26;
/** From move 35 on, this little (about a queen and a rook each, or less) is an endgame. */
export const LATE_ENDGAME_MATERIAL = 40;
/** Until move 12, at least this much (two minor pieces traded at most) is still the opening. */
export const OPENING_MATERIAL = 50;

/**
 * Opening: move ≤ 12 and piece material ≥ 50. Endgame: piece material ≤ 26, or move ≥ 35 with
 * piece material ≤ 40. Middlegame otherwise. `moveNumber` defaults to the FEN's move number.
 */
export function gamePhase(fen: string, moveNumber?: number): GamePhase {
  const parsed = parseFen(fen);
  if (!parsed.ok) return 'middlegame';
  const chess = parsed.value;
  const move = moveNumber ?? chess.moveNumber();
  const pieces = material(chess, 'w', true) + material(chess, 'b', true);
  if (pieces <= ENDGAME_MATERIAL || (move >= ENDGAME_FIRST_MOVE && pieces <= LATE_ENDGAME_MATERIAL)) return 'endgame';
  if (move <= OPENING_LAST_MOVE && pieces >= OPENING_MATERIAL) return 'opening';
  return 'middlegame';
}
