import type { Kysely, Transaction } from 'kysely';
import { effectivePermissions, effectiveRoles, isRole, type RoleGrant } from '../../../domain/rbac';
import type { RbacMe, Role } from '../../../schema';
import { parseStringList } from '../db/json';
import type { Database } from '../db/types';

type Db = Kysely<Database> | Transaction<Database>;

export interface StoredGrant extends RoleGrant {
  readonly id: number;
}

/** A user's role grants from user_roles (unknown role names are skipped). */
export async function loadGrants(db: Db, userId: number): Promise<StoredGrant[]> {
  const rows = await db
    .selectFrom('userRoles')
    .select(['id', 'role', 'scope', 'permissions', 'expiresAt', 'isActive'])
    .where('userId', '=', userId)
    .execute();
  const grants: StoredGrant[] = [];
  for (const row of rows) {
    if (!isRole(row.role)) continue;
    grants.push({
      id: row.id,
      role: row.role,
      scope: row.scope,
      permissions: parseStringList(row.permissions),
      expiresAt: row.expiresAt === null ? null : new Date(row.expiresAt),
      isActive: Boolean(row.isActive),
    });
  }
  return grants;
}

/** GET /api/rbac/me: global permissions and the live grants, the primary role first. */
export function describeAccess(primaryRole: Role, grants: readonly StoredGrant[], now: Date): RbacMe {
  const permissions = [...effectivePermissions(primaryRole, grants, now)].sort();
  const live = grants.filter((grant) => grant.isActive && (grant.expiresAt === null || grant.expiresAt > now));
  return {
    permissions,
    roles: [
      { role: primaryRole, scope: null, expiresAt: null },
      ...live.map((grant) => ({ role: grant.role, scope: grant.scope, expiresAt: grant.expiresAt?.toISOString() ?? null })),
    ],
  };
}

/** Every role a user holds globally (primary role and live global grants, with implied roles). */
export function globalRoles(primaryRole: Role, grants: readonly RoleGrant[], now: Date): Role[] {
  return [...effectiveRoles(primaryRole, grants, now)];
}

export interface GrantInput {
  userId: number;
  role: Role;
  scope: string | null;
  expiresAt: Date | null;
  grantedBy: number | null;
  permissions?: readonly string[];
}

/**
 * Adults given a staff or parent role skip the children's skill assessment (issue 20): the grant
 * marks their onboarding done, leaving the rating as it was. A student's grant changes nothing.
 */
export const ASSESSMENT_EXEMPT_ROLES: readonly Role[] = ['teacher', 'coach', 'organizer', 'parent', 'super_admin'];

export async function grantRole(db: Db, input: GrantInput, now: Date): Promise<number> {
  if (ASSESSMENT_EXEMPT_ROLES.includes(input.role)) {
    await db.updateTable('users').set({ onboardingCompleted: 1 }).where('id', '=', input.userId).execute();
  }
  const row = await db
    .insertInto('userRoles')
    .values({
      userId: input.userId,
      role: input.role,
      scope: input.scope,
      permissions: JSON.stringify(input.permissions ?? []),
      grantedBy: input.grantedBy,
      grantedAt: now.toISOString(),
      expiresAt: input.expiresAt?.toISOString() ?? null,
      isActive: 1,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Deactivates a user's active grants of a role (in a scope, or the global ones). Returns how many. */
export async function revokeRole(db: Db, userId: number, role: Role, scope: string | null): Promise<number> {
  let query = db.updateTable('userRoles').set({ isActive: 0 }).where('userId', '=', userId).where('role', '=', role).where('isActive', '=', 1);
  query = scope === null ? query.where('scope', 'is', null) : query.where('scope', '=', scope);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}
