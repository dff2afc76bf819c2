import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import {
  childControlsSchema,
  errorResponseSchema,
  linkByEmailRequestSchema,
  linkChildRequestSchema,
  linkedChildrenSchema,
  linkedChildSchema,
  parentCodeSchema,
  parentEmailSchema,
  parentLettersSchema,
  parentSuggestionsSchema,
  setParentEmailArgsSchema,
  parentPaths,
} from '../../schema';
import { CodeGuard, refuseOverLimit } from '../auth/code-guard';
import type { ServerContext } from '../core/context';
import { currentUser } from '../core/plugins/auth';
import { httpError } from '../core/plugins/errors';
import { idParamsSchema, type ZodTypeProvider } from '../core/plugins/zod';
import { childrenOf, createParentCode, linkChild, linkChildByEmail, parentEmailOf, parentLetters, parentSuggestions, releaseChildControls, setChildControls, setParentEmail, unlinkChild } from './service';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema, 409: errorResponseSchema, 429: errorResponseSchema };
/** The gate passes org:roster held anywhere; the classes service checks it for the class's organization. */
const STAFF = { permission: 'org:roster', scoped: true } as const;
const studentParams = z.strictObject({ id: idParamsSchema.shape.id, userId: idParamsSchema.shape.id });
const controlsBodySchema = childControlsSchema.partial().strict();

/**
 * Parents (issue 19; the rules in ./service.ts). Making a code is online only (it is printed at
 * once); linking is online only (it is rate limited and answers the child); changing a child's
 * controls, handing them back and unlinking are also mutations (setChildControls,
 * releaseChildControls, unlinkChild).
 * Two child plugins, registered in this order.
 */
export function parentRoutes(context: ServerContext): FastifyPluginAsync {
  const guard = new CodeGuard(context.limiter, context.database.db);
  return async (app) => {
    app.register(parentLinkRoutes(context, guard));
    app.register(childRoutes(context));
  };
}

/** Parent codes and letters, linking (by code or by e-mail), and a child's parent e-mail. */
function parentLinkRoutes(context: ServerContext, guard: CodeGuard): FastifyPluginAsync {
  const db = context.database.db;
  return async (app) => {
    const routes = app.withTypeProvider<ZodTypeProvider>();

    routes.post(
      parentPaths.newParentCode,
      { config: { auth: STAFF }, schema: { params: studentParams, response: { 201: parentCodeSchema, ...errors } } },
      async (request, reply) => reply.code(201).send(await createParentCode(db, currentUser(request), request.params.id, request.params.userId, context.now())),
    );

    routes.get(parentPaths.parentLetters, { config: { auth: STAFF }, schema: { params: idParamsSchema, response: { 200: parentLettersSchema, ...errors } } }, async (request) => ({
      letters: await parentLetters(db, currentUser(request), request.params.id, context.now()),
    }));

    // Counted before anything is read, per account, address and network (../auth/code-guard.ts);
    // a success gives the address and network their attempt back (a parents' evening shares one
    // address). Linking by e-mail shares the budget but guesses no code.
    routes.post(parentPaths.link, { config: { auth: 'user' }, schema: { body: linkChildRequestSchema, response: { 201: linkedChildSchema, ...errors } } }, async (request, reply) => {
      const user = currentUser(request);
      const attempt = await guard.attempt('parent', { ip: request.ip, accountId: user.id });
      refuseOverLimit(attempt, reply);
      const child = await linkChild(db, user, request.body.code, context.now());
      await attempt.succeeded();
      return reply.code(201).send(child);
    });

    routes.post(parentPaths.linkByEmail, { config: { auth: 'user' }, schema: { body: linkByEmailRequestSchema, response: { 201: linkedChildSchema, ...errors } } }, async (request, reply) => {
      const user = currentUser(request);
      const attempt = await guard.attempt('parent', { ip: request.ip, accountId: user.id }, { guess: false });
      refuseOverLimit(attempt, reply);
      const child = await linkChildByEmail(db, user, request.body.childId, context.now());
      await attempt.succeeded();
      return reply.code(201).send(child);
    });

    routes.get(parentPaths.suggestions, { config: { auth: 'user' }, schema: { response: { 200: parentSuggestionsSchema, ...errors } } }, async (request) => parentSuggestions(db, currentUser(request)));

    routes.get(parentPaths.parentEmail, { config: { auth: 'user' }, schema: { response: { 200: parentEmailSchema, ...errors } } }, async (request) => parentEmailOf(db, currentUser(request).id));

    routes.patch(parentPaths.parentEmail, { config: { auth: 'user' }, schema: { body: setParentEmailArgsSchema, response: { 200: parentEmailSchema, ...errors } } }, async (request) =>
      setParentEmail(db, currentUser(request), request.body),
    );
  };
}

/** A parent's linked children: the list, their controls, and unlinking. */
function childRoutes(context: ServerContext): FastifyPluginAsync {
  const db = context.database.db;
  return async (app) => {
    const routes = app.withTypeProvider<ZodTypeProvider>();

    routes.get(parentPaths.children, { config: { auth: 'user' }, schema: { response: { 200: linkedChildrenSchema, ...errors } } }, async (request) => ({
      children: await childrenOf(db, currentUser(request).id, context.now()),
    }));

    routes.patch(
      parentPaths.childControls,
      { config: { auth: 'user' }, schema: { params: idParamsSchema, body: controlsBodySchema, response: { 200: linkedChildSchema, ...errors } } },
      async (request) => {
        const user = currentUser(request);
        if (Object.keys(request.body).length === 0) throw httpError(400, 'ERR_PARENT_NO_CONTROLS');
        const now = context.now();
        await db.transaction().execute((trx) => setChildControls(trx, user, { childId: request.params.id, controls: request.body }, now));
        const [child] = await childrenOf(db, user.id, now, request.params.id);
        if (!child) throw httpError(404, 'ERR_NOT_FOUND');
        return child;
      },
    );

    routes.delete(
      parentPaths.childControls,
      { config: { auth: 'user' }, schema: { params: idParamsSchema, response: { 200: linkedChildSchema, ...errors } } },
      async (request) => {
        const user = currentUser(request);
        await db.transaction().execute((trx) => releaseChildControls(trx, user, { childId: request.params.id }));
        const [child] = await childrenOf(db, user.id, context.now(), request.params.id);
        if (!child) throw httpError(404, 'ERR_NOT_FOUND');
        return child;
      },
    );

    routes.delete(
      parentPaths.child,
      { config: { auth: 'user' }, schema: { params: idParamsSchema, response: { 200: linkedChildrenSchema, ...errors } } },
      async (request) => {
        const user = currentUser(request);
        await db.transaction().execute((trx) => unlinkChild(trx, user, { childId: request.params.id }));
        return { children: await childrenOf(db, user.id, context.now()) };
      },
    );
  };
}