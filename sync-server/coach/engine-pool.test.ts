/**
 * The engine pool on real Stockfish 19 lite child processes (pool sizes 1 and 2, shallow depths),
 * and its wait list (worker/work-queue.ts's WorkQueue) on fake engines that answer when told to.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createNodeEngine } from '../../worker/node-engine.node.js';
import type { EngineCore } from '../../worker/engine-core';
import type { AnalyseOptions, Analysis, EngineMove } from '../../worker/engine-api';
import type { EngineStatus } from '../../worker/protocol';
import {
  DEFAULT_QUEUE_LIMIT,
  ENGINE_BUSY_MESSAGE,
  EngineBusyError,
  EngineCancelledError,
  EnginePool,
  enginePoolOptionsFromEnv,
  EngineTimeoutError,
  type EnginePoolOptions,
  type PooledEngine,
} from './engine-pool';

// Real engines on a shared 2-core machine: searches can take seconds when it is busy.
vi.setConfig({ testTimeout: 30_000, hookTimeout: 30_000 });

const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
const MATE_IN_ONE = '6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1';
/** A middlegame deep enough that depth 30 takes far longer than the tests' time limits. */
const MIDDLEGAME = 'r1bq1rk1/pppp1ppp/2n2n2/2b1p3/2B1P3/2NP1N2/PPP2PPP/R1BQ1RK1 w - - 4 6';

const pools: EnginePool[] = [];
function makePool(options: EnginePoolOptions): EnginePool {
  const pool = new EnginePool(options);
  pools.push(pool);
  return pool;
}
afterEach(async () => {
  for (const pool of pools.splice(0)) await pool.close();
});

describe('EnginePool', () => {
  it('analyses a position and counts the search', async () => {
    const pool = makePool({ size: 1 });
    const analysis = await pool.analyse(MATE_IN_ONE, { depth: 6 });
    expect(analysis.bestMove).toBe('d1d8');
    expect(analysis.lines[0]).toMatchObject({ mate: 1 });
    expect(pool.stats()).toMatchObject({ size: 1, busy: 0, queued: 0, searches: 1, timeouts: 0 });
  });

  it('plays a legal move at a level', async () => {
    const pool = makePool({ size: 1 });
    const move = await pool.bestMove(START, 'beginner');
    expect(move.uci).toMatch(/^[a-h][1-8][a-h][1-8]$/);
  });

  it('runs at most `size` searches at once and queues the rest', async () => {
    const pool = makePool({ size: 2 });
    await pool.start();
    const searches = [START, MIDDLEGAME, MATE_IN_ONE, START].map((fen) => pool.analyse(fen, { depth: 8 }));
    expect(pool.stats()).toMatchObject({ busy: 2, queued: 2 });
    const results = await Promise.all(searches);
    expect(results.map((r) => r.fen)).toEqual([START, MIDDLEGAME, MATE_IN_ONE, START]);
    expect(pool.stats()).toMatchObject({ busy: 0, queued: 0, searches: 4 });
  });

  it('refuses a search when the queue is full, with a wait in seconds', async () => {
    const pool = makePool({ size: 1, queueLimit: 1 });
    await pool.start();
    const running = pool.analyse(START, { depth: 8 });
    const queued = pool.analyse(MIDDLEGAME, { depth: 8 });
    const refused = pool.analyse(MATE_IN_ONE, { depth: 8 });
    await expect(refused).rejects.toBeInstanceOf(EngineBusyError);
    await expect(refused).rejects.toThrow(ENGINE_BUSY_MESSAGE);
    const error = (await refused.catch((e: unknown) => e)) as EngineBusyError;
    expect(error.retryAfterSeconds).toBeGreaterThanOrEqual(1);
    await expect(Promise.all([running, queued])).resolves.toHaveLength(2);
  });

  it('kills a search that outlives the time limit and restarts the engine', async () => {
    const pool = makePool({ size: 1, maxSearchMs: 20_000, timeoutMs: 400 });
    await pool.start();
    const started = Date.now();
    await expect(pool.analyse(MIDDLEGAME, { depth: 40 })).rejects.toBeInstanceOf(EngineTimeoutError);
    expect(Date.now() - started).toBeLessThan(5000); // far below the 20 s the search was allowed
    expect(pool.stats().timeouts).toBe(1);
    const after = await pool.analyse(MATE_IN_ONE, { depth: 5 });
    expect(after.bestMove).toBe('d1d8');
  });

  it('stops a long search at maxSearchMs and answers with its best so far', async () => {
    const pool = makePool({ size: 1, maxSearchMs: 300 });
    await pool.start();
    const started = Date.now();
    const analysis = await pool.analyse(MIDDLEGAME, { depth: 40 });
    expect(Date.now() - started).toBeLessThan(8000); // depth 40 would take minutes
    expect(analysis.depth).toBeLessThan(40);
    expect(analysis.bestMove).toMatch(/^[a-h][1-8][a-h][1-8]/);
  });

  it('boots a crashed engine again for the next search', async () => {
    const engines: EngineCore[] = [];
    const pool = makePool({
      size: 1,
      createEngine: () => {
        const engine = createNodeEngine();
        engines.push(engine);
        return engine;
      },
    });
    await pool.start();
    engines[0]!.terminate();
    expect(engines[0]!.status.state).toBe('failed');
    const analysis = await pool.analyse(MATE_IN_ONE, { depth: 5 });
    expect(analysis.bestMove).toBe('d1d8');
    expect(engines).toHaveLength(1);
  });

  it('drops a queued search whose caller gave up', async () => {
    const pool = makePool({ size: 1 });
    await pool.start();
    const running = pool.analyse(START, { depth: 8 });
    const controller = new AbortController();
    const queued = pool.analyse(MIDDLEGAME, { depth: 8 }, { signal: controller.signal });
    expect(pool.stats().queued).toBe(1);
    controller.abort();
    await expect(queued).rejects.toBeInstanceOf(EngineCancelledError);
    expect(pool.stats().queued).toBe(0);
    await running;
    expect(pool.stats().searches).toBe(1);
  });

  it('rejects queued and later work once closed', async () => {
    const pool = makePool({ size: 1 });
    await pool.start();
    const running = pool.analyse(MIDDLEGAME, { depth: 30 });
    const queued = pool.analyse(START, { depth: 8 });
    await pool.close();
    await expect(queued).rejects.toThrow('Engine pool closed');
    await expect(running).rejects.toThrow();
    await expect(pool.analyse(START, { depth: 5 })).rejects.toThrow('Engine pool closed');
  });
});

/** Searches on fake engines: each records its start and answers when the test finishes it. */
function fakeEngines() {
  const started: string[] = [];
  const pending = new Map<string, (analysis: Analysis) => void>();
  const engines: FakeEngine[] = [];
  class FakeEngine implements PooledEngine {
    status: EngineStatus = { state: 'idle', error: null };
    terminated = false;
    init(): Promise<void> {
      this.status = { state: 'idle', error: null };
      return Promise.resolve();
    }
    analyse(fen: string, _options: AnalyseOptions): Promise<Analysis> {
      started.push(fen);
      return new Promise((resolve) => {
        pending.set(fen, resolve);
      });
    }
    bestMove(): Promise<EngineMove> {
      return Promise.reject(new Error('not used'));
    }
    terminate(): void {
      this.terminated = true;
      this.status = { state: 'failed', error: 'terminated' };
    }
  }
  return {
    started,
    engines,
    createEngine: () => {
      const engine = new FakeEngine();
      engines.push(engine);
      return engine;
    },
    /** Answers the search of `fen` and lets the pool start the next one. */
    finish: async (fen: string) => {
      const resolve = pending.get(fen);
      if (!resolve) throw new Error(`no search of ${fen} is running`);
      pending.delete(fen);
      resolve({ fen, depth: 1, lines: [], bestMove: '', nodes: 0, nps: 0, timeMs: 0 });
      await new Promise((done) => setTimeout(done, 0));
    },
  };
}

describe("EnginePool's wait list", () => {
  it('starts waiting searches oldest first, across callers, one per engine', async () => {
    const fake = fakeEngines();
    const pool = makePool({ size: 2, createEngine: fake.createEngine });
    const searches = ['a', 'b', 'c', 'd', 'e'].map((fen) => pool.analyse(fen, { depth: 1 }));
    expect(fake.started).toEqual(['a', 'b']);
    expect(pool.stats()).toMatchObject({ busy: 2, queued: 3 });
    await fake.finish('b');
    expect(fake.started).toEqual(['a', 'b', 'c']);
    await fake.finish('a');
    expect(fake.started).toEqual(['a', 'b', 'c', 'd']);
    expect(pool.stats()).toMatchObject({ busy: 2, queued: 1 });
    for (const fen of ['d', 'c', 'e']) await fake.finish(fen);
    expect(fake.started).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect((await Promise.all(searches)).map((analysis) => analysis.fen)).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(pool.stats()).toMatchObject({ busy: 0, queued: 0, searches: 5 });
  });

  it('lets one address hold all engines but one: a quiet address starts at once during a flood (issue 18)', async () => {
    const fake = fakeEngines();
    const pool = makePool({ size: 2, createEngine: fake.createEngine });
    const flood = Array.from({ length: 8 }, (_, i) => pool.analyse(`x${i}`, { depth: 1 }, { key: '10.0.0.1' }));
    expect(fake.started).toEqual(['x0']);
    const quiet = pool.analyse('q0', { depth: 1 }, { key: '10.0.0.2' });
    expect(fake.started).toEqual(['x0', 'q0']);
    await fake.finish('q0');
    await expect(quiet).resolves.toMatchObject({ fen: 'q0' });
    // The freed engine stays free for others: the flooding address still runs one search at a time.
    expect(fake.started).toEqual(['x0', 'q0']);
    for (let i = 0; i < 8; i++) await fake.finish(`x${i}`);
    await expect(Promise.all(flood)).resolves.toHaveLength(8);
  });

  it('serves waiting searches round robin by address, oldest first within one', async () => {
    const fake = fakeEngines();
    const pool = makePool({ size: 3, createEngine: fake.createEngine });
    const searches = [
      ...['a1', 'a2', 'a3', 'a4', 'a5'].map((fen) => pool.analyse(fen, { depth: 1 }, { key: 'A' })),
      ...['b1', 'b2'].map((fen) => pool.analyse(fen, { depth: 1 }, { key: 'B' })),
      pool.analyse('c1', { depth: 1 }, { key: 'C' }),
    ];
    // A may hold 2 of the 3 engines; B takes the third.
    expect(fake.started).toEqual(['a1', 'a2', 'b1']);
    await fake.finish('b1');
    expect(fake.started.at(-1)).toBe('c1'); // never served yet: before B's second
    await fake.finish('a1');
    expect(fake.started.at(-1)).toBe('a3'); // A's turn again (A, B, C, A, ...)
    await fake.finish('c1');
    expect(fake.started.at(-1)).toBe('b2'); // A holds its 2 engines: B's turn
    for (const fen of ['a2', 'b2', 'a3', 'a4', 'a5']) await fake.finish(fen);
    expect(fake.started).toEqual(['a1', 'a2', 'b1', 'c1', 'a3', 'b2', 'a4', 'a5']);
    await expect(Promise.all(searches)).resolves.toHaveLength(8);
    expect(pool.stats()).toMatchObject({ busy: 0, queued: 0, searches: 8 });
  });

  it('drops a waiting search at once when its signal aborts, and never runs it', async () => {
    const fake = fakeEngines();
    const pool = makePool({ size: 1, createEngine: fake.createEngine });
    const running = pool.analyse('a', { depth: 1 });
    const controller = new AbortController();
    const dropped = pool.analyse('b', { depth: 1 }, { signal: controller.signal });
    const next = pool.analyse('c', { depth: 1 });
    expect(pool.stats().queued).toBe(2);
    controller.abort();
    expect(pool.stats().queued).toBe(1); // at once, not when the engine frees up
    await expect(dropped).rejects.toBeInstanceOf(EngineCancelledError);
    await fake.finish('a');
    await fake.finish('c');
    await expect(Promise.all([running, next])).resolves.toHaveLength(2);
    expect(fake.started).toEqual(['a', 'c']);
  });

  it('refuses a search whose signal already aborted, even with an engine free', async () => {
    const fake = fakeEngines();
    const pool = makePool({ size: 1, createEngine: fake.createEngine });
    const controller = new AbortController();
    controller.abort();
    await expect(pool.analyse('a', { depth: 1 }, { signal: controller.signal })).rejects.toBeInstanceOf(
      EngineCancelledError,
    );
    expect(fake.started).toEqual([]);
  });

  it('lets a running search finish when its caller gives up', async () => {
    const fake = fakeEngines();
    const pool = makePool({ size: 1, createEngine: fake.createEngine });
    const controller = new AbortController();
    const running = pool.analyse('a', { depth: 1 }, { signal: controller.signal });
    controller.abort();
    await fake.finish('a');
    await expect(running).resolves.toMatchObject({ fen: 'a' });
    expect(pool.stats()).toMatchObject({ busy: 0, searches: 1 });
  });

  it('refuses one search more than the limit with a wait from the searches waiting', async () => {
    const fake = fakeEngines();
    const pool = makePool({ size: 1, queueLimit: 2, createEngine: fake.createEngine });
    const accepted = ['a', 'b', 'c'].map((fen) => pool.analyse(fen, { depth: 1 }));
    const refused = await pool.analyse('d', { depth: 1 }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(EngineBusyError);
    // No search timed yet, so 1 s each: the 2 waiting and this one, on 1 engine.
    expect((refused as EngineBusyError).retryAfterSeconds).toBe(3);
    expect(pool.stats()).toMatchObject({ busy: 1, queued: 2 });
    for (const fen of ['a', 'b', 'c']) await fake.finish(fen);
    await expect(Promise.all(accepted)).resolves.toHaveLength(3);
    expect(fake.started).toEqual(['a', 'b', 'c']);
  });

  it('with a queue limit of 0, runs on a free engine and refuses when none is free', async () => {
    const fake = fakeEngines();
    const pool = makePool({ size: 1, queueLimit: 0, createEngine: fake.createEngine });
    const running = pool.analyse('a', { depth: 1 });
    await expect(pool.analyse('b', { depth: 1 })).rejects.toBeInstanceOf(EngineBusyError);
    await fake.finish('a');
    await expect(running).resolves.toMatchObject({ fen: 'a' });
  });

  it('close refuses waiting and later searches and terminates every engine', async () => {
    const fake = fakeEngines();
    const pool = makePool({ size: 2, createEngine: fake.createEngine });
    void pool.analyse('a', { depth: 1 }).catch(() => undefined);
    void pool.analyse('b', { depth: 1 }).catch(() => undefined);
    const waiting = pool.analyse('c', { depth: 1 });
    await pool.close();
    await expect(waiting).rejects.toBeInstanceOf(EngineCancelledError);
    await expect(waiting).rejects.toThrow('Engine pool closed');
    await expect(pool.analyse('d', { depth: 1 })).rejects.toThrow('Engine pool closed');
    expect(pool.stats().queued).toBe(0);
    expect(fake.engines.map((engine) => engine.terminated)).toEqual([true, true]);
    expect(fake.started).toEqual(['a', 'b']);
  });
});

describe('enginePoolOptionsFromEnv', () => {
  it.each([
    [{}, {}],
    [{ ENGINE_POOL_SIZE: '2' }, { size: 2 }],
    [{ ENGINE_QUEUE_LIMIT: '0' }, { queueLimit: 0 }],
    [{ ENGINE_POOL_SIZE: '4', ENGINE_QUEUE_LIMIT: '100' }, { size: 4, queueLimit: 100 }],
    [{ ENGINE_POOL_SIZE: ' ' }, {}],
  ])('%j gives %j', (env, expected) => {
    expect(enginePoolOptionsFromEnv(env)).toEqual(expected);
  });

  it.each([
    [{ ENGINE_POOL_SIZE: '0' }, 'ENGINE_POOL_SIZE must be a whole number from 1 to 4, not "0".'],
    [{ ENGINE_POOL_SIZE: '5' }, 'ENGINE_POOL_SIZE must be a whole number from 1 to 4, not "5".'],
    [{ ENGINE_POOL_SIZE: 'two' }, 'ENGINE_POOL_SIZE must be a whole number from 1 to 4, not "two".'],
    [{ ENGINE_QUEUE_LIMIT: '-1' }, 'ENGINE_QUEUE_LIMIT must be a whole number from 0 to 10000, not "-1".'],
  ])('%j is refused', (env, message) => {
    expect(() => enginePoolOptionsFromEnv(env)).toThrow(message);
  });

  it('defaults to the number of CPUs (1 to 4) and a queue of 32', () => {
    const pool = new EnginePool({ createEngine: () => createNodeEngine() });
    expect(pool.size).toBeGreaterThanOrEqual(1);
    expect(pool.size).toBeLessThanOrEqual(4);
    expect(pool.queueLimit).toBe(DEFAULT_QUEUE_LIMIT);
    void pool.close();
  });
});
