/**
 * Hands a finished or abandoned game of a signed-in user to the outbox, exactly once per game:
 * the game's id (made at its first move and stored with the in-progress game) is the outbox's
 * `once` key, so a reload on the final position queues nothing new. Guests' games stay local.
 * Loaded when the first game ends (./finished-game.ts watches), not with Play.
 */
import type { PlayerResult, SaveGameArgs } from '../../../schema';
import { enqueue, markOnce } from '../../shared/outbox';
import { currentUserId, getAuthState } from '../auth';
import type { GameSnapshot } from './finished-game';

/** The saveGame arguments for a game that ended with `result` at `finishedAt`. Pure. */
export function saveGameArgs(snapshot: GameSnapshot, result: PlayerResult, finishedAt: Date): SaveGameArgs | null {
  const { gameId, setup, startedAt } = snapshot;
  if (gameId === null || setup === null || startedAt === null || snapshot.moves.length === 0) return null;
  const pvc = setup.gameMode === 'pvc';
  return {
    gameId,
    finishedAt: finishedAt.toISOString(),
    game: {
      opponent: pvc ? 'Computer' : 'Human Player',
      result,
      moves: [...snapshot.moves],
      gameMode: setup.gameMode,
      ...(pvc ? { difficulty: setup.difficulty } : {}),
      playerColor: setup.playerColor === 'w' ? 'white' : 'black',
      gameDurationSeconds: Math.max(0, Math.round((finishedAt.getTime() - startedAt) / 1000)),
    },
  };
}

/** Queues the game (signed in) or marks it handled (guest). Failures are only logged (spec). */
export async function handOverGame(snapshot: GameSnapshot, result: PlayerResult): Promise<void> {
  const args = saveGameArgs(snapshot, result, new Date());
  if (args === null) return;
  try {
    const userId = currentUserId();
    if (userId === null) {
      // A guest's game is kept only locally; marking it keeps a later sign-in from uploading it.
      if (getAuthState().status === 'signedOut') await markOnce(`game:${args.gameId}`);
      return;
    }
    await enqueue(userId, 'saveGame', args, { once: `game:${args.gameId}` });
  } catch (error) {
    console.error('Could not queue the finished game for saving.', error);
  }
}
