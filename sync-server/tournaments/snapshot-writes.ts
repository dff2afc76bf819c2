/**
 * The write side of the tournaments' SQL (./repository.ts re-exports it): the changes between two
 * snapshots written back, one function per kind of row. Rows an action made carry negative ids and
 * are inserted here (a pairing's game gets its tournament_games row).
 */
import type { Kysely } from 'kysely';
import type { Pairing, RoundWithPairings, Tournament, TournamentSnapshot } from '../../schema';
import { isGame } from '../../domain/tournament-admin';
import { resultPoints } from '../../domain/tournament';
import type { Database } from '../core/db/types';

type Db = Kysely<Database>;

/** Who wrote, and when (ISO): the rows that record a change name both. */
interface Writer {
  readonly userId: number;
  readonly at: string;
}

/** The arbiter settings column's text for a tournament (null when it has none). */
export function arbiterSettingsText(t: Pick<Tournament, 'pairingRules'> & Partial<Pick<Tournament, 'teamStandings' | 'kFactors'>>): string | null {
  if (!t.pairingRules && !t.teamStandings && !t.kFactors) return null;
  return JSON.stringify({
    ...(t.pairingRules ? { pairingRules: t.pairingRules } : {}),
    ...(t.teamStandings ? { teamStandings: t.teamStandings } : {}),
    ...(t.kFactors ? { kFactors: t.kFactors } : {}),
  });
}

/**
 * Writes what changed from `before` to `after` (rows with negative ids are new), and bumps the
 * tournament's version in the same transaction, so every process's read cache drops what it had.
 */
export async function writeChanges(db: Db, before: TournamentSnapshot, after: TournamentSnapshot, userId: number, now: Date): Promise<void> {
  const writer: Writer = { userId, at: now.toISOString() };
  const id = after.tournament.id;
  await db.updateTable('tournaments').set((eb) => ({ version: eb('version', '+', 1) })).where('id', '=', id).execute();
  await writeTournament(db, before.tournament, after.tournament);
  await writeRegistrations(db, id, before, after, writer);
  const oldRounds = new Map(before.rounds.map((round) => [round.roundNumber, round]));
  for (const round of after.rounds) {
    const old = oldRounds.get(round.roundNumber);
    const roundId = await writeRound(db, id, old, round, writer);
    await writePairings(db, id, roundId, old, round, writer);
  }
  await writeDisputes(db, id, before, after, writer);
}

async function writeTournament(db: Db, before: Tournament, t: Tournament): Promise<void> {
  if (JSON.stringify(before) === JSON.stringify(t)) return;
  await db
    .updateTable('tournaments')
    .set({
      name: t.name,
      description: t.description,
      venue: t.venue,
      startDate: t.startDate,
      endDate: t.endDate,
      registrationStartDate: t.registrationStartDate,
      registrationEndDate: t.registrationEndDate,
      maxParticipants: t.maxParticipants,
      entryFee: t.entryFee,
      rounds: t.rounds,
      status: t.status,
      timeControl: JSON.stringify(t.timeControl),
      arbiterSettings: arbiterSettingsText(t),
    })
    .where('id', '=', t.id)
    .execute();
}

async function writeRegistrations(db: Db, id: number, before: TournamentSnapshot, after: TournamentSnapshot, { userId, at }: Writer): Promise<void> {
  const oldRegistrations = new Map(before.registrations.map((entry) => [entry.userId, entry]));
  for (const entry of after.registrations) {
    const old = oldRegistrations.get(entry.userId);
    if (old && JSON.stringify(old) === JSON.stringify(entry)) continue;
    const data = JSON.stringify({ lateEntry: entry.lateEntry, byes: entry.byes });
    const fields = {
      status: entry.status,
      registrationData: data,
      cancellationReason: entry.cancellationReason,
      confirmedAt: entry.status === 'confirmed' && old?.status !== 'confirmed' ? at : undefined,
      cancelledAt: entry.status === 'cancelled' && old?.status !== 'cancelled' ? at : undefined,
      cancelledBy: entry.status === 'cancelled' && old?.status !== 'cancelled' ? userId : undefined,
    };
    if (old) await db.updateTable('registrations').set(fields).where('tournamentId', '=', id).where('userId', '=', entry.userId).execute();
    else await db.insertInto('registrations').values({ tournamentId: id, userId: entry.userId, registeredBy: userId, sectionId: await sectionOf(db, id), ...fields }).execute();
  }
}

/** The round's row, inserted when new or updated when its status or start changed; answers its id. */
async function writeRound(db: Db, id: number, old: RoundWithPairings | undefined, round: RoundWithPairings, { userId, at }: Writer): Promise<number> {
  if (!old) {
    const inserted = await db
      .insertInto('rounds')
      .values({ tournamentId: id, sectionId: await sectionOf(db, id), roundNumber: round.roundNumber, name: round.name, status: round.status, startTime: round.startTime })
      .returning('id')
      .executeTakeFirstOrThrow();
    return inserted.id;
  }
  if (old.status !== round.status || old.startTime !== round.startTime) {
    await db
      .updateTable('rounds')
      .set({
        status: round.status,
        startTime: round.startTime,
        ...(old.status === 'created' && round.status === 'paired' ? { pairingsGeneratedAt: at, pairingsGeneratedBy: userId } : {}),
      })
      .where('id', '=', old.id)
      .execute();
  }
  return old.id;
}

async function writePairings(db: Db, id: number, roundId: number, old: RoundWithPairings | undefined, round: RoundWithPairings, writer: Writer): Promise<void> {
  const oldBoards = new Map((old?.pairings ?? []).map((board) => [board.boardNumber, board]));
  for (const board of round.pairings) {
    const previous = oldBoards.get(board.boardNumber);
    if (previous && JSON.stringify(previous) === JSON.stringify(board)) continue;
    if (previous) await updatePairing(db, previous, board, writer);
    else await insertPairing(db, id, roundId, board);
  }
}

/** The pairings table keeps each side's points beside the result (domain/tournament's resultPoints). */
function sidePoints(board: Pairing): { whiteScore: number | null; blackScore: number | null } {
  const points = board.gameResult === null ? null : resultPoints(board.gameResult);
  return { whiteScore: points?.white ?? null, blackScore: points?.black ?? null };
}

async function insertPairing(db: Db, id: number, roundId: number, board: Pairing): Promise<void> {
  const { whiteScore, blackScore } = sidePoints(board);
  const inserted = await db
    .insertInto('pairings')
    .values({
      roundId,
      tournamentId: id,
      sectionId: await sectionOf(db, id),
      boardNumber: board.boardNumber,
      whitePlayerId: board.whitePlayerId,
      blackPlayerId: board.blackPlayerId,
      result: board.gameResult,
      whiteScore,
      blackScore,
      gameStatus: board.gameStatus,
      isBye: board.isBye ? 1 : 0,
      byeKind: board.byeKind,
      advancesPlayerId: board.advancesPlayerId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (isGame(board)) {
    await db
      .insertInto('tournamentGames')
      .values({ pairingId: inserted.id, tournamentId: id, whitePlayerId: board.whitePlayerId, blackPlayerId: board.blackPlayerId, result: board.gameResult, resultReason: board.resultReason })
      .execute();
  }
}

async function updatePairing(db: Db, previous: Pairing, board: Pairing, { userId, at }: Writer): Promise<void> {
  const { whiteScore, blackScore } = sidePoints(board);
  await db
    .updateTable('pairings')
    .set({ result: board.gameResult, whiteScore, blackScore, gameStatus: board.gameStatus, advancesPlayerId: board.advancesPlayerId })
    .where('id', '=', previous.id)
    .execute();
  if (previous.gameResult !== board.gameResult || previous.resultReason !== board.resultReason) {
    await db
      .updateTable('tournamentGames')
      .set({ result: board.gameResult, resultReason: board.resultReason, submittedBy: userId, endTime: at })
      .where('pairingId', '=', previous.id)
      .execute();
  }
}

async function writeDisputes(db: Db, id: number, before: TournamentSnapshot, after: TournamentSnapshot, { userId, at }: Writer): Promise<void> {
  const oldDisputes = new Map(before.disputes.map((dispute) => [dispute.id, dispute]));
  for (const dispute of after.disputes) {
    const old = oldDisputes.get(dispute.id);
    const evidence = JSON.stringify({ roundNumber: dispute.roundNumber, boardNumber: dispute.boardNumber, submissions: dispute.submissions });
    if (!old) {
      const pairing = await db
        .selectFrom('pairings')
        .innerJoin('rounds', 'rounds.id', 'pairings.roundId')
        .select('pairings.id')
        .where('pairings.tournamentId', '=', id)
        .where('rounds.roundNumber', '=', dispute.roundNumber)
        .where('pairings.boardNumber', '=', dispute.boardNumber)
        .executeTakeFirst();
      await db
        .insertInto('appeals')
        .values({
          tournamentId: id,
          gameId: dispute.gameId !== null && dispute.gameId > 0 ? dispute.gameId : null,
          pairingId: pairing?.id ?? null,
          appealedBy: userId,
          appealType: dispute.appealType,
          subject: dispute.subject,
          description: dispute.description,
          evidence,
          status: dispute.status,
        })
        .execute();
    } else if (JSON.stringify(old) !== JSON.stringify(dispute)) {
      await db
        .updateTable('appeals')
        .set({ status: dispute.status, evidence, resolution: dispute.resolution, ...(dispute.status === 'resolved' && old.status !== 'resolved' ? { reviewedBy: userId, resolvedAt: at } : {}) })
        .where('id', '=', dispute.id)
        .execute();
    }
  }
}

async function sectionOf(db: Db, tournamentId: number): Promise<number | null> {
  const section = await db.selectFrom('tournamentSections').select('id').where('tournamentId', '=', tournamentId).orderBy('id').executeTakeFirst();
  return section?.id ?? null;
}
