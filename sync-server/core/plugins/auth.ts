import type {} from '@fastify/cookie';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { hasPermission, holdsAnywhere, isRole, type Permission } from '../../../domain/rbac';
import { isApiPath } from '../../../schema';
import { findSession, touchSession, type SessionInfo } from '../sessions';
import type { ServerContext } from '../context';
import { httpError } from './errors';
import type { UserRow } from '../db/types';
import { loadGrants } from '../rbac/grants';

/**
 * Every /api route says what it needs in its options, `config: { auth }`, and this one hook
 * enforces it before the handler runs:
 * - 'public': anyone;
 * - 'user': a signed-in user (401 otherwise);
 * - { permission }: a signed-in user holding that permission globally (403 otherwise);
 * - { permission, scoped: true }: holding it globally or in some scope (a school organiser's
 *   grant scoped to their organization); the handler then checks the record's own scope
 *   (core/rbac/tenancy.ts) before it loads the record.
 * A route under /api without a declaration refuses to register, so none can be forgotten.
 * Finer rules (another user's private game is a 404) live in the handlers.
 */
export type RouteAuth = 'public' | 'user' | { permission: Permission; scoped?: true };

export const SESSION_COOKIE = 'sid';

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: RouteAuth;
  }
  interface FastifyRequest {
    /** The signed-in user on 'user' and permission routes (null on public ones). */
    user: UserRow | null;
    session: SessionInfo | null;
  }
}

/** Refuses to register an /api route that does not say who may call it. */
export function requireAuthDeclarations(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    if (isApiPath(route.url) && route.config?.auth === undefined) {
      throw new Error(`Route ${String(route.method)} ${route.url} must declare config.auth ('public', 'user' or { permission })`);
    }
  });
}

export function registerRouteAuth(app: FastifyInstance, context: ServerContext): void {
  app.decorateRequest('user', null);
  app.decorateRequest('session', null);

  app.addHook('onRequest', async (request) => {
    const auth = request.routeOptions.config.auth;
    if (auth === undefined || auth === 'public') return;
    const signedIn = await loadSession(request, context);
    if (!signedIn) throw httpError(401, 'ERR_NOT_AUTHENTICATED');
    if (typeof auth === 'object') {
      const user = request.user as UserRow;
      const grants = await loadGrants(context.database.db, user.id);
      const primaryRole = isRole(user.primaryRole) ? user.primaryRole : 'student';
      const check = auth.scoped ? holdsAnywhere : hasPermission;
      if (!check(primaryRole, grants, auth.permission, context.now())) {
        throw httpError(403, 'ERR_FORBIDDEN');
      }
    }
  });
}

/** Reads the session cookie into request.user / request.session; false when there is none. */
export async function loadSession(request: FastifyRequest, context: ServerContext): Promise<boolean> {
  const token = request.cookies[SESSION_COOKIE];
  if (!token || token.length > 100) return false;
  const now = context.now();
  const found = await findSession(context.database.db, token, now);
  if (found === undefined) return false;
  request.user = found.user;
  request.session = found.session;
  await touchSession(context.database.db, found.session, now);
  return true;
}

/** The signed-in user of a route declared 'user' or with a permission (the hook guarantees it). */
export function currentUser(request: FastifyRequest): UserRow {
  if (request.user === null) throw new Error('currentUser() on a route that is not signed-in only');
  return request.user;
}
