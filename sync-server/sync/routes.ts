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
import type { GuessableCode } from '../../domain/code-guessing';
import { CodeGuard, type Guesser } from '../auth/code-guard';
import type { ServerContext } from '../core/context';
import type { GameReplayer } from '../games/replay-pool';
import { currentUser } from '../core/plugins/auth';
import { httpError } from '../core/plugins/errors';
import { sendJson, type ZodTypeProvider } from '../core/plugins/zod';
import { pullChanges, pullChangesLegacy } from './pull';
import type { GenericMutationName } from '../core/mutator-types';
import { applyPush, type BeforeMutation, type CodeAttemptOfPush } from './push';
import { liveTournamentsJson, namedTournaments, withTournaments } from '../tournaments/live';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 409: errorResponseSchema, 503: errorResponseSchema };

/** The protocol from which a push answers, and a pull takes, live tournaments (schema/sync.ts SYNC_PROTOCOL). */
const LIVE_TOURNAMENTS_PROTOCOL = 3;

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

/** The mutations that guess a code, and its kind: counted as their online routes count them (issue 26). */
const GUESSING_MUTATIONS: Partial<Record<GenericMutationName, GuessableCode>> = { requestClassJoin: 'join' };

/** A push's attempts at codes, counted on the pusher's address, network and account (auth/code-guard.ts). */
function codeAttemptsOf(guard: CodeGuard, guesser: Guesser): CodeAttemptOfPush {
  return async (mutation) => {
    const kind = GUESSING_MUTATIONS[mutation.name];
    if (kind === undefined) return null;
    const attempt = await guard.attempt(kind, guesser);
    if (!attempt.ok) return { refused: attempt.message };
    return { settle: async (applied) => (applied ? attempt.succeeded() : undefined) };
  };
}

/** The offline sync protocol (docs/architecture.md, "Sync"). */
export function syncRoutes(
  context: ServerContext,
  replayer: GameReplayer,
  beforeMutation?: BeforeMutation,
  minimumProtocol = SYNC_PROTOCOL_MIN,
): FastifyPluginAsync {
  const guard = new CodeGuard(context.limiter, context.database.db);
  return async (app) => {
    const routes = app.withTypeProvider<ZodTypeProvider>();

    routes.post(
      '/sync/push',
      { config: { auth: 'user' }, schema: { body: pushRequestSchema, response: { 200: pushResponseSchema, ...errors } } },
      async (request, reply): Promise<PushResponse> => {
        const protocol = checkProtocol(request.body.protocol, minimumProtocol, reply);
        const user = currentUser(request);
        const codeAttempts = codeAttemptsOf(guard, { ip: request.ip, accountId: user.id });
        const response = await applyPush(context.database, user, request.body, context.now(), beforeMutation, replayer, codeAttempts);
        // Protocol 3: the tournaments the push named, at their new versions, so the device needs no second request.
        const named = protocol >= LIVE_TOURNAMENTS_PROTOCOL ? namedTournaments(request.body.mutations) : [];
        if (named.length === 0) return response;
        const items = await liveTournamentsJson({ db: context.database.db, database: context.database, user, now: context.now() }, named);
        return sendJson(reply, withTournaments(response, items));
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
        const user = currentUser(request);
        const cursor = request.body?.cursor ?? 0;
        if (protocol === LEGACY_SYNC_PROTOCOL) return pullChangesLegacy(context.database.db, user.id, cursor);
        const response = await pullChanges(context.database.db, user.id, cursor);
        const followed = protocol >= LIVE_TOURNAMENTS_PROTOCOL ? (request.body?.tournaments ?? []) : [];
        if (followed.length === 0) return response;
        const items = await liveTournamentsJson({ db: context.database.db, database: context.database, user, now: context.now() }, followed);
        return sendJson(reply, withTournaments(response, items));
      },
    );
  };
}
