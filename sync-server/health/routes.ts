import type { FastifyPluginAsync } from 'fastify';
import { healthResponseSchema, healthPaths, type HealthResponse } from '../../schema';
import { APP_VERSION } from '../core/config';
import type { ZodTypeProvider } from '../core/plugins/zod';

/** GET /api/health: lets the app (and a venue's organiser) see that the server is up. */
export function healthRoutes(options: { database: HealthResponse['database'] }): FastifyPluginAsync {
  return async (app) => {
    app.withTypeProvider<ZodTypeProvider>().get(
      healthPaths.health,
      { config: { auth: 'public' }, schema: { response: { 200: healthResponseSchema } } },
      async (): Promise<HealthResponse> => ({
        status: 'ok',
        version: APP_VERSION,
        uptimeSeconds: Math.floor(process.uptime()),
        database: options.database,
      }),
    );
  };
}
