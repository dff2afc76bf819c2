/**
 * The coach's work on the tab's one engine (analysis, classification, hint, review), one task at
 * a time, so the computer's move (which the worker puts first and which stops a running analysis
 * search) never waits behind a pile of coaching:
 * - a task whose purpose is gone (the position changed: its signal aborted) is skipped before it
 *   reaches the engine;
 * - 'high' tasks (the hint the learner asked for, a Retry) go before the background ones.
 */
export const COACH_TASK_CANCELLED = 'Coach task cancelled';
export type TaskPriority = 'high' | 'normal';

export interface TaskOptions {
  priority?: TaskPriority;
  signal?: AbortSignal;
  /** Called when the signal aborts while the task runs (to stop its search in the worker). */
  onCancel?: () => void;
}

export interface CoachQueue {
  run<T>(task: () => Promise<T>, options?: TaskOptions): Promise<T>;
  /** Tasks waiting (not counting the running one). */
  readonly waiting: number;
}

interface Waiting {
  priority: TaskPriority;
  start(): void;
}

export function createCoachQueue(): CoachQueue {
  const queue: Waiting[] = [];
  let busy = false;

  const pump = () => {
    if (busy) return;
    const next = queue.shift();
    if (!next) return;
    busy = true;
    next.start();
  };
  const done = () => {
    busy = false;
    pump();
  };

  return {
    get waiting() {
      return queue.length;
    },
    run<T>(task: () => Promise<T>, { priority = 'normal', signal, onCancel }: TaskOptions = {}) {
      return new Promise<T>((resolve, reject) => {
        const waiting: Waiting = {
          priority,
          start: () => {
            if (signal?.aborted) {
              reject(new Error(COACH_TASK_CANCELLED));
              done();
              return;
            }
            const cancel = () => onCancel?.();
            signal?.addEventListener('abort', cancel, { once: true });
            let started: Promise<T>;
            try {
              started = task();
            } catch (error) {
              started = Promise.reject(error instanceof Error ? error : new Error(String(error)));
            }
            const settle = () => {
              signal?.removeEventListener('abort', cancel);
              done();
            };
            started.then(
              (value) => {
                settle();
                resolve(value);
              },
              (error: unknown) => {
                settle();
                reject(error);
              },
            );
          },
        };
        const at = priority === 'high' ? queue.findIndex((queued) => queued.priority !== 'high') : -1;
        if (at >= 0) queue.splice(at, 0, waiting);
        else queue.push(waiting);
        pump();
      });
    },
  };
}

/** The tab's coaching queue. */
export const coachQueue = createCoachQueue();

let lastTaskId = 0;
/** A fresh id naming one coaching task in the worker (see worker/coach-api.ts cancelTask). */
export const nextCoachTaskId = () => ++lastTaskId;
