/**
 * The engine pool on real Stockfish 19 lite child processes (pool sizes 1 and 2, shallow depths).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createNodeEngine } from '../../worker/node-engine.node.js';
import type { EngineCore } from '../../worker/engine-core';
import {
  DEFAULT_QUEUE_LIMIT,
  ENGINE_BUSY_MESSAGE,
  EngineBusyError,
  EngineCancelledError,
  EnginePool,
  enginePoolOptionsFromEnv,
  EngineTimeoutError,
  type EnginePoolOptions,
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
