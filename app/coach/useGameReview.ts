import { useEffect, useState } from 'react';
import { REVIEW_SEARCH, type GameReview } from '../../domain/coach';
import { getEngine } from '../../worker/client';
import { coachQueue, nextCoachTaskId } from './coach-queue';

/**
 * Every position of a game is searched once, at depth 12 or for 100 ms, whichever comes first
 * (domain/coach REVIEW_SEARCH, the setting bench/coach times): 81 searches for a 40-move game
 * stay under the 10 s aim on a 2-core machine.
 */
export const REVIEW_DEPTH = REVIEW_SEARCH.depth;
export const REVIEW_SEARCH_CAP_MS = REVIEW_SEARCH.movetimeMs;

export type ReviewState =
  | { status: 'running'; done: number; total: number }
  | { status: 'done'; review: GameReview }
  | { status: 'error'; message: string };

/** Reviews a game when it is shown; leaving stops the review after its current search. */
export function useGameReview(moves: readonly string[], startingFen?: string): ReviewState {
  const [state, setState] = useState<{ moves: readonly string[]; value: ReviewState } | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    const id = nextCoachTaskId();
    // Progress reports come over their own channel: one arriving after the outcome is dropped,
    // never shown in the result's place (the worker also answers only after its last report).
    let settled = false;
    coachQueue
      .run(
        () =>
          getEngine().reviewGame(id, { ...(startingFen ? { startingFen } : {}), moves: [...moves], depth: REVIEW_DEPTH }, REVIEW_SEARCH_CAP_MS, (done, total) => {
            if (!settled && !controller.signal.aborted) setState({ moves, value: { status: 'running', done, total } });
          }),
        { signal: controller.signal, onCancel: () => void getEngine().cancelTask(id).catch(() => {}) },
      )
      .then((review) => {
        settled = true;
        if (!controller.signal.aborted) setState({ moves, value: { status: 'done', review } });
      })
      .catch((error: unknown) => {
        settled = true;
        if (controller.signal.aborted) return;
        console.error('Error reviewing the game:', error);
        setState({ moves, value: { status: 'error', message: `The review failed: ${error instanceof Error ? error.message : String(error)}` } });
      });
    return () => controller.abort();
  }, [moves, startingFen]);

  return state?.moves === moves ? state.value : { status: 'running', done: 0, total: moves.length + 1 };
}
