/**
 * The role hierarchy and what the navigation shows to whom (accounts spec section 6). Apart from
 * the permission catalogue (./rbac.ts), which the first screen does not need: its navigation
 * asks only these (docs/decisions.md, 'The first visit's JavaScript').
 */
import type { Role } from '../schema/core/values';

/** super_admin implies organizer, which implies coach, which implies teacher. */
const IMPLIES: Readonly<Record<Role, readonly Role[]>> = {
  super_admin: ['organizer', 'coach', 'teacher'],
  organizer: ['coach', 'teacher'],
  coach: ['teacher'],
  teacher: [],
  parent: [],
  student: [],
};

/** The role itself plus every role it implies. */
export function impliedRoles(role: Role): Role[] {
  return [role, ...IMPLIES[role]];
}

/**
 * What a navigation item may require (spec: a permission, a role, or any of a set of them);
 * `P` is the permission catalogue's names (./rbac.ts Visibility).
 */
export interface Visibility<P extends string = string> {
  readonly permission?: P;
  readonly role?: Role;
  readonly anyOf?: readonly (P | Role)[];
}

export interface Viewer {
  readonly roles: ReadonlySet<string>;
  readonly permissions: ReadonlySet<string>;
}

export function isVisible(visibility: Visibility | undefined, viewer: Viewer): boolean {
  if (!visibility) return true;
  if (visibility.permission && !viewer.permissions.has(visibility.permission)) return false;
  if (visibility.role && !viewer.roles.has(visibility.role)) return false;
  if (visibility.anyOf && !visibility.anyOf.some((name) => viewer.roles.has(name) || viewer.permissions.has(name))) {
    return false;
  }
  return true;
}

/** Which nav item is active: Tournaments for any path under /tournaments, Orgs under /organizations. */
export function isNavActive(itemPath: string, pathname: string): boolean {
  if (itemPath === '/') return pathname === '/';
  return pathname === itemPath || pathname.startsWith(`${itemPath}/`);
}
