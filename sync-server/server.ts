/**
 * Starts the sync server: `tsx sync-server/server.ts [--api-only]`.
 *
 * PORT (3000), HOST (0.0.0.0), DATA_DIR (./data), STATIC_DIR (<repo>/dist), DATABASE_URL
 * (PostgreSQL instead of DATA_DIR/chess.sqlite), SMTP_URL, PUBLIC_URL, ALLOWED_HOSTS and TRUST_PROXY come
 * from the environment. Pending migrations run before the server listens. `--api-only` serves /api without the built app,
 * for `npm run dev`, where Vite serves the app.
 */
import { existsSync, mkdirSync } from 'node:fs';
import { networkInterfaces } from 'node:os';
import { join } from 'node:path';
import { buildApp } from './app';
import { readServerConfig, type ServerConfig } from './core/config';
import { openDatabase, SQLITE_FILE_NAME, type AppDatabase } from './core/db/connect';
import { EnginePool, enginePoolOptionsFromEnv } from './coach';
import { closePasswordPool } from './auth/password';
import { loadContent } from './learning/content';
import { seedContent } from './learning/seed';
import { loadContentTranslations } from './learning/translate';
import { loadTrainerPuzzles } from './puzzles/content';
import { seedTrainerPuzzles } from './puzzles/seed';

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

let database: AppDatabase;
try {
  database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, pgSchema: config.databaseSchema });
} catch (error) {
  fail(`cannot open the database: ${(error as Error).message}`);
}

// The authored lessons, tips and assessment puzzles (content/), seeded at every start (idempotent).
try {
  await seedContent(database.db, loadContent(), { postgres: database.kind === 'postgres' });
  await seedTrainerPuzzles(database.db, loadTrainerPuzzles(), { postgres: database.kind === 'postgres' });
  loadContentTranslations();
} catch (error) {
  await database.close();
  fail(`cannot seed the learning content: ${(error as Error).message}`);
}

let enginePool: EnginePool;
try {
  enginePool = new EnginePool(enginePoolOptionsFromEnv(process.env));
} catch (error) {
  fail((error as Error).message);
}

const app = buildApp({
  staticDir: config.staticDir,
  enginePool,
  warmUp: true,
  // Quiet by default (issue 20: info logged every request, ~2,600 lines in a short session):
  // warnings and errors (one line each) only; LOG_LEVEL=info brings the request log back.
  logger: { level: process.env.LOG_LEVEL ?? 'warn' },
  mailLog: (message) => console.log(message),
  database,
  smtpUrl: config.smtpUrl,
  outboxDir: join(config.dataDir, 'outbox'),
  publicUrl: config.publicUrl,
  allowedHosts: config.allowedHosts,
  syncProtocolMin: config.syncProtocolMin,
  trustProxy: config.trustProxy,
  registerLimitPerHour: config.registerLimitPerHour,
});
app.addHook('onClose', () => database.close());
const databaseText = database.kind === 'sqlite' ? `SQLite file ${join(config.dataDir, SQLITE_FILE_NAME)}` : 'PostgreSQL (DATABASE_URL)';

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  // `once`: a second Ctrl-C falls back to Node's default and ends the process at once.
  process.once(signal, () => void shutDown(signal));
}

async function shutDown(signal: NodeJS.Signals): Promise<void> {
  console.log(`${signal} received, closing the server`);
  const timeout = setTimeout(() => {
    app.log.error(`Open requests did not finish within ${SHUTDOWN_TIMEOUT_MS / 1000} s; exiting anyway.`);
    process.exit(1);
  }, SHUTDOWN_TIMEOUT_MS);
  timeout.unref();
  try {
    await app.close();
    await closePasswordPool();
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
    // Fastify logs every address it listens on at info; the start line below names them.
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
if (config.publicUrl === undefined) {
  app.log.warn(
    `PUBLIC_URL is not set: password-reset e-mails are sent only for requests addressed to ${config.allowedHosts.join(', ')}. ` +
      'Set PUBLIC_URL to the address people open (for example PUBLIC_URL=https://chess.example.org npm start), ' +
      'or ALLOWED_HOSTS to the names they use (comma-separated).',
  );
}
// One line per start, whatever the log level: where to open the app (with the LAN addresses the
// Chromebooks at the venue use when listening on every interface) and which database it uses.
const lan = ['0.0.0.0', '::'].includes(config.host)
  ? Object.values(networkInterfaces())
      .flat()
      .filter((each) => each !== undefined && each.family === 'IPv4' && !each.internal)
      .map((each) => `http://${each?.address}:${port}`)
  : [];
console.log(
  `Chess Learning App listening on http://localhost:${port}${config.staticDir === null ? ' (API only)' : ''}` +
    `${lan.length > 0 ? ` (also ${lan.join(', ')})` : ''} · database: ${databaseText}`,
);
