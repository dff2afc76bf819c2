/**
 * A school's data duties (issue 26; docs/decisions.md "A child's data: download, delete, and who
 * read it"): the child's archive, deleting the account, what the viewer may do, and the school's
 * log of reads of children's emergency contacts and medical notes. Who may is ./rights.ts.
 */
import type { FastifyPluginAsync } from 'fastify';
import {
  dataAccessLogQuerySchema,
  dataAccessLogSchema,
  dataRightsSchema,
  eraseAccountRequestSchema,
  eraseAccountResponseSchema,
  errorResponseSchema,
  privacyPaths,
  type DataRights,
} from '../../schema';
import type { Limit } from '../core/rate-limit';
import { SESSION_COOKIE, currentUser } from '../core/plugins/auth';
import type { ServerContext } from '../core/context';
import type { UserRow } from '../core/db/types';
import { httpError } from '../core/plugins/errors';
import { idParamsSchema, type ZodTypeProvider } from '../core/plugins/zod';
import { holds, loadAccess, organizationPlace } from '../core/rbac/tenancy';
import { accessLog, recordReads } from './access-log';
import { eraseAccount } from './erase';
import { collectChildData, makeArchive } from './export';
import { childAccess } from './rights';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema, 409: errorResponseSchema, 429: errorResponseSchema };

/** Archives per account: 20 an hour, counted before anything is read (each reads every table of a child). */
export const EXPORT_LIMIT: Limit = { max: 20, windowMs: 60 * 60 * 1000 };

/** A file name's part made of the username: letters, digits, '-' and '_' only. */
const fileSafe = (text: string) => text.replace(/[^A-Za-z0-9_-]+/g, '_').slice(0, 40) || 'child';

export function privacyRoutes(context: ServerContext): FastifyPluginAsync {
  const db = context.database.db;

  async function accessOr404(viewer: UserRow, childId: number) {
    const found = await childAccess(db, viewer, childId, context.now());
    if (found === null) throw httpError(404, 'ERR_NOT_FOUND');
    return found;
  }

  return async (app) => {
    const routes = app.withTypeProvider<ZodTypeProvider>();
    const params = idParamsSchema;

    routes.get(privacyPaths.dataRights, { config: { auth: 'user' }, schema: { params, response: { 200: dataRightsSchema, ...errors } } }, async (request): Promise<DataRights> => {
      const found = await accessOr404(currentUser(request), request.params.id);
      return { canExport: found.canExport, canErase: found.canErase };
    });

    routes.get(privacyPaths.dataExport, { config: { auth: 'user' }, schema: { params } }, async (request, reply) => {
      const viewer = currentUser(request);
      const wait = await context.limiter.take([[`data-export:user:${viewer.id}`, EXPORT_LIMIT]]);
      if (wait > 0) {
        reply.header('retry-after', String(wait));
        throw httpError(429, 'ERR_PRIVACY_TOO_MANY_EXPORTS');
      }
      const found = await accessOr404(viewer, request.params.id);
      const now = context.now();
      const collected = await collectChildData(db, found.child.id, now);
      if (collected === null) throw httpError(404, 'ERR_NOT_FOUND');
      // Someone else's download holds the child's contact and medical notes: the school's log has it.
      if (!found.self) await recordReads({ db, database: context.database, now }, viewer.id, { kind: 'export', tournamentId: null, organizationId: found.organizationId }, [found.child.id]);
      const archive = await makeArchive(collected, found.child.username, now);
      const name = `chess-data-${fileSafe(found.child.username)}-${now.toISOString().slice(0, 10)}.zip`;
      request.log.info({ viewer: viewer.id, child: found.child.id }, 'child data exported');
      return reply.type('application/zip').header('content-disposition', `attachment; filename="${name}"`).header('cache-control', 'no-store').send(archive);
    });

    routes.delete(privacyPaths.account, { config: { auth: 'user' }, schema: { params, body: eraseAccountRequestSchema, response: { 200: eraseAccountResponseSchema, ...errors } } }, async (request, reply) => {
      const viewer = currentUser(request);
      const found = await accessOr404(viewer, request.params.id);
      if (!found.canErase) throw httpError(403, found.eraseRefusal ?? 'ERR_FORBIDDEN');
      if (request.body.username !== found.child.username) throw httpError(409, 'ERR_PRIVACY_USERNAME_MISMATCH');
      const { tournamentsKept } = await eraseAccount(context.database, found.child, context.now());
      request.log.info({ viewer: viewer.id, erased: found.child.id, tournamentsKept }, 'account deleted');
      // Their own account: this browser's cookie names a session that is gone.
      if (found.self) reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure: request.protocol === 'https' });
      return { userId: found.child.id, tournamentsKept };
    });

    routes.get(
      privacyPaths.dataAccessLog,
      { config: { auth: { permission: 'org:manage', scoped: true } }, schema: { params, querystring: dataAccessLogQuerySchema, response: { 200: dataAccessLogSchema, ...errors } } },
      async (request) => {
        const organization = await db.selectFrom('organizations').select('id').where('id', '=', request.params.id).executeTakeFirst();
        if (!organization) throw httpError(404, 'ERR_ORGANIZATION_NOT_FOUND');
        const access = await loadAccess(db, currentUser(request), context.now());
        if (!holds(access, 'org:manage', organizationPlace(access, organization.id))) throw httpError(403, 'ERR_FORBIDDEN');
        return accessLog(db, organization.id, request.query.before);
      },
    );
  };
}
