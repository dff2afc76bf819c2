import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { join } from 'node:path';
import { API_PREFIX, isApiPath } from '../schema';
import { createMailer, type Mailer } from './core/mailer';
import { DatabaseRateLimitStore, MemoryRateLimitStore, RateLimiter, REGISTER_PER_IP_LIMIT } from './core/rate-limit';
import { authRoutes } from './auth/routes';
import { DEFAULT_STATIC_DIR } from './core/config';
import type { ServerContext } from './core/context';
import type { AppDatabase } from './core/db/connect';
import {
  coachRoutes,
  EnginePool,
  enginePoolOptionsFromEnv,
  KyselyEvalCache,
  MemoryEvalCache,
  type EvalCache,
} from './coach';
import { gameRoutes } from './games/routes';
import { learningRoutes } from './learning/routes';
import { onboardingRoutes } from './onboarding/routes';
import { puzzleRoutes } from './puzzles/routes';
import { registerRouteAuth, requireAuthDeclarations } from './core/plugins/auth';
import { registerCrossSiteCheck } from './core/plugins/cross-site';
import { registerErrorHandler, sendNotFound } from './core/plugins/errors';
import { registerSecurityHeaders } from './core/plugins/security-headers';
import { registerStaticApp } from './core/plugins/static-app';
import { registerZodSchemas } from './core/plugins/zod';
import { rbacRoutes } from './rbac/routes';
import { healthRoutes } from './health/routes';
import type { BeforeMutation } from './sync/push';
import { syncRoutes } from './sync/routes';
import { syncParts } from './sync-features';
import { userRoutes } from './users/routes';
import { schedulePruning } from './maintenance/prune';
import { inlineReplayer, ReplayPool } from './games/replay-pool';
import { passwordPool } from './auth/password';

import { tournamentRoutes } from './tournaments/routes';
import { organizationRoutes } from './organizations/routes';
import { classRoutes } from './classes/routes';
import { homeworkRoutes } from './classes/homework-routes';
// Homework's subscribers to the lesson, puzzle and game events (core/events.ts).
import './classes/homework-events';
import { parentRoutes } from './parents/routes';
import { classDashboardRoutes } from './classes/dashboard-routes';
import { mayViewGamesOf } from './classes/dashboard';
import { classTournamentRoutes } from './tournaments/class-tournament-routes';
import { classCodeRoutes } from './classes/code-routes';
import { privacyRoutes } from './privacy/routes';

export interface BuildAppOptions {
  /** The built app to serve (Vite's outDir); `null` serves only /api. Default: <repo>/dist. */
  staticDir?: string | null;
  logger?: FastifyServerOptions['logger'];
  /**
   * Where the outbox mailer says what it wrote (and the links): server.ts prints it on the console
   * whatever the log level; by default the app's log at info.
   */
  mailLog?: (message: string) => void;
  /**
   * The opened (and migrated) database. Without one only /api/health and the app are served
   * (database 'none'); the caller opens and closes it (see core/db/connect.ts).
   */
  database?: AppDatabase;
  /** Where password-reset e-mails go; default: SMTP_URL, else .eml files in `outboxDir`. */
  mailer?: Mailer;
  smtpUrl?: string;
  /** Default: <cwd>/data/outbox. */
  outboxDir?: string;
  /** Base of links in e-mails (PUBLIC_URL); default: the request's own origin, when allowed. */
  publicUrl?: string;
  /**
   * Without PUBLIC_URL, the Host values reset links may be made from (ALLOWED_HOSTS; `name` for
   * any port, `name:port` for one). Default: localhost, 127.0.0.1 and [::1].
   */
  allowedHosts?: readonly string[];
  /** Believe X-Forwarded-* (for the client's IP and https) from this proxy (Fastify's trustProxy). */
  trustProxy?: FastifyServerOptions['trustProxy'];
  /** The clock (tests move it). */
  now?: () => Date;
  /** New accounts per address an hour (REGISTER_LIMIT_PER_HOUR); default 100. */
  registerLimitPerHour?: number;
  /** The oldest sync protocol accepted (default SYNC_PROTOCOL_MIN); older clients get 409 'client too old'. */
  syncProtocolMin?: number;
  /** Tests only: runs before each pushed mutation is applied. */
  beforeMutation?: BeforeMutation;
  /**
   * The coaching routes' engine pool (/api/ai/*, /api/chess/hint). Default: one from the
   * environment (ENGINE_POOL_SIZE, ENGINE_QUEUE_LIMIT); engines start at the first search.
   * `false` leaves the coaching routes out.
   */
  enginePool?: EnginePool | false;
  /** Build the opening book's index at start-up instead of in the first classification. */
  warmUp?: boolean;
  /**
   * Worker threads replaying saved games (games/replay-pool.ts); default one per core up to 4.
   * 0 replays on the event loop (tests that do not measure it).
   */
  replayThreads?: number;
  /** How often old rows are pruned (maintenance/prune.ts); default hourly, `false` never (tests). */
  pruneIntervalMs?: number | false;
}

export const DEFAULT_ALLOWED_HOSTS: readonly string[] = ['localhost', '127.0.0.1', '[::1]'];

/**
 * Builds the server without listening, so that tests can call `app.inject()` and add
 * test-only routes before the first request. `server.ts` is what listens.
 */
export function buildApp(options: BuildAppOptions = {}): FastifyInstance {
  const app = Fastify({
    logger: options.logger ?? false,
    trustProxy: options.trustProxy ?? false,
    // The largest legitimate body is a push of 100 long games (~1.5 MB); 4 MB leaves room.
    bodyLimit: 4 * 1024 * 1024,
  });

  // Infrastructure is applied to the root instance (not registered as encapsulated plugins)
  // so that it covers every route.
  registerSecurityHeaders(app);
  registerErrorHandler(app);
  registerZodSchemas(app);
  requireAuthDeclarations(app);
  registerCrossSiteCheck(app, { publicUrl: options.publicUrl ?? null, allowedHosts: options.allowedHosts ?? DEFAULT_ALLOWED_HOSTS });

  const database = options.database;
  app.register(healthRoutes({ database: database?.kind ?? 'none' }), { prefix: API_PREFIX });

  if (database !== undefined) {
    // Replays saved games for the games and sync routes (worker threads; games/replay-pool.ts).
    const replayer = options.replayThreads === 0 ? inlineReplayer : new ReplayPool(options.replayThreads);
    const context = serverContext(app, options, database);
    const now = context.now;
    app.addHook('onClose', () => replayer.close());
    // The password pool's threads start now (about 0.1 s, a second on a loaded machine), not at the first sign-in.
    passwordPool();
    // No /api answer leaves before the writes made so far are on disk (SQLite's group commit,
    // core/db/group-commit.ts): an acknowledged write, or a pulled one, survives a power cut.
    app.addHook('onSend', async (request, _reply, payload) => {
      if (isApiPath(request.url)) await database.durable();
      return payload;
    });
    if (options.pruneIntervalMs !== false) schedulePruning(app, database, context.limiter.store, now, options.pruneIntervalMs);
    app.register(cookie);
    registerRouteAuth(app, context);
    app.register(authRoutes(context), { prefix: API_PREFIX });
    app.register(rbacRoutes(context), { prefix: API_PREFIX });
    app.register(onboardingRoutes(context), { prefix: API_PREFIX });
    app.register(gameRoutes(context, { replayer, mayViewGamesOf }), { prefix: API_PREFIX });
    app.register(syncRoutes(context, syncParts(context, replayer), options.beforeMutation, options.syncProtocolMin), { prefix: API_PREFIX });
    app.register(userRoutes(context), { prefix: API_PREFIX });
    app.register(tournamentRoutes(context), { prefix: API_PREFIX });
    app.register(organizationRoutes(context), { prefix: API_PREFIX });
    app.register(classRoutes(context), { prefix: API_PREFIX });
    app.register(homeworkRoutes(context), { prefix: API_PREFIX });
    app.register(parentRoutes(context), { prefix: API_PREFIX });
    app.register(classDashboardRoutes(context), { prefix: API_PREFIX });
    app.register(classTournamentRoutes(context), { prefix: API_PREFIX });
    app.register(classCodeRoutes(context), { prefix: API_PREFIX });
    app.register(privacyRoutes(context), { prefix: API_PREFIX });

    app.register(learningRoutes(context), { prefix: API_PREFIX });
    app.register(puzzleRoutes(context), { prefix: API_PREFIX });
  }

  if (options.enginePool !== false) {
    const pool = options.enginePool ?? new EnginePool(enginePoolOptionsFromEnv(process.env));
    const cache: EvalCache = database ? new KyselyEvalCache(database.db) : new MemoryEvalCache();
    app.register(coachRoutes, { prefix: API_PREFIX, pool, cache, warmUp: options.warmUp ?? false });
  }

  const staticDir = options.staticDir === undefined ? DEFAULT_STATIC_DIR : options.staticDir;
  if (staticDir === null) {
    app.setNotFoundHandler(sendNotFound);
  } else {
    registerStaticApp(app, staticDir);
  }
  return app;
}

/** What the routes share: the database, the mailer, the rate limiter, the links' settings and the clock. */
function serverContext(app: FastifyInstance, options: BuildAppOptions, database: AppDatabase): ServerContext {
  const log = options.mailLog ?? ((message: string) => app.log.info(message));
  const now = options.now ?? (() => new Date());
  const clock = () => now().getTime();
  return {
    database,
    mailer:
      options.mailer ??
      createMailer({ smtpUrl: options.smtpUrl, outboxDir: options.outboxDir ?? join(process.cwd(), 'data', 'outbox'), log }),
    // PostgreSQL may serve several processes: their limits live in the database they share.
    limiter: new RateLimiter(
      database.kind === 'postgres' ? new DatabaseRateLimitStore(database.db, clock) : new MemoryRateLimitStore(clock),
      clock,
    ),
    registerLimit: options.registerLimitPerHour === undefined ? REGISTER_PER_IP_LIMIT : { ...REGISTER_PER_IP_LIMIT, max: options.registerLimitPerHour },
    publicUrl: options.publicUrl ?? null,
    allowedHosts: options.allowedHosts ?? DEFAULT_ALLOWED_HOSTS,
    now,
  };
}
