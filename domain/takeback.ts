/**
 * How many moves an Undo takes back. Pure, no side effects.
 */
import type { Color, GameMode } from '../schema';

/**
 * Two players on one device take back one move. Against the computer the player takes back their
 * own last move and the computer's reply to it, returning to their previous turn; when only the
 * computer has moved there is nothing of the player's to take back (0).
 */
export function movesToUndo(moveCount: number, gameMode: GameMode, playerColor: Color, firstMover: Color = 'w'): number {
  if (moveCount <= 0) return 0;
  if (gameMode === 'pvp') return 1;
  const moverOf = (ply: number): Color => ((ply % 2 === 0) === (firstMover === 'w') ? 'w' : 'b');
  for (let ply = moveCount - 1; ply >= 0; ply--) {
    if (moverOf(ply) === playerColor) return moveCount - ply;
  }
  return 0;
}
