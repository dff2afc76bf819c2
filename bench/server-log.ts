/**
 * bench/server-log: how many lines the server prints for a short session (issue 20), at the
 * default log level and at `info`. Starts the real server (API only, a fresh data directory),
 * registers one account (its verification e-mail goes to the outbox), makes 100 requests, stops
 * it, and prints the line counts and whether the verification link is on a line of its own.
 * Run: `npx tsx bench/server-log.ts`.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const TSX = join(ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs');
const REQUESTS = 100;

async function session(logLevel: string | null): Promise<{ lines: number; linkLine: boolean }> {
  const dataDir = await mkdtemp(join(tmpdir(), 'chess-log-bench-'));
  const { DATABASE_URL: _ignored, LOG_LEVEL: _level, ...env } = process.env;
  const child = spawn(process.execPath, [TSX, 'sync-server/server.ts', '--api-only'], {
    cwd: ROOT,
    env: { ...env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, ENGINE_POOL_SIZE: '1', ...(logLevel ? { LOG_LEVEL: logLevel } : {}) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  try {
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setInterval(() => {
        const match = /listening on (http:\/\/localhost:\d+)/.exec(output);
        if (match?.[1]) {
          clearInterval(timer);
          resolve(match[1].replace('localhost', '127.0.0.1'));
        }
      }, 50);
      child.once('exit', (code) => reject(new Error(`server exited (${code}): ${output}`)));
    });
    const register = await fetch(`${url}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'logbench', email: 'logbench@example.com', password: 'secret-pass' }),
    });
    const cookie = register.headers.get('set-cookie')?.split(';')[0] ?? '';
    for (let i = 0; i < REQUESTS; i++) await (await fetch(`${url}/api/auth/user`, { headers: { cookie } })).text();
    await new Promise((resolve) => setTimeout(resolve, 500));
  } finally {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
    await rm(dataDir, { recursive: true, force: true });
  }
  const lines = output.split('\n').filter((line) => line.trim() !== '' && !line.startsWith('npm warn'));
  return { lines: lines.length, linkLine: lines.some((line) => /^\s*Link: http\S+verify-email\?token=\S+$/.test(line)) };
}

for (const level of [null, 'info']) {
  const { lines, linkLine } = await session(level);
  console.log(`LOG_LEVEL=${level ?? '(default)'}: ${lines} lines for a registration and ${REQUESTS} requests; verification link on its own line: ${linkLine ? 'yes' : 'no'}`);
}
