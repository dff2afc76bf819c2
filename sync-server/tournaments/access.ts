/**
 * Who manages a tournament, decided from one cheap row (its organization and organiser) before
 * any snapshot is loaded: the routes and the sync mutators ask here first, so a refused request
 * costs two small queries however large the event (docs/decisions.md, issue 18).
 */
import type { Kysely } from 'kysely';
import { hasPermission, scopedOrganizations, type RecordPlace } from '../../domain/rbac';
import type { Database, UserRow } from '../core/db/types';
import { httpError } from '../core/plugins/errors';
import { holds, loadAccess, organizationPlace, type Access } from '../core/rbac/tenancy';
import { ERROR_TEXTS } from '../../schema';

type Db = Kysely<Database>;

export interface TournamentOwner {
  readonly id: number;
  readonly organizationId: number | null;
  readonly organizerId: number | null;
}

export async function findTournamentOwner(db: Db, id: number): Promise<TournamentOwner | undefined> {
  return db.selectFrom('tournaments').select(['id', 'organizationId', 'organizerId']).where('id', '=', id).executeTakeFirst();
}

/** A tournament's scopes (its own and its organization's); at home for its organiser and its organization's members. */
export function tournamentPlace(access: Access, tournament: TournamentOwner): RecordPlace {
  const org = tournament.organizationId;
  return {
    scopes: [`tournament:${tournament.id}`, ...(org === null ? [] : [`organization:${org}`])],
    home: tournament.organizerId === access.user.id || (org !== null && access.user.schoolId === org),
  };
}

export interface TournamentAccess {
  readonly tournament: TournamentOwner;
  readonly access: Access;
  /** Holds tournament:edit for this tournament. */
  readonly manager: boolean;
}

/** The tournament's owner row and whether the user manages it; undefined when there is no such tournament. */
export async function tournamentAccess(db: Db, user: UserRow, tournamentId: number, now: Date): Promise<TournamentAccess | undefined> {
  const tournament = await findTournamentOwner(db, tournamentId);
  if (!tournament) return undefined;
  const access = await loadAccess(db, user, now);
  return { tournament, access, manager: holds(access, 'tournament:edit', tournamentPlace(access, tournament)) };
}

export const CHOOSE_ORGANIZATION = ERROR_TEXTS.ERR_CHOOSE_ORGANIZATION;
export const NOT_YOUR_ORGANIZATION = ERROR_TEXTS.ERR_NOT_YOUR_ORGANIZATION;

/**
 * The organization a new tournament records (docs/decisions.md, issue 18): the one asked for,
 * when the user may create tournaments there; otherwise the only one they may (a grant scoped to
 * it, or their own organization for an unscoped organiser); with several they must choose (400);
 * with none, no organization (an unscoped organiser without one, the district's super admin):
 * such an event is managed by its organiser and the super admins only.
 */
export async function organizationForNew(db: Db, access: Access, requested: number | undefined): Promise<number | null> {
  if (requested !== undefined) {
    const organization = await db.selectFrom('organizations').select('id').where('id', '=', requested).executeTakeFirst();
    if (!organization) throw httpError(404, 'ERR_ORGANIZATION_NOT_FOUND');
    if (!holds(access, 'tournament:create', organizationPlace(access, requested))) throw httpError(403, 'ERR_NOT_YOUR_ORGANIZATION');
    return requested;
  }
  const candidates = new Set(scopedOrganizations(access.grants, 'tournament:create', access.now));
  const global = hasPermission(access.role, access.grants, 'tournament:create', access.now);
  const home = access.user.schoolId;
  if (global && home !== null) candidates.add(home);
  if (candidates.size > 1) throw httpError(400, 'ERR_CHOOSE_ORGANIZATION');
  const [only] = candidates;
  if (only !== undefined) return only;
  if (!global) throw httpError(403, 'ERR_NOT_YOUR_ORGANIZATION');
  return null;
}
