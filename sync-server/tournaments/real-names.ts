/**
 * A class tournament's real names (issue 19; docs/decisions.md, "Class tournaments"): the names a
 * viewer may see, added to their own copy of a snapshot, never to one shared between viewers.
 * Apart from ./class-tournament.ts so that the tournament reads (./live.ts, ./service.ts) can
 * use it without an import cycle.
 */
import type { Kysely } from 'kysely';
import type { Registration, TournamentSnapshot } from '../../schema';
import type { Database, UserRow } from '../core/db/types';
import { loadAccess, type Access } from '../core/rbac/tenancy';
import { readCacheOf } from './read-cache';
import { isStaffOf } from '../classes/service';

type Db = Kysely<Database>;

interface LinkedClass {
  readonly id: number;
  readonly organizationId: number | null;
  /** Every active member, with the real name of a managed account (null for an ordinary one). */
  readonly members: ReadonlyMap<number, string | null>;
}

/** The real names one viewer may see in a tournament, and a key naming that set (the classes it comes from). */
export interface RealNames {
  readonly key: string;
  readonly names: ReadonlyMap<number, string>;
}

/** The classes playing in the tournament with their members, read once per version of it (cached beside its snapshot). */
function linkedClasses(db: Db, database: object, tournamentId: number, version: number): Promise<LinkedClass[]> {
  return readCacheOf(database).cached(`classes:${tournamentId}`, version, async () => {
    const links = await db
      .selectFrom('tournamentClasses')
      .innerJoin('teams', 'teams.id', 'tournamentClasses.classId')
      .select(['teams.id', 'teams.organizationId'])
      .where('tournamentClasses.tournamentId', '=', tournamentId)
      .where('teams.isActive', '=', 1)
      .orderBy('teams.id')
      .execute();
    if (links.length === 0) return [];
    const members = await db
      .selectFrom('teamMembers')
      .innerJoin('users', 'users.id', 'teamMembers.userId')
      .select(['teamMembers.teamId', 'users.id', 'users.realName'])
      .where('teamMembers.teamId', 'in', links.map((link) => link.id))
      .where('teamMembers.isActive', '=', 1)
      .execute();
    return links.map((link) => ({
      id: link.id,
      organizationId: link.organizationId,
      members: new Map(members.filter((member) => member.teamId === link.id).map((member) => [member.id, member.realName])),
    }));
  });
}

/**
 * The real names `user` may see in the tournament at `version`: those of the students of each
 * playing class they are staff of (org:roster in its school) or a student in; null when none
 * (most tournaments: one cached read). Never from a snapshot shared between viewers: callers add
 * them to the viewer's copy (withRealNames) and key any text they cache by `key`.
 */
export async function realNamesFor(env: { db: Db; database: object; user: UserRow; now: Date; access?: Access }, tournamentId: number, version: number): Promise<RealNames | null> {
  const classes = await linkedClasses(env.db, env.database, tournamentId, version);
  if (classes.length === 0) return null;
  const access = env.access ?? (await loadAccess(env.db, env.user, env.now));
  const visible = classes.filter((each) => each.members.has(env.user.id) || isStaffOf(access, each.organizationId));
  if (visible.length === 0) return null;
  const names = new Map<number, string>();
  for (const each of visible) for (const [userId, realName] of each.members) if (realName) names.set(userId, realName);
  return { key: visible.map((each) => each.id).join('.'), names };
}

/** A registration with its player's real name when the viewer may see it. */
export function withRealName(registration: Registration, names: RealNames | null): Registration {
  const realName = names?.names.get(registration.userId);
  return realName === undefined ? registration : { ...registration, realName };
}

/** The viewer's copy of a snapshot with the real names they may see (a new object: the shared one is never changed). */
export function withRealNames(snapshot: TournamentSnapshot, names: RealNames | null): TournamentSnapshot {
  if (names === null) return snapshot;
  return { ...snapshot, registrations: snapshot.registrations.map((registration) => withRealName(registration, names)) };
}
