/**
 * 'Delete this child's account' (issue 26; GDPR Art. 17, COPPA's deletion), in one transaction:
 * 1. controls this account set on children's devices as their parent go back to those children
 *    (settings.controls_set_at would otherwise survive, the child locked with nobody to unlock);
 * 2. in each tournament where the child has a board, an account-less stand-in takes the child's
 *    place (a users row marked is_withdrawn_player, shown as 'Withdrawn player', with the rating
 *    the pairings and tie-breaks used and nothing else): their boards, games and registration move
 *    to it, the registration's contact, medical, consent and payment fields emptied, withdrawn from
 *    the rounds not yet paired if the tournament is still running; so the other players keep
 *    their scores, tie-breaks and ranks. One stand-in per tournament: the tournaments cannot be
 *    linked to each other through it;
 * 3. the account row goes, and with it, by the foreign keys (./classification.ts), every row that
 *    is the child's: games, attempts, lessons, homework, ratings, settings, classes, parent links,
 *    sessions (every device is answered 401 at its next request), sync clients, certificates;
 * 4. every tournament the child was in gets a new version, so read caches drop their copies.
 */
import { randomUUID } from 'node:crypto';
import { sql, type Transaction } from 'kysely';
import { nameSkeleton } from '../../domain/name-skeleton';
import { WITHDRAWN_REASON } from '../../domain/tournament-admin';
import type { AppDatabase } from '../core/db/connect';
import type { Database, UserRow } from '../core/db/types';

type Trx = Transaction<Database>;

/** A stand-in's username: longer than any a person can choose (20), so nobody registers it. */
const standInName = () => `withdrawn-${randomUUID().replaceAll('-', '')}`;

async function makeStandIn(trx: Trx, child: UserRow, now: Date): Promise<number> {
  const username = standInName();
  const row = await trx
    .insertInto('users')
    .values({
      username,
      usernameSkeleton: nameSkeleton(username),
      email: `${username}@withdrawn.invalid`,
      passwordHash: null,
      firstName: null,
      lastName: null,
      profileImageUrl: null,
      resetToken: null,
      resetTokenExpiry: null,
      dateOfBirth: null,
      schoolId: null,
      phoneNumber: null,
      parentEmail: null,
      federationId: null,
      emergencyContact: null,
      eloRating: child.eloRating,
      isManaged: 1,
      isWithdrawnPlayer: 1,
      createdAt: now.toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A dispute's submissions name their submitters and players by id: the child's become the stand-in's. */
async function moveDisputeIds(trx: Trx, tournamentId: number, childId: number, standIn: number): Promise<void> {
  const appeals = await trx.selectFrom('appeals').select(['id', 'evidence']).where('tournamentId', '=', tournamentId).execute();
  for (const appeal of appeals) {
    if (appeal.evidence === null) continue;
    let evidence: { submissions?: Record<string, unknown>[] };
    try {
      evidence = JSON.parse(appeal.evidence) as typeof evidence;
    } catch {
      continue;
    }
    let changed = false;
    for (const submission of evidence.submissions ?? []) {
      for (const key of ['submittedBy', 'whiteUserId', 'blackUserId']) {
        if (submission[key] === childId) {
          submission[key] = standIn;
          changed = true;
        }
      }
    }
    if (changed) await trx.updateTable('appeals').set({ evidence: JSON.stringify(evidence) }).where('id', '=', appeal.id).execute();
  }
}

/** The child's place in one tournament they played, handed to a new stand-in. */
async function withdrawFrom(trx: Trx, child: UserRow, tournamentId: number, now: Date): Promise<void> {
  const standIn = await makeStandIn(trx, child, now);
  for (const column of ['whitePlayerId', 'blackPlayerId', 'advancesPlayerId'] as const) {
    await trx.updateTable('pairings').set({ [column]: standIn }).where('tournamentId', '=', tournamentId).where(column, '=', child.id).execute();
  }
  for (const column of ['whitePlayerId', 'blackPlayerId'] as const) {
    await trx.updateTable('tournamentGames').set({ [column]: standIn }).where('tournamentId', '=', tournamentId).where(column, '=', child.id).execute();
  }
  const tournament = await trx.selectFrom('tournaments').select('status').where('id', '=', tournamentId).executeTakeFirstOrThrow();
  const registration = await trx.selectFrom('registrations').select(['id', 'status']).where('tournamentId', '=', tournamentId).where('userId', '=', child.id).executeTakeFirst();
  if (registration) {
    // Still running: out of the rounds to come, as a player who withdraws (domain/tournament-admin).
    const running = tournament.status !== 'completed' && tournament.status !== 'cancelled' && registration.status !== 'cancelled';
    await trx
      .updateTable('registrations')
      .set({
        userId: standIn,
        teamId: null,
        registeredBy: null,
        cancelledBy: null,
        emergencyContact: null,
        medicalInfo: null,
        specialRequirements: null,
        paymentReference: null,
        parentConsentGiven: 0,
        parentConsentDate: null,
        ...(running ? { status: 'cancelled', cancellationReason: WITHDRAWN_REASON, cancelledAt: now.toISOString() } : {}),
      })
      .where('id', '=', registration.id)
      .execute();
  }
  await moveDisputeIds(trx, tournamentId, child.id, standIn);
}

/** Deletes the account; answers the tournaments whose results stay under 'Withdrawn player'. */
export async function eraseAccount(database: AppDatabase, child: UserRow, now: Date): Promise<{ tournamentsKept: number }> {
  return database.db.transaction().execute(async (trx) => {
    const postgres = database.kind === 'postgres';
    const played = await trx
      .selectFrom('pairings')
      .select('tournamentId')
      .distinct()
      .where((eb) => eb.or([eb('whitePlayerId', '=', child.id), eb('blackPlayerId', '=', child.id), eb('advancesPlayerId', '=', child.id)]))
      .execute();
    const entered = await trx.selectFrom('registrations').select('tournamentId').where('userId', '=', child.id).execute();
    const touched = [...new Set([...played, ...entered].map((row) => row.tournamentId))].sort((a, b) => a - b);
    // The tournaments' locks first, in id order, as their actions take them (tournaments/repository.ts lockTournament).
    if (postgres && touched.length > 0) await sql`select id from tournaments where id in (${sql.join(touched)}) order by id for update`.execute(trx);
    if (postgres) await sql`select id from users where id = ${child.id} for update`.execute(trx);
    // Controls this account set as a parent go back to the children first (their mark would outlive it).
    await trx.updateTable('settings').set({ controlsSetBy: null, controlsSetAt: null }).where('controlsSetBy', '=', child.id).execute();
    for (const { tournamentId } of played) await withdrawFrom(trx, child, tournamentId, now);
    await trx.deleteFrom('users').where('id', '=', child.id).execute();
    if (touched.length > 0) await trx.updateTable('tournaments').set((eb) => ({ version: eb('version', '+', 1) })).where('id', 'in', touched).execute();
    return { tournamentsKept: played.length };
  });
}
