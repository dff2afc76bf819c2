/**
 * The engine on the main thread: one Web Worker per tab, started on first use. The UI reads
 * `state` (useSyncExternalStore(engine.subscribe, () => engine.state)) and calls the EngineApi
 * methods, which reject with an Error to catch. A failed boot is the 'failed' state with its
 * message, never an unhandled rejection; init() after a failure starts the engine again.
 */
import * as Comlink from 'comlink';
import type { CoachApi } from './coach-api';
import type { EngineApi, EngineState } from './engine-api';
import type { EngineStatus, EngineWorkerApi } from './protocol';

export interface EngineClient extends EngineApi, CoachApi {
  readonly state: EngineState;
  /** Why the engine failed; null unless state is 'failed'. */
  readonly error: string | null;
  /** Calls the listener after every change of state or error; returns the unsubscribe. */
  subscribe(listener: () => void): () => void;
}

interface Connection {
  remote: Comlink.Remote<EngineWorkerApi>;
  /** Rejects when the worker itself dies, so no call waits for an answer that cannot come. */
  dead: Promise<never>;
}

export function createEngineClient(createWorker: () => Worker): EngineClient {
  let status: EngineStatus = { state: 'loading', error: null };
  const listeners = new Set<() => void>();
  let connection: Connection | null = null;

  const setStatus = (next: EngineStatus) => {
    if (next.state === status.state && next.error === status.error) return;
    status = { state: next.state, error: next.error };
    for (const listener of listeners) listener();
  };
  const fail = (message: string) => setStatus({ state: 'failed', error: message });

  function connect(): Connection | null {
    setStatus({ state: 'loading', error: null });
    let worker: Worker;
    try {
      worker = createWorker();
    } catch (e) {
      fail(`The engine worker could not start: ${e instanceof Error ? e.message : String(e)}`);
      return null;
    }
    let reportDeath: (error: Error) => void = () => {};
    const dead = new Promise<never>((_, reject) => {
      reportDeath = reject;
    });
    dead.catch(() => {}); // only ever raced against a call, which carries the rejection
    worker.addEventListener('error', (event) => {
      event.preventDefault();
      const message = event.message || 'The engine worker could not be loaded';
      connection = null;
      worker.terminate();
      fail(message);
      reportDeath(new Error(message));
    });
    const remote = Comlink.wrap<EngineWorkerApi>(worker);
    remote.watch(Comlink.proxy(setStatus)).catch((e: unknown) => fail(e instanceof Error ? e.message : String(e)));
    return { remote, dead };
  }

  function call<T>(run: (remote: Comlink.Remote<EngineWorkerApi>) => Promise<T>): Promise<T> {
    if (!connection) return Promise.reject(new Error(`Engine failed: ${status.error ?? 'not started'}`));
    return Promise.race([run(connection.remote), connection.dead]);
  }

  return {
    get state() {
      return status.state;
    },
    get error() {
      return status.error;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    init() {
      connection ??= connect();
      return call((remote) => remote.init());
    },
    bestMove: (fen, level) => call((remote) => remote.bestMove(fen, level)),
    analyse: (fen, options) => call((remote) => remote.analyse(fen, options)),
    stop: () => call((remote) => remote.stop()),
    analysePosition: (taskId, request) => call((remote) => remote.analysePosition(taskId, request)),
    classifyMove: (taskId, input, movetimeCapMs) => call((remote) => remote.classifyMove(taskId, input, movetimeCapMs)),
    getHint: (taskId, input, movetimeCapMs) => call((remote) => remote.getHint(taskId, input, movetimeCapMs)),
    reviewGame: (taskId, input, movetimeCapMs, onProgress) =>
      call((remote) => remote.reviewGame(taskId, input, movetimeCapMs, onProgress ? Comlink.proxy(onProgress) : undefined)),
    cancelTask: (taskId) => call((remote) => remote.cancelTask(taskId)),
  };
}

let engine: EngineClient | null = null;

/** The tab's engine, booting on the first call. */
export function getEngine(): EngineClient {
  if (!engine) {
    engine = createEngineClient(() => new Worker(new URL('./engine.worker.ts', import.meta.url), { type: 'module' }));
    // The outcome is the state: 'idle' or 'failed' with its message.
    engine.init().catch(() => {});
  }
  return engine;
}
