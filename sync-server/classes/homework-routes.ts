import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { assignHomeworkRequestSchema, classHomeworkListSchema, errorResponseSchema, studentHomeworkListSchema, homeworkPaths } from '../../schema';
import type { ServerContext } from '../core/context';
import { currentUser } from '../core/plugins/auth';
import { idParamsSchema, type ZodTypeProvider } from '../core/plugins/zod';
import { loadAccess } from '../core/rbac/tenancy';
import { assignHomework, cancelHomework, classHomework, studentHomework } from './homework';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema, 409: errorResponseSchema };
/** The gate passes org:roster held anywhere; the service checks it for the class's organization. */
const STAFF = { permission: 'org:roster', scoped: true } as const;
const homeworkParams = z.strictObject({ id: idParamsSchema.shape.id, homeworkId: idParamsSchema.shape.id });

/**
 * Homework (issue 19; the rules in ./homework.ts). Setting and cancelling are also the
 * assignHomework and cancelHomework mutations (./homework-mutators.ts), which call the same
 * services. Each write answers the class's homework as it is now.
 */
export function homeworkRoutes(context: ServerContext): FastifyPluginAsync {
  const db = context.database.db;

  return async (app) => {
    const routes = app.withTypeProvider<ZodTypeProvider>();

    routes.get(homeworkPaths.mine, { config: { auth: 'user' }, schema: { response: { 200: studentHomeworkListSchema, ...errors } } }, async (request) =>
      studentHomework(db, currentUser(request), context.now()),
    );

    routes.get(homeworkPaths.ofClass, { config: { auth: STAFF }, schema: { params: idParamsSchema, response: { 200: classHomeworkListSchema, ...errors } } }, async (request) =>
      classHomework(db, await loadAccess(db, currentUser(request), context.now()), request.params.id),
    );

    routes.post(
      homeworkPaths.ofClass,
      { config: { auth: STAFF }, schema: { params: idParamsSchema, body: assignHomeworkRequestSchema, response: { 201: classHomeworkListSchema, ...errors } } },
      async (request, reply) => {
        const user = currentUser(request);
        const now = context.now();
        const args = { ...request.body, classId: request.params.id, assignedAt: now.toISOString() };
        await db.transaction().execute((trx) => assignHomework(trx, user, args, now));
        return reply.code(201).send(await classHomework(db, await loadAccess(db, user, now), request.params.id));
      },
    );

    routes.delete(homeworkPaths.assignment, { config: { auth: STAFF }, schema: { params: homeworkParams, response: { 200: classHomeworkListSchema, ...errors } } }, async (request) => {
      const user = currentUser(request);
      const now = context.now();
      await db.transaction().execute((trx) => cancelHomework(trx, user, { classId: request.params.id, homeworkId: request.params.homeworkId }, now));
      return classHomework(db, await loadAccess(db, user, now), request.params.id);
    });
  };
}
