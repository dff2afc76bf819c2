import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import {
  CLIENT_TOO_OLD,
  errorResponseSchema,
  LEGACY_SYNC_PROTOCOL,
  legacyPullResponseSchema,
  pullRequestSchema,
  pullResponseSchema,
  pushRequestSchema,
  pushResponseSchema,
  SERVER_TOO_OLD,
  SYNC_PROTOCOL,
  SYNC_PROTOCOL_MIN,
  type LegacyPullResponse,
  type PullResponse,
  type PushResponse,
} from '../../schema';
import type { ServerContext } from '../context';
import { currentUser } from '../plugins/auth';
import { httpError } from '../plugins/errors';
import type { ZodTypeProvider } from '../plugins/zod';
import { pullChanges, pullChangesLegacy } from './pull';
import { applyPush, type BeforeMutation } from './push';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 409: errorResponseSchema, 503: errorResponseSchema };

/** Seconds a client newer than this server waits before pushing again (a rolling update). */
const SERVER_UPDATE_RETRY_SECONDS = 30;

/**
 * The protocol a request speaks, or the answer refusing it: 409 CLIENT_TOO_OLD below `minimum`
 * (the client keeps its outbox and offers the update), 503 with Retry-After above this server's
 * own version (a newer client reached a process not yet updated).
 */
export function checkProtocol(protocol: number | undefined, minimum: number, reply: FastifyReply): number {
  const version = protocol ?? LEGACY_SYNC_PROTOCOL;
  if (version < minimum) throw httpError(409, CLIENT_TOO_OLD);
  if (version > SYNC_PROTOCOL) {
    reply.header('retry-after', String(SERVER_UPDATE_RETRY_SECONDS));
    throw Object.assign(httpError(503, SERVER_TOO_OLD), { expose: true });
  }
  return version;
}

/** The offline sync protocol (docs/architecture.md, "Sync"). */
export function syncRoutes(context: ServerContext, beforeMutation?: BeforeMutation, minimumProtocol = SYNC_PROTOCOL_MIN): FastifyPluginAsync {
  return async (app) => {
    const routes = app.withTypeProvider<ZodTypeProvider>();

    routes.post(
      '/sync/push',
      { config: { auth: 'user' }, schema: { body: pushRequestSchema, response: { 200: pushResponseSchema, ...errors } } },
      async (request, reply): Promise<PushResponse> => {
        checkProtocol(request.body.protocol, minimumProtocol, reply);
        return applyPush(context.database, currentUser(request), request.body, context.now(), beforeMutation, context.replayer);
      },
    );

    routes.post(
      '/sync/pull',
      // An empty body means "from the start" (protocol 1).
      {
        config: { auth: 'user' },
        schema: { body: pullRequestSchema.nullish(), response: { 200: pullResponseSchema.or(legacyPullResponseSchema), ...errors } },
      },
      async (request, reply): Promise<PullResponse | LegacyPullResponse> => {
        const protocol = checkProtocol(request.body?.protocol, minimumProtocol, reply);
        const userId = currentUser(request).id;
        const cursor = request.body?.cursor ?? 0;
        return protocol === LEGACY_SYNC_PROTOCOL ? pullChangesLegacy(context.database.db, userId, cursor) : pullChanges(context.database.db, userId, cursor);
      },
    );
  };
}
