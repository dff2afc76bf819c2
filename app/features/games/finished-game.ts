/**
 * Watches Play's game for its end (or its abandonment) and hands it over (./game-handoff.ts, loaded
 * then: the outbox and the saveGame arguments are not in the first visit's JavaScript, issue 28).
 */
import { useEffect, useRef } from 'react';
import { playerResult, type GameEnd } from '../../../domain';
import type { Color, Difficulty, GameMode, PlayerResult } from '../../../schema';

/** Queues the game (signed in) or marks it handled (guest); failures are only logged (spec). */
function handOverGame(snapshot: GameSnapshot, result: PlayerResult): void {
  import('./game-handoff')
    .then((module) => module.handOverGame(snapshot, result))
    .catch((error: unknown) => console.error('Could not queue the finished game for saving.', error));
}

export interface GameSnapshot {
  gameId: string | null;
  moves: readonly string[];
  startedAt: number | null;
  setup: { gameMode: GameMode; playerColor: Color; difficulty: Difficulty } | null;
  end: GameEnd | null;
  /** The computer could not move: the spec saves such a game as abandoned. */
  computerFailed: boolean;
}

/** The result to save now, or null while the game simply goes on. Pure. */
export function finishedResult(snapshot: GameSnapshot): PlayerResult | null {
  if (snapshot.setup === null) return null;
  if (snapshot.end) return playerResult(snapshot.end, snapshot.setup.playerColor);
  if (snapshot.computerFailed) return 'abandoned';
  return null;
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
      handOverGame(before, 'abandoned');
    }
  });

  useEffect(() => {
    if (result !== null) handOverGame(snapshot, result);
    // The snapshot object is new on every render; its game id and result say when to act.
  }, [snapshot.gameId, result]); // eslint-disable-line react-hooks/exhaustive-deps
}
