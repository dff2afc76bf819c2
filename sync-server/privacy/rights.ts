/**
 * Who may download or delete a child's data (issue 26; docs/decisions.md "A child's data"):
 * - the child themself: download always; delete an ordinary account (a class account is the school's);
 * - a linked parent (a parent_links row): download; delete an ordinary account;
 * - the class's teacher (org:roster in the school of a class the child is in now): download;
 * - the school's admin (org:manage in the child's school, users.school_id; the district's super
 *   admin for a child of no school): download and delete.
 * Anyone else, and any account that holds a staff role (not a child's), is answered 404 'Not
 * found', as for a missing id: walking ids learns nothing. A viewer who may download but not
 * delete is answered 403 with the reason.
 */
import { isGlobalSuperAdmin, isGrantLive } from '../../domain/rbac';
import { type ErrorCode } from '../../schema';
import type { Db } from '../classes/service';
import { isStaffOf } from '../classes/service';
import type { UserRow } from '../core/db/types';
import { loadGrants } from '../core/rbac/grants';
import { holds, loadAccess, organizationPlace } from '../core/rbac/tenancy';

const STAFF_ROLES: ReadonlySet<string> = new Set(['teacher', 'coach', 'organizer', 'super_admin']);

export interface ChildAccess {
  readonly child: UserRow;
  readonly canExport: true;
  readonly canErase: boolean;
  /** Why not, when the viewer may not delete. */
  readonly eraseRefusal: ErrorCode | null;
  /** The organization whose log records the viewer's reads of this child (null: none to tell). */
  readonly organizationId: number | null;
  /** The viewer is the child themself. */
  readonly self: boolean;
}

/** Whether the account holds a staff role (primary or a live grant): not a child's account. */
async function isStaffAccount(db: Db, user: UserRow, now: Date): Promise<boolean> {
  if (STAFF_ROLES.has(user.primaryRole)) return true;
  return (await loadGrants(db, user.id)).some((grant) => STAFF_ROLES.has(grant.role) && isGrantLive(grant, now));
}

/** The organizations of the classes the child is in now. */
async function classOrganizations(db: Db, childId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('teamMembers')
    .innerJoin('teams', 'teams.id', 'teamMembers.teamId')
    .select('teams.organizationId')
    .where('teamMembers.userId', '=', childId)
    .where('teamMembers.isActive', '=', 1)
    .where('teams.isClass', '=', 1)
    .where('teams.isActive', '=', 1)
    .execute();
  return [...new Set(rows.flatMap((row) => (row.organizationId === null ? [] : [row.organizationId])))];
}

/** What `viewer` may do with `childId`'s data; null when the child is not theirs to see (the caller answers 404). */
export async function childAccess(db: Db, viewer: UserRow, childId: number, now: Date): Promise<ChildAccess | null> {
  const child = await db.selectFrom('users').selectAll().where('id', '=', childId).where('isWithdrawnPlayer', '=', 0).executeTakeFirst();
  if (!child) return null;
  const managed = Boolean(child.isManaged);
  if (viewer.id === child.id) {
    const staff = await isStaffAccount(db, child, now);
    const eraseRefusal = managed ? 'ERR_PRIVACY_ERASE_MANAGED' : staff ? 'ERR_PRIVACY_ERASE_STAFF' : null;
    return { child, canExport: true, canErase: eraseRefusal === null, eraseRefusal, organizationId: child.schoolId, self: true };
  }
  if (await isStaffAccount(db, child, now)) return null;
  const access = await loadAccess(db, viewer, now);
  const admin = child.schoolId === null ? isGlobalSuperAdmin(access.role, access.grants, now) : holds(access, 'org:manage', organizationPlace(access, child.schoolId));
  const link = await db.selectFrom('parentLinks').select('id').where('parentId', '=', viewer.id).where('childId', '=', child.id).executeTakeFirst();
  const parent = link !== undefined;
  const taught = (await classOrganizations(db, child.id)).filter((organizationId) => isStaffOf(access, organizationId));
  if (!admin && !parent && taught.length === 0) return null;
  const canErase = admin || (parent && !managed);
  return {
    child,
    canExport: true,
    canErase,
    eraseRefusal: canErase ? null : managed ? 'ERR_PRIVACY_ERASE_MANAGED' : 'ERR_PRIVACY_ERASE_NOT_ALLOWED',
    organizationId: child.schoolId ?? taught[0] ?? null,
    self: false,
  };
}
