import type { FastifyPluginAsync } from 'fastify';
import { errorResponseSchema, rbacMeSchema, accountPaths, type RbacMe } from '../../schema';
import type { ServerContext } from '../core/context';
import { currentUser } from '../core/plugins/auth';
import type { ZodTypeProvider } from '../core/plugins/zod';
import { isRole } from '../../domain/rbac';
import { describeAccess, loadGrants } from '../core/rbac/grants';

/** GET /api/rbac/me: the signed-in user's permissions and roles (401 'Not authenticated' otherwise). */
export function rbacRoutes(context: ServerContext): FastifyPluginAsync {
  return async (app) => {
    app.withTypeProvider<ZodTypeProvider>().get(
      accountPaths.permissions,
      { config: { auth: 'user' }, schema: { response: { 200: rbacMeSchema, 401: errorResponseSchema } } },
      async (request): Promise<RbacMe> => {
        const user = currentUser(request);
        const grants = await loadGrants(context.database.db, user.id);
        return describeAccess(isRole(user.primaryRole) ? user.primaryRole : 'student', grants, context.now());
      },
    );
  };
}
