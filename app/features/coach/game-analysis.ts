/**
 * The learning measures of a reviewed game (blunders, missed tactics by motif, accuracy by phase:
 * domain/learning/weaknesses.ts), queued once per game as the saveGameAnalysis mutation. The
 * server stores them in game_analysis and game_phase_analysis and recomputes the user's skill
 * analytics, which order the lessons ('Why these lessons?') and fill Progress's skill areas.
 */
import { summarizeReview } from '../../../domain';
import type { GameReview } from '../../../domain/coach';
import { getAuthState } from '../auth';
import { enqueue } from '../../shared/outbox';
import { saveOwnPuzzles } from '../puzzles';
import { ownPuzzlesFromReview } from '../../../domain/puzzles/own';

export async function queueGameAnalysis(gameId: string, review: GameReview, playerColor: 'w' | 'b'): Promise<void> {
  const auth = getAuthState();
  if (auth.status !== 'signedIn') return; // a guest's games stay on the device
  await enqueue(auth.user.id, 'saveGameAnalysis', { gameId, analysis: summarizeReview(review, playerColor) }, { once: `analysis:${gameId}` });
  // Issue 21: the game's blunders and missed wins become the student's own puzzles (stored once by id).
  await saveOwnPuzzles(auth.user.id, ownPuzzlesFromReview(review, playerColor, gameId));
}
