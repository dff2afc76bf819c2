/**
 * Class tournaments (issue 19; docs/decisions.md, "Class tournaments (issue 19)"): a teacher makes
 * a tournament from a class (and other classes of the same school), adds another class later, and
 * the real names of those classes' students show in it to the classes' staff and students only.
 *
 * Who: staff of every class named (org:roster for its organization, by holdsFor: the class rule of
 * ./service.ts) and, to add a class, the tournament's managers. A class the caller has nothing to
 * do with is a 404 (as GET /api/classes/{id}); a student of it gets 403; classes of two schools
 * never mix (400). The players go in through domain/class-tournament.ts's rule on the snapshot and
 * the tournament store's writeChanges, so the version is bumped and the read cache offered the new
 * snapshot as after any tournament action.
 */
import type { Kysely } from 'kysely';
import { defaultSwissRounds, enterClassPlayers, type ClassPlayer } from '../../domain/class-tournament';
import { type ActionContext } from '../../domain/tournament-admin';
import {
  DEFAULT_TIE_BREAK_NAMES,
  TOURNAMENT_DEFAULTS,
  type AddClassToTournamentArgs,
  type ClassTournamentResult,
  type CreateClassTournamentRequest,
  type TournamentClasses,
} from '../../schema';
import type { Database, UserRow } from '../core/db/types';
import { httpError, ruleHttpError } from '../core/plugins/errors';
import { grantRole } from '../core/rbac/grants';
import { holds, loadAccess, type Access } from '../core/rbac/tenancy';
import { tournamentAccess, tournamentPlace } from './access';
import type { TournamentChanges } from './live';
import { loadSnapshot, lockTournament, tournamentVersion, writeChanges } from './repository';
import { isStaffOf } from '../classes/service';

type Db = Kysely<Database>;

export interface ClassTournamentEnvironment {
  readonly db: Db;
  readonly postgres: boolean;
  readonly user: UserRow;
  readonly now: Date;
  /** Where the new snapshot is left, for the caller to offer to the read cache after the commit (tournaments/live.ts offerChanges). */
  readonly changes: TournamentChanges;
}

interface ClassRef {
  readonly id: number;
  readonly name: string;
  readonly organizationId: number | null;
}

/**
 * The classes, in the order asked, each one the caller is staff of: a class that is not there or
 * that they have nothing to do with is a 404 (its name is not theirs to learn), a student of it 403.
 */
async function staffClasses(db: Db, access: Access, classIds: readonly number[]): Promise<ClassRef[]> {
  const rows = await db
    .selectFrom('teams')
    .select(['id', 'name', 'organizationId'])
    .where('id', 'in', classIds)
    .where('isClass', '=', 1)
    .where('isActive', '=', 1)
    .execute();
  const classes: ClassRef[] = [];
  for (const id of classIds) {
    const row = rows.find((each) => each.id === id);
    if (row === undefined) throw httpError(404, 'ERR_NOT_FOUND');
    if (!isStaffOf(access, row.organizationId)) {
      const member = await db.selectFrom('teamMembers').select('id').where('teamId', '=', id).where('userId', '=', access.user.id).where('isActive', '=', 1).executeTakeFirst();
      throw member === undefined ? httpError(404, 'ERR_NOT_FOUND') : httpError(403, 'ERR_FORBIDDEN');
    }
    classes.push(row);
  }
  return classes;
}

/** The students of the classes, each once, by class then username. */
async function studentsOf(db: Db, classIds: readonly number[]): Promise<ClassPlayer[]> {
  const rows = await db
    .selectFrom('teamMembers')
    .innerJoin('users', 'users.id', 'teamMembers.userId')
    .select(['teamMembers.teamId', 'users.id', 'users.username', 'users.eloRating'])
    .where('teamMembers.teamId', 'in', classIds)
    .where('teamMembers.isActive', '=', 1)
    .execute();
  const seen = new Set<number>();
  const players: ClassPlayer[] = [];
  for (const classId of classIds) {
    const ofClass = rows.filter((row) => row.teamId === classId).sort((a, b) => a.username.toLowerCase().localeCompare(b.username.toLowerCase()));
    for (const row of ofClass) {
      if (seen.has(row.id)) continue;
      seen.add(row.id);
      players.push({ userId: row.id, username: row.username, eloRating: row.eloRating });
    }
  }
  return players;
}

/** Links the classes to the tournament (once each). */
async function linkClasses(db: Db, tournamentId: number, classIds: readonly number[], userId: number, now: Date): Promise<void> {
  const linked = await db.selectFrom('tournamentClasses').select('classId').where('tournamentId', '=', tournamentId).execute();
  const fresh = classIds.filter((id) => !linked.some((row) => row.classId === id));
  if (fresh.length === 0) return;
  await db.insertInto('tournamentClasses').values(fresh.map((classId) => ({ tournamentId, classId, addedBy: userId, createdAt: now.toISOString() }))).execute();
}

/** The rule on the tournament's snapshot, its changes written and the new snapshot left in env.changes. */
async function enterPlayers(env: ClassTournamentEnvironment, tournamentId: number, players: readonly ClassPlayer[]): Promise<number> {
  const { db, user, now } = env;
  await lockTournament(db, tournamentId, env.postgres);
  const before = await loadSnapshot(db, tournamentId, { id: user.id, manager: true }, now);
  if (!before) throw httpError(404, 'ERR_TOURNAMENT_NOT_FOUND');
  let next = 0;
  const ctx: ActionContext = { user: { id: user.id, username: user.username, eloRating: user.eloRating }, canManage: true, now: now.toISOString(), newId: () => --next };
  const result = enterClassPlayers(before, players, ctx);
  if (!result.ok) throw ruleHttpError(result.error);
  await writeChanges(db, before, result.value.snapshot, user.id, now);
  const after = await loadSnapshot(db, tournamentId, { id: user.id, manager: true }, now);
  const version = await tournamentVersion(db, tournamentId);
  if (!after || version === null) throw httpError(404, 'ERR_TOURNAMENT_NOT_FOUND');
  env.changes.set(tournamentId, { version, full: after });
  return result.value.added;
}

/**
 * POST /api/classes/{id}/tournament, inside the caller's transaction: a tournament of the class's
 * school with the caller as organiser, registration closed (the classes are its field), every
 * student of the classes a confirmed player. A teacher holds no tournament permission of their
 * own, so the organiser gets an organizer grant scoped to this tournament only (unless they manage
 * it already): they run it and no other.
 */
export async function createClassTournament(env: ClassTournamentEnvironment, classId: number, body: CreateClassTournamentRequest & { format: 'swiss' | 'round_robin'; otherClassIds: number[] }): Promise<ClassTournamentResult> {
  const { db, user, now } = env;
  const access = await loadAccess(db, user, now);
  const classIds = [...new Set([classId, ...body.otherClassIds])];
  const classes = await staffClasses(db, access, classIds);
  const organizationId = (classes[0] as ClassRef).organizationId;
  if (classes.some((each) => each.organizationId !== organizationId)) throw httpError(400, 'ERR_CLASS_TOURNAMENT_SAME_SCHOOL');
  const players = await studentsOf(db, classIds);
  if (players.length === 0) throw httpError(409, 'ERR_CLASS_TOURNAMENT_NO_STUDENTS');
  const day = new Date(`${body.date}T00:00:00.000Z`).toISOString();
  const rounds = body.format === 'swiss' ? (body.rounds ?? defaultSwissRounds(players.length)) : null;
  const row = await db
    .insertInto('tournaments')
    .values({
      name: body.name,
      description: null,
      venue: null,
      startDate: day,
      endDate: day,
      registrationStartDate: now.toISOString(),
      registrationEndDate: now.toISOString(),
      maxParticipants: null,
      entryFee: TOURNAMENT_DEFAULTS.entryFee,
      currency: TOURNAMENT_DEFAULTS.currency,
      format: body.format,
      timeControl: JSON.stringify(TOURNAMENT_DEFAULTS.timeControl),
      rounds,
      status: 'registration_closed',
      organizerId: user.id,
      organizationId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('tournamentSections')
    .values({ tournamentId: row.id, name: 'Open', rounds, format: body.format, tieBreaks: JSON.stringify(DEFAULT_TIE_BREAK_NAMES) })
    .execute();
  if (!holds(access, 'tournament:edit', tournamentPlace(access, { id: row.id, organizationId, organizerId: user.id }))) {
    await grantRole(db, { userId: user.id, role: 'organizer', scope: `tournament:${row.id}`, expiresAt: null, grantedBy: user.id }, now);
  }
  await linkClasses(db, row.id, classIds, user.id, now);
  const added = await enterPlayers(env, row.id, players);
  return { tournamentId: row.id, added };
}

/**
 * POST /api/tournaments/{id}/classes and the addClassToTournament mutation, inside the caller's
 * transaction: the class's students not yet registered become confirmed players (until the
 * tournament starts), for a manager of the tournament who is staff of the class, same school only.
 */
export async function addClassToTournament(env: ClassTournamentEnvironment, args: AddClassToTournamentArgs): Promise<ClassTournamentResult> {
  const { db, user, now } = env;
  const found = await tournamentAccess(db, user, args.tournamentId, now);
  if (!found) throw httpError(404, 'ERR_TOURNAMENT_NOT_FOUND');
  if (!found.manager) throw httpError(403, 'ERR_MANAGERS_ONLY');
  const [added] = await staffClasses(db, found.access, [args.classId]);
  if ((added as ClassRef).organizationId !== found.tournament.organizationId) throw httpError(400, 'ERR_CLASS_TOURNAMENT_SAME_SCHOOL');
  const players = await studentsOf(db, [args.classId]);
  await linkClasses(db, args.tournamentId, [args.classId], user.id, now);
  return { tournamentId: args.tournamentId, added: await enterPlayers(env, args.tournamentId, players) };
}

/** GET /api/tournaments/{id}/classes: for its managers, the classes of its school they are staff of, and which play in it. */
export async function tournamentClasses(db: Db, user: UserRow, tournamentId: number, now: Date): Promise<TournamentClasses> {
  const found = await tournamentAccess(db, user, tournamentId, now);
  if (!found) throw httpError(404, 'ERR_TOURNAMENT_NOT_FOUND');
  if (!found.manager) throw httpError(403, 'ERR_MANAGERS_ONLY');
  const organizationId = found.tournament.organizationId;
  if (organizationId === null || !isStaffOf(found.access, organizationId)) return { classes: [] };
  const rows = await db
    .selectFrom('teams')
    .leftJoin('tournamentClasses', (join) => join.onRef('tournamentClasses.classId', '=', 'teams.id').on('tournamentClasses.tournamentId', '=', tournamentId))
    .select(['teams.id', 'teams.name', 'tournamentClasses.id as linkId'])
    .select((eb) =>
      eb.selectFrom('teamMembers').select((count) => count.fn.countAll<number>().as('count')).whereRef('teamMembers.teamId', '=', 'teams.id').where('teamMembers.isActive', '=', 1).as('studentCount'),
    )
    .where('teams.organizationId', '=', organizationId)
    .where('teams.isClass', '=', 1)
    .where('teams.isActive', '=', 1)
    .orderBy('teams.name')
    .orderBy('teams.id')
    .limit(500)
    .execute();
  return { classes: rows.map((row) => ({ id: row.id, name: row.name, studentCount: Number(row.studentCount ?? 0), added: row.linkId !== null })) };
}
