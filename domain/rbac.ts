/**
 * Roles and permissions (accounts spec section 6): the hierarchy, the whole permission catalogue
 * mapped to roles in one table, and the checks the server enforces and the app uses to show or
 * hide things. Pure: the server loads a user's role grants and asks these functions.
 */

import { ROLES, type Role } from '../schema/core/values';
import { impliedRoles, type Visibility as RoleVisibility } from './roles';

// The roles themselves are schema/values.ts's ROLES (one vocabulary for the app, the server and these rules).
export function isRole(value: string): value is Role {
  return (ROLES as readonly string[]).includes(value);
}


export const PERMISSIONS = [
  'user:view_pii',
  'user:edit_profile',
  'user:delete_account',
  'user:assign_roles',
  'user:create',
  'user:edit',
  'user:bulk_operations',
  'org:manage',
  'org:view_members',
  'org:invite_users',
  'org:roster',
  'org:analytics',
  'org:billing',
  'tournament:create',
  'tournament:edit',
  'tournament:view_all',
  'tournament:manage_pairings',
  'tournament:publish',
  'tournament:delete',
  'tournament:view_private',
  'registration:approve',
  'registration:bulk_import',
  'registration:view_all',
  'registration:modify',
  'registration:export',
  'round:create',
  'round:modify',
  'round:result_entry',
  'round:result_approve',
  'round:start',
  'appeal:create',
  'appeal:review',
  'arbiter:override',
  'admin:system_config',
  'admin:view_logs',
  'admin:manage_api_keys',
  'ai:access_advanced',
  'ai:view_analytics',
  'ai:configure_engines',
  'system:admin',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

/**
 * What each role grants by itself (before the hierarchy adds the implied roles' grants).
 * Every signed-in user may edit their own profile, delete their own account and file appeals.
 * Teachers see their organisation's members; coaches also get the advanced coaching tools;
 * organizers run tournaments and organisations; super_admin holds everything.
 */
const OWN_GRANTS: Readonly<Record<Role, readonly Permission[]>> = {
  student: ['user:edit_profile', 'user:delete_account', 'appeal:create'],
  parent: ['user:edit_profile', 'user:delete_account', 'appeal:create'],
  teacher: [
    'user:edit_profile',
    'user:delete_account',
    'appeal:create',
    'org:view_members',
    'org:roster',
    'user:view_pii',
    'ai:view_analytics',
  ],
  coach: ['ai:access_advanced', 'org:invite_users'],
  organizer: [
    'tournament:create',
    'tournament:edit',
    'tournament:view_all',
    'tournament:manage_pairings',
    'tournament:publish',
    'tournament:delete',
    'tournament:view_private',
    'registration:approve',
    'registration:bulk_import',
    'registration:view_all',
    'registration:modify',
    'registration:export',
    'round:create',
    'round:modify',
    'round:result_entry',
    'round:result_approve',
    'round:start',
    'appeal:review',
    'arbiter:override',
    'org:manage',
    'org:analytics',
    'user:create',
    'user:edit',
  ],
  super_admin: [...PERMISSIONS],
};

/** A role grant as stored in user_roles. */
export interface RoleGrant {
  readonly role: Role;
  /** null = global; otherwise e.g. 'organization:3' or 'tournament:12'. */
  readonly scope: string | null;
  /** Extra permissions listed on the grant itself. */
  readonly permissions?: readonly string[];
  readonly expiresAt: Date | null;
  readonly isActive: boolean;
}

/** A grant counts when active and not expired at `now`. */
export function isGrantLive(grant: RoleGrant, now: Date): boolean {
  return grant.isActive && (grant.expiresAt === null || grant.expiresAt.getTime() > now.getTime());
}

/**
 * The roles a user effectively holds in a scope: their primary role, plus live grants that are
 * global or for that scope, each expanded by the hierarchy. Without a scope only global grants count.
 */
export function effectiveRoles(
  primaryRole: Role,
  grants: readonly RoleGrant[],
  now: Date,
  scope: string | null = null,
): Set<Role> {
  const roles = new Set<Role>(impliedRoles(primaryRole));
  for (const grant of grants) {
    if (!isGrantLive(grant, now)) continue;
    if (grant.scope !== null && grant.scope !== scope) continue;
    for (const role of impliedRoles(grant.role)) roles.add(role);
  }
  return roles;
}

function isPermission(name: string): name is Permission {
  return (PERMISSIONS as readonly string[]).includes(name);
}

/** Every permission the user holds in a scope (global grants always count). */
export function effectivePermissions(
  primaryRole: Role,
  grants: readonly RoleGrant[],
  now: Date,
  scope: string | null = null,
): Set<Permission> {
  const permissions = new Set<Permission>();
  for (const role of effectiveRoles(primaryRole, grants, now, scope)) {
    for (const permission of OWN_GRANTS[role]) permissions.add(permission);
  }
  for (const grant of grants) {
    if (!isGrantLive(grant, now)) continue;
    if (grant.scope !== null && grant.scope !== scope) continue;
    for (const name of grant.permissions ?? []) if (isPermission(name)) permissions.add(name);
  }
  return permissions;
}

export function hasPermission(
  primaryRole: Role,
  grants: readonly RoleGrant[],
  permission: Permission,
  now: Date,
  scope: string | null = null,
): boolean {
  return effectivePermissions(primaryRole, grants, now, scope).has(permission);
}

/** What a navigation item may require (./roles.ts), in this catalogue's permissions. */
export type Visibility = RoleVisibility<Permission>;

/**
 * Tenancy (docs/decisions.md, issue 18): where a record lives and whether the user is at home there.
 * `scopes` are the record's scopes ('organization:3' and, for a tournament, 'tournament:12');
 * `home` says the record is the user's own: in their own organization (users.school_id) or a
 * tournament they organise.
 */
export interface RecordPlace {
  readonly scopes: readonly string[];
  readonly home: boolean;
}

/** Whether the user holds a global super_admin role (the district's administrator). */
export function isGlobalSuperAdmin(primaryRole: Role, grants: readonly RoleGrant[], now: Date): boolean {
  return effectiveRoles(primaryRole, grants, now).has('super_admin');
}

/**
 * Whether the user holds `permission` for one record: a live grant scoped to one of the record's
 * scopes counts; the primary role and global grants count only at home; a global super_admin
 * holds everything everywhere. So a school's organiser (a grant scoped to their organization)
 * runs that school's tournaments and no other's, and an unscoped organiser acts only in their own
 * organization and on the tournaments they organise.
 */
export function holdsFor(primaryRole: Role, grants: readonly RoleGrant[], permission: Permission, now: Date, place: RecordPlace): boolean {
  if (isGlobalSuperAdmin(primaryRole, grants, now)) return true;
  for (const scope of place.scopes) {
    const scoped = grants.filter((grant) => grant.scope === scope);
    // 'student' adds nothing a staff permission needs: only the scoped grants decide.
    if (hasPermission('student', scoped, permission, now, scope)) return true;
  }
  return place.home && hasPermission(primaryRole, grants, permission, now);
}

/** Whether the user holds `permission` globally or in any scope of a live grant (a route's first gate). */
export function holdsAnywhere(primaryRole: Role, grants: readonly RoleGrant[], permission: Permission, now: Date): boolean {
  if (hasPermission(primaryRole, grants, permission, now)) return true;
  return grants.some((grant) => grant.scope !== null && isGrantLive(grant, now) && hasPermission('student', [grant], permission, now, grant.scope));
}

/** The organizations (ids) where a live grant scoped `organization:N` gives `permission`. */
export function scopedOrganizations(grants: readonly RoleGrant[], permission: Permission, now: Date): number[] {
  const ids = new Set<number>();
  for (const grant of grants) {
    const match = grant.scope === null ? null : /^organization:(\d+)$/.exec(grant.scope);
    if (match && isGrantLive(grant, now) && hasPermission('student', [grant], permission, now, grant.scope)) ids.add(Number(match[1]));
  }
  return [...ids].sort((a, b) => a - b);
}
