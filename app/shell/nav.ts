/** The bottom navigation's items for a viewer (domain/rbac.ts holds the rules). Pure. */
import { NAV_ITEMS, impliedRoles, isVisible, type RoleName, type Viewer } from '../../domain';
import type { AuthUser, RbacMe } from '../../schema';

/** Guests have no account: Play and Settings only. */
const GUEST_PATHS = ['/', '/settings'];

export function viewerOf(user: AuthUser, rbac: RbacMe | null): Viewer {
  const roles = new Set<string>(impliedRoles(user.primaryRole as RoleName));
  for (const grant of rbac?.roles ?? []) for (const role of impliedRoles(grant.role as RoleName)) roles.add(role);
  return { roles, permissions: new Set(rbac?.permissions ?? []) };
}

export function navItemsFor(viewer: Viewer | null): { label: string; path: string }[] {
  if (viewer === null) return NAV_ITEMS.filter((item) => GUEST_PATHS.includes(item.path));
  return NAV_ITEMS.filter((item) => isVisible(item.visibility, viewer));
}
