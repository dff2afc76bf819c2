/**
 * The sync-server as `npm start` runs it, for the bench scripts that measure it from outside
 * (bench/stalls.ts, bench/live.ts): its own process (`tsx sync-server/server.ts`, its logging),
 * SQLite in a fresh temporary folder, an HTTP client with one keep-alive agent per source
 * address (the rate limits count per address), and a verified organiser granted with
 * `npm run admin`, as a person would set one up.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));

export interface Answer {
  status: number;
  body: string;
  cookie?: string;
  headers?: Record<string, string | string[] | undefined>;
}

export type Call = (method: string, path: string, body?: unknown, cookie?: string, from?: string) => Promise<Answer>;

export function expectStatus(answer: Answer, status: number, what: string): void {
  if (answer.status !== status) throw new Error(`${what}: ${answer.status} ${answer.body.slice(0, 300)}`);
}

/** A JSON client of the server on `port`, sending from `from` (127.0.0.x), with the app's Origin. */
export function httpClient(port: number): Call {
  const agents = new Map<string, Agent>();
  const agentFor = (localAddress: string): Agent => {
    let agent = agents.get(localAddress);
    if (!agent) {
      agent = new Agent({ keepAlive: true, maxSockets: 512, localAddress });
      agents.set(localAddress, agent);
    }
    return agent;
  };
  return (method, path, body, cookie, from = '127.0.0.1') => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    return new Promise((resolve, reject) => {
      const req = request(
        {
          host: '127.0.0.1',
          port,
          method,
          path,
          agent: agentFor(from),
          headers: {
            ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}),
            ...(cookie ? { cookie } : {}),
            origin: `http://127.0.0.1:${port}`,
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8'), cookie: res.headers['set-cookie']?.[0]?.split(';')[0], headers: res.headers }),
          );
        },
      );
      req.on('error', reject);
      req.end(payload);
    });
  };
}

export interface ServerProcess {
  process: ChildProcess;
  dataDir: string;
  env: NodeJS.ProcessEnv;
  call: Call;
  /** Everything the server printed so far. */
  log(): string;
  /** SIGTERM, wait for the exit, remove the data folder. */
  stop(): Promise<void>;
}

/**
 * Starts the server on `port` with a fresh SQLite database and waits for /api/health. If the
 * bench fails, the server and its data go with it.
 */
export async function startServer(options: { port: number; name: string; apiOnly: boolean }): Promise<ServerProcess> {
  const dataDir = await mkdtemp(join(tmpdir(), `chess-bench-${options.name}-`));
  const env = { ...process.env, PORT: String(options.port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', DATABASE_URL: '' };
  const args = ['--import', 'tsx', join(ROOT, 'sync-server/server.ts'), ...(options.apiOnly ? ['--api-only'] : [])];
  const server = spawn(process.execPath, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  server.stdout.on('data', (chunk: Buffer) => (log += chunk.toString()));
  server.stderr.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const exited = new Promise((resolve) => server.once('exit', resolve));
  process.once('exit', () => server.kill('SIGKILL'));
  process.once('uncaughtException', (error) => {
    console.error(error);
    server.kill('SIGKILL');
    void rm(dataDir, { recursive: true, force: true }).finally(() => process.exit(1));
  });
  const call = httpClient(options.port);
  for (let tries = 0; ; tries++) {
    const up = await call('GET', '/api/health').catch(() => null);
    if (up?.status === 200) break;
    if (tries > 900 || server.exitCode !== null) throw new Error(`the server did not start:\n${log}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    process: server,
    dataDir,
    env,
    call,
    log: () => log,
    async stop() {
      server.kill('SIGTERM');
      await exited;
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Registers `username`, opens the verification link from the server's mail outbox (no SMTP:
 * DATA_DIR/outbox) and grants 'organizer' with `npm run admin`; answers the session cookie.
 */
export async function verifiedOrganiser(server: ServerProcess, username: string, email: string): Promise<string> {
  const registered = await server.call('POST', '/api/auth/register', { username, email, password: 'bench-password' });
  expectStatus(registered, 200, 'register');
  const outbox = join(server.dataDir, 'outbox');
  const mails = await readdir(outbox);
  const mailText = (await Promise.all(mails.map((name) => readFile(join(outbox, name), 'utf8')))).join('\n').replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  const token = /verify-email\?token=([A-Za-z0-9_-]+)/.exec(mailText)?.[1];
  if (!token) throw new Error('no verification link in the outbox');
  expectStatus(await server.call('POST', '/api/auth/verify-email', { token }), 200, 'verify e-mail');
  const granted = spawnSync(process.execPath, ['--import', 'tsx', join(ROOT, 'scripts/admin.ts'), 'grant', email, 'organizer'], { cwd: ROOT, env: server.env, encoding: 'utf8' });
  if (granted.status !== 0) throw new Error(`grant failed: ${granted.stderr}`);
  return registered.cookie as string;
}
