/**
 * Engine evaluations remembered by (position, depth, engine build), so that the same position
 * asked for twice (a class on the same opening, a page reload) costs one search. Two stores: an
 * in-memory LRU (one server, no database) and the `engine_evals` table through Kysely.
 *
 * Only single-line searches (MultiPV 1) that reached the depth asked for are stored: one row holds
 * one line, and a search cut short by its time limit is not the evaluation at that depth.
 */
import type { Kysely } from 'kysely';
import type { Database, EngineEvalsTable } from '../core/db/types';
import { parseFen, type AnalysisLike, type EnginePort } from '../../domain';

export interface CachedEval {
  scoreCp: number | null;
  mate: number | null;
  /** UCI; empty when the side to move has no legal move. */
  bestmove: string;
  /** The principal variation in UCI. */
  pv: string[];
}

export interface EvalCache {
  get(fen: string, depth: number, engine: string): Promise<CachedEval | undefined>;
  put(fen: string, depth: number, engine: string, value: CachedEval): Promise<void>;
}

/**
 * The key of a position: the FEN as chess.js writes it (so an en-passant square no pawn can use
 * does not make a second entry) without its move number, which never changes an evaluation (the
 * half-move clock does, near the fifty-move rule, so it stays).
 */
export function evalCacheFen(fen: string): string {
  const parsed = parseFen(fen.trim());
  const normal = parsed.ok ? parsed.value.fen() : fen.trim();
  return normal.split(/\s+/).slice(0, 5).join(' ');
}

export const DEFAULT_MEMORY_CACHE_ENTRIES = 10_000;

/** Least recently used entries go first once `maxEntries` is reached (a Map keeps insertion order). */
export class MemoryEvalCache implements EvalCache {
  private readonly entries = new Map<string, CachedEval>();

  constructor(readonly maxEntries: number = DEFAULT_MEMORY_CACHE_ENTRIES) {}

  get size(): number {
    return this.entries.size;
  }

  async get(fen: string, depth: number, engine: string): Promise<CachedEval | undefined> {
    const key = memoryKey(fen, depth, engine);
    const value = this.entries.get(key);
    if (value === undefined) return undefined;
    this.entries.delete(key);
    this.entries.set(key, value);
    return value;
  }

  async put(fen: string, depth: number, engine: string, value: CachedEval): Promise<void> {
    if (this.maxEntries <= 0) return;
    const key = memoryKey(fen, depth, engine);
    this.entries.delete(key);
    this.entries.set(key, value);
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value as string;
      this.entries.delete(oldest);
    }
  }
}

function memoryKey(fen: string, depth: number, engine: string): string {
  return `${engine}|${depth}|${fen}`;
}

/** The `engine_evals` table as the one list of tables declares it (core/db/types.ts; issue 27: written once). */
export type { EngineEvalsTable };
export type EvalCacheDatabase = Pick<Database, 'engineEvals'>;

/** Rows in `engine_evals`; concurrent writers of one key keep the first row. */
export class KyselyEvalCache implements EvalCache {
  constructor(private readonly db: Kysely<EvalCacheDatabase>) {}

  async get(fen: string, depth: number, engine: string): Promise<CachedEval | undefined> {
    const row = await this.db
      .selectFrom('engineEvals')
      .select(['scoreCp', 'mate', 'bestmove', 'pv'])
      .where('fen', '=', fen)
      .where('depth', '=', depth)
      .where('engine', '=', engine)
      .executeTakeFirst();
    if (!row) return undefined;
    return { scoreCp: row.scoreCp, mate: row.mate, bestmove: row.bestmove ?? '', pv: row.pv ? row.pv.split(' ') : [] };
  }

  async put(fen: string, depth: number, engine: string, value: CachedEval): Promise<void> {
    await this.db
      .insertInto('engineEvals')
      .values({
        fen,
        depth,
        engine,
        scoreCp: value.scoreCp,
        mate: value.mate,
        bestmove: value.bestmove,
        pv: value.pv.join(' '),
      })
      .onConflict((conflict) => conflict.columns(['fen', 'depth', 'engine']).doNothing())
      .execute();
  }
}

export interface CachedEngineOptions {
  engine: string;
  /** A cache that fails is skipped (the search runs), and the failure reported here. */
  onCacheError?: (error: unknown) => void;
}

/**
 * An EnginePort that answers single-line searches from the cache when it can and stores what it
 * searched. Multi-line searches (classification's alternatives) always go to the engine.
 */
export function cachedEngine(engine: EnginePort, cache: EvalCache, options: CachedEngineOptions): EnginePort {
  const report = options.onCacheError ?? (() => undefined);
  return {
    async analyse(fen, searchOptions) {
      if ((searchOptions.multiPv ?? 1) > 1) return engine.analyse(fen, searchOptions);
      const key = evalCacheFen(fen);
      const depth = searchOptions.depth;
      const hit = await cache.get(key, depth, options.engine).catch((e: unknown) => {
        report(e);
        return undefined;
      });
      if (hit) return fromCached(fen, depth, hit);
      const analysis = await engine.analyse(fen, searchOptions);
      const line = analysis.lines[0];
      // A search stopped by its time limit before the depth asked for is not that depth's answer.
      if (line && analysis.depth >= depth) {
        const value: CachedEval = { scoreCp: line.scoreCp, mate: line.mate, bestmove: analysis.bestMove, pv: line.pv };
        await cache.put(key, depth, options.engine, value).catch(report);
      }
      return analysis;
    },
  };
}

function fromCached(fen: string, depth: number, hit: CachedEval): AnalysisLike {
  return {
    fen,
    depth,
    bestMove: hit.bestmove,
    lines: [{ multipv: 1, depth, scoreCp: hit.scoreCp, mate: hit.mate, pv: hit.pv }],
  };
}
