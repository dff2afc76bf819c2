import type { Kysely } from 'kysely';
import { holdsAnywhere, holdsFor, isRole, type Permission, type RecordPlace } from '../../../domain/rbac';
import type { Role } from '../../../schema';
import type { Database, UserRow } from '../db/types';
import { loadGrants, type StoredGrant } from './grants';

/**
 * Tenancy on the server (docs/decisions.md, "One server for a whole district (issue 18)"): every
 * tournament, team and class belongs to an organization, and staff act on a record only where
 * domain/rbac.ts's holdsFor says so. A check loads the user's grants once (no record is loaded
 * for it: the caller passes the record's place, found by a cheap lookup).
 */
export interface Access {
  readonly user: UserRow;
  readonly role: Role;
  readonly grants: readonly StoredGrant[];
  readonly now: Date;
}

type Db = Kysely<Database>;

export async function loadAccess(db: Db, user: UserRow, now: Date): Promise<Access> {
  return { user, role: isRole(user.primaryRole) ? user.primaryRole : 'student', grants: await loadGrants(db, user.id), now };
}

export function holds(access: Access, permission: Permission, place: RecordPlace): boolean {
  return holdsFor(access.role, access.grants, permission, access.now, place);
}

export function holdsSomewhere(access: Access, permission: Permission): boolean {
  return holdsAnywhere(access.role, access.grants, permission, access.now);
}

/** An organization's records (its teams, members, classes): at home for its own members. */
export function organizationPlace(access: Access, organizationId: number | null): RecordPlace {
  return {
    scopes: organizationId === null ? [] : [`organization:${organizationId}`],
    home: organizationId !== null && access.user.schoolId === organizationId,
  };
}
