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
 * - With `fair` (the server's pool, issue 18), work carries its caller's `key` (an address):
 *   among the waiting work of one priority, the key served longest ago starts first (round
 *   robin; oldest first within a key), and a key runs at most `perKeyLimit` works at once, so a
 *   caller flooding the queue gets its own turn, never everyone else's. Work without a key is
 *   neither limited nor passed over.
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
  /** Round robin between callers' keys, each running at most `perKeyLimit` works (default: no limit). */
  fair?: { perKeyLimit?: number };
}

export interface WorkOptions {
  priority?: WorkPriority;
  signal?: AbortSignal;
  /** Who asked (fair queues only): an address or an account. */
  key?: string;
}

export const WORK_CANCELLED = 'Work cancelled';
export const QUEUE_FULL = 'Too much work waiting';
export const QUEUE_CLOSED = 'Work queue closed';

interface Waiting {
  priority: WorkPriority;
  key: string | undefined;
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
  private readonly fair: boolean;
  private readonly perKeyLimit: number;
  /** Fair queues: works running per key, and when each key last started one (a counter). */
  private readonly runningByKey = new Map<string, number>();
  private readonly lastServed = new Map<string, number>();
  private served = 0;

  constructor(options: WorkQueueOptions = {}) {
    this.concurrency = Math.max(1, Math.floor(options.concurrency ?? 1));
    this.newestFirst = options.order === 'newest';
    this.limit = options.limit ?? Number.POSITIVE_INFINITY;
    this.cancelled = options.cancelled ?? (() => new Error(WORK_CANCELLED));
    this.full = options.full ?? (() => new Error(QUEUE_FULL));
    this.fair = options.fair !== undefined;
    this.perKeyLimit = Math.max(1, Math.floor(options.fair?.perKeyLimit ?? Number.POSITIVE_INFINITY));
  }

  /** Works waiting to start. */
  get waiting(): number {
    return this.list.length;
  }

  /** Works running now. */
  get running(): number {
    return this.active;
  }

  run<T>(work: (signal: AbortSignal) => Promise<T>, { priority = 'normal', signal, key: given }: WorkOptions = {}): Promise<T> {
    const key = this.fair ? given : undefined;
    if (this.closedWith) return Promise.reject(this.closedWith);
    if (signal?.aborted) return Promise.reject(this.cancelled());
    if (!this.startsNow(key) && this.list.length >= this.limit) return Promise.reject(this.full(this.list.length));
    return new Promise<T>((resolve, reject) => {
      const entry: Waiting = {
        priority,
        key,
        signal,
        reject,
        start: () => {
          this.active++;
          if (key !== undefined) {
            this.runningByKey.set(key, (this.runningByKey.get(key) ?? 0) + 1);
            this.lastServed.set(key, ++this.served);
          }
          let started: Promise<T>;
          try {
            started = work(signal ?? NEVER);
          } catch (error) {
            started = Promise.reject(error instanceof Error ? error : new Error(String(error)));
          }
          started.then(resolve, reject).finally(() => {
            this.active--;
            if (key !== undefined) this.finishedFor(key);
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
      const index = this.fair ? this.fairNext() : 0;
      const next = index < 0 ? undefined : this.list.splice(index, 1)[0];
      if (!next) return;
      next.signal?.removeEventListener('abort', next.onAbort);
      next.start();
    }
  }

  /** Whether work of `key` would start at once (an engine free, the key under its limit, nothing waiting before it). */
  private startsNow(key: string | undefined): boolean {
    if (this.active >= this.concurrency) return false;
    return key === undefined || (this.runningByKey.get(key) ?? 0) < this.perKeyLimit;
  }

  /**
   * Fair queues: the waiting work to start next, or -1. In the first priority that has work that
   * may start, the key served longest ago (never served: first), the oldest work of that key.
   */
  private fairNext(): number {
    let best = -1;
    let bestServed = Number.POSITIVE_INFINITY;
    for (let i = 0; i < this.list.length; i++) {
      const entry = this.list[i] as Waiting;
      if (best >= 0 && entry.priority !== (this.list[best] as Waiting).priority) break;
      if (entry.key === undefined) {
        if (bestServed > -1) [best, bestServed] = [i, -1];
        continue;
      }
      if ((this.runningByKey.get(entry.key) ?? 0) >= this.perKeyLimit) continue;
      const served = this.lastServed.get(entry.key) ?? 0;
      if (served < bestServed) [best, bestServed] = [i, served];
    }
    return best;
  }

  /** A key's work ended: forget the key once it has nothing running or waiting (the maps stay small). */
  private finishedFor(key: string): void {
    const left = (this.runningByKey.get(key) ?? 1) - 1;
    if (left > 0) {
      this.runningByKey.set(key, left);
      return;
    }
    this.runningByKey.delete(key);
    if (!this.list.some((entry) => entry.key === key)) this.lastServed.delete(key);
  }
}
