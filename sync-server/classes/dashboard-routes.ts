import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { classDashboardSchema, classStudentPageSchema, errorResponseSchema, classDashboardPaths, classPaths } from '../../schema';
import type { ServerContext } from '../core/context';
import { currentUser } from '../core/plugins/auth';
import { idParamsSchema, type ZodTypeProvider } from '../core/plugins/zod';
import { classDashboard, classStudentPage } from './dashboard';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema };
/** The gate passes org:roster held anywhere; the service checks it for the class's organization. */
const STAFF = { permission: 'org:roster', scoped: true } as const;
const studentParams = z.strictObject({ id: idParamsSchema.shape.id, userId: idParamsSchema.shape.id });

/** The class dashboard and a student's page (issue 19; the rules in ./dashboard.ts). Read-only. */
export function classDashboardRoutes(context: ServerContext): FastifyPluginAsync {
  const db = context.database.db;
  return async (app) => {
    const routes = app.withTypeProvider<ZodTypeProvider>();

    routes.get(classDashboardPaths.dashboard, { config: { auth: STAFF }, schema: { params: idParamsSchema, response: { 200: classDashboardSchema, ...errors } } }, async (request) =>
      classDashboard(db, currentUser(request), request.params.id, context.now()),
    );

    routes.get(classPaths.student, { config: { auth: STAFF }, schema: { params: studentParams, response: { 200: classStudentPageSchema, ...errors } } }, async (request) =>
      classStudentPage(db, currentUser(request), request.params.id, request.params.userId, context.now()),
    );
  };
}
