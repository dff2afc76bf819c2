import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { healthResponseSchema } from '../schema';
import { freshPostgresDatabase, TEST_DATABASE_URL } from './core/test-db';
import { createStaticFixture, type StaticFixture } from './core/test-fixture';

const REPO_ROOT = fileURLToPath(new URL('..', import.meta.url));
const TSX_CLI = join(REPO_ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs');

interface RunningServer {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

/** Runs server.ts the way `npm start` does (through tsx), on a port the system picks. */
function startServer(env: Record<string, string>): RunningServer {
  // DATABASE_URL only when a test gives one: the default is the SQLite file in DATA_DIR.
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  const child = spawn(process.execPath, [TSX_CLI, 'sync-server/server.ts'], {
    cwd: REPO_ROOT,
    env: { ...inherited, PORT: '0', HOST: '127.0.0.1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

// Start-up migrates and seeds the content: over 40 s on a loaded 2-core machine (e2e allows 90 s too).
async function waitForListeningPort(server: RunningServer, timeoutMs = 90_000): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const match = /listening on http:\/\/localhost:(\d+)/.exec(server.output());
    if (match?.[1] !== undefined) return Number(match[1]);
    if (server.child.exitCode !== null) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`server did not start:\n${server.output()}`);
}

describe('server.ts as a process', () => {
  let fixture: StaticFixture;
  let dataDir: string;

  beforeAll(async () => {
    fixture = await createStaticFixture();
    dataDir = await mkdtemp(join(tmpdir(), 'chess-sync-data-'));
  });

  afterAll(async () => {
    await fixture.remove();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('serves /api/health and exits 0 on SIGTERM', async () => {
    const server = startServer({ STATIC_DIR: fixture.dir, DATA_DIR: join(dataDir, 'nested') });
    try {
      const port = await waitForListeningPort(server);
      expect(existsSync(join(dataDir, 'nested'))).toBe(true);

      const response = await fetch(`http://127.0.0.1:${port}/api/health`);
      expect(response.status).toBe(200);
      expect(healthResponseSchema.parse(await response.json()).database).toBe('sqlite');
      // Migrations ran at start: the SQLite file exists and an account can be made.
      expect(existsSync(join(dataDir, 'nested', 'chess.sqlite'))).toBe(true);
      const register = await fetch(`http://127.0.0.1:${port}/api/auth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'firstuser', email: 'first@example.com', password: 'secret-pass' }),
      });
      expect(register.status).toBe(200);

      const page = await fetch(`http://127.0.0.1:${port}/settings`, { headers: { accept: 'text/html' } });
      expect(page.status).toBe(200);

      // Quiet by default (issue 20): no line per request; one start line; the verification
      // e-mail's link whole on its own line (the .eml is quoted-printable).
      const lines = server.output().split('\n').filter((line) => line.trim() !== '');
      expect(lines.filter((line) => line.includes('incoming request') || line.includes('request completed'))).toEqual([]);
      expect(lines.filter((line) => line.includes('listening on'))).toHaveLength(1);
      expect(lines.find((line) => line.includes('listening on'))).toContain('database: SQLite file');
      expect(lines.some((line) => /^ {2}Link: http:\/\/\S+\/verify-email\?token=[A-Za-z0-9_-]+$/.test(line))).toBe(true);
      expect(lines.length).toBeLessThanOrEqual(5);

      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
    } finally {
      server.child.kill('SIGKILL');
    }
  }, 150_000);

  it.runIf(TEST_DATABASE_URL !== undefined)('uses PostgreSQL when DATABASE_URL is set', async () => {
    const postgres = await freshPostgresDatabase(TEST_DATABASE_URL as string);
    const server = startServer({ STATIC_DIR: fixture.dir, DATA_DIR: dataDir, DATABASE_URL: postgres.url });
    try {
      const port = await waitForListeningPort(server);
      const response = await fetch(`http://127.0.0.1:${port}/api/health`);
      expect(healthResponseSchema.parse(await response.json()).database).toBe('postgres');
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
    } finally {
      server.child.kill('SIGKILL');
      await postgres.drop();
    }
  }, 150_000);

  it('refuses to start without a built app, and says what to do', async () => {
    const server = startServer({ STATIC_DIR: join(dataDir, 'no-build-here'), DATA_DIR: dataDir });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('Run `npm run build` first');
  }, 30_000);
});
