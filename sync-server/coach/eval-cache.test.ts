/**
 * The evaluation caches: the LRU in memory, the engine_evals table through Kysely (SQLite in
 * memory always; PostgreSQL when TEST_DATABASE_URL or the local test database answers), and the
 * caching EnginePort in front of an engine.
 */
import SQLite from 'better-sqlite3';
import { CamelCasePlugin, Kysely, PostgresDialect, sql, SqliteDialect } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnalysisLike, EnginePort } from '../../domain/coach';
import { dropPostgresSchema, openDatabase } from '../core/db/connect';
import {
  cachedEngine,
  evalCacheFen,
  KyselyEvalCache,
  MemoryEvalCache,
  type CachedEval,
  type EvalCache,
  type EvalCacheDatabase,
} from './eval-cache';

const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
const E4 = 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1';
const EVAL: CachedEval = { scoreCp: 35, mate: null, bestmove: 'e2e4', pv: ['e2e4', 'e7e5', 'g1f3'] };
const MATED: CachedEval = { scoreCp: null, mate: -2, bestmove: 'g8h8', pv: ['g8h8', 'd1d8'] };

describe('evalCacheFen', () => {
  it.each([
    [START, 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0'],
    ['8/8/8/8/8/2k5/8/1K6 w - - 12 60', '8/8/8/8/8/2k5/8/1K6 w - - 12'],
    ['  8/8/8/8/8/2k5/8/1K6   b - -  3 9 ', '8/8/8/8/8/2k5/8/1K6 b - - 3'],
    // 1.e4: no black pawn can take en passant, so e3 is dropped.
    ['rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1', 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0'],
  ])('%s is keyed as %s', (fen, key) => {
    expect(evalCacheFen(fen)).toBe(key);
  });
});

describe('MemoryEvalCache', () => {
  it('answers what was put, by fen, depth and engine', async () => {
    const cache = new MemoryEvalCache();
    await cache.put(START, 12, 'sf', EVAL);
    expect(await cache.get(START, 12, 'sf')).toEqual(EVAL);
    expect(await cache.get(START, 13, 'sf')).toBeUndefined();
    expect(await cache.get(START, 12, 'other')).toBeUndefined();
    expect(await cache.get(E4, 12, 'sf')).toBeUndefined();
  });

  it('evicts the least recently used entry', async () => {
    const cache = new MemoryEvalCache(2);
    await cache.put('a', 1, 'sf', EVAL);
    await cache.put('b', 1, 'sf', EVAL);
    await cache.get('a', 1, 'sf'); // a is now the most recent
    await cache.put('c', 1, 'sf', EVAL);
    expect(cache.size).toBe(2);
    expect(await cache.get('b', 1, 'sf')).toBeUndefined();
    expect(await cache.get('a', 1, 'sf')).toEqual(EVAL);
    expect(await cache.get('c', 1, 'sf')).toEqual(EVAL);
  });

  it('stores nothing with a size of 0', async () => {
    const cache = new MemoryEvalCache(0);
    await cache.put('a', 1, 'sf', EVAL);
    expect(await cache.get('a', 1, 'sf')).toBeUndefined();
  });
});

/** The table as the accounts migration creates it (columns of the brief). */
async function createTable(db: Kysely<EvalCacheDatabase>, createdAtType: string): Promise<void> {
  await sql`create table engine_evals (
    fen text not null, depth integer not null, engine text not null,
    score_cp integer, mate integer, bestmove text not null, pv text not null,
    created_at ${sql.raw(createdAtType)} not null default CURRENT_TIMESTAMP,
    primary key (fen, depth, engine))`.execute(db);
}

function describeKyselyCache(name: string, open: () => Promise<Kysely<EvalCacheDatabase> | null>) {
  describe(`KyselyEvalCache on ${name}`, () => {
    let db: Kysely<EvalCacheDatabase> | null = null;
    let cache: EvalCache;
    beforeAll(async () => {
      db = await open();
      if (db) cache = new KyselyEvalCache(db);
    });
    afterAll(async () => {
      await db?.destroy();
    });

    it('round-trips centipawn and mate scores, and an empty variation', async ({ skip }) => {
      if (!db) return skip('no database');
      await cache.put(START, 12, 'sf', EVAL);
      await cache.put(E4, 12, 'sf', MATED);
      await cache.put(E4, 3, 'sf', { scoreCp: 0, mate: null, bestmove: '', pv: [] });
      expect(await cache.get(START, 12, 'sf')).toEqual(EVAL);
      expect(await cache.get(E4, 12, 'sf')).toEqual(MATED);
      expect(await cache.get(E4, 3, 'sf')).toEqual({ scoreCp: 0, mate: null, bestmove: '', pv: [] });
      expect(await cache.get(START, 12, 'other')).toBeUndefined();
    });

    it('keeps the first row when a key is written twice', async ({ skip }) => {
      if (!db) return skip('no database');
      await cache.put(START, 20, 'sf', EVAL);
      await cache.put(START, 20, 'sf', MATED);
      expect(await cache.get(START, 20, 'sf')).toEqual(EVAL);
      const rows = await db.selectFrom('engineEvals').select(['createdAt']).where('depth', '=', 20).execute();
      expect(rows).toHaveLength(1);
      expect(rows[0]!.createdAt).toBeTruthy();
    });
  });
}

describeKyselyCache('SQLite', async () => {
  const db = new Kysely<EvalCacheDatabase>({
    dialect: new SqliteDialect({ database: new SQLite(':memory:') }),
    plugins: [new CamelCasePlugin()],
  });
  await createTable(db, 'text');
  return db;
});

const PG_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const PG_SCHEMA = `coach_eval_cache_test_${process.pid}`;
describeKyselyCache('PostgreSQL', async () => {
  if (!(await postgresAnswers())) return null;
  const pool = new pg.Pool({ connectionString: PG_URL, max: 2, options: `-c search_path=${PG_SCHEMA}` });
  const db = new Kysely<EvalCacheDatabase>({ dialect: new PostgresDialect({ pool }), plugins: [new CamelCasePlugin()] });
  await sql`create schema if not exists ${sql.id(PG_SCHEMA)}`.execute(db);
  await createTable(db, 'timestamptz');
  const destroy = db.destroy.bind(db);
  // Leave nothing behind in the shared database.
  db.destroy = async () => {
    await destroy();
    await dropPostgresSchema(PG_URL, PG_SCHEMA);
  };
  return db;
});

describeKyselyCache('SQLite with the accounts migration', async () => {
  const { db } = await openDatabase({ sqliteFile: ':memory:' });
  return db;
});

describeKyselyCache('PostgreSQL with the accounts migration', async () => {
  if (!(await postgresAnswers())) return null;
  const schema = `${PG_SCHEMA}_migrated`;
  const { db } = await openDatabase({ databaseUrl: PG_URL, pgSchema: schema });
  const destroy = db.destroy.bind(db);
  db.destroy = async () => {
    await destroy();
    await dropPostgresSchema(PG_URL, schema);
  };
  return db;
});

async function postgresAnswers(): Promise<boolean> {
  const probe = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 2000 });
  try {
    await probe.connect();
    return true;
  } catch {
    console.warn(`PostgreSQL at ${PG_URL} did not answer: its cache test is skipped`);
    return false;
  } finally {
    await probe.end().catch(() => undefined);
  }
}

/** Counts the searches that reach the engine behind the cache. */
function recordingEngine(analysis: (fen: string, depth: number) => AnalysisLike): EnginePort & { calls: string[] } {
  const calls: string[] = [];
  return {
    calls,
    async analyse(fen, options) {
      calls.push(`${fen}@${options.depth}x${options.multiPv ?? 1}`);
      return analysis(fen, options.depth);
    },
  };
}

const line = (depth: number) => ({ multipv: 1, depth, scoreCp: 35, mate: null, pv: ['e2e4', 'e7e5'] });

describe('cachedEngine', () => {
  it('searches once per position and depth, whatever the move number', async () => {
    const engine = recordingEngine((fen, depth) => ({ fen, depth, bestMove: 'e2e4', lines: [line(depth)] }));
    const port = cachedEngine(engine, new MemoryEvalCache(), { engine: 'sf' });
    const first = await port.analyse(START, { depth: 10 });
    const again = await port.analyse(START.replace(/ 1$/, ' 7'), { depth: 10 });
    expect(engine.calls).toEqual([`${START}@10x1`]);
    expect(again).toEqual({ ...first, fen: START.replace(/ 1$/, ' 7') });
    await port.analyse(START, { depth: 11 });
    expect(engine.calls).toHaveLength(2);
  });

  it('sends multi-line searches to the engine every time', async () => {
    const engine = recordingEngine((fen, depth) => ({ fen, depth, bestMove: 'e2e4', lines: [line(depth)] }));
    const port = cachedEngine(engine, new MemoryEvalCache(), { engine: 'sf' });
    await port.analyse(START, { depth: 10, multiPv: 3 });
    await port.analyse(START, { depth: 10, multiPv: 3 });
    expect(engine.calls).toHaveLength(2);
  });

  it('does not store a search stopped before its depth', async () => {
    const engine = recordingEngine((fen) => ({ fen, depth: 7, bestMove: 'e2e4', lines: [line(7)] }));
    const cache = new MemoryEvalCache();
    const port = cachedEngine(engine, cache, { engine: 'sf' });
    await port.analyse(START, { depth: 10, movetimeMs: 50 });
    expect(cache.size).toBe(0);
  });

  it('searches anyway when the cache fails, and reports the failure', async () => {
    const engine = recordingEngine((fen, depth) => ({ fen, depth, bestMove: 'e2e4', lines: [line(depth)] }));
    const broken: EvalCache = {
      get: () => Promise.reject(new Error('database down')),
      put: () => Promise.reject(new Error('database down')),
    };
    const errors: unknown[] = [];
    const port = cachedEngine(engine, broken, { engine: 'sf', onCacheError: (e) => errors.push(e) });
    const analysis = await port.analyse(START, { depth: 10 });
    expect(analysis.bestMove).toBe('e2e4');
    expect(errors).toHaveLength(2);
  });
});
