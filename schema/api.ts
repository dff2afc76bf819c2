import { z } from 'zod';

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

/** Every 4xx and 5xx body the server sends. */
export const errorResponseSchema = z.object({ error: z.string() });
export type ErrorResponse = z.infer<typeof errorResponseSchema>;
