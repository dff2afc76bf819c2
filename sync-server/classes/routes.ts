import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import {
  addStudentsRequestSchema,
  classCredentialsSchema,
  classDetailSchema,
  classListSchema,
  classSummarySchema,
  createClassRequestSchema,
  errorResponseSchema,
  renameClassStudentRequestSchema,
  updateClassRequestSchema,
  classPaths,
  type ClassCredentials,
} from '../../schema';
import type { ServerContext } from '../core/context';
import type { UserRow } from '../core/db/types';
import { currentUser } from '../core/plugins/auth';
import { idParamsSchema, type ZodTypeProvider } from '../core/plugins/zod';
import { loadAccess } from '../core/rbac/tenancy';
import { setClassStudentActive, updateClass } from './manage';
import { addStudents, classDetail, createClass, listClasses, renameStudent, resetStudentPassword } from './service';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema, 409: errorResponseSchema };
/** The gate passes org:roster held anywhere; the service checks it for the class's organization. */
const STAFF = { permission: 'org:roster', scoped: true } as const;
const studentParams = z.strictObject({ id: idParamsSchema.shape.id, userId: idParamsSchema.shape.id });

/**
 * Classes (issue 19; the rules in ./service.ts). Making accounts and resetting a password are
 * online only: the new passwords are shown once, at once (docs/decisions.md). Renaming a
 * student is also the renameClassStudent mutation; editing the class and removing or putting back
 * a student (./manage.ts) are also the updateClass and setClassStudentActive mutations.
 */
export function classRoutes(context: ServerContext): FastifyPluginAsync {
  const db = context.database.db;

  /** The class as it is now, with the passwords just made (answered this once). */
  const withCredentials = async (user: UserRow, classId: number, credentials: ClassCredentials['credentials']): Promise<ClassCredentials> => {
    const detail = await classDetail(db, await loadAccess(db, user, context.now()), classId);
    return { class: detail.class, credentials };
  };

  return async (app) => {
    const routes = app.withTypeProvider<ZodTypeProvider>();

    routes.get(classPaths.classes, { config: { auth: 'user' }, schema: { response: { 200: classListSchema, ...errors } } }, async (request) =>
      listClasses(db, await loadAccess(db, currentUser(request), context.now())),
    );

    routes.post(classPaths.classes, { config: { auth: STAFF }, schema: { body: createClassRequestSchema, response: { 201: classSummarySchema, ...errors } } }, async (request, reply) => {
      const access = await loadAccess(db, currentUser(request), context.now());
      return reply.code(201).send(await createClass(db, access, request.body));
    });

    routes.get(classPaths.class, { config: { auth: 'user' }, schema: { params: idParamsSchema, response: { 200: classDetailSchema, ...errors } } }, async (request) =>
      classDetail(db, await loadAccess(db, currentUser(request), context.now()), request.params.id),
    );

    routes.post(classPaths.students, { config: { auth: STAFF }, schema: { params: idParamsSchema, body: addStudentsRequestSchema, response: { 201: classCredentialsSchema, ...errors } } }, async (request, reply) => {
      const user = currentUser(request);
      const { credentials } = await addStudents(db, user, request.params.id, request.body.names, context.now());
      return reply.code(201).send(await withCredentials(user, request.params.id, credentials));
    });

    routes.post(classPaths.resetPassword, { config: { auth: STAFF }, schema: { params: studentParams, response: { 200: classCredentialsSchema, ...errors } } }, async (request) => {
      const user = currentUser(request);
      const credential = await resetStudentPassword(db, user, request.params.id, request.params.userId, context.now());
      return withCredentials(user, request.params.id, [credential]);
    });

    routes.patch(classPaths.student, { config: { auth: STAFF }, schema: { params: studentParams, body: renameClassStudentRequestSchema, response: { 200: classDetailSchema, ...errors } } }, async (request) => {
      const user = currentUser(request);
      const now = context.now();
      await db.transaction().execute((trx) => renameStudent(trx, user, { classId: request.params.id, userId: request.params.userId, username: request.body.username }, now));
      return classDetail(db, await loadAccess(db, user, now), request.params.id);
    });

    routes.patch(classPaths.class, { config: { auth: STAFF }, schema: { params: idParamsSchema, body: updateClassRequestSchema, response: { 200: classDetailSchema, ...errors } } }, async (request) => {
      const user = currentUser(request);
      const now = context.now();
      await db.transaction().execute((trx) => updateClass(trx, user, { ...request.body, classId: request.params.id }, now));
      return classDetail(db, await loadAccess(db, user, now), request.params.id);
    });

    /** Removing a student from the class, or putting them back: the class as it is then. */
    const setActive = async (user: UserRow, classId: number, userId: number, active: boolean) => {
      const now = context.now();
      await db.transaction().execute((trx) => setClassStudentActive(trx, user, { classId, userId, active }, now));
      return classDetail(db, await loadAccess(db, user, now), classId);
    };

    routes.delete(classPaths.student, { config: { auth: STAFF }, schema: { params: studentParams, response: { 200: classDetailSchema, ...errors } } }, async (request) =>
      setActive(currentUser(request), request.params.id, request.params.userId, false),
    );

    routes.post(classPaths.restoreStudent, { config: { auth: STAFF }, schema: { params: studentParams, response: { 200: classDetailSchema, ...errors } } }, async (request) =>
      setActive(currentUser(request), request.params.id, request.params.userId, true),
    );
  };
}
