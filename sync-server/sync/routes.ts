import type { FastifyPluginAsync } from 'fastify';
import { errorResponseSchema, pullRequestSchema, pullResponseSchema, pushRequestSchema, pushResponseSchema, type PullResponse, type PushResponse } from '../../schema';
import type { ServerContext } from '../context';
import { currentUser } from '../plugins/auth';
import type { ZodTypeProvider } from '../plugins/zod';
import { pullChanges } from './pull';
import { applyPush, type BeforeMutation } from './push';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema };

/** The offline sync protocol (docs/architecture.md, "Sync"). */
export function syncRoutes(context: ServerContext, beforeMutation?: BeforeMutation): FastifyPluginAsync {
  return async (app) => {
    const routes = app.withTypeProvider<ZodTypeProvider>();

    routes.post(
      '/sync/push',
      { config: { auth: 'user' }, schema: { body: pushRequestSchema, response: { 200: pushResponseSchema, ...errors } } },
      async (request): Promise<PushResponse> =>
        applyPush(context.database, currentUser(request), request.body, context.now(), beforeMutation),
    );

    routes.post(
      '/sync/pull',
      // An empty body means "from the start".
      { config: { auth: 'user' }, schema: { body: pullRequestSchema.nullish(), response: { 200: pullResponseSchema, ...errors } } },
      async (request): Promise<PullResponse> =>
        pullChanges(context.database.db, currentUser(request).id, request.body?.cursor ?? 0),
    );
  };
}
