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

/**
 * A refusal's code and values (issue 28: ./core/errors.ts): a string, not the codes' enum, so
 * that an app older than the server still reads a body with a code it does not know (and shows
 * the English `error`).
 */
export const errorCodeFields = {
  code: z.string().optional(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
};

/**
 * Every 4xx and 5xx body the server sends: `error` in English (the spec's words), and, for a
 * message of schema/core/errors.ts, its `code` and `params` (Fastify's own validation texts and a
 * 5xx's 'Internal Server Error' have none).
 */
export const errorResponseSchema = z.object({ error: z.string(), ...errorCodeFields });
export type ErrorResponse = z.infer<typeof errorResponseSchema>;
