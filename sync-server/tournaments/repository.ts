/**
 * The tournaments' SQL (issue 22: routes -> service -> this repository). The tournament snapshot
 * read from the database, and the changes between two snapshots written back: the rules
 * (domain/tournament-admin) work on snapshots; rows an action made carry negative ids, which are
 * inserted here (a pairing's game gets its tournament_games row). Then the rows the routes look up
 * by their own ids (a registration, a round, a game, an appeal), a new tournament, certificates
 * and rating snapshots. Each function takes the transaction or the database it runs on.
 */
import { sql, type Kysely, type Selectable } from 'kysely';
import {
  DEFAULT_TIE_BREAK_NAMES,
  TIE_BREAK_NAMES,
  type TieBreakName,
  TOURNAMENT_DEFAULTS,
  certificateSchema,
  timeControlSchema,
  pairingRulesSchema,
  teamStandingsSettingsSchema,
  tournamentSchema,
  type Certificate,
  type CreateTournamentRequest,
  type Dispute,
  type Pairing,
  type Registration,
  type RoundWithPairings,
  type Tournament,
  type TournamentSnapshot,
  WITHDRAWN_PLAYER,
} from '../../schema';
import { isGame, withCounts } from '../../domain/tournament-admin';
import { resultPoints } from '../../domain/tournament';
import { parseJsonList } from '../core/db/json';
import type { Database } from '../core/db/types';
import { yieldToEventLoop } from '../core/event-loop';

type Db = Kysely<Database>;

const ROUND_STATUS = (stored: string) => (stored === 'scheduled' ? 'created' : stored) as RoundWithPairings['status'];

function parseJson(text: string | null): unknown {
  if (text === null) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

type TournamentRow = Selectable<Database['tournaments']>;

export function toTournament(row: TournamentRow): Tournament {
  const timeControl = timeControlSchema.safeParse(parseJson(row.timeControl));
  return tournamentSchema.parse({
    id: row.id,
    name: row.name,
    description: row.description,
    venue: row.venue,
    startDate: row.startDate ?? '',
    endDate: row.endDate ?? '',
    registrationStartDate: row.registrationStartDate ?? '',
    registrationEndDate: row.registrationEndDate ?? '',
    maxParticipants: row.maxParticipants,
    format: row.format,
    timeControl: timeControl.success ? timeControl.data : TOURNAMENT_DEFAULTS.timeControl,
    entryFee: Number(row.entryFee),
    currency: row.currency,
    rounds: row.rounds,
    status: row.status,
    organizerId: row.organizerId ?? 0,
    ...arbiterSettings(row.arbiterSettings),
  });
}

/** Issue 29: the stored settings, each kept only when it still reads (a bad one is as none). */
function arbiterSettings(text: string | null): Pick<Tournament, 'pairingRules' | 'teamStandings'> {
  const stored = (parseJson(text) ?? {}) as { pairingRules?: unknown; teamStandings?: unknown };
  const rules = pairingRulesSchema.safeParse(stored.pairingRules);
  const teams = teamStandingsSettingsSchema.safeParse(stored.teamStandings);
  return { ...(rules.success ? { pairingRules: rules.data } : {}), ...(teams.success ? { teamStandings: teams.data } : {}) };
}

/** The arbiter settings column's text for a tournament (null when it has none). */
export function arbiterSettingsText(t: Pick<Tournament, 'pairingRules'> & { teamStandings?: Tournament['teamStandings'] }): string | null {
  if (!t.pairingRules && !t.teamStandings) return null;
  return JSON.stringify({ ...(t.pairingRules ? { pairingRules: t.pairingRules } : {}), ...(t.teamStandings ? { teamStandings: t.teamStandings } : {}) });
}

export async function loadTournament(db: Db, id: number): Promise<Tournament | null> {
  const row = await db.selectFrom('tournaments').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? toTournament(row) : null;
}

/** Locks the tournament's row on PostgreSQL for the rest of the transaction (SQLite writes are serial). */
export async function lockTournament(db: Db, id: number, postgres: boolean): Promise<void> {
  if (postgres) await sql`select id from tournaments where id = ${id} for update`.execute(db);
}

interface RegistrationData {
  lateEntry?: Registration['lateEntry'];
  byes?: Registration['byes'];
}

/** Snapshots loaded from the database by this process (bench/live.ts counts them per result). */
export const snapshotLoads = { count: 0 };

/** Rows a snapshot reads per query: a large event is read in pages, the event loop free between them. */
const PAGE_ROWS = 500;

/** Every row of a query read page by page (keyset on id, ascending). */
async function inPages<T extends { id: number }>(page: (afterId: number) => Promise<T[]>): Promise<T[]> {
  const rows: T[] = [];
  for (let after = 0; ; ) {
    const next = await page(after);
    rows.push(...next);
    if (next.length < PAGE_ROWS) return rows;
    after = (next[next.length - 1] as T).id;
    await yieldToEventLoop();
  }
}

/**
 * The whole tournament as the rules and the devices see it, as `viewer` may see it
 * (./viewSnapshot: contact and medical fields for managers and the viewer's own registration).
 */
export async function loadSnapshot(db: Db, id: number, viewer: { id: number; manager: boolean }, now: Date): Promise<TournamentSnapshot | null> {
  snapshotLoads.count += 1;
  const tournament = await loadTournament(db, id);
  if (!tournament) return null;
  const section = await db.selectFrom('tournamentSections').select('tieBreaks').where('tournamentId', '=', id).orderBy('id').executeTakeFirst();
  const tieBreaks = parseJsonList(section?.tieBreaks ?? null).filter((name): name is TieBreakName =>
    (TIE_BREAK_NAMES as readonly unknown[]).includes(name),
  );
  await yieldToEventLoop();
  const registrationRows = await inPages((after) => db
    .selectFrom('registrations')
    .innerJoin('users', 'users.id', 'registrations.userId')
    .select([
      'registrations.id',
      'registrations.userId',
      'registrations.status',
      'registrations.createdAt',
      'registrations.emergencyContact',
      'registrations.medicalInfo',
      'registrations.cancellationReason',
      'registrations.registrationData',
      'users.username',
      'users.email',
      'users.isManaged',
      'users.eloRating',
      'users.isWithdrawnPlayer',
      'users.schoolId',
    ])
    .where('registrations.tournamentId', '=', id)
    .where('registrations.id', '>', after)
    .orderBy('registrations.id')
    .limit(PAGE_ROWS)
    .execute());
  // Issue 29: each player's school or club (their account's organization), by name.
  const schoolIds = [...new Set(registrationRows.map((row) => row.schoolId).filter((value): value is number => value !== null))];
  const organizationNames = new Map<number, string>();
  for (let from = 0; from < schoolIds.length; from += PAGE_ROWS) {
    const rows = await db.selectFrom('organizations').select(['id', 'name']).where('id', 'in', schoolIds.slice(from, from + PAGE_ROWS)).execute();
    for (const row of rows) organizationNames.set(row.id, row.name);
  }
  const registrations: Registration[] = registrationRows.map((row) => {
    const data = (parseJson(row.registrationData) ?? {}) as RegistrationData;
    return {
      id: row.id,
      userId: row.userId,
      // Issue 26: a deleted player's results stay under a stand-in that has no name of its own.
      userName: row.isWithdrawnPlayer ? WITHDRAWN_PLAYER : row.username,
      userEmail: row.isManaged ? '' : row.email,
      userElo: row.eloRating,
      status: row.status as Registration['status'],
      createdAt: row.createdAt,
      emergencyContact: row.emergencyContact,
      medicalConditions: row.medicalInfo,
      cancellationReason: row.cancellationReason,
      lateEntry: data.lateEntry ?? null,
      byes: data.byes ?? [],
      organizationId: row.schoolId,
      organizationName: row.schoolId === null ? null : (organizationNames.get(row.schoolId) ?? null),
    };
  });
  await yieldToEventLoop();
  const roundRows = await db.selectFrom('rounds').selectAll().where('tournamentId', '=', id).orderBy('roundNumber').execute();
  const pairingRows = await inPages((after) => db
    .selectFrom('pairings')
    .leftJoin('tournamentGames', 'tournamentGames.pairingId', 'pairings.id')
    .leftJoin('users as white', 'white.id', 'pairings.whitePlayerId')
    .leftJoin('users as black', 'black.id', 'pairings.blackPlayerId')
    .select([
      'pairings.id',
      'pairings.roundId',
      'pairings.boardNumber',
      'pairings.whitePlayerId',
      'pairings.blackPlayerId',
      'pairings.result',
      'pairings.gameStatus',
      'pairings.isBye',
      'pairings.byeKind',
      'pairings.advancesPlayerId',
      'tournamentGames.id as gameId',
      'tournamentGames.resultReason',
      'white.username as whiteName',
      'white.eloRating as whiteElo',
      'white.isWithdrawnPlayer as whiteWithdrawn',
      'black.username as blackName',
      'black.eloRating as blackElo',
      'black.isWithdrawnPlayer as blackWithdrawn',
    ])
    .where('pairings.tournamentId', '=', id)
    .where('pairings.id', '>', after)
    .orderBy('pairings.id')
    .limit(PAGE_ROWS)
    .execute());
  pairingRows.sort((a, b) => (a.boardNumber ?? 0) - (b.boardNumber ?? 0));
  await yieldToEventLoop();
  const byRound = new Map<number, typeof pairingRows>();
  for (const row of pairingRows) {
    const list = byRound.get(row.roundId);
    if (list) list.push(row);
    else byRound.set(row.roundId, [row]);
  }
  const rounds = roundRows.map((round) =>
    withCounts({
      id: round.id,
      roundNumber: round.roundNumber,
      name: round.name ?? `Round ${round.roundNumber}`,
      status: ROUND_STATUS(round.status),
      gamesCount: 0,
      completedGames: 0,
      startTime: round.startTime,
      pairings: (byRound.get(round.id) ?? []).map(
          (row): Pairing => ({
            id: row.id,
            gameId: row.gameId ?? null,
            boardNumber: row.boardNumber ?? 0,
            whitePlayerId: row.whitePlayerId ?? 0,
            whitePlayerName: row.whiteWithdrawn ? WITHDRAWN_PLAYER : (row.whiteName ?? ''),
            whitePlayerElo: row.whiteElo ?? null,
            blackPlayerId: row.blackPlayerId,
            blackPlayerName: row.blackWithdrawn ? WITHDRAWN_PLAYER : (row.blackName ?? null),
            blackPlayerElo: row.blackElo ?? null,
            gameResult: (row.result ?? null) as Pairing['gameResult'],
            resultReason: (row.resultReason ?? null) as Pairing['resultReason'],
            gameStatus: row.gameStatus as Pairing['gameStatus'],
            gameDuration: null,
            isBye: Boolean(row.isBye),
            byeKind: (row.byeKind ?? (row.isBye ? 'pairing' : null)) as Pairing['byeKind'],
            advancesPlayerId: row.advancesPlayerId,
          }),
        ),
    }),
  );
  await yieldToEventLoop();
  const appealRows = await db.selectFrom('appeals').selectAll().where('tournamentId', '=', id).orderBy('id').execute();
  const disputes: Dispute[] = appealRows.map((row) => {
    const evidence = (parseJson(row.evidence) ?? {}) as { roundNumber?: number; boardNumber?: number; submissions?: Dispute['submissions'] };
    return {
      id: row.id,
      gameId: row.gameId,
      roundNumber: evidence.roundNumber ?? 0,
      boardNumber: evidence.boardNumber ?? 0,
      appealType: row.appealType === 'pairing_conflict' ? 'pairing_conflict' : 'result_dispute',
      subject: row.subject ?? '',
      description: row.description ?? '',
      status: row.status === 'resolved' ? 'resolved' : 'pending',
      submissions: evidence.submissions ?? [],
      resolution: row.resolution,
    };
  });
  const full: TournamentSnapshot = {
    tournament,
    tieBreaks: tieBreaks.length > 0 ? tieBreaks : [...DEFAULT_TIE_BREAK_NAMES],
    registrations,
    rounds,
    disputes,
    loadedAt: now.toISOString(),
  };
  return viewSnapshot(full, viewer, now);
}

/**
 * What `viewer` may see of a snapshot loaded for a manager (loadSnapshot, or the read cache's
 * copy, ./read-cache.ts): contact and medical fields and a rejection's reason of their own
 * registration only, unless they manage the tournament. Never changes `full` (the cache shares it between requests).
 */
export function viewSnapshot(full: TournamentSnapshot, viewer: { id: number; manager: boolean }, now: Date): TournamentSnapshot {
  const registrations = viewer.manager
    ? full.registrations
    : full.registrations.map((entry) =>
        // A rejection's reason is the player's and the managers' only (children's data, issue 18).
        entry.userId === viewer.id ? entry : { ...entry, userEmail: null, emergencyContact: null, medicalConditions: null, cancellationReason: null },
      );
  return { ...full, registrations, loadedAt: now.toISOString() };
}

/** The tournament's version (bumped by every write; tournaments/read-cache.ts), or null when there is no such tournament. */
export async function tournamentVersion(db: Db, id: number): Promise<number | null> {
  const row = await db.selectFrom('tournaments').select('version').where('id', '=', id).executeTakeFirst();
  return row === undefined ? null : Number(row.version);
}

/**
 * Writes what changed from `before` to `after` (rows with negative ids are new), and bumps the
 * tournament's version in the same transaction, so every process's read cache drops what it had.
 */
export async function writeChanges(db: Db, before: TournamentSnapshot, after: TournamentSnapshot, userId: number, now: Date): Promise<void> {
  const at = now.toISOString();
  const id = after.tournament.id;
  await db.updateTable('tournaments').set((eb) => ({ version: eb('version', '+', 1) })).where('id', '=', id).execute();
  const t = after.tournament;
  if (JSON.stringify(before.tournament) !== JSON.stringify(t)) {
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
      .where('id', '=', id)
      .execute();
  }
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
  const oldRounds = new Map(before.rounds.map((round) => [round.roundNumber, round]));
  for (const round of after.rounds) {
    const old = oldRounds.get(round.roundNumber);
    let roundId: number;
    if (!old) {
      const inserted = await db
        .insertInto('rounds')
        .values({ tournamentId: id, sectionId: await sectionOf(db, id), roundNumber: round.roundNumber, name: round.name, status: round.status, startTime: round.startTime })
        .returning('id')
        .executeTakeFirstOrThrow();
      roundId = inserted.id;
    } else {
      roundId = old.id;
      if (old.status !== round.status || old.startTime !== round.startTime) {
        await db
          .updateTable('rounds')
          .set({
            status: round.status,
            startTime: round.startTime,
            ...(old.status === 'created' && round.status === 'paired' ? { pairingsGeneratedAt: at, pairingsGeneratedBy: userId } : {}),
          })
          .where('id', '=', roundId)
          .execute();
      }
    }
    const oldBoards = new Map((old?.pairings ?? []).map((board) => [board.boardNumber, board]));
    for (const board of round.pairings) {
      const previous = oldBoards.get(board.boardNumber);
      if (previous && JSON.stringify(previous) === JSON.stringify(board)) continue;
      // The pairings table keeps each side's points beside the result (domain/tournament's resultPoints).
      const points = board.gameResult === null ? null : resultPoints(board.gameResult);
      const whiteScore = points?.white ?? null;
      const blackScore = points?.black ?? null;
      if (!previous) {
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
        continue;
      }
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
  }
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

// ---------------------------------------------------------------------------------------------
// The routes' look-ups and the service's other writes.

/** The newest 500 tournaments, latest first. */
export async function listTournaments(db: Db): Promise<Tournament[]> {
  const rows = await db.selectFrom('tournaments').selectAll().orderBy('startDate', 'desc').orderBy('id', 'desc').limit(500).execute();
  return rows.map(toTournament);
}

/** A new draft tournament and its one section ('Open'); answers its id. */
export async function insertTournament(db: Db, body: CreateTournamentRequest, organizerId: number, organizationId: number | null): Promise<number> {
  const iso = (value: string) => new Date(value).toISOString();
  const row = await db
    .insertInto('tournaments')
    .values({
      name: body.name,
      description: body.description ?? null,
      venue: body.venue ?? null,
      startDate: iso(body.startDate),
      endDate: iso(body.endDate),
      registrationStartDate: iso(body.registrationStartDate),
      registrationEndDate: iso(body.registrationEndDate),
      maxParticipants: body.maxParticipants ?? null,
      entryFee: body.entryFee,
      currency: body.currency,
      format: body.format,
      timeControl: JSON.stringify(body.timeControl),
      rounds: body.rounds ?? null,
      status: 'draft',
      organizerId,
      organizationId,
      arbiterSettings: arbiterSettingsText(body),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('tournamentSections')
    .values({ tournamentId: row.id, name: 'Open', rounds: body.rounds ?? null, format: body.format, tieBreaks: JSON.stringify(body.tieBreaks ?? DEFAULT_TIE_BREAK_NAMES) })
    .execute();
  return row.id;
}

/** A registration's tournament and player, by its id. */
export function registrationById(db: Db, id: number): Promise<{ tournamentId: number; userId: number } | undefined> {
  return db.selectFrom('registrations').select(['tournamentId', 'userId']).where('id', '=', id).executeTakeFirst();
}

/** A round's tournament and number, by its id. */
export function roundById(db: Db, id: number): Promise<{ tournamentId: number; roundNumber: number } | undefined> {
  return db.selectFrom('rounds').select(['tournamentId', 'roundNumber']).where('id', '=', id).executeTakeFirst();
}

/** A game's board (tournament, round number, board number, players, status), by its tournament_games id. */
export function gameById(db: Db, id: number) {
  return db
    .selectFrom('tournamentGames')
    .innerJoin('pairings', 'pairings.id', 'tournamentGames.pairingId')
    .innerJoin('rounds', 'rounds.id', 'pairings.roundId')
    .select(['tournamentGames.tournamentId', 'rounds.roundNumber', 'pairings.boardNumber', 'pairings.whitePlayerId', 'pairings.blackPlayerId', 'pairings.gameStatus'])
    .where('tournamentGames.id', '=', id)
    .executeTakeFirst();
}

/** An appeal's tournament, by its id. */
export function appealById(db: Db, id: number): Promise<{ tournamentId: number } | undefined> {
  return db.selectFrom('appeals').select(['tournamentId']).where('id', '=', id).executeTakeFirst();
}

/** A late entrant's account and their registration (if any) in the tournament. */
export async function entrantOf(db: Db, tournamentId: number, userId: number) {
  const entrant = await db.selectFrom('users').select(['username', 'eloRating', 'schoolId']).where('id', '=', userId).executeTakeFirst();
  if (!entrant) return undefined;
  const registration = await db
    .selectFrom('registrations')
    .select(['status', 'cancellationReason', 'cancelledBy'])
    .where('tournamentId', '=', tournamentId)
    .where('userId', '=', userId)
    .executeTakeFirst();
  return { ...entrant, registration };
}

/** The arbiter's note on a board whose result was corrected. */
export async function setArbiterNotes(db: Db, pairingId: number, notes: string): Promise<void> {
  await db.updateTable('pairings').set({ arbiterNotes: notes }).where('id', '=', pairingId).execute();
}

export interface NewCertificate {
  readonly userId: number;
  readonly certificateType: Certificate['certificateType'];
  readonly awardName: string;
  readonly placement: number;
  readonly score: number;
}

/** Replaces the tournament's certificates (the earlier set stays, inactive). */
export async function replaceCertificates(db: Db, tournamentId: number, issuedBy: number, totalRounds: number, issuedAt: string, certificates: readonly NewCertificate[]): Promise<void> {
  await db.updateTable('certificates').set({ isActive: 0 }).where('tournamentId', '=', tournamentId).execute();
  for (const certificate of certificates) {
    await db.insertInto('certificates').values({ tournamentId, issuedBy, totalRounds, issuedAt, ...certificate }).execute();
  }
}

/** The tournament's active certificates, by place. */
export async function listCertificates(db: Db, tournamentId: number): Promise<Certificate[]> {
  const rows = await db
    .selectFrom('certificates')
    .innerJoin('users', 'users.id', 'certificates.userId')
    .select(['certificates.id', 'certificates.userId', 'users.username', 'users.isWithdrawnPlayer', 'certificates.certificateType', 'certificates.awardName', 'certificates.placement', 'certificates.score', 'certificates.totalRounds', 'certificates.issuedAt'])
    .where('certificates.tournamentId', '=', tournamentId)
    .where('certificates.isActive', '=', 1)
    .orderBy('certificates.placement')
    .execute();
  return rows.map((row) =>
    certificateSchema.parse({
      id: row.id,
      tournamentId,
      userId: row.userId,
      userName: row.isWithdrawnPlayer ? WITHDRAWN_PLAYER : row.username,
      certificateType: row.certificateType,
      awardName: row.awardName ?? '',
      placement: row.placement,
      score: Number(row.score ?? 0),
      totalRounds: row.totalRounds ?? 0,
      issuedAt: row.issuedAt,
    }),
  );
}

export interface RatingSnapshotRow {
  readonly userId: number;
  readonly ratingBefore: number;
  readonly ratingChange: number;
  readonly gamesPlayed: number;
  readonly score: number;
  readonly performance: number | null;
}

/** Replaces the tournament's rating snapshots. */
export async function replaceRatingSnapshots(db: Db, tournamentId: number, rows: readonly RatingSnapshotRow[]): Promise<void> {
  await db.deleteFrom('ratingSnapshots').where('tournamentId', '=', tournamentId).execute();
  for (const row of rows) {
    await db.insertInto('ratingSnapshots').values({ tournamentId, ...row, ratingAfter: row.ratingBefore + row.ratingChange }).execute();
  }
}
