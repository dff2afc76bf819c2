import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import {
  answerClassJoinRequestSchema,
  classCodeLookupRequestSchema,
  classCodeLookupSchema,
  classJoinPanelSchema,
  classJoinResultSchema,
  errorResponseSchema,
  requestClassJoinArgsSchema,
  signInCodeRequestSchema,
  signInCodeSchema,
  signInCodeStatusSchema,
  classCodePaths,
} from '../../schema';
import { CodeGuard, refuseOverLimit } from '../auth/code-guard';
import type { ServerContext } from '../core/context';
import { currentUser } from '../core/plugins/auth';
import { idParamsSchema, type ZodTypeProvider } from '../core/plugins/zod';
import { loadAccess } from '../core/rbac/tenancy';
import { answerClassJoin, joinPanel, lookUpSignInCode, makeJoinCode, makeSignInCode, requestClassJoin, signInCodeStatus } from './codes';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema, 409: errorResponseSchema, 429: errorResponseSchema };
const STAFF = { permission: 'org:roster', scoped: true } as const;
const requestParams = z.strictObject({ id: idParamsSchema.shape.id, userId: idParamsSchema.shape.id });

/**
 * Class codes (issue 19; the rules in ./codes.ts). The sign-in code and the join code are counted
 * before their lookup (issue 26: ../auth/code-guard.ts; the join code's push in ../sync/routes.ts).
 */
export function classCodeRoutes(context: ServerContext): FastifyPluginAsync {
  const db = context.database.db;
  const guard = new CodeGuard(context.limiter, db);
  return async (app) => {
    const routes = app.withTypeProvider<ZodTypeProvider>();

    routes.post(classCodePaths.newSignInCode, { config: { auth: STAFF }, schema: { body: signInCodeRequestSchema, response: { 201: signInCodeSchema, ...errors } } }, async (request, reply) => {
      const access = await loadAccess(db, currentUser(request), context.now());
      return reply.code(201).send(await db.transaction().execute((trx) => makeSignInCode(trx, access, request.body.classId)));
    });

    routes.get(classCodePaths.signInCode, { config: { auth: STAFF }, schema: { params: idParamsSchema, response: { 200: signInCodeStatusSchema, ...errors } } }, async (request) =>
      signInCodeStatus(db, await loadAccess(db, currentUser(request), context.now()), request.params.id),
    );

    routes.post(classCodePaths.lookUp, { config: { auth: 'public' }, schema: { body: classCodeLookupRequestSchema, response: { 200: classCodeLookupSchema, ...errors } } }, async (request, reply) => {
      // Counted before the lookup: a burst of guesses is capped at the limits.
      const attempt = await guard.attempt('sign_in', { ip: request.ip });
      refuseOverLimit(attempt, reply);
      const found = await lookUpSignInCode(db, request.body.code, context.now());
      await attempt.succeeded();
      return found;
    });

    routes.get(classCodePaths.joinPanel, { config: { auth: STAFF }, schema: { params: idParamsSchema, response: { 200: classJoinPanelSchema, ...errors } } }, async (request) =>
      joinPanel(db, await loadAccess(db, currentUser(request), context.now()), request.params.id),
    );

    routes.post(classCodePaths.newJoinCode, { config: { auth: STAFF }, schema: { params: idParamsSchema, response: { 200: classJoinPanelSchema, ...errors } } }, async (request) => {
      const access = await loadAccess(db, currentUser(request), context.now());
      return db.transaction().execute((trx) => makeJoinCode(trx, access, request.params.id));
    });

    routes.post(classCodePaths.join, { config: { auth: 'user' }, schema: { body: requestClassJoinArgsSchema, response: { 200: classJoinResultSchema, ...errors } } }, async (request, reply) => {
      const user = currentUser(request);
      const attempt = await guard.attempt('join', { ip: request.ip, accountId: user.id });
      refuseOverLimit(attempt, reply);
      const asked = await db.transaction().execute((trx) => requestClassJoin(trx, user, request.body.code, context.now()));
      await attempt.succeeded();
      return asked;
    });

    routes.post(
      classCodePaths.joinRequest,
      { config: { auth: STAFF }, schema: { params: requestParams, body: answerClassJoinRequestSchema, response: { 200: classJoinPanelSchema, ...errors } } },
      async (request) => {
        const user = currentUser(request);
        const now = context.now();
        await db.transaction().execute((trx) => answerClassJoin(trx, user, { classId: request.params.id, userId: request.params.userId, approve: request.body.approve }, now));
        return joinPanel(db, await loadAccess(db, user, now), request.params.id);
      },
    );
  };
}
