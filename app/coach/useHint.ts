import { useCallback, useEffect, useMemo, useState } from 'react';
import type { Difficulty, HintResponse } from '../../schema';
import { getEngine } from '../../worker/client';
import { coachQueue, nextCoachTaskId } from './coach-queue';
import { HINT_SEARCH_CAP_MS } from './schedule';

/**
 * The hint of the position on the board, as Lichess's practice mode gives it: a first press
 * points at the piece (the nudge), a second press or 'Show me' shows the move. A hint belongs to
 * its position: any move, Undo or New Game clears it.
 */
export type HintState =
  | { status: 'none' }
  | { status: 'loading' }
  | { status: 'shown'; response: HintResponse & { hint: NonNullable<HintResponse['hint']> }; stage: 'nudge' | 'move' };

export function useHint(fen: string, history: readonly string[], options: { depth: number; difficulty: Difficulty }) {
  const { depth, difficulty } = options;
  const [state, setState] = useState<{ fen: string; value: HintState }>({ fen, value: { status: 'none' } });
  const current: HintState = useMemo(() => (state.fen === fen ? state.value : { status: 'none' }), [state, fen]);

  // A hint of an earlier position is gone for good, not only hidden.
  useEffect(() => {
    if (state.fen !== fen) setState({ fen, value: { status: 'none' } });
  }, [fen, state.fen]);

  const request = useCallback(() => {
    if (current.status === 'loading') return;
    if (current.status === 'shown') {
      setState({ fen, value: { ...current, stage: 'move' } });
      return;
    }
    setState({ fen, value: { status: 'loading' } });
    coachQueue
      .run(() => getEngine().getHint(nextCoachTaskId(), { fen, history: [...history], depth, difficulty }, HINT_SEARCH_CAP_MS), { priority: 'high' })
      .then((response) => {
        if (!response.success || response.hint === null) throw new Error(response.error ?? 'Failed to get hint');
        const hint = response.hint;
        setState((now) => (now.fen === fen ? { fen, value: { status: 'shown', response: { ...response, hint }, stage: 'nudge' } } : now));
      })
      .catch((error: unknown) => {
        // Error catalogue: 'Failed to get hint' is only logged; the learner sees the button again.
        console.error('Error getting hint:', error);
        setState((now) => (now.fen === fen ? { fen, value: { status: 'none' } } : now));
      });
  }, [current, fen, history, depth, difficulty]);

  const showMove = useCallback(() => {
    if (current.status === 'shown') setState({ fen, value: { ...current, stage: 'move' } });
  }, [current, fen]);

  const close = useCallback(() => setState({ fen, value: { status: 'none' } }), [fen]);

  return { state: current, request, showMove, close };
}
export type HintController = ReturnType<typeof useHint>;
