/**
 * bench/live: a result at the venue, from one device to the others (issue 22). Two parts:
 *
 *   1. In process (the app built as the server builds it, SQLite in a temporary folder), so the
 *      server's own counter can be read: requests and snapshot loads per result entered, for
 *      `--results` results pushed one by one as the app pushes them (a push of one enterResult,
 *      whose answer carries the tournament: the app sends no GET /snapshot and no pull after it).
 *   2. The real server as `npm start` runs it (`tsx sync-server/server.ts`, its own process), with
 *      `--followers` phones following one `--players`-player tournament, each pulling every
 *      `--interval` ms with its version as the app does while the tournament screen is open: the
 *      time from a result's push to each phone storing it (p50/p99 over all phones and
 *      results), and the server's CPU (its /proc utime + stime) per pull, unchanged and changed.
 *
 *   npx tsx bench/live.ts [--port 4204] [--players 300] [--followers 300] [--results 50] [--interval 2500]
 *
 * Phones share 30 accounts (registering is limited per address); the server does the same work
 * per pull whoever asks. The machine has 2 cores and the bench's own client runs on them too.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { SYNC_PROTOCOL } from '../schema';
import { openDatabase } from '../sync-server/core/db/connect';
import { grantRole } from '../sync-server/core/rbac/grants';
import { buildTestApp } from '../sync-server/testing/test-server';
import { largeEventTrf } from '../sync-server/tournaments/large-event';
import { snapshotLoads } from '../sync-server/tournaments/repository';
import { expectStatus, startServer, verifiedOrganiser, type Call } from './server-process';

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: '4204' },
    players: { type: 'string', default: '300' },
    followers: { type: 'string', default: '300' },
    results: { type: 'string', default: '50' },
    interval: { type: 'string', default: '2500' },
  },
});
const PORT = Number(values.port);
const PLAYERS = Number(values.players);
const FOLLOWERS = Number(values.followers);
const RESULTS = Number(values.results);
const INTERVAL = Number(values.interval);

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? NaN;

interface LiveItem {
  id: number;
  version: number;
  snapshot: { rounds: { roundNumber: number; pairings: { boardNumber: number; whitePlayerId: number; blackPlayerId: number | null; gameResult: string | null }[] }[] };
}

interface Event {
  id: number;
  roundNumber: number;
  boards: { boardNumber: number; whiteUserId: number; blackUserId: number }[];
}

/**
 * A `PLAYERS`-player event imported from TRF (no round played yet), started, and its first round
 * created, paired (the device's pairing, as for any field over 40) and started through one push.
 */
async function setUpEvent(call: Call, organizer: string): Promise<Event> {
  const imported = await call('POST', '/api/tournaments/import-trf', { trf: largeEventTrf(PLAYERS, 0, 'Live Open') }, organizer);
  expectStatus(imported, 201, 'import');
  const id = (JSON.parse(imported.body) as { id: number }).id;
  expectStatus(await call('PATCH', `/api/tournaments/${id}`, { status: 'in_progress' }, organizer), 200, 'start');
  const snapshot = await call('GET', `/api/tournaments/${id}/snapshot`, undefined, organizer);
  expectStatus(snapshot, 200, 'snapshot');
  const players = (JSON.parse(snapshot.body) as { registrations: { userId: number; status: string }[] }).registrations.filter((entry) => entry.status === 'confirmed').map((entry) => entry.userId);
  const boards = [];
  for (let k = 0; k + 1 < players.length; k += 2) boards.push({ boardNumber: boards.length + 1, whiteUserId: players[k] as number, blackUserId: players[k + 1] as number });
  const round = { tournamentId: id, roundNumber: 1 };
  const pushed = await call(
    'POST',
    '/api/sync/push',
    {
      protocol: SYNC_PROTOCOL,
      clientId: randomUUID(),
      mutations: [
        { id: 1, name: 'createRound', args: { ...round, name: 'Round 1', startTime: null } },
        { id: 2, name: 'publishPairings', args: { ...round, boards: boards.map((board) => ({ ...board, byeKind: null })) } },
        { id: 3, name: 'startRound', args: round },
      ],
    },
    organizer,
  );
  expectStatus(pushed, 200, 'round 1');
  const statuses = (JSON.parse(pushed.body) as { results: { status: string; error?: string }[] }).results;
  if (statuses.some((result) => result.status !== 'applied')) throw new Error(`round 1: ${JSON.stringify(statuses)}`);
  return { id, roundNumber: 1, boards };
}

/** One result as the app enters it: one push of enterResult; answers the version its answer carries. */
async function enterResult(call: Call, organizer: string, clientId: string, mutationId: number, event: Event, board: Event['boards'][number]): Promise<number> {
  const args = { tournamentId: event.id, roundNumber: event.roundNumber, ...board, result: '1-0', resultReason: null };
  const answer = await call('POST', '/api/sync/push', { protocol: SYNC_PROTOCOL, clientId, mutations: [{ id: mutationId, name: 'enterResult', args }] }, organizer);
  expectStatus(answer, 200, 'enterResult');
  const body = JSON.parse(answer.body) as { results: { status: string; error?: string }[]; tournaments?: LiveItem[] };
  if (body.results[0]?.status !== 'applied') throw new Error(`enterResult: ${JSON.stringify(body.results)}`);
  const live = body.tournaments?.find((item) => item.id === event.id);
  const stored = live?.snapshot.rounds.find((round) => round.roundNumber === event.roundNumber)?.pairings.find((pairing) => pairing.boardNumber === board.boardNumber);
  if (!live || stored?.gameResult !== '1-0') throw new Error('the push answer does not carry the result');
  return live.version;
}

// --- Part 1: in process, the server's snapshot loads per result.

const inProcessDir = await mkdtemp(join(tmpdir(), 'chess-bench-live-'));
{
  const database = await openDatabase({ dataDir: inProcessDir });
  const { app } = buildTestApp(database);
  await app.ready();
  const call: Call = async (method, url, body, cookie) => {
    const response = await app.inject({ method: method as 'GET', url, headers: cookie ? { cookie } : {}, ...(body === undefined ? {} : { payload: body as object }) });
    return { status: response.statusCode, body: response.body, cookie: response.cookies.find((c) => c.name === 'sid') ? `sid=${response.cookies.find((c) => c.name === 'sid')?.value}` : undefined };
  };
  const registered = await call('POST', '/api/auth/register', { username: 'liveorganiser', email: 'live@example.com', password: 'bench-password' });
  expectStatus(registered, 200, 'register');
  const user = JSON.parse(registered.body) as { user?: { id: number }; id?: number };
  await grantRole(database.db, { userId: (user.user?.id ?? user.id) as number, role: 'organizer', scope: null, expiresAt: null, grantedBy: null }, new Date());
  const organizer = registered.cookie as string;
  const event = await setUpEvent(call, organizer);
  // The organiser's device opened the tournament (GET /snapshot) before entering results.
  expectStatus(await call('GET', `/api/tournaments/${event.id}/snapshot`, undefined, organizer), 200, 'snapshot');
  const clientId = randomUUID();
  const loadsBefore = snapshotLoads.count;
  let requests = 0;
  for (let i = 0; i < RESULTS; i++) {
    await enterResult(call, organizer, clientId, i + 1, event, event.boards[i % event.boards.length] as Event['boards'][number]);
    requests += 1;
  }
  const loads = snapshotLoads.count - loadsBefore;
  console.log(`bench/live: ${PLAYERS} players, ${RESULTS} results, load average ${loadavg().map((n) => n.toFixed(2)).join(' ')} (2 cores)`);
  console.log(`per result entered: ${(requests / RESULTS).toFixed(2)} round trips (one push; its answer carries the tournament), ${(loads / RESULTS).toFixed(2)} snapshot loads on the server`);
  await app.close();
  await database.close();
  await rm(inProcessDir, { recursive: true, force: true });
}

// --- Part 2: the real server process, followers pulling.

const server = await startServer({ port: PORT, name: 'live', apiOnly: true });
const httpCall = server.call;

/** The server process's CPU time so far (ms): utime + stime from /proc (Linux). */
function serverCpuMs(): number {
  const fields = readFileSync(`/proc/${server.process.pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  const ticks = Number(fields[11]) + Number(fields[12]);
  return (ticks * 1000) / 100;
}

const organizer = await verifiedOrganiser(server, 'liveorganiser', 'organiser@example.com');
const event = await setUpEvent(httpCall, organizer);

const accounts: { cookie: string; from: string }[] = [];
for (let i = 0; i < 30; i++) {
  const from = `127.0.0.${10 + Math.floor(i / 10)}`;
  const answer = await httpCall('POST', '/api/auth/register', { username: `livephone${i}`, email: `phone${i}@example.com`, password: 'bench-password' }, undefined, from);
  expectStatus(answer, 200, 'register a phone');
  accounts.push({ cookie: answer.cookie as string, from });
}

/** When each version was pushed (ms, performance.now()), and each phone's delays in seeing it. */
const pushedAt = new Map<number, number>();
const delays: number[] = [];
let pulls = 0;
let changedPulls = 0;
let changedBytes = 0;
let following = true;

async function phone(index: number): Promise<void> {
  const account = accounts[index % accounts.length] as (typeof accounts)[number];
  let version: number | null = null;
  // Phones start spread over one interval, as they would in a hall.
  await new Promise((resolve) => setTimeout(resolve, Math.random() * INTERVAL));
  while (following) {
    const answer = await httpCall('POST', '/api/sync/pull', { protocol: SYNC_PROTOCOL, cursor: 0, tournaments: [{ id: event.id, version }] }, account.cookie, account.from);
    expectStatus(answer, 200, 'pull');
    const seenAt = performance.now();
    pulls += 1;
    // The version only (a phone parses the whole answer; 300 simulated phones in one process
    // parsing every snapshot would measure this process, not the server).
    const found = /"tournaments":\[\{"id":\d+,"version":(\d+)/.exec(answer.body);
    const live = found ? { version: Number(found[1]) } : undefined;
    if (live) {
      changedPulls += 1;
      changedBytes += answer.body.length;
      // Every version pushed since this phone's copy is now seen.
      for (const [pushedVersion, at] of pushedAt) if (version !== null && pushedVersion > version && pushedVersion <= live.version) delays.push(seenAt - at);
      version = live.version;
    }
    await new Promise((resolve) => setTimeout(resolve, INTERVAL));
  }
}

console.log(`real server pid ${server.process.pid} on port ${PORT}: ${FOLLOWERS} phones following, a pull each every ${INTERVAL} ms`);
const phones = Array.from({ length: FOLLOWERS }, (_, index) => phone(index));
// Every phone has its copy before measuring.
await new Promise((resolve) => setTimeout(resolve, INTERVAL * 2));

// Quiet: no result, every pull unchanged.
let cpu = serverCpuMs();
let counted = pulls;
await new Promise((resolve) => setTimeout(resolve, INTERVAL * 4));
const quietPulls = pulls - counted;
const quietCpu = serverCpuMs() - cpu;

// Results: one every 0.5-1.5 s, pushed as the app pushes them.
cpu = serverCpuMs();
counted = pulls;
const changedBefore = changedPulls;
const clientId = randomUUID();
const pushTimes: number[] = [];
for (let i = 0; i < RESULTS; i++) {
  const started = performance.now();
  const version = await enterResult(httpCall, organizer, clientId, i + 1, event, event.boards[(i + 20) % event.boards.length] as Event['boards'][number]);
  pushTimes.push(performance.now() - started);
  pushedAt.set(version, started);
  await new Promise((resolve) => setTimeout(resolve, 500 + Math.random() * 1000));
}
await new Promise((resolve) => setTimeout(resolve, INTERVAL * 2));
const busyPulls = pulls - counted;
const busyChanged = changedPulls - changedBefore;
const busyCpu = serverCpuMs() - cpu;
following = false;
await Promise.all(phones);

delays.sort((a, b) => a - b);
pushTimes.sort((a, b) => a - b);
console.log(`push of one result (its answer carrying the ${PLAYERS}-player tournament): p50 ${percentile(pushTimes, 0.5).toFixed(0)} ms, p99 ${percentile(pushTimes, 0.99).toFixed(0)} ms`);
console.log(`result on the organiser's device to a phone's copy: p50 ${percentile(delays, 0.5).toFixed(0)} ms, p99 ${percentile(delays, 0.99).toFixed(0)} ms, max ${(delays.at(-1) ?? NaN).toFixed(0)} ms (${delays.length} deliveries)`);
console.log(`a pull carrying the snapshot: ${(changedBytes / Math.max(1, changedPulls) / 1024).toFixed(0)} KB`);
console.log(`server CPU per pull, nothing changed: ${(quietCpu / Math.max(1, quietPulls)).toFixed(2)} ms (${quietPulls} pulls, ${(quietCpu / ((INTERVAL * 4) / 1000) / 10).toFixed(0)}% of a core)`);
console.log(
  `server CPU per pull while results come in: ${(busyCpu / Math.max(1, busyPulls)).toFixed(2)} ms (${busyPulls} pulls, ${busyChanged} of them carrying the snapshot; the results' pushes included)`,
);

await server.stop();
