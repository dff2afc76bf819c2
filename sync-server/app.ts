import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { DEFAULT_STATIC_DIR } from './config';
import { registerErrorHandler, sendNotFound } from './plugins/errors';
import { registerSecurityHeaders } from './plugins/security-headers';
import { registerStaticApp } from './plugins/static-app';
import { registerZodSchemas } from './plugins/zod';
import { healthRoutes } from './routes/health';

export interface BuildAppOptions {
  /** The built app to serve (Vite's outDir); `null` serves only /api. Default: <repo>/dist. */
  staticDir?: string | null;
  logger?: FastifyServerOptions['logger'];
}

/**
 * Builds the server without listening, so that tests can call `app.inject()` and add
 * test-only routes before the first request. `server.ts` is what listens.
 */
export function buildApp(options: BuildAppOptions = {}): FastifyInstance {
  const app = Fastify({ logger: options.logger ?? false });

  // Infrastructure is applied to the root instance (not registered as encapsulated plugins)
  // so that it covers every route.
  registerSecurityHeaders(app);
  registerErrorHandler(app);
  registerZodSchemas(app);

  app.register(healthRoutes, { prefix: '/api' });

  const staticDir = options.staticDir === undefined ? DEFAULT_STATIC_DIR : options.staticDir;
  if (staticDir === null) {
    app.setNotFoundHandler(sendNotFound);
  } else {
    registerStaticApp(app, staticDir);
  }
  return app;
}
