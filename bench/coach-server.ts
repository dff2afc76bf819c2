/**
 * `npx tsx bench/coach-server.ts`: throughput and latency of POST /api/ai/analyze-position at
 * depth 12 with 4 concurrent clients over real HTTP, against the coaching routes on the real
 * engine pool (ENGINE_POOL_SIZE, default the number of CPUs up to 4). Two passes over the same
 * positions: cold (every position searched) and warm (every answer from the evaluation cache).
 * Numbers, not pass/fail.
 */
import { availableParallelism, loadavg } from 'node:os';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { parseFen, playMove, seededRandom, START_FEN } from '../domain';
import { engineAnalysisResultSchema } from '../schema';
import { EnginePool, enginePoolOptionsFromEnv } from '../sync-server/coach/engine-pool';
import { MemoryEvalCache } from '../sync-server/coach/eval-cache';
import { coachRoutes } from '../sync-server/coach/routes';
import { registerErrorHandler } from '../sync-server/core/plugins/errors';
import { registerZodSchemas } from '../sync-server/core/plugins/zod';

const CLIENTS = 4;
const DEPTH = 12;
const POSITIONS = Number(process.env.BENCH_POSITIONS ?? 40);

/** Distinct positions from seeded random games, 6 to 30 plies in (openings to early middlegames). */
function benchPositions(count: number): string[] {
  const random = seededRandom(2024);
  const fens = new Set<string>();
  while (fens.size < count) {
    const game = parseFen(START_FEN);
    if (!game.ok) throw new Error(game.error.message);
    const plies = 6 + Math.floor(random() * 25);
    for (let i = 0; i < plies; i++) {
      const moves = game.value.moves();
      if (moves.length === 0) break;
      playMove(game.value, moves[Math.floor(random() * moves.length)]!);
    }
    if (game.value.moves().length > 0) fens.add(game.value.fen());
  }
  return [...fens];
}

interface PassResult {
  wallMs: number;
  latencies: number[];
  statuses: Map<number, number>;
}

async function runPass(url: string, fens: readonly string[]): Promise<PassResult> {
  const latencies: number[] = [];
  const statuses = new Map<number, number>();
  let next = 0;
  const started = performance.now();
  const client = async () => {
    while (next < fens.length) {
      const fen = fens[next++]!;
      const sent = performance.now();
      const response = await fetch(`${url}/api/ai/analyze-position`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ fen, depth: DEPTH, includeExplanation: false }),
      });
      const body: unknown = await response.json();
      latencies.push(performance.now() - sent);
      statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
      if (response.ok) engineAnalysisResultSchema.parse(body);
    }
  };
  await Promise.all(Array.from({ length: CLIENTS }, client));
  return { wallMs: performance.now() - started, latencies, statuses };
}

function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

function report(name: string, result: PassResult): void {
  const { wallMs, latencies, statuses } = result;
  const ms = (value: number) => `${value.toFixed(0)} ms`;
  const codes = [...statuses].map(([code, count]) => `${count}×${code}`).join(', ');
  console.log(
    `${name.padEnd(5)} ${latencies.length} requests in ${(wallMs / 1000).toFixed(2)} s: ` +
      `${((latencies.length * 1000) / wallMs).toFixed(1)} req/s; latency p50 ${ms(percentile(latencies, 50))}, ` +
      `p95 ${ms(percentile(latencies, 95))}, max ${ms(Math.max(...latencies))}; ${codes}`,
  );
}

async function main(): Promise<void> {
  const pool = new EnginePool(enginePoolOptionsFromEnv(process.env));
  const cache = new MemoryEvalCache();
  const app = Fastify();
  registerErrorHandler(app);
  registerZodSchemas(app);
  await app.register(coachRoutes, { pool, cache });
  const bootStarted = performance.now();
  await pool.start();
  const bootMs = performance.now() - bootStarted;
  await app.listen({ host: '127.0.0.1', port: 0 });
  const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  try {
    const fens = benchPositions(POSITIONS);
    console.log(
      `analyze-position, depth ${DEPTH}, ${CLIENTS} concurrent clients, ${fens.length} distinct positions; ` +
        `pool of ${pool.size} engines (booted in ${bootMs.toFixed(0)} ms), queue limit ${pool.queueLimit}; ` +
        `${availableParallelism()} CPUs, load average ${loadavg()[0]!.toFixed(2)}`,
    );
    report('cold', await runPass(url, fens));
    console.log(`      ${pool.stats().searches} searches, the last 20 took ${pool.stats().meanSearchMs.toFixed(0)} ms each on average`);
    report('warm', await runPass(url, fens));
    console.log(`      ${pool.stats().searches} searches in all (the warm pass is served by the cache)`);
  } finally {
    await app.close();
  }
}

await main();
