/**
 * The move the classification panel shows: the last move, or against the computer the player's
 * own last move (the coach's reply lands 800 ms later and is not what the learner learns from).
 * Plies count from 0 in a game from the standard start (White moves on even plies).
 */
export function classifiedPly(moveCount: number, gameMode: 'pvp' | 'pvc', playerColor: 'w' | 'b'): number | null {
  const last = moveCount - 1;
  if (last < 0) return null;
  if (gameMode === 'pvp') return last;
  const playerPly = (last % 2 === 0 ? 'w' : 'b') === playerColor ? last : last - 1;
  return playerPly >= 0 ? playerPly : null;
}
