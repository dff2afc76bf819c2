import { z } from 'zod';
import { errorCodeFields } from './core/errors';

/** The health check's address (a pattern under API_PREFIX, schema/core/paths.ts). */
export const healthPaths = { health: '/health' } as const;

/** GET /api/health */
export const healthResponseSchema = z.object({
  status: z.literal('ok'),
  version: z.string(),
  uptimeSeconds: z.number().nonnegative(),
  database: z.enum(['none', 'sqlite', 'postgres']),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;

/**
 * Every 4xx and 5xx body the server sends: `error` in English (the spec's words), and, for a
 * message of schema/core/errors.ts, its `code` and `params` (Fastify's own validation texts and a
 * 5xx's 'Internal Server Error' have none).
 */
export const errorResponseSchema = z.object({ error: z.string(), ...errorCodeFields });
export type ErrorResponse = z.infer<typeof errorResponseSchema>;
