import { useEffect, useState } from 'react';
import { getEngine } from '../../../worker/client';
import type { EngineWork, WorkKind, WorkResult, WorkUpdate } from '../../../worker/engine-work';
import type { WorkPriority } from '../../../worker/work-queue';
import type { AnalysisCache } from './analysis-cache';
import { scheduleCoachWork } from './schedule';

/**
 * One engine work's state as the screen shows it: nothing asked, waiting (its debounce, or its
 * turn in the worker), computing with what the search has found so far, done, or failed.
 */
export type EngineWorkState<K extends WorkKind> =
  | { status: 'idle' }
  | { status: 'waiting' }
  | { status: 'computing'; partial: WorkUpdate<K> }
  | { status: 'done'; result: WorkResult<K> }
  | { status: 'failed'; error: unknown };

export interface EngineWorkOptions<K extends WorkKind> {
  /** Names the work: a new key is new work, and the previous work is cancelled (the newest wins). */
  key: string;
  priority?: WorkPriority;
  /**
   * Start after the spec's debounce for this layout ('wide': 200 ms then idle time, 'narrow':
   * 500 ms), so quick moves do not queue searches nobody sees; 'none' starts at once.
   */
  debounce?: 'wide' | 'narrow' | 'none';
  /** Results kept across screens, by key: a cached result is shown without a search. */
  cache?: AnalysisCache<WorkResult<K>>;
}

/**
 * The one hook for engine work (the analysis card, the classification panel, the hint, the
 * review): `work` null means nothing to do. The work runs while the key stays; a new key or
 * leaving the screen aborts it (a waiting work never reaches the engine; a running one stops its
 * search).
 */
export function useEngineWork<K extends WorkKind>(work: (EngineWork & { kind: K }) | null, options: EngineWorkOptions<K>): EngineWorkState<K> {
  const { key, priority = 'normal', debounce = 'none', cache } = options;
  const [state, setState] = useState<{ key: string; value: EngineWorkState<K> } | null>(null);
  const active = work !== null;

  useEffect(() => {
    if (work === null || cache?.get(key)) return;
    const controller = new AbortController();
    const set = (value: EngineWorkState<K>) => {
      if (!controller.signal.aborted) setState({ key, value });
    };
    const start = () => {
      set({ status: 'waiting' });
      getEngine()
        .run<K>(work, { signal: controller.signal, priority, onUpdate: (partial) => set({ status: 'computing', partial }) })
        .then((result) => {
          cache?.set(key, result);
          set({ status: 'done', result });
        })
        .catch((error: unknown) => set({ status: 'failed', error }));
    };
    const cancelStart = debounce === 'none' ? (start(), () => {}) : scheduleCoachWork(debounce === 'wide', start);
    return () => {
      controller.abort();
      cancelStart();
    };
    // The key names the work: a new work object with the same key is the same work.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, active, priority, debounce, cache]);

  if (!active) return { status: 'idle' };
  const cached = cache?.get(key);
  if (cached) return { status: 'done', result: cached };
  if (state?.key === key) return state.value;
  return { status: 'waiting' };
}

/** Error catalogue: a failure's reason, when it has one. */
export function failureReason(error: unknown): string {
  return error instanceof Error ? error.message : typeof error === 'string' ? error : '';
}
