/**
 * The signed-in user's permissions from GET /api/rbac/me (cached offline by useRbac), for the
 * screens that show an action only to those allowed (spec section 6). The server checks again.
 */
import { useAuth, useRbac } from './auth';

export interface Permissions {
  /** False until the permission list has loaded (hide gated actions meanwhile). */
  ready: boolean;
  has(permission: string): boolean;
}

export function usePermissions(): Permissions {
  const auth = useAuth();
  const rbac = useRbac(auth.status === 'signedIn' ? auth.user.id : null);
  const granted = new Set(rbac.status === 'ready' ? rbac.rbac.permissions : []);
  return { ready: rbac.status === 'ready', has: (permission) => granted.has(permission) };
}
