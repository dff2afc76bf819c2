/**
 * The main-thread adapter over a real Comlink channel (a MessageChannel stands in for the
 * Worker): its state follows the worker's, and failures become the 'failed' state.
 */
import * as Comlink from 'comlink';
import { afterEach, describe, expect, it } from 'vitest';
import { createEngineClient } from './client';
import { WORK_CANCELLED } from './engine-work';
import type { Analysis } from './engine-api';
import type { EngineStatus, EngineWorkerApi } from './protocol';

const ANALYSIS: Analysis = { fen: 'fen', depth: 1, lines: [], bestMove: 'e2e4', nodes: 1, nps: 1, timeMs: 1 };
const ports: MessagePort[] = [];

afterEach(() => {
  for (const port of ports.splice(0)) port.close();
});

/** A "worker" whose far side is `api`, exposed with Comlink as engine.worker.ts does. */
function fakeWorker(api: EngineWorkerApi) {
  const { port1, port2 } = new MessageChannel();
  ports.push(port1, port2);
  Comlink.expose(api, port2);
  let terminated = false;
  const worker = Object.assign(port1, {
    terminate: () => {
      terminated = true;
    },
    /** What a browser does when the worker script cannot load. */
    crash: (message: string) =>
      port1.dispatchEvent(Object.assign(new Event('error', { cancelable: true }), { message })),
  });
  return { worker, isTerminated: () => terminated };
}

/** A worker-side engine whose status and answers the test drives. */
function fakeApi(overrides: Partial<EngineWorkerApi> = {}) {
  let listener: (status: EngineStatus) => void = () => {};
  const api: EngineWorkerApi = {
    init: async () => listener({ state: 'idle', error: null }),
    run: async (_id, work) => (work.kind === 'move' ? { from: 'e2', to: 'e4', uci: 'e2e4' } : ANALYSIS),
    cancel: async () => {},
    watch: (l) => {
      listener = l;
      l({ state: 'loading', error: null });
    },
    ...overrides,
  };
  return { api, push: (status: EngineStatus) => listener(status) };
}

const until = async (condition: () => boolean) => {
  for (let i = 0; i < 100 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 5));
};

describe('createEngineClient', () => {
  it('boots, answers, and reports each state change to subscribers', async () => {
    const { api, push } = fakeApi();
    const { worker } = fakeWorker(api);
    const client = createEngineClient(() => worker as unknown as Worker);
    const seen: string[] = [];
    const unsubscribe = client.subscribe(() => seen.push(client.state));
    expect(client.state).toBe('loading');
    await client.init();
    await until(() => client.state === 'idle');
    expect(await client.run({ kind: 'search', fen: 'fen', depth: 1 })).toEqual(ANALYSIS);
    expect((await client.run({ kind: 'move', fen: 'fen', level: 'beginner' })).uci).toBe('e2e4');
    push({ state: 'computing', error: null });
    await until(() => client.state === 'computing');
    unsubscribe();
    push({ state: 'idle', error: null });
    await until(() => client.state === 'idle');
    expect(seen).toEqual(['idle', 'computing']);
    expect(client.error).toBeNull();
  });

  it('turns a failed boot into the failed state with its message', async () => {
    const { api, push } = fakeApi({
      init: async () => {
        push({ state: 'failed', error: 'Stockfish failed: HTTP 404: Not Found' });
        throw new Error('Stockfish failed: HTTP 404: Not Found');
      },
    });
    const { worker } = fakeWorker(api);
    const client = createEngineClient(() => worker as unknown as Worker);
    await expect(client.init()).rejects.toThrow('Stockfish failed: HTTP 404: Not Found');
    await until(() => client.state === 'failed');
    expect(client.error).toBe('Stockfish failed: HTTP 404: Not Found');
  });

  it('fails the pending call when the worker itself dies, and starts a new worker on init()', async () => {
    const { api } = fakeApi({ run: () => new Promise<Analysis>(() => {}) });
    const first = fakeWorker(api);
    const second = fakeWorker(fakeApi().api);
    const workers = [first.worker, second.worker];
    const client = createEngineClient(() => workers.shift() as unknown as Worker);
    await client.init();
    const pending = client.run({ kind: 'search', fen: 'fen', depth: 30 });
    first.worker.crash('Failed to fetch the engine worker');
    await expect(pending).rejects.toThrow('Failed to fetch the engine worker');
    expect(client.state).toBe('failed');
    expect(first.isTerminated()).toBe(true);
    await expect(client.run({ kind: 'move', fen: 'fen', level: 'beginner' })).rejects.toThrow('Engine failed: Failed to fetch the engine worker');
    await client.init();
    await until(() => client.state === 'idle');
    expect(client.state).toBe('idle');
  });

  it('fails cleanly when no worker can be created', async () => {
    const client = createEngineClient(() => {
      throw new Error('Module workers are not supported');
    });
    await expect(client.init()).rejects.toThrow('Engine failed: The engine worker could not start: Module workers are not supported');
    expect(client.state).toBe('failed');
  });

  it("passes a review's progress across the channel, and names each run with an id of its own", async () => {
    const ids: number[] = [];
    const { api } = fakeApi({
      run: async (id, work, _priority, onUpdate) => {
        ids.push(id);
        if (work.kind !== 'review') throw new Error('not used');
        const total = work.input.moves.length + 1;
        for (let done = 0; done <= total; done++) await onUpdate?.({ done, total });
        return { moves: [], accuracy: { w: null, b: null }, counts: { w: {}, b: {} }, keyMoments: [] } as never;
      },
    });
    const { worker } = fakeWorker(api);
    const client = createEngineClient(() => worker as unknown as Worker);
    await client.init();
    const seen: string[] = [];
    const review = { kind: 'review' as const, input: { moves: ['e4'], depth: 10 }, movetimeCapMs: 300 };
    await client.run(review, { onUpdate: ({ done, total }) => seen.push(`${done}/${total}`) });
    await client.run(review);
    expect(seen).toEqual(['0/2', '1/2', '2/2']);
    expect(ids).toEqual([1, 2]);
  });

  it('cancels the run in the worker when its signal aborts, and refuses an aborted signal at once', async () => {
    const cancelled: number[] = [];
    let release: () => void = () => {};
    const { api } = fakeApi({
      run: () =>
        new Promise<Analysis>((resolve) => {
          release = () => resolve(ANALYSIS);
        }),
      cancel: async (id) => {
        cancelled.push(id);
        release();
      },
    });
    const { worker } = fakeWorker(api);
    const client = createEngineClient(() => worker as unknown as Worker);
    await client.init();
    const controller = new AbortController();
    const running = client.run({ kind: 'search', fen: 'fen', depth: 20 }, { signal: controller.signal });
    await new Promise((resolve) => setTimeout(resolve, 10));
    controller.abort();
    await running;
    expect(cancelled).toEqual([1]);
    await expect(client.run({ kind: 'search', fen: 'fen', depth: 1 }, { signal: controller.signal })).rejects.toThrow(WORK_CANCELLED);
  });
});
