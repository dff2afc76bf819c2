import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import {
  contentLanguageQuerySchema,
  authUserSchema,
  errorResponseSchema,
  onboardingPuzzleSchema,
  puzzleAttemptRequestSchema,
  puzzleAttemptResponseSchema,
  accountPaths,
  type AuthUser,
  type OnboardingPuzzle,
} from '../../schema';
import { authUserOf } from '../auth/language';
import type { ServerContext } from '../core/context';
import { currentUser } from '../core/plugins/auth';
import type { ZodTypeProvider } from '../core/plugins/zod';
import { assessmentPuzzles, completeOnboarding, recordPuzzleAttempt } from './assessment';

/** The skill assessment (accounts spec sections 2, 4 and 7); the services are shared with the mutators. */
export function onboardingRoutes(context: ServerContext): FastifyPluginAsync {
  const db = context.database.db;
  return async (app) => {
    const routes = app.withTypeProvider<ZodTypeProvider>();

    routes.get(
      accountPaths.assessmentPuzzles,
      { config: { auth: 'user' }, schema: { querystring: contentLanguageQuerySchema, response: { 200: z.array(onboardingPuzzleSchema), 400: errorResponseSchema, 401: errorResponseSchema } } },
      async (request): Promise<OnboardingPuzzle[]> => assessmentPuzzles(db, request.query.lang),
    );

    routes.post(
      accountPaths.assessmentAttempt,
      {
        config: { auth: 'user' },
        schema: {
          body: puzzleAttemptRequestSchema,
          response: { 200: puzzleAttemptResponseSchema, 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema },
        },
      },
      async (request) => {
        const { solved } = await recordPuzzleAttempt(db, currentUser(request), request.body, context.now().toISOString());
        return { success: true as const, solved };
      },
    );

    routes.post(
      accountPaths.completeOnboarding,
      { config: { auth: 'user' }, schema: { response: { 200: authUserSchema, 401: errorResponseSchema } } },
      async (request): Promise<AuthUser> => authUserOf(db, await completeOnboarding(db, currentUser(request))),
    );
  };
}
