/**
 * bench/learning: the learning half of the server on a fresh SQLite file. Prints the time to load
 * and validate content/ and to seed it (first start and an idempotent restart), then the p50/p99
 * latency of the learning calls for a user with GAMES saved and reviewed games (in-process, via
 * Fastify's inject, so it measures the server's own work).
 *
 *   npx tsx bench/learning.ts [--games 200] [--calls 50]
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { buildApp } from '../sync-server/app';
import { openDatabase } from '../sync-server/core/db/connect';
import { loadContent } from '../sync-server/learning/content';
import { seedContent } from '../sync-server/learning/seed';

const { values } = parseArgs({ options: { games: { type: 'string', default: '200' }, calls: { type: 'string', default: '50' } } });
const GAMES = Number(values.games);
const CALLS = Number(values.calls);

const ms = (start: bigint) => Number(process.hrtime.bigint() - start) / 1e6;
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

const dir = await mkdtemp(join(tmpdir(), 'bench-learning-'));
const database = await openDatabase({ dataDir: dir });
try {
  let t = process.hrtime.bigint();
  const content = loadContent();
  console.log(`load and validate content/: ${ms(t).toFixed(1)} ms (${content.lessons.length} lessons, ${content.tips.length} tips, ${content.puzzles.length} puzzles)`);
  t = process.hrtime.bigint();
  await seedContent(database.db, content);
  console.log(`seed, first start: ${ms(t).toFixed(1)} ms`);
  t = process.hrtime.bigint();
  await seedContent(database.db, content);
  console.log(`seed, restart (nothing new): ${ms(t).toFixed(1)} ms`);

  const app = buildApp({ database, staticDir: null, enginePool: false, mailer: { send: async () => undefined } });
  const register = await app.inject({ method: 'POST', url: '/api/auth/register', payload: { username: 'bencher', email: 'bench@example.com', password: 'secret-pass' } });
  const cookie = `sid=${register.cookies.find((c) => c.name === 'sid')?.value}`;
  const phase = { accuracy: 75, moves: 10, blunders: 1, timeSpent: null };
  const analysis = { movesAnalyzed: 30, averageAccuracy: 74, blunders: 2, mistakes: 2, inaccuracies: 3, bestMovePercentage: 40, missedTactics: ['fork', 'pin'], phases: { opening: phase, middlegame: phase, endgame: phase }, turningPoint: 20 };
  let id = 0;
  for (let done = 0; done < GAMES; done += 25) {
    const ids = Array.from({ length: Math.min(25, GAMES - done) }, () => randomUUID());
    const mutations = ids.flatMap((gameId) => [
      { id: ++id, name: 'saveGame', args: { gameId, game: { opponent: 'Computer', result: id % 3 ? 'win' : 'loss', moves: ['e4', 'e5', 'Bc4', 'Nc6', 'Qh5', 'Nf6', 'Qxf7#'], gameMode: 'pvc', difficulty: 'beginner', playerColor: 'white', gameDurationSeconds: 300 }, finishedAt: new Date(Date.now() - id * 3_600_000).toISOString() } },
      { id: ++id, name: 'saveGameAnalysis', args: { gameId, analysis } },
    ]);
    t = process.hrtime.bigint();
    const response = await app.inject({ method: 'POST', url: '/api/sync/push', headers: { cookie }, payload: { clientId: '7b3f0c4e-1111-4222-8333-944455556666', mutations } });
    if (response.statusCode !== 200) throw new Error(response.body);
    if (done === 0) console.log(`push of 25 games with their analyses: ${ms(t).toFixed(1)} ms`);
  }
  console.log(`\n${GAMES} games saved and reviewed; ${CALLS} calls each:`);
  for (const url of ['/api/lessons', '/api/learning/profile', '/api/tips', '/api/tips/today', '/api/tips/stats', '/api/progress', '/api/onboarding/puzzles']) {
    const times: number[] = [];
    for (let i = 0; i < CALLS; i += 1) {
      t = process.hrtime.bigint();
      const response = await app.inject({ url, headers: { cookie } });
      times.push(ms(t));
      if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
    }
    times.sort((a, b) => a - b);
    console.log(`  GET ${url.padEnd(26)} p50 ${percentile(times, 50).toFixed(1).padStart(6)} ms   p99 ${percentile(times, 99).toFixed(1).padStart(6)} ms`);
  }
  await app.close();
} finally {
  await database.close();
  await rm(dir, { recursive: true, force: true });
}
