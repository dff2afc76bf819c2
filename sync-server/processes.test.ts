import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SYNC_PROTOCOL } from '../schema';
import { openDatabase, type AppDatabase } from './core/db/connect';
import { freshPostgresDatabase, TEST_DATABASE_URL } from './core/test-db';
import { gamePayload } from './testing/test-server';

/**
 * Real server processes (`tsx sync-server/server.ts --api-only`) on one database: two at once on
 * PostgreSQL, pushed to alternately as a load balancer would; and one killed with SIGKILL in the
 * middle of a batch of pushes, restarted, and pushed to again (SQLite and PostgreSQL).
 */
vi.setConfig({ testTimeout: 180_000, hookTimeout: 120_000 });

/** PostgreSQL: a database of this file's own, shared by its server processes. */
let postgres: Awaited<ReturnType<typeof freshPostgresDatabase>> | undefined;
let dataDir = '';
const started: ChildProcess[] = [];

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'chess-processes-'));
  if (TEST_DATABASE_URL !== undefined) postgres = await freshPostgresDatabase(TEST_DATABASE_URL);
});

afterAll(async () => {
  for (const child of started) stop(child, 'SIGKILL');
  await rm(dataDir, { recursive: true, force: true });
  await postgres?.drop();
});

interface Server {
  child: ChildProcess;
  url: string;
}

function stop(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid !== undefined && child.exitCode === null && child.signalCode === null) {
    try {
      process.kill(-child.pid, signal);
    } catch {
      // already gone
    }
  }
}

async function startServer(): Promise<Server> {
  const child = spawn(join('node_modules', '.bin', 'tsx'), ['sync-server/server.ts', '--api-only'], {
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      DATABASE_URL: postgres?.url ?? '',
      ENGINE_POOL_SIZE: '1',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  started.push(child);
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/localhost:\d+)/.exec(output);
      if (match?.[1]) resolve(match[1].replace('localhost', '127.0.0.1'));
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    child.once('exit', (code) => reject(new Error(`server exited (${code}): ${output}`)));
  });
  return { child, url };
}

async function call(server: Server, path: string, body?: unknown, cookie?: string): Promise<{ status: number; json: unknown; cookie?: string }> {
  const response = await fetch(`${server.url}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(cookie ? { cookie } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const setCookie = response.headers.get('set-cookie')?.split(';')[0];
  return { status: response.status, json: await response.json().catch(() => null), cookie: setCookie };
}

async function register(server: Server, name: string): Promise<{ cookie: string; email: string; id: number }> {
  const email = `${name}@example.com`;
  const response = await call(server, '/api/auth/register', { username: name, email, password: 'secret-pass' });
  expect(response.status).toBe(200);
  return { cookie: response.cookie as string, email, id: (response.json as { id: number }).id };
}

const batchOf = (first: number, games: string[]) =>
  games.map((gameId, i) => ({ id: first + i, name: 'saveGame', args: { gameId, game: gamePayload(), finishedAt: '2026-11-20T10:00:00.000Z' } }));

async function storedGames(database: AppDatabase, userId: number): Promise<string[]> {
  return (await database.db.selectFrom('games').select('clientGameId').where('userId', '=', userId).execute()).map((row) => row.clientGameId);
}

async function openShared(): Promise<AppDatabase> {
  return postgres !== undefined ? openDatabase({ databaseUrl: postgres.url }) : openDatabase({ dataDir });
}

describe.runIf(TEST_DATABASE_URL !== undefined)('two server processes on one PostgreSQL database', () => {
  it('store every game exactly once, share sessions and rate limits', async () => {
    const [a, b] = await Promise.all([startServer(), startServer()]);
    const servers = [a, b] as const;
    const clients = await Promise.all(Array.from({ length: 6 }, (_, i) => register(servers[i % 2] as Server, `twoproc${i}_${Date.now().toString(36)}`)));
    // Sessions made by one process are valid on the other.
    for (const client of clients) for (const server of servers) expect((await call(server, '/api/auth/user', undefined, client.cookie)).status).toBe(200);

    const gamesOf = clients.map(() => Array.from({ length: 40 }, () => randomUUID()));
    await Promise.all(
      clients.map(async (client, c) => {
        const clientId = randomUUID();
        for (let batch = 0; batch < 4; batch++) {
          const mutations = batchOf(batch * 10 + 1, (gamesOf[c] as string[]).slice(batch * 10, batch * 10 + 10));
          // The load balancer sends this push to one process; the answer is "lost" and the retry goes to the other.
          const first = await call(servers[batch % 2] as Server, '/api/sync/push', { protocol: SYNC_PROTOCOL, clientId, mutations }, client.cookie);
          const retry = await call(servers[(batch + 1) % 2] as Server, '/api/sync/push', { protocol: SYNC_PROTOCOL, clientId, mutations }, client.cookie);
          expect(first.status).toBe(200);
          expect(retry.status).toBe(200);
          expect((retry.json as { results: { status: string }[] }).results.every((r) => r.status === 'duplicate')).toBe(true);
        }
      }),
    );
    const database = await openShared();
    try {
      for (const [c, client] of clients.entries()) expect((await storedGames(database, client.id)).sort()).toEqual((gamesOf[c] as string[]).map((id) => id.toLowerCase()).sort());
    } finally {
      await database.close();
    }

    // One address's wrong passwords for one account, spread over both processes: 10 in all are checked.
    const target = clients[0] as { email: string };
    const answers: number[] = [];
    for (let i = 0; i < 12; i++) answers.push((await call(servers[i % 2] as Server, '/api/auth/login', { email: target.email, password: `wrong-${i}` })).status);
    expect(answers.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(answers.slice(10)).toEqual([429, 429]);
    for (const server of servers) stop(server.child, 'SIGTERM');
  });
});

describe(`a server killed with SIGKILL in the middle of pushes (${TEST_DATABASE_URL !== undefined ? 'PostgreSQL' : 'SQLite'})`, () => {
  it('loses nothing and stores nothing twice once restarted and pushed to again', async () => {
    const first = await startServer();
    const clients = await Promise.all(Array.from({ length: 5 }, (_, i) => register(first, `killed${i}_${Date.now().toString(36)}`)));
    const outboxes = clients.map(() => ({ clientId: randomUUID(), games: Array.from({ length: 300 }, () => randomUUID()) }));
    const pushAll = (server: Server) =>
      Promise.all(
        clients.map(async (client, c) => {
          const { clientId, games } = outboxes[c] as { clientId: string; games: string[] };
          for (let batch = 0; batch < 3; batch++) {
            const mutations = batchOf(batch * 100 + 1, games.slice(batch * 100, batch * 100 + 100));
            const response = await call(server, '/api/sync/push', { protocol: SYNC_PROTOCOL, clientId, mutations }, client.cookie);
            if (response.status !== 200) throw new Error(`push answered ${response.status}`);
          }
        }),
      );
    const inFlight = pushAll(first).then(
      () => 'finished',
      () => 'cut',
    );
    await new Promise((resolve) => setTimeout(resolve, 400));
    stop(first.child, 'SIGKILL');
    expect(await inFlight).toBe('cut'); // the kill landed while pushes were in flight

    const second = await startServer();
    await pushAll(second); // the clients push their whole outboxes again
    const database = await openShared();
    try {
      for (const [c, client] of clients.entries()) {
        const stored = await storedGames(database, client.id);
        expect(stored.length).toBe(300);
        expect(new Set(stored)).toEqual(new Set((outboxes[c] as { games: string[] }).games.map((id) => id.toLowerCase())));
        const user = await database.db.selectFrom('users').select('totalGames').where('id', '=', client.id).executeTakeFirstOrThrow();
        expect(user.totalGames).toBe(300);
      }
    } finally {
      await database.close();
    }
    stop(second.child, 'SIGTERM');
  });
});
