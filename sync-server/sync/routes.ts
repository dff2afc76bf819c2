import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import {
  errorResponseSchema,
  LEGACY_SYNC_PROTOCOL,
  legacyPullResponseSchema,
  pullRequestSchema,
  pullResponseSchema,
  pushRequestSchema,
  pushResponseSchema,
  SYNC_PROTOCOL,
  SYNC_PROTOCOL_MIN,
  syncPaths,
  type LegacyPullResponse,
  type PullResponse,
  type PushResponse,
} from '../../schema';
import type { GuessableCode } from '../../domain/code-guessing';
import type { ServerContext } from '../core/context';
import type { MutatorRegistry } from '../core/mutators';
import { currentUser } from '../core/plugins/auth';
import { httpError, refusalOf, type HttpError } from '../core/plugins/errors';
import { sendJson, type ZodTypeProvider } from '../core/plugins/zod';
import { withAnswerFields, type AnswerField, type PullSources, type SyncAnswerEnvironment, type SyncContribution } from '../core/sync-answers';
import { pullChanges, pullChangesLegacy } from './pull';
import { applyPush, type BeforeMutation, type CodeAttemptOfPush } from './push';

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
  if (version < minimum) throw httpError(409, 'ERR_CLIENT_TOO_OLD');
  if (version > SYNC_PROTOCOL) {
    reply.header('retry-after', String(SERVER_UPDATE_RETRY_SECONDS));
    throw Object.assign(httpError(503, 'ERR_SERVER_TOO_OLD'), { expose: true });
  }
  return version;
}

/** Counts an attempt at a guessable code on the guesser's address, network and account (auth/code-guard.ts CodeGuard.attempt). */
export type CodeGuesser = (
  kind: GuessableCode,
  guesser: { readonly ip: string; readonly accountId: number },
) => Promise<{ readonly ok: true; succeeded(): Promise<void> } | { readonly ok: false; readonly refusal: HttpError }>;

/** What the sync routes are handed by app.ts, the features' parts: this folder names no feature (issue 27). */
export interface SyncParts {
  readonly mutators: MutatorRegistry;
  readonly pull: PullSources;
  /** What the features add to the answers, in this order. */
  readonly contributions: readonly SyncContribution[];
  readonly guessCode: CodeGuesser;
}

/**
 * A push's attempts at codes (a mutator's `guesses`, core/mutators.ts), counted as their online
 * routes count them (issue 26), on the pusher's address, network and account.
 */
function codeAttemptsOf(parts: SyncParts, guesser: { readonly ip: string; readonly accountId: number }): CodeAttemptOfPush {
  return async (mutation) => {
    const kind = parts.mutators.get(mutation.name).guesses;
    if (kind === undefined) return null;
    const attempt = await parts.guessCode(kind, guesser);
    if (!attempt.ok) return { refused: refusalOf(attempt.refusal) };
    return { settle: async (applied) => (applied ? attempt.succeeded() : undefined) };
  };
}

/** The fields the features add to an answer (none: the answer stays as it is). */
async function answerFields(ask: (contribution: SyncContribution) => Promise<AnswerField | null> | undefined, contributions: readonly SyncContribution[]): Promise<AnswerField[]> {
  const fields: AnswerField[] = [];
  for (const contribution of contributions) {
    const field = await ask(contribution);
    if (field != null) fields.push(field);
  }
  return fields;
}

/** The offline sync protocol (docs/architecture.md, "Sync"). */
export function syncRoutes(
  context: ServerContext,
  parts: SyncParts,
  beforeMutation?: BeforeMutation,
  minimumProtocol = SYNC_PROTOCOL_MIN,
): FastifyPluginAsync {
  const { mutators } = parts;
  const environment = (user: SyncAnswerEnvironment['user'], protocol: number): SyncAnswerEnvironment => ({
    db: context.database.db,
    database: context.database,
    user,
    now: context.now(),
    protocol,
  });
  return async (app) => {
    const routes = app.withTypeProvider<ZodTypeProvider>();

    routes.post(
      syncPaths.push,
      { config: { auth: 'user' }, schema: { body: pushRequestSchema, response: { 200: pushResponseSchema, ...errors } } },
      async (request, reply): Promise<PushResponse> => {
        const protocol = checkProtocol(request.body.protocol, minimumProtocol, reply);
        const user = currentUser(request);
        const codeAttempt = codeAttemptsOf(parts, { ip: request.ip, accountId: user.id });
        const response = await applyPush(context.database, user, request.body, context.now(), { mutators, beforeMutation, codeAttempt });
        // What the features add (protocol 3: the tournaments the push named, so the device needs no second request).
        const env = environment(user, protocol);
        const fields = await answerFields((contribution) => contribution.pushAnswer?.(request.body.mutations, env), parts.contributions);
        return fields.length === 0 ? response : sendJson(reply, withAnswerFields(response, fields));
      },
    );

    routes.post(
      syncPaths.pull,
      // An empty body means "from the start" (protocol 1).
      {
        config: { auth: 'user' },
        schema: { body: pullRequestSchema.nullish(), response: { 200: pullResponseSchema.or(legacyPullResponseSchema), ...errors } },
      },
      async (request, reply): Promise<PullResponse | LegacyPullResponse> => {
        const protocol = checkProtocol(request.body?.protocol, minimumProtocol, reply);
        const user = currentUser(request);
        const cursor = request.body?.cursor ?? 0;
        if (protocol === LEGACY_SYNC_PROTOCOL) return pullChangesLegacy(context.database.db, parts.pull, user.id, cursor);
        const response = await pullChanges(context.database.db, parts.pull, user.id, cursor);
        // What the features add (protocol 3: the followed tournaments whose version differs from the device's).
        const env = environment(user, protocol);
        const fields = await answerFields((contribution) => contribution.pullAnswer?.(request.body, env), parts.contributions);
        return fields.length === 0 ? response : sendJson(reply, withAnswerFields(response, fields));
      },
    );
  };
}
