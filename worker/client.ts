/**
 * The engine on the main thread: one Web Worker per tab, started on first use. The whole
 * interface the UI sees: `state` and `error` (useSyncExternalStore(engine.subscribe, () =>
 * engine.state)), `init()` to boot again after a failure, and `run(work, { signal, priority,
 * onUpdate })` for everything else (engine-work.ts). A failed boot is the 'failed' state with its
 * message, never an unhandled rejection; runs reject with an Error to catch.
 */
import type * as Comlink from 'comlink';
import type { EngineState } from './engine-api';
import { WORK_CANCELLED, type EngineWork, type RunOptions, type WorkKind, type WorkResult, type WorkUpdate } from './engine-work';
import type { EngineStatus, EngineWorkerApi } from './protocol';

export interface Engine {
  readonly state: EngineState;
  /** Why the engine failed; null unless state is 'failed'. */
  readonly error: string | null;
  /** Calls the listener after every change of state or error; returns the unsubscribe. */
  subscribe(listener: () => void): () => void;
  /** Boots the engine (again, after a failure). */
  init(): Promise<void>;
  /**
   * Runs one work in the worker: the computer's move first of all, then what the learner asked
   * for ('high'), then the newest of the rest. Aborting the signal drops the work or stops its
   * search, and the run rejects with WORK_CANCELLED.
   */
  run<K extends WorkKind>(work: EngineWork & { kind: K }, options?: RunOptions<K>): Promise<WorkResult<K>>;
}

type ComlinkModule = typeof Comlink;
/** Comlink loads with the engine's first call, not in the first visit's JavaScript (issue 28). */
const loadComlink = (): Promise<ComlinkModule> => import('comlink');

interface Connected {
  remote: Comlink.Remote<EngineWorkerApi>;
  comlink: ComlinkModule;
}

interface Connection {
  remote: Promise<Connected>;
  /** Rejects when the worker itself dies, so no call waits for an answer that cannot come. */
  dead: Promise<never>;
}

export function createEngineClient(createWorker: () => Worker): Engine {
  let lastId = 0;
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
    const remote = loadComlink().then((comlink) => {
      const wrapped = comlink.wrap<EngineWorkerApi>(worker);
      wrapped.watch(comlink.proxy(setStatus)).catch((e: unknown) => fail(e instanceof Error ? e.message : String(e)));
      return { remote: wrapped, comlink };
    });
    remote.catch((e: unknown) => fail(`The engine could not load: ${e instanceof Error ? e.message : String(e)}`));
    return { remote, dead };
  }

  function call<T>(run: (connected: Connected) => Promise<T>): Promise<T> {
    if (!connection) return Promise.reject(new Error(`Engine failed: ${status.error ?? 'not started'}`));
    return Promise.race([connection.remote.then(run), connection.dead]);
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
      return call(({ remote }) => remote.init());
    },
    run<K extends WorkKind>(work: EngineWork & { kind: K }, { signal, priority = 'normal', onUpdate }: RunOptions<K> = {}): Promise<WorkResult<K>> {
      if (signal?.aborted) return Promise.reject(new Error(WORK_CANCELLED));
      const id = ++lastId;
      const cancel = () => void call(({ remote }) => remote.cancel(id)).catch(() => {});
      signal?.addEventListener('abort', cancel, { once: true });
      return call(({ remote, comlink }) => {
        const updates = onUpdate ? comlink.proxy((update: unknown) => onUpdate(update as WorkUpdate<K>)) : undefined;
        return remote.run(id, work, priority, updates) as Promise<WorkResult<K>>;
      }).finally(() =>
        signal?.removeEventListener('abort', cancel),
      );
    },
  };
}

let engine: Engine | null = null;

/** The tab's engine, booting on the first call. */
export function getEngine(): Engine {
  if (!engine) {
    engine = createEngineClient(() => new Worker(new URL('./engine.worker.ts', import.meta.url), { type: 'module' }));
    // The outcome is the state: 'idle' or 'failed' with its message.
    engine.init().catch(() => {});
  }
  return engine;
}
