/**
 * Hands a finished or abandoned game of a signed-in user to the outbox, exactly once per game:
 * the game's id (made at its first move and stored with the in-progress game) is the outbox's
 * `once` key, so a reload on the final position queues nothing new. Guests' games stay local.
 */
import { useEffect, useRef } from 'react';
import { playerResult, type GameEnd } from '../../../domain';
import type { Color, Difficulty, GameMode, PlayerResult, SaveGameArgs } from '../../../schema';
import { currentUserId, getAuthState } from '../auth';
/** The outbox loads with the first finished game, not with Play (issue 28 made room for the catalogues). */
const loadOutbox = () => import('../../shared/outbox');

export interface GameSnapshot {
  gameId: string | null;
  moves: readonly string[];
  startedAt: number | null;
  setup: { gameMode: GameMode; playerColor: Color; difficulty: Difficulty } | null;
  end: GameEnd | null;
  /** The computer could not move: the spec saves such a game as abandoned. */
  computerFailed: boolean;
}

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

/** The result to save now, or null while the game simply goes on. Pure. */
export function finishedResult(snapshot: GameSnapshot): PlayerResult | null {
  if (snapshot.setup === null) return null;
  if (snapshot.end) return playerResult(snapshot.end, snapshot.setup.playerColor);
  if (snapshot.computerFailed) return 'abandoned';
  return null;
}

/** Queues the game (signed in) or marks it handled (guest). Failures are only logged (spec). */
export async function handOverGame(snapshot: GameSnapshot, result: PlayerResult): Promise<void> {
  const args = saveGameArgs(snapshot, result, new Date());
  if (args === null) return;
  try {
    const userId = currentUserId();
    if (userId === null) {
      // A guest's game is kept only locally; marking it keeps a later sign-in from uploading it.
      if (getAuthState().status === 'signedOut') await (await loadOutbox()).markOnce(`game:${args.gameId}`);
      return;
    }
    await (await loadOutbox()).enqueue(userId, 'saveGame', args, { once: `game:${args.gameId}` });
  } catch (error) {
    console.error('Could not queue the finished game for saving.', error);
  }
}

/**
 * Watches the Play screen's game: queues it when it ends (or the computer fails), and queues a
 * game left unfinished for a new one (New Game mid-game) as abandoned.
 */
export function useFinishedGameHandoff(snapshot: GameSnapshot): void {
  const last = useRef<GameSnapshot | null>(null);
  const result = finishedResult(snapshot);

  // After every render: a game that had moves, was not over and is replaced by another was abandoned.
  useEffect(() => {
    const before = last.current;
    last.current = snapshot;
    if (before && before.gameId !== null && before.gameId !== snapshot.gameId && finishedResult(before) === null) {
      void handOverGame(before, 'abandoned');
    }
  });

  useEffect(() => {
    if (result !== null) void handOverGame(snapshot, result);
    // The snapshot object is new on every render; its game id and result say when to act.
  }, [snapshot.gameId, result]); // eslint-disable-line react-hooks/exhaustive-deps
}
