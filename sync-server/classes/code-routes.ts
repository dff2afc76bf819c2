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
} from '../../schema';
import { tooManyAttemptsMessage, type Limit } from '../auth/rate-limit';
import type { ServerContext } from '../context';
import { currentUser } from '../plugins/auth';
import { httpError } from '../plugins/errors';
import { idParamsSchema, type ZodTypeProvider } from '../plugins/zod';
import { loadAccess } from '../rbac/tenancy';
import { answerClassJoin, joinPanel, lookUpSignInCode, makeJoinCode, makeSignInCode, requestClassJoin } from './codes';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema, 409: errorResponseSchema, 429: errorResponseSchema };
const STAFF = { permission: 'org:roster', scoped: true } as const;
const requestParams = z.strictObject({ id: idParamsSchema.shape.id, userId: idParamsSchema.shape.id });

/**
 * Per address: 20 wrong sign-in codes in 15 minutes (a code that works is given back, so a
 * class behind one school address can all type it). 148 million codes: a guesser finds nothing.
 */
export const CLASS_CODE_PER_IP_LIMIT: Limit = { max: 20, windowMs: 15 * 60 * 1000 };

/** Class codes (issue 19; the rules in ./codes.ts). */
export function classCodeRoutes(context: ServerContext): FastifyPluginAsync {
  const db = context.database.db;
  return async (app) => {
    const routes = app.withTypeProvider<ZodTypeProvider>();

    routes.post('/classes/sign-in-code', { config: { auth: STAFF }, schema: { body: signInCodeRequestSchema, response: { 201: signInCodeSchema, ...errors } } }, async (request, reply) => {
      const access = await loadAccess(db, currentUser(request), context.now());
      return reply.code(201).send(await db.transaction().execute((trx) => makeSignInCode(trx, access, request.body.classId)));
    });

    routes.post('/auth/class-code', { config: { auth: 'public' }, schema: { body: classCodeLookupRequestSchema, response: { 200: classCodeLookupSchema, ...errors } } }, async (request, reply) => {
      // Counted before the lookup: a burst of guesses is capped at the limit.
      const key = `class-code:ip:${request.ip}`;
      const wait = await context.limiter.take([[key, CLASS_CODE_PER_IP_LIMIT]]);
      if (wait > 0) {
        reply.header('retry-after', String(wait));
        throw httpError(429, tooManyAttemptsMessage(wait));
      }
      const found = await lookUpSignInCode(db, request.body.code, context.now());
      await context.limiter.refund(key);
      return found;
    });

    routes.get('/classes/:id/join', { config: { auth: STAFF }, schema: { params: idParamsSchema, response: { 200: classJoinPanelSchema, ...errors } } }, async (request) =>
      joinPanel(db, await loadAccess(db, currentUser(request), context.now()), request.params.id),
    );

    routes.post('/classes/:id/join-code', { config: { auth: STAFF }, schema: { params: idParamsSchema, response: { 200: classJoinPanelSchema, ...errors } } }, async (request) => {
      const access = await loadAccess(db, currentUser(request), context.now());
      return db.transaction().execute((trx) => makeJoinCode(trx, access, request.params.id));
    });

    routes.post('/classes/join', { config: { auth: 'user' }, schema: { body: requestClassJoinArgsSchema, response: { 200: classJoinResultSchema, ...errors } } }, async (request) =>
      db.transaction().execute((trx) => requestClassJoin(trx, currentUser(request), request.body.code, context.now())),
    );

    routes.post(
      '/classes/:id/join-requests/:userId',
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
