/**
 * A small pool of Stockfish engines for the coaching routes: one search per engine at a time,
 * at most `queueLimit` searches waiting, a hard time limit per search after which the engine is
 * killed and restarted, and `close()` for shutdown. The wait list is worker/work-queue.ts's
 * WorkQueue, the scheduler the browser's engine worker uses too (there one work at a time, the
 * newest first; here one search per engine, the oldest first, and bounded).
 *
 * Each engine is Stockfish 19 lite (single-threaded WASM) in a child process, driven by the same
 * EngineCore as the browser's worker (worker/node-engine.node.ts, imported as `.node.js` because
 * tsx takes a bare `.node` for a native addon). Not worker threads: the npm build detects a
 * worker thread, takes itself for one of its own pthread helpers and exports nothing (measured:
 * `require()` of the engine file returns `{}` in a worker thread and the factory in the main
 * thread); in-process it would install process-wide handlers (unhandledRejection rethrow,
 * process.exit on `quit`) inside the server. A child process can be killed when it hangs, which
 * is what the per-search timeout needs. Cost: about 110-125 MB resident per engine (16 MB hash).
 */
import { availableParallelism } from 'node:os';
import { basename } from 'node:path';
import type { Difficulty } from '../../schema';
import type { AnalyseOptions, Analysis, EngineMove } from '../../worker/engine-api';
import type { EngineStatus } from '../../worker/protocol';
import { createNodeEngine } from '../../worker/node-engine.node.js';
import { STOCKFISH_JS } from '../../worker/stockfish-files';
import { WorkQueue } from '../../worker/work-queue';
import { ERROR_TEXTS } from '../../schema';

/** Names the build in cached evaluations and in analysis results: a new build means new entries. */
export const ENGINE_ID = basename(STOCKFISH_JS, '.js');

export const ENGINE_BUSY_MESSAGE = ERROR_TEXTS.ERR_ENGINE_BUSY;
export const ENGINE_TIMEOUT_MESSAGE = ERROR_TEXTS.ERR_ENGINE_TIMEOUT;
export const ENGINE_UNAVAILABLE_MESSAGE = ERROR_TEXTS.ERR_ENGINE_UNAVAILABLE;

/** The queue is full: the caller should answer 503 with Retry-After. */
export class EngineBusyError extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super(ENGINE_BUSY_MESSAGE);
    this.name = 'EngineBusyError';
  }
}

/** A search outlived the hard limit; its engine was killed and is restarting. */
export class EngineTimeoutError extends Error {
  constructor(readonly timeoutMs: number) {
    super(ENGINE_TIMEOUT_MESSAGE);
    this.name = 'EngineTimeoutError';
  }
}

/** The engine could not start or died; `cause` says why (for the log, not the client). */
export class EngineUnavailableError extends Error {
  constructor(cause: string) {
    super(ENGINE_UNAVAILABLE_MESSAGE, { cause });
    this.name = 'EngineUnavailableError';
  }
}

/** The caller gave up (the client disconnected) before its search started, or the pool closed. */
export class EngineCancelledError extends Error {
  constructor(message = 'Search cancelled') {
    super(message);
    this.name = 'EngineCancelledError';
  }
}

/** What the pool needs of one engine: worker/engine-core.ts's EngineCore provides it. */
export interface PooledEngine {
  readonly status: EngineStatus;
  init(): Promise<void>;
  analyse(fen: string, options: AnalyseOptions): Promise<Analysis>;
  bestMove(fen: string, level: Difficulty): Promise<EngineMove>;
  terminate(): void;
}

export interface EnginePoolOptions {
  /** Engines, and so searches at once. Default: the number of CPUs, at least 1, at most 4. */
  size?: number;
  /** Searches that may wait for an engine; one more is refused with EngineBusyError. Default 32. */
  queueLimit?: number;
  /** A search is asked to stop after this long and answers with its best so far. Default 10 s. */
  maxSearchMs?: number;
  /** After this long a search's engine is killed and restarted. Default maxSearchMs + 5 s. */
  timeoutMs?: number;
  /** Makes one engine; the default is Stockfish in a child process. */
  createEngine?: () => PooledEngine;
}

export interface EnginePoolStats {
  size: number;
  busy: number;
  queued: number;
  /** Searches that ran to an answer since the pool started. */
  searches: number;
  timeouts: number;
  /** Mean time of the last searches (0 before the first). */
  meanSearchMs: number;
}

export interface SearchOptions {
  /** Aborting before the search starts removes it from the queue; a running search finishes. */
  signal?: AbortSignal;
  /** Who asked (the client's address): waiting searches are served round robin by it. */
  key?: string;
}

interface Slot {
  engine: PooledEngine;
  busy: boolean;
}

export const MAX_POOL_SIZE = 4;
export const DEFAULT_QUEUE_LIMIT = 32;
export const DEFAULT_MAX_SEARCH_MS = 10_000;
const TIMEOUT_MARGIN_MS = 5_000;
const MEAN_WINDOW = 20;

/** Engines one address may hold at once: all but one (so another address finds one free), at least 1. */
export function perAddressEngines(size: number): number {
  return Math.max(1, size - 1);
}

export function defaultPoolSize(): number {
  return Math.min(MAX_POOL_SIZE, Math.max(1, availableParallelism()));
}

export class EnginePool {
  readonly size: number;
  readonly queueLimit: number;
  readonly maxSearchMs: number;
  readonly timeoutMs: number;
  private readonly slots: Slot[];
  private readonly queue: WorkQueue;
  private closed = false;
  private searches = 0;
  private timeouts = 0;
  private readonly recentMs: number[] = [];

  constructor(options: EnginePoolOptions = {}) {
    this.size = Math.min(MAX_POOL_SIZE, Math.max(1, Math.floor(options.size ?? defaultPoolSize())));
    this.queueLimit = Math.max(0, Math.floor(options.queueLimit ?? DEFAULT_QUEUE_LIMIT));
    this.maxSearchMs = options.maxSearchMs ?? DEFAULT_MAX_SEARCH_MS;
    this.timeoutMs = options.timeoutMs ?? this.maxSearchMs + TIMEOUT_MARGIN_MS;
    const maxSearchMs = this.maxSearchMs;
    const create = options.createEngine ?? (() => createNodeEngine({ maxSearchMs }));
    this.slots = Array.from({ length: this.size }, () => ({ engine: create(), busy: false }));
    // One search per engine, the oldest first: the callers are different people. Fair (issue 18):
    // round robin between callers' addresses, and one address holds at most all engines but one,
    // so a flood from one address never makes another wait for more than the search ahead of it.
    this.queue = new WorkQueue({
      concurrency: this.size,
      order: 'oldest',
      fair: { perKeyLimit: perAddressEngines(this.size) },
      limit: this.queueLimit,
      cancelled: () => new EngineCancelledError(),
      full: () => new EngineBusyError(this.retryAfterSeconds()),
    });
  }

  /** Boots every engine now, so the first requests do not pay for it. Rejects if one cannot start. */
  async start(): Promise<void> {
    await Promise.all(this.slots.map((slot) => slot.engine.init()));
  }

  /** A search; its movetime is capped at maxSearchMs. Satisfies domain/coach's EnginePort. */
  analyse(fen: string, options: AnalyseOptions, searchOptions: SearchOptions = {}): Promise<Analysis> {
    const movetimeMs = Math.min(options.movetimeMs ?? this.maxSearchMs, this.maxSearchMs);
    return this.run((engine) => engine.analyse(fen, { ...options, movetimeMs }), searchOptions);
  }

  /** The computer's move at a level (domain/strength.ts's choice among the engine's candidates). */
  bestMove(fen: string, level: Difficulty, searchOptions: SearchOptions = {}): Promise<EngineMove> {
    return this.run((engine) => engine.bestMove(fen, level), searchOptions);
  }

  stats(): EnginePoolStats {
    const total = this.recentMs.reduce((sum, ms) => sum + ms, 0);
    return {
      size: this.size,
      busy: this.slots.filter((slot) => slot.busy).length,
      queued: this.queue.waiting,
      searches: this.searches,
      timeouts: this.timeouts,
      meanSearchMs: this.recentMs.length === 0 ? 0 : total / this.recentMs.length,
    };
  }

  /** Refuses queued work and kills every engine. Safe to call twice. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.queue.close(new EngineCancelledError('Engine pool closed'));
    for (const slot of this.slots) slot.engine.terminate();
  }

  private run<T>(work: (engine: PooledEngine) => Promise<T>, { signal, key }: SearchOptions): Promise<T> {
    if (this.closed) return Promise.reject(new EngineCancelledError('Engine pool closed'));
    // The queue starts at most one search per engine, so a free engine is there when it starts one.
    return this.queue.run(() => this.runOn(this.slots.find((slot) => !slot.busy)!, work), { ...(signal ? { signal } : {}), ...(key !== undefined ? { key } : {}) });
  }

  /**
   * Runs one search on a free engine under the hard time limit. A dead engine (crashed, killed
   * by a timeout) is booted again first; a hung one is killed, restarted at once in the
   * background, and its caller hears EngineTimeoutError.
   */
  private async runOn<T>(slot: Slot, work: (engine: PooledEngine) => Promise<T>): Promise<T> {
    slot.busy = true;
    const started = Date.now();
    let timer: ReturnType<typeof setTimeout> | undefined;
    try {
      const engine = slot.engine;
      try {
        if (engine.status.state === 'failed' || engine.status.state === 'loading') await engine.init();
      } catch (e) {
        throw new EngineUnavailableError(messageOf(e));
      }
      const timedOut = new Promise<never>((_, reject) => {
        timer = setTimeout(() => {
          this.timeouts++;
          engine.terminate();
          if (!this.closed) engine.init().catch(() => undefined); // the next job reports a failed boot
          reject(new EngineTimeoutError(this.timeoutMs));
        }, this.timeoutMs);
      });
      const result = await Promise.race([work(engine), timedOut]).catch((e: unknown) => {
        if (e instanceof EngineTimeoutError) throw e;
        // Bad input (an invalid FEN, a finished game) leaves the engine well; anything else is the engine's fault.
        if (engine.status.state === 'failed') throw new EngineUnavailableError(messageOf(e));
        throw e;
      });
      this.recordSearch(Date.now() - started);
      return result;
    } finally {
      clearTimeout(timer);
      slot.busy = false;
    }
  }

  private recordSearch(ms: number): void {
    this.searches++;
    this.recentMs.push(ms);
    if (this.recentMs.length > MEAN_WINDOW) this.recentMs.shift();
  }

  /** How long until the queue has room again, roughly: the queue's work spread over the engines. */
  private retryAfterSeconds(): number {
    const meanMs = this.stats().meanSearchMs || 1000;
    return Math.max(1, Math.ceil((meanMs * (this.queue.waiting + 1)) / this.size / 1000));
  }
}

/** Pool settings from ENGINE_POOL_SIZE and ENGINE_QUEUE_LIMIT; a bad value is an Error for the operator. */
export function enginePoolOptionsFromEnv(env: NodeJS.ProcessEnv): EnginePoolOptions {
  const options: EnginePoolOptions = {};
  const size = readInteger(env, 'ENGINE_POOL_SIZE', 1, MAX_POOL_SIZE);
  if (size !== undefined) options.size = size;
  const queueLimit = readInteger(env, 'ENGINE_QUEUE_LIMIT', 0, 10_000);
  if (queueLimit !== undefined) options.queueLimit = queueLimit;
  return options;
}

function readInteger(env: NodeJS.ProcessEnv, name: string, min: number, max: number): number | undefined {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return undefined;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new Error(`${name} must be a whole number from ${min} to ${max}, not "${raw}".`);
  }
  return value;
}

function messageOf(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}
