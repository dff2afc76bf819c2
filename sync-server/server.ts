/**
 * Starts the sync server: `tsx sync-server/server.ts [--api-only]`.
 *
 * PORT (3000), HOST (0.0.0.0), DATA_DIR (./data), STATIC_DIR (<repo>/dist) and DATABASE_URL
 * (not used yet) come from the environment. `--api-only` serves /api without the built app,
 * for `npm run dev`, where Vite serves the app.
 */
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { buildApp } from './app';
import { readServerConfig, type ServerConfig } from './config';

/** How long open requests get to finish after SIGINT/SIGTERM before the process gives up. */
const SHUTDOWN_TIMEOUT_MS = 10_000;

function fail(message: string): never {
  console.error(`Cannot start the Chess Learning App server: ${message}`);
  process.exit(1);
}

let config: ServerConfig;
try {
  config = readServerConfig(process.env, process.argv.slice(2));
} catch (error) {
  fail((error as Error).message);
}

if (config.staticDir !== null && !existsSync(join(config.staticDir, 'index.html'))) {
  fail(`there is no built app at ${join(config.staticDir, 'index.html')}. Run \`npm run build\` first.`);
}

try {
  mkdirSync(config.dataDir, { recursive: true });
} catch (error) {
  fail(`cannot create the data directory ${config.dataDir}: ${(error as Error).message}`);
}

const app = buildApp({ staticDir: config.staticDir, logger: { level: process.env.LOG_LEVEL ?? 'info' } });

if (config.databaseUrl !== undefined) {
  app.log.warn('DATABASE_URL is set but not used yet: this version of the server has no database.');
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  // `once`: a second Ctrl-C falls back to Node's default and ends the process at once.
  process.once(signal, () => void shutDown(signal));
}

async function shutDown(signal: NodeJS.Signals): Promise<void> {
  app.log.info(`${signal} received, closing the server`);
  const timeout = setTimeout(() => {
    app.log.error(`Open requests did not finish within ${SHUTDOWN_TIMEOUT_MS / 1000} s; exiting anyway.`);
    process.exit(1);
  }, SHUTDOWN_TIMEOUT_MS);
  timeout.unref();
  try {
    await app.close();
    process.exitCode = 0;
  } catch (error) {
    app.log.error({ err: error }, 'error while closing the server');
    process.exitCode = 1;
  }
}

try {
  await app.listen({
    port: config.port,
    host: config.host,
    // Fastify logs every address it listens on; on 0.0.0.0 these include the LAN addresses
    // that Chromebooks at the venue use.
    listenTextResolver: (address) => `Reachable at ${address}`,
  });
} catch (error) {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'EADDRINUSE') fail(`port ${config.port} is already in use. Set PORT to another port.`);
  if (code === 'EADDRNOTAVAIL') fail(`HOST ${config.host} is not an address of this computer.`);
  fail((error as Error).message);
}

const address = app.server.address();
const port = typeof address === 'object' && address !== null ? address.port : config.port;
app.log.info(`Chess Learning App listening on http://localhost:${port}${config.staticDir === null ? ' (API only)' : ''}`);
