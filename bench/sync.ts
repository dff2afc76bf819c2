/**
 * bench/sync: the sync server under load. Starts the real server (buildApp, listening on a free
 * port, in a child process of its own so that the simulated clients do not share its event
 * loop) on a fresh SQLite file in a temporary folder, registers one account per client, then
 * runs CLIENTS concurrent simulated clients, each pushing batches of BATCH saveGame mutations
 * back to back for SECONDS, over keep-alive HTTP. Prints mutations per second and the p50/p99
 * latency of a push. Every push is checked: all mutations 'applied', and at the end the games
 * table holds exactly one row per mutation.
 *
 *   npx tsx bench/sync.ts [--clients 50] [--batch 10] [--seconds 10] [--plies 7]
 *                         [--durability group|full|none] [--replay-threads N] [--route push|save]
 *
 * --route save: each client posts one game per request to POST /api/games/save (the online
 * route, the issue's "50 clients posting real games") instead of batches to /api/sync/push;
 * --durability: how SQLite commits reach the disk (sync-server/core/db/connect.ts): group (the
 * server's setting: one fsync of the WAL, off the event loop, shared by the answers waiting for
 * it), full (synchronous=FULL: every commit fsynced on the event loop), none (no fsync before
 * answering; not durable, for comparison);
 * --replay-threads: worker threads replaying games (default one per core; 0 = on the event loop).
 * The machine's load average is printed with the figures: the CPU is shared, so prefer the
 * server's CPU time per mutation (all its threads) to the wall-clock throughput.
 *
 * --plies sets the length of each game (the server replays every game with chess.js to write its
 * PGN, final position and opening, which is most of the cost per mutation): 7 is a Scholar's
 * mate; 80 is a typical 40-move game.
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { Agent, request } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { Chess } from 'chess.js';
import { sql } from 'kysely';
import { SYNC_PROTOCOL } from '../schema';
import { buildApp } from '../sync-server/app';
import { openDatabase, type SqliteDurability } from '../sync-server/core/db/connect';

const { values } = parseArgs({
  options: {
    clients: { type: 'string', default: '50' },
    batch: { type: 'string', default: '10' },
    seconds: { type: 'string', default: '10' },
    plies: { type: 'string', default: '7' },
    serve: { type: 'string' },
    durability: { type: 'string', default: 'group' },
    route: { type: 'string', default: 'push' },
    'replay-threads': { type: 'string' },
  },
});

if (values.serve !== undefined) {
  // Child mode: the server alone, on the given data folder; prints its port.
  const database = await openDatabase({ dataDir: values.serve, sqliteDurability: values.durability as SqliteDurability });
  const threads = values['replay-threads'];
  const app = buildApp({ staticDir: null, database, logger: false, enginePool: false, pruneIntervalMs: false, ...(threads !== undefined ? { replayThreads: Number(threads) } : {}) });
  await app.listen({ port: 0, host: '127.0.0.1' });
  console.log(`PORT ${(app.server.address() as { port: number }).port}`);
  // The parent asks for the CPU time used so far (SIGUSR2) at the start and end of the timed run.
  process.on('SIGUSR2', () => {
    const { user, system } = process.cpuUsage();
    console.log(`CPU ${user + system}`);
  });
  process.once('SIGTERM', () => void app.close().then(() => database.close()).then(() => process.exit(0)));
  await new Promise(() => undefined);
}

const CLIENTS = Number(values.clients);
const BATCH = Number(values.batch);
const SECONDS = Number(values.seconds);
const PLIES = Number(values.plies);
const ROUTE = values.route === 'save' ? 'save' : 'push';
if (ROUTE === 'save' && BATCH !== 1) throw new Error('--route save posts one game per request: use --batch 1');

/** A legal game of about `plies` half-moves: a fixed pseudo-random walk, the same every run. */
function sampleGame(plies: number): string[] {
  if (plies === 7) return ['e4', 'e5', 'Bc4', 'Nc6', 'Qh5', 'Nf6', 'Qxf7#'];
  const game = new Chess();
  let seed = 7;
  while (game.history().length < plies && !game.isGameOver()) {
    const moves = game.moves();
    seed = (seed * 1103515245 + 12345) % 2147483648;
    game.move(moves[seed % moves.length] as string);
  }
  return game.history();
}
const MOVES = sampleGame(PLIES);

const agent = new Agent({ keepAlive: true, maxSockets: CLIENTS * 2 });
let port = 0;

function call(method: string, path: string, body: unknown, cookie?: string): Promise<{ status: number; body: string; cookie?: string }> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        agent,
        headers: {
          ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}),
          ...(cookie ? { cookie } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const setCookie = res.headers['set-cookie']?.[0]?.split(';')[0];
          resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8'), cookie: setCookie });
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

const dir = await mkdtemp(join(tmpdir(), 'chess-bench-sync-'));
// BENCH_PROFILE_DIR=/tmp/x writes a V8 CPU profile of the server process there.
const profile = process.env.BENCH_PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE_DIR}`] : [];
if (!['group', 'full', 'none'].includes(values.durability as string)) throw new Error('--durability is group, full or none');
const serverArgs = ['--serve', dir, '--durability', values.durability as string, ...(values['replay-threads'] !== undefined ? ['--replay-threads', values['replay-threads']] : [])];
const server = spawn(process.execPath, [...profile, '--import', 'tsx', fileURLToPath(import.meta.url), ...serverArgs], { stdio: ['ignore', 'pipe', 'inherit'] });
const serverExited = new Promise((resolve) => server.once('exit', resolve));
let serverOutput = '';
server.stdout.on('data', (chunk: Buffer) => (serverOutput += chunk.toString()));
port = await new Promise<number>((resolve, reject) => {
  server.stdout.on('data', () => {
    const match = /PORT (\d+)/.exec(serverOutput);
    if (match) resolve(Number(match[1]));
  });
  server.once('exit', (code) => reject(new Error(`server exited with ${code}: ${serverOutput}`)));
});

/** The server process's CPU time so far, in microseconds. */
async function serverCpu(): Promise<number> {
  const seen = (serverOutput.match(/CPU \d+/g) ?? []).length;
  server.kill('SIGUSR2');
  for (;;) {
    const all = serverOutput.match(/CPU (\d+)/g) ?? [];
    if (all.length > seen) return Number((all.at(-1) as string).slice(4));
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

console.log(
  `bench/sync: ${CLIENTS} clients, ${ROUTE === 'save' ? 'one game per POST /api/games/save' : `batches of ${BATCH} saveGame mutations to /api/sync/push`} (${MOVES.length}-ply games), ${SECONDS} s, ` +
    `SQLite durability ${values.durability} in ${dir}, replay threads ${values['replay-threads'] ?? 'default'}`,
);

// One account per client (registration hashes a password with scrypt: done before timing).
const cookies: string[] = [];
for (let i = 0; i < CLIENTS; i += 10) {
  const group = await Promise.all(
    Array.from({ length: Math.min(10, CLIENTS - i) }, (_, j) =>
      call('POST', '/api/auth/register', { username: `bench${i + j}`, email: `bench${i + j}@example.com`, password: 'bench-password' }),
    ),
  );
  for (const response of group) {
    if (response.status !== 200 || !response.cookie) throw new Error(`register failed: ${response.status} ${response.body}`);
    cookies.push(response.cookie);
  }
}

const latencies: number[] = [];
let mutations = 0;
let failures = 0;

async function client(index: number, until: number): Promise<void> {
  const clientId = randomUUID();
  const cookie = cookies[index] as string;
  let nextId = 1;
  while (performance.now() < until) {
    const batch = Array.from({ length: BATCH }, () => ({
      id: nextId++,
      name: 'saveGame',
      args: {
        gameId: randomUUID(),
        game: { opponent: 'Computer', result: 'win', moves: MOVES, gameMode: 'pvc', difficulty: 'beginner', playerColor: 'white', gameDurationSeconds: 300 },
        finishedAt: new Date().toISOString(),
      },
    }));
    const started = performance.now();
    const response =
      ROUTE === 'save'
        ? await call('POST', '/api/games/save', { gameId: batch[0]?.args.gameId, ...batch[0]?.args.game }, cookie)
        : await call('POST', '/api/sync/push', { protocol: SYNC_PROTOCOL, clientId, mutations: batch }, cookie);
    latencies.push(performance.now() - started);
    const results =
      response.status !== 200
        ? []
        : ROUTE === 'save'
          ? [{ status: (JSON.parse(response.body) as { success?: boolean }).success === true ? 'applied' : 'failed' }]
          : (JSON.parse(response.body) as { results: { status: string }[] }).results;
    if (results.length !== BATCH || results.some((r) => r.status !== 'applied')) {
      failures += 1;
      if (failures <= 3) console.error(`push failed: ${response.status} ${response.body.slice(0, 300)}`);
    } else {
      mutations += BATCH;
    }
  }
}

// A short warm-up (JIT, statement cache), counted in the stored games but not in the figures.
await Promise.all(Array.from({ length: CLIENTS }, (_, i) => client(i, performance.now() + 1000)));
const warmUpMutations = mutations;
latencies.length = 0;
mutations = 0;

const cpuBefore = await serverCpu();
const loadBefore = loadavg()[0] as number;
const start = performance.now();
await Promise.all(Array.from({ length: CLIENTS }, (_, i) => client(i, start + SECONDS * 1000)));
const elapsed = (performance.now() - start) / 1000;
const serverCpuSeconds = ((await serverCpu()) - cpuBefore) / 1e6;

server.kill('SIGTERM');
await serverExited;
agent.destroy();
const database = await openDatabase({ dataDir: dir });
const stored = Number((await sql<{ n: number }>`select count(*) as n from games`.execute(database.db)).rows[0]?.n) - warmUpMutations;
await database.close();
latencies.sort((a, b) => a - b);
const percentile = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? NaN;

console.log(`pushes:          ${latencies.length} (${failures} failed)`);
console.log(`mutations:       ${mutations} applied, ${stored} games stored${stored === mutations ? ' (one per mutation)' : ' (MISMATCH)'}`);
console.log(`throughput:      ${Math.round(mutations / elapsed)} mutations/s (${Math.round(latencies.length / elapsed)} pushes/s)`);
console.log(`push latency:    p50 ${percentile(50).toFixed(1)} ms, p99 ${percentile(99).toFixed(1)} ms, max ${percentile(100).toFixed(1)} ms`);
// Independent of what else the machine runs: the server's own CPU time per mutation, and what
// one core given wholly to the server would sustain at that cost.
const cpuPerMutation = (serverCpuSeconds * 1000) / Math.max(1, mutations);
console.log(`server CPU:      ${serverCpuSeconds.toFixed(1)} s in ${elapsed.toFixed(1)} s (${((100 * serverCpuSeconds) / elapsed).toFixed(0)}% of a core), ${cpuPerMutation.toFixed(3)} ms per mutation`);
console.log(`one full core:   ~${Math.round(1000 / cpuPerMutation)} mutations/s at that cost`);
console.log(`load average:    ${loadBefore.toFixed(2)} before, ${(loadavg()[0] as number).toFixed(2)} after (1 min; the machine has 2 cores)`);

await rm(dir, { recursive: true, force: true });
if (failures > 0 || stored !== mutations) process.exitCode = 1;
