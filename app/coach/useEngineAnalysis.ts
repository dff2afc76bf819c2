import { useEffect, useState } from 'react';
import type { EngineAnalysisResult } from '../../schema';
import { createAnalysisCache } from './analysis-cache';
import { getEngine } from '../../worker/client';
import { coachQueue, nextCoachTaskId } from './coach-queue';
import { scheduleCoachWork, searchCap } from './schedule';

export const ENGINE_NAME = 'Stockfish 19 lite';

export type EngineAnalysisState =
  | { status: 'empty' }
  | { status: 'loading' }
  | { status: 'done'; result: EngineAnalysisResult }
  | { status: 'error'; message: string };

/** Spec section 7: 30 s, 20 entries, oldest evicted; one cache per tab, keyed by position and depth. */
const cache = createAnalysisCache<EngineAnalysisResult>();

/** Error catalogue: 'Analysis failed: {reason}', or 'Analysis failed' without one. */
export function analysisFailedMessage(error: unknown): string {
  const reason = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  return reason ? `Analysis failed: ${reason}` : 'Analysis failed';
}

interface Request {
  fen: string;
  depth: number;
  wide: boolean;
}

/**
 * The Engine Analysis card's data: the position analysed after the spec's debounce, from the cache
 * when it is there. `fen` null means there is nothing to analyse yet (no move made).
 */
export function useEngineAnalysis(fen: string | null, options: { depth: number; wide: boolean; enabled: boolean }): EngineAnalysisState {
  const { depth, wide, enabled } = options;
  const [state, setState] = useState<{ key: string; value: EngineAnalysisState } | null>(null);
  const key = fen === null ? '' : `${depth}|${fen}`;

  useEffect(() => {
    if (!enabled || fen === null) return;
    const request: Request = { fen, depth, wide };
    if (cache.get(key)) return;
    let live = true;
    const controller = new AbortController();
    const cancel = scheduleCoachWork(request.wide, () => {
      setState({ key, value: { status: 'loading' } });
      const taskId = nextCoachTaskId();
      coachQueue
        .run(
          () =>
            getEngine().analysePosition(taskId, {
              fen: request.fen,
              depth: request.depth,
              movetimeCapMs: searchCap(request.wide),
              includeExplanation: request.wide, // spec section 9: explanations by default only on desktop
              difficulty: 'advanced',
              engine: ENGINE_NAME,
            }),
          { signal: controller.signal, onCancel: () => void getEngine().cancelTask(taskId).catch(() => {}) },
        )
        .then((result) => {
          cache.set(key, result);
          if (live) setState({ key, value: { status: 'done', result } });
        })
        .catch((error: unknown) => {
          if (live) setState({ key, value: { status: 'error', message: analysisFailedMessage(error) } });
        });
    });
    return () => {
      live = false;
      controller.abort();
      cancel();
    };
  }, [key, fen, depth, wide, enabled]);

  if (fen === null) return { status: 'empty' };
  const cached = cache.get(key);
  if (cached) return { status: 'done', result: cached };
  if (state?.key === key) return state.value;
  return { status: 'loading' };
}
