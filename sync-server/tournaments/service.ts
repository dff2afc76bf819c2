/**
 * The one way a tournament changes, shared by the routes and the sync mutators: lock the
 * tournament, load its snapshot, apply the same rule the device applied offline
 * (domain/tournament-admin), write what changed. A refusal is an httpError with the rule's status
 * and words (a route answers it, a mutator reports it as rejected).
 */
import type { Kysely } from 'kysely';
import { applyTournamentMutation, finalPlacements, MANAGERS_ONLY, snapshotResults, snapshotStandings, WITHDRAWN_REASON, type ActionContext, type TournamentMutationName } from '../../domain/tournament-admin';
import { tournamentRatingChanges } from '../../domain/tournament';
import { TOURNAMENT_MESSAGES, type MutationArgs, type TournamentSnapshot } from '../../schema';
import type { Database, UserRow } from '../db/types';
import { httpError } from '../plugins/errors';
import { holds, organizationPlace, type Access } from '../rbac/tenancy';
import { tournamentAccess, type TournamentAccess } from './access';
import type { TournamentChanges } from './live';
import { loadSnapshot, lockTournament, tournamentVersion, viewSnapshot, writeChanges } from './store';
import { readCacheOf } from './read-cache';

type Db = Kysely<Database>;

/** Whether the user manages the tournament (false when there is none). */
export async function canManage(db: Db, user: UserRow, tournamentId: number, now: Date): Promise<boolean> {
  return (await tournamentAccess(db, user, tournamentId, now))?.manager ?? false;
}

/** The actions a player may take on their own registration; every other action is the managers'. */
const OWN_ACTIONS: ReadonlySet<TournamentMutationName> = new Set(['registerForTournament', 'withdrawRegistration', 'requestBye']);

/**
 * The permission, checked from the tournament's owner row before its snapshot is loaded: 404 when
 * there is no such tournament, 403 for an action the user may not take. The rule checks again
 * (it runs offline on the device too).
 */
export async function authorizeAction<N extends TournamentMutationName>(env: ActionEnvironment, name: N, args: MutationArgs<N>): Promise<TournamentAccess> {
  const found = await tournamentAccess(env.db, env.user, args.tournamentId, env.now);
  if (!found) throw httpError(404, TOURNAMENT_MESSAGES.notFound);
  if (found.manager) return found;
  if (!OWN_ACTIONS.has(name)) throw httpError(403, MANAGERS_ONLY);
  const subject = (args as { userId?: number }).userId;
  if (subject !== undefined && subject !== env.user.id) {
    throw httpError(403, name === 'requestBye' ? 'You can only request a bye for yourself.' : 'You can only withdraw your own registration.');
  }
  return found;
}

/** The message of a late entry the rules below refuse (the same for an unknown id: ids cannot be walked). */
export const LATE_ENTRY_REFUSED = 'A late entry is for a player who asked to play (pending, waitlisted, or withdrawn by themselves) or a player of your own organization.';

/**
 * Who may be entered late: a player who asked to play (a pending or waitlisted registration, one
 * they withdrew themselves, or one already confirmed), or a player of an organization where the
 * manager is staff with user:view_pii (so they could already read the player's contact details).
 */
async function lateEntrant(db: Db, access: Access, tournamentId: number, userId: number) {
  const entrant = await db.selectFrom('users').select(['username', 'eloRating', 'schoolId']).where('id', '=', userId).executeTakeFirst();
  if (!entrant) throw httpError(404, LATE_ENTRY_REFUSED);
  const registration = await db
    .selectFrom('registrations')
    .select(['status', 'cancellationReason', 'cancelledBy'])
    .where('tournamentId', '=', tournamentId)
    .where('userId', '=', userId)
    .executeTakeFirst();
  const asked =
    registration !== undefined &&
    (registration.status !== 'cancelled' || (registration.cancellationReason === WITHDRAWN_REASON && registration.cancelledBy === userId));
  if (!asked && !(entrant.schoolId !== null && holds(access, 'user:view_pii', organizationPlace(access, entrant.schoolId)))) {
    throw httpError(404, LATE_ENTRY_REFUSED);
  }
  return entrant;
}

export interface ActionEnvironment {
  readonly db: Db;
  readonly postgres: boolean;
  readonly user: UserRow;
  readonly now: Date;
  /** Whose read cache (./read-cache.ts) may answer the snapshot before the action. */
  readonly database?: object;
  /**
   * Where an action leaves the tournament's new snapshot (the managers' form) and version, for the
   * caller to offer to the read cache once the transaction has committed (./live.ts offerChanges).
   */
  readonly changes?: TournamentChanges;
}

/**
 * The whole snapshot before an action, inside its transaction after the tournament's lock: the
 * read cache's copy at the current version when one is ready (a refused action on a large event
 * then costs no load), else loaded in this transaction and offered to the cache. Never waits for a load under way outside
 * it: on SQLite that load waits for the connection this transaction holds. Never changed by the
 * rules (they answer a new snapshot).
 */
async function snapshotBefore(env: ActionEnvironment, tournamentId: number): Promise<TournamentSnapshot | null> {
  const load = () => loadSnapshot(env.db, tournamentId, { id: env.user.id, manager: true }, env.now);
  if (env.database === undefined) return load();
  const version = await tournamentVersion(env.db, tournamentId);
  if (version === null) return null;
  const cache = readCacheOf(env.database);
  const key = `snapshot:${tournamentId}`;
  const cached = cache.peek<TournamentSnapshot>(key, version);
  if (cached !== undefined) return cached;
  // Read after the tournament's lock, at this version: the next action or read may use it (a
  // push of many refused actions on a large event then loads it once).
  const loaded = await load();
  if (loaded !== null) cache.offer(key, version, loaded);
  return loaded;
}

/** Runs one action inside the caller's transaction; answers the snapshot after it (real ids). */
export async function runTournamentAction<N extends TournamentMutationName>(
  env: ActionEnvironment,
  name: N,
  args: MutationArgs<N>,
): Promise<TournamentSnapshot> {
  const { db, user, now } = env;
  const tournamentId = args.tournamentId;
  const { manager, access } = await authorizeAction(env, name, args);
  await lockTournament(db, tournamentId, env.postgres);
  const before = await snapshotBefore(env, tournamentId);
  if (!before) throw httpError(404, TOURNAMENT_MESSAGES.notFound);
  let next = 0;
  const ctx: ActionContext = {
    user: { id: user.id, username: user.username, eloRating: user.eloRating },
    canManage: manager,
    now: now.toISOString(),
    newId: () => --next,
  };
  let ruleArgs = args;
  if (name === 'addLateEntry') {
    const late = args as MutationArgs<'addLateEntry'>;
    const entrant = await lateEntrant(db, access, tournamentId, late.userId);
    ruleArgs = { ...late, userName: entrant.username, userElo: entrant.eloRating } as MutationArgs<N>;
  }
  const result = applyTournamentMutation(before, name, ruleArgs, ctx);
  if (!result.ok) throw httpError(result.error.status, result.error.message);
  await writeChanges(db, before, result.value, user.id, now);
  if (name === 'correctResult') {
    const correction = args as MutationArgs<'correctResult'>;
    const round = result.value.rounds.find((each) => each.roundNumber === correction.roundNumber);
    const board = round?.pairings.find((each) => each.boardNumber === correction.boardNumber);
    if (board) {
      await db.updateTable('pairings').set({ arbiterNotes: `Corrected to ${correction.result} by user ${user.id} at ${now.toISOString()}: ${correction.note}` }).where('id', '=', board.id).execute();
    }
  }
  if (before.tournament.status !== 'completed' && result.value.tournament.status === 'completed') await recordRatings(db, result.value, now);
  // The one load of an action: the managers' form, which the caller offers to the read cache
  // after the commit (env.changes), so the push's answer and every follower's pull reuse it.
  const after = await loadSnapshot(db, tournamentId, { id: user.id, manager: true }, now);
  const version = await tournamentVersion(db, tournamentId);
  if (!after || version === null) throw httpError(404, TOURNAMENT_MESSAGES.notFound);
  env.changes?.set(tournamentId, { version, full: after });
  return { ...viewSnapshot(after, { id: user.id, manager }, now), version };
}

const AWARDS = [
  ['winner', 'Champion'],
  ['runner_up', 'Runner-up'],
  ['third_place', 'Third Place'],
] as const;

/**
 * Certificates for the top three and every participant of a completed tournament, recorded in
 * the certificates table (issuing again replaces the earlier set).
 */
export async function issueCertificates(env: ActionEnvironment, tournamentId: number): Promise<void> {
  const { db, user, now } = env;
  const found = await tournamentAccess(db, user, tournamentId, now);
  if (!found) throw httpError(404, TOURNAMENT_MESSAGES.notFound);
  if (!found.manager) throw httpError(403, MANAGERS_ONLY);
  await lockTournament(db, tournamentId, env.postgres);
  const snapshot = await loadSnapshot(db, tournamentId, { id: user.id, manager: true }, now);
  if (!snapshot) throw httpError(404, TOURNAMENT_MESSAGES.notFound);
  if (snapshot.tournament.status !== 'completed') throw httpError(409, 'Certificates are issued when the tournament is completed.');
  const totalRounds = snapshot.rounds.length;
  await db.updateTable('certificates').set({ isActive: 0 }).where('tournamentId', '=', tournamentId).execute();
  // One certificate per place: ties are split by the tie-breaks, then the pairing order.
  for (const { standing: row, place } of finalPlacements(snapshot)) {
    const award = place <= 3 ? AWARDS[place - 1] : undefined;
    await db
      .insertInto('certificates')
      .values({
        tournamentId,
        userId: row.userId,
        issuedBy: user.id,
        certificateType: award ? award[0] : 'participation',
        awardName: award ? award[1] : 'Certificate of Participation',
        placement: place,
        score: row.score,
        totalRounds,
        issuedAt: now.toISOString(),
      })
      .execute();
  }
}

/**
 * When a tournament completes: each player's FIDE-style rating change over the games played
 * (domain/tournament's tournamentRatingChanges), score and performance, in rating_snapshots. The
 * app's own Elo (from games against the computer) is left as it is.
 */
async function recordRatings(db: Db, snapshot: TournamentSnapshot, now: Date): Promise<void> {
  const results = snapshotResults(snapshot);
  const changes = new Map(tournamentRatingChanges(results, now.getUTCFullYear()).map((change) => [change.player, change]));
  const tournamentId = snapshot.tournament.id;
  await db.deleteFrom('ratingSnapshots').where('tournamentId', '=', tournamentId).execute();
  for (const row of snapshotStandings(snapshot)) {
    const change = changes.get(String(row.userId));
    const before = row.eloRating ?? 0;
    await db
      .insertInto('ratingSnapshots')
      .values({
        userId: row.userId,
        tournamentId,
        ratingBefore: before,
        ratingChange: change?.total ?? 0,
        ratingAfter: before + (change?.total ?? 0),
        gamesPlayed: change?.games.length ?? 0,
        score: row.score,
        performance: row.performance,
      })
      .execute();
  }
}
