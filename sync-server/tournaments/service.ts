/**
 * The one way a tournament changes, shared by the routes and the sync mutators: lock the
 * tournament, load its snapshot, apply the same rule the device applied offline
 * (domain/tournament-admin), write what changed. A refusal is an httpError with the rule's status
 * and words (a route answers it, a mutator reports it as rejected).
 */
import type { Kysely } from 'kysely';
import { hasPermission } from '../../domain/rbac';
import { applyTournamentMutation, snapshotResults, snapshotStandings, type ActionContext, type TournamentMutationName } from '../../domain/tournament-admin';
import { tournamentRatingChanges } from '../../domain/tournament';
import { TOURNAMENT_MESSAGES, type MutationArgs, type TournamentSnapshot } from '../../schema';
import type { Database, UserRow } from '../db/types';
import { httpError } from '../plugins/errors';
import { isRoleName, loadGrants } from '../rbac/grants';
import { loadSnapshot, lockTournament, writeChanges } from './store';

type Db = Kysely<Database>;

/** tournament:edit for this tournament (global grants count: organizers and super admins). */
export async function canManage(db: Db, user: UserRow, tournamentId: number, now: Date): Promise<boolean> {
  const role = isRoleName(user.primaryRole) ? user.primaryRole : 'student';
  return hasPermission(role, await loadGrants(db, user.id), 'tournament:edit', now, `tournament:${tournamentId}`);
}

export interface ActionEnvironment {
  readonly db: Db;
  readonly postgres: boolean;
  readonly user: UserRow;
  readonly now: Date;
}

/** Runs one action inside the caller's transaction; answers the snapshot after it (real ids). */
export async function runTournamentAction<N extends TournamentMutationName>(
  env: ActionEnvironment,
  name: N,
  args: MutationArgs<N>,
): Promise<TournamentSnapshot> {
  const { db, user, now } = env;
  const tournamentId = args.tournamentId;
  await lockTournament(db, tournamentId, env.postgres);
  const manager = await canManage(db, user, tournamentId, now);
  const before = await loadSnapshot(db, tournamentId, { id: user.id, manager: true }, now);
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
    const entrant = await db.selectFrom('users').select(['username', 'eloRating']).where('id', '=', late.userId).executeTakeFirst();
    if (!entrant) throw httpError(404, 'No user with that id.');
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
  const after = await loadSnapshot(db, tournamentId, { id: user.id, manager }, now);
  if (!after) throw httpError(404, TOURNAMENT_MESSAGES.notFound);
  return after;
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
  await lockTournament(db, tournamentId, env.postgres);
  const snapshot = await loadSnapshot(db, tournamentId, { id: user.id, manager: true }, now);
  if (!snapshot) throw httpError(404, TOURNAMENT_MESSAGES.notFound);
  if (!(await canManage(db, user, tournamentId, now))) throw httpError(403, 'Only the tournament organiser can do this.');
  if (snapshot.tournament.status !== 'completed') throw httpError(409, 'Certificates are issued when the tournament is completed.');
  const standings = snapshotStandings(snapshot);
  const totalRounds = snapshot.rounds.length;
  await db.updateTable('certificates').set({ isActive: 0 }).where('tournamentId', '=', tournamentId).execute();
  for (const row of standings) {
    const award = row.rank <= 3 ? AWARDS[row.rank - 1] : undefined;
    await db
      .insertInto('certificates')
      .values({
        tournamentId,
        userId: row.userId,
        issuedBy: user.id,
        certificateType: award ? award[0] : 'participation',
        awardName: award ? award[1] : 'Certificate of Participation',
        placement: row.rank,
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
