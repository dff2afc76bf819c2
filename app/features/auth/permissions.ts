/**
 * The signed-in user's permissions from GET /api/rbac/me (cached offline by useRbac), for the
 * screens that show an action only to those allowed (spec section 6). The server checks again.
 */
import { holdsAnywhere, PERMISSIONS, scopedOrganizations, type Permission, type RoleGrant } from '../../../domain/rbac';
import { useAuth, useRbac } from './auth';

export interface Permissions {
  /** False until the permission list has loaded (hide gated actions meanwhile). */
  ready: boolean;
  /** Held everywhere (a global grant or the primary role). */
  has(permission: string): boolean;
  /** Held everywhere or in some organization or tournament (a scoped grant). */
  hasSomewhere(permission: string): boolean;
  /** The organizations (ids) where a scoped grant gives it. */
  organizationsWith(permission: Permission): number[];
}

export function usePermissions(): Permissions {
  const auth = useAuth();
  const rbac = useRbac(auth.status === 'signedIn' ? auth.user.id : null);
  const granted = new Set(rbac.status === 'ready' ? rbac.rbac.permissions : []);
  // Roles granted for one organization or tournament (a school's organiser): their permissions
  // count there only; the server decides per record (docs/decisions.md, issue 18).
  const scoped: RoleGrant[] = (rbac.status === 'ready' ? rbac.rbac.roles : [])
    .filter((role) => role.scope !== null)
    .map((role) => ({ role: role.role, scope: role.scope, expiresAt: null, isActive: true }));
  const now = new Date();
  return {
    ready: rbac.status === 'ready',
    has: (permission) => granted.has(permission),
    hasSomewhere: (permission) => granted.has(permission) || (isPermission(permission) && holdsAnywhere('student', scoped, permission, now)),
    organizationsWith: (permission) => scopedOrganizations(scoped, permission, now),
  };
}

const isPermission = (name: string): name is Permission => (PERMISSIONS as readonly string[]).includes(name);
