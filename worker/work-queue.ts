/**
 * The one scheduler of engine work, on both sides: the browser's engine worker runs coaching work
 * through it one task at a time, the newest first (what the learner looks at now); the server's
 * engine pool runs searches through it on its engines, the oldest first (fairness between
 * callers), with a bounded wait list.
 *
 * - 'high' work (what someone asked for and waits on: a hint, a Retry) starts before 'normal'.
 * - Work whose signal aborts while it waits leaves the list at once and rejects with the
 *   queue's `cancelled` error; running work is handed the signal and decides how to stop.
 * - A full wait list refuses new work with the `full` error; `close` refuses everything waiting
 *   and everything after.
 */
export type WorkPriority = 'high' | 'normal';

export interface WorkQueueOptions {
  /** Works running at once. Default 1. */
  concurrency?: number;
  /** Which waiting work of one priority starts first. Default 'oldest'. */
  order?: 'newest' | 'oldest';
  /** Works that may wait; one more is refused with `full()`. Default: no limit. */
  limit?: number;
  /** The error for work cancelled (by its signal) before it started. */
  cancelled?: () => Error;
  /** The error for work refused because the wait list is full (called with the list's length). */
  full?: (waiting: number) => Error;
}

export interface WorkOptions {
  priority?: WorkPriority;
  signal?: AbortSignal;
}

export const WORK_CANCELLED = 'Work cancelled';
export const QUEUE_FULL = 'Too much work waiting';
export const QUEUE_CLOSED = 'Work queue closed';

interface Waiting {
  priority: WorkPriority;
  signal: AbortSignal | undefined;
  start(): void;
  reject(error: Error): void;
  onAbort(): void;
}

/** A signal that never aborts, for work run without one. */
const NEVER = new AbortController().signal;

export class WorkQueue {
  private readonly concurrency: number;
  private readonly newestFirst: boolean;
  private readonly limit: number;
  private readonly cancelled: () => Error;
  private readonly full: (waiting: number) => Error;
  private readonly list: Waiting[] = [];
  private active = 0;
  private closedWith: Error | null = null;

  constructor(options: WorkQueueOptions = {}) {
    this.concurrency = Math.max(1, Math.floor(options.concurrency ?? 1));
    this.newestFirst = options.order === 'newest';
    this.limit = options.limit ?? Number.POSITIVE_INFINITY;
    this.cancelled = options.cancelled ?? (() => new Error(WORK_CANCELLED));
    this.full = options.full ?? (() => new Error(QUEUE_FULL));
  }

  /** Works waiting to start. */
  get waiting(): number {
    return this.list.length;
  }

  /** Works running now. */
  get running(): number {
    return this.active;
  }

  run<T>(work: (signal: AbortSignal) => Promise<T>, { priority = 'normal', signal }: WorkOptions = {}): Promise<T> {
    if (this.closedWith) return Promise.reject(this.closedWith);
    if (signal?.aborted) return Promise.reject(this.cancelled());
    if (this.active >= this.concurrency && this.list.length >= this.limit) return Promise.reject(this.full(this.list.length));
    return new Promise<T>((resolve, reject) => {
      const entry: Waiting = {
        priority,
        signal,
        reject,
        start: () => {
          this.active++;
          let started: Promise<T>;
          try {
            started = work(signal ?? NEVER);
          } catch (error) {
            started = Promise.reject(error instanceof Error ? error : new Error(String(error)));
          }
          started.then(resolve, reject).finally(() => {
            this.active--;
            this.pump();
          });
        },
        onAbort: () => {
          const index = this.list.indexOf(entry);
          if (index < 0) return;
          this.list.splice(index, 1);
          reject(this.cancelled());
        },
      };
      signal?.addEventListener('abort', entry.onAbort, { once: true });
      this.insert(entry);
      this.pump();
    });
  }

  /** Refuses the waiting work and all work after with `error`; running work finishes. */
  close(error: Error = new Error(QUEUE_CLOSED)): void {
    if (this.closedWith) return;
    this.closedWith = error;
    for (const entry of this.list.splice(0)) {
      entry.signal?.removeEventListener('abort', entry.onAbort);
      entry.reject(error);
    }
  }

  /** The list stays ordered: high before normal, and inside each, start order. */
  private insert(entry: Waiting): void {
    const firstNormal = this.list.findIndex((queued) => queued.priority === 'normal');
    const high = entry.priority === 'high';
    if (this.newestFirst) {
      // The newest goes to the front of its priority.
      const at = high ? 0 : firstNormal >= 0 ? firstNormal : this.list.length;
      this.list.splice(at, 0, entry);
    } else if (high && firstNormal >= 0) {
      this.list.splice(firstNormal, 0, entry);
    } else {
      this.list.push(entry);
    }
  }

  private pump(): void {
    while (this.active < this.concurrency && !this.closedWith) {
      const next = this.list.shift();
      if (!next) return;
      next.signal?.removeEventListener('abort', next.onAbort);
      next.start();
    }
  }
}
