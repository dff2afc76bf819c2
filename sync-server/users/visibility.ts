import type { Kysely } from 'kysely';
import { effectiveRoles, hasPermission, isGrantLive, isRole } from '../../domain/rbac';
import type { Role } from '../../schema';
import type { Database, UserRow } from '../core/db/types';
import { loadGrants } from '../core/rbac/grants';

/**
 * Who may see whose profile, and whose contact details (children's data; docs/decisions.md,
 * "Profiles and contact details"):
 * - a profile is visible to the player themself, to people who share something with them (the
 *   same school or organization, a tournament both entered, a tournament they organise), to staff holding a live grant scoped
 *   to the player's organization, and to super admins. Anyone else gets the same 404 as a missing
 *   id, so ids cannot be walked to list every child;
 * - contact details (e-mail, phone, parent's e-mail, date of birth) reach the player themself,
 *   super admins, and staff with user:view_pii for the player's organization: from a grant
 *   scoped to it, or a global staff role when they belong to that same organization. A teacher
 *   elsewhere, a tournament opponent, or anyone for a player without an organization sees none.
 */
export interface ProfileAccess {
  visible: boolean;
  contact: boolean;
}

const roleOf = (user: UserRow): Role => (isRole(user.primaryRole) ? user.primaryRole : 'student');

export async function profileAccess(db: Kysely<Database>, viewer: UserRow, target: UserRow, now: Date): Promise<ProfileAccess> {
  if (viewer.id === target.id) return { visible: true, contact: true };
  const grants = await loadGrants(db, viewer.id);
  if (effectiveRoles(roleOf(viewer), grants, now).has('super_admin')) return { visible: true, contact: true };

  const organization = target.schoolId === null ? null : `organization:${target.schoolId}`;
  const scopedGrants = organization === null ? [] : grants.filter((grant) => grant.scope === organization && isGrantLive(grant, now));
  const sameOrganization = target.schoolId !== null && viewer.schoolId === target.schoolId;
  const contact =
    organization !== null &&
    ((sameOrganization && hasPermission(roleOf(viewer), grants, 'user:view_pii', now, organization)) ||
      // Only what the scoped grants give: a global role counts only inside its own organization (above).
      hasPermission('student', scopedGrants, 'user:view_pii', now, organization));
  if (contact || sameOrganization || scopedGrants.length > 0) return { visible: true, contact };

  const shared = await db
    .selectFrom('registrations as mine')
    .innerJoin('registrations as theirs', 'theirs.tournamentId', 'mine.tournamentId')
    .select('mine.id')
    .where('mine.userId', '=', viewer.id)
    .where('theirs.userId', '=', target.id)
    .where('mine.status', '!=', 'cancelled')
    .where('theirs.status', '!=', 'cancelled')
    .limit(1)
    .executeTakeFirst();
  if (shared !== undefined) return { visible: true, contact: false };
  // The organiser of a tournament the player entered (its Profiles tab opens their profiles).
  const organised = await db
    .selectFrom('tournaments')
    .innerJoin('registrations', 'registrations.tournamentId', 'tournaments.id')
    .select('tournaments.id')
    .where('tournaments.organizerId', '=', viewer.id)
    .where('registrations.userId', '=', target.id)
    .limit(1)
    .executeTakeFirst();
  return { visible: organised !== undefined, contact: false };
}
