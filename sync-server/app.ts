import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { join } from 'node:path';
import { createMailer, type Mailer } from './auth/mailer';
import { RateLimiter } from './auth/rate-limit';
import { authRoutes } from './auth/routes';
import { DEFAULT_STATIC_DIR } from './config';
import type { ServerContext } from './context';
import type { AppDatabase } from './db/connect';
import {
  coachRoutes,
  EnginePool,
  enginePoolOptionsFromEnv,
  KyselyEvalCache,
  MemoryEvalCache,
  type EvalCache,
} from './coach';
import { gameRoutes } from './games/routes';
import { onboardingRoutes } from './onboarding/routes';
import { registerRouteAuth, requireAuthDeclarations } from './plugins/auth';
import { registerErrorHandler, sendNotFound } from './plugins/errors';
import { registerSecurityHeaders } from './plugins/security-headers';
import { registerStaticApp } from './plugins/static-app';
import { registerZodSchemas } from './plugins/zod';
import { rbacRoutes } from './rbac/routes';
import { healthRoutes } from './routes/health';
import type { BeforeMutation } from './sync/push';
import { syncRoutes } from './sync/routes';
import { userRoutes } from './users/routes';

export interface BuildAppOptions {
  /** The built app to serve (Vite's outDir); `null` serves only /api. Default: <repo>/dist. */
  staticDir?: string | null;
  logger?: FastifyServerOptions['logger'];
  /**
   * The opened (and migrated) database. Without one only /api/health and the app are served
   * (database 'none'); the caller opens and closes it (see db/connect.ts).
   */
  database?: AppDatabase;
  /** Where password-reset e-mails go; default: SMTP_URL, else .eml files in `outboxDir`. */
  mailer?: Mailer;
  smtpUrl?: string;
  /** Default: <cwd>/data/outbox. */
  outboxDir?: string;
  /** Base of links in e-mails (PUBLIC_URL); default: the request's own origin. */
  publicUrl?: string;
  /** Believe X-Forwarded-* (for the client's IP and https) from this proxy (Fastify's trustProxy). */
  trustProxy?: FastifyServerOptions['trustProxy'];
  /** The clock (tests move it). */
  now?: () => Date;
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
}

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

  const database = options.database;
  app.register(healthRoutes({ database: database?.kind ?? 'none' }), { prefix: '/api' });

  if (database !== undefined) {
    const log = (message: string) => app.log.info(message);
    const now = options.now ?? (() => new Date());
    const context: ServerContext = {
      database,
      mailer:
        options.mailer ??
        createMailer({ smtpUrl: options.smtpUrl, outboxDir: options.outboxDir ?? join(process.cwd(), 'data', 'outbox'), log }),
      limiter: new RateLimiter(() => now().getTime()),
      publicUrl: options.publicUrl ?? null,
      now,
    };
    app.register(cookie);
    registerRouteAuth(app, context);
    app.register(authRoutes(context), { prefix: '/api' });
    app.register(rbacRoutes(context), { prefix: '/api' });
    app.register(onboardingRoutes(context), { prefix: '/api' });
    app.register(gameRoutes(context), { prefix: '/api' });
    app.register(syncRoutes(context, options.beforeMutation), { prefix: '/api' });
    app.register(userRoutes(context), { prefix: '/api' });
  }

  if (options.enginePool !== false) {
    const pool = options.enginePool ?? new EnginePool(enginePoolOptionsFromEnv(process.env));
    const cache: EvalCache = database ? new KyselyEvalCache(database.db) : new MemoryEvalCache();
    app.register(coachRoutes, { pool, cache, warmUp: options.warmUp ?? false });
  }

  const staticDir = options.staticDir === undefined ? DEFAULT_STATIC_DIR : options.staticDir;
  if (staticDir === null) {
    app.setNotFoundHandler(sendNotFound);
  } else {
    registerStaticApp(app, staticDir);
  }
  return app;
}
