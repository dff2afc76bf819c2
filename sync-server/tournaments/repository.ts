/**
 * The tournaments' SQL (issue 22: routes -> service -> this repository). The tournament snapshot
 * read from the database, and the changes between two snapshots written back (./snapshot-writes.ts,
 * re-exported here): the rules (domain/tournament-admin) work on snapshots; rows an action made
 * carry negative ids, which the writes insert. Then the rows the routes look up
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
  kFactorsSchema,
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
import { withCounts } from '../../domain/tournament-admin';
import { parseJsonList } from '../core/db/json';
import type { Database } from '../core/db/types';
import { yieldToEventLoop } from '../core/event-loop';
import { arbiterSettingsText } from './snapshot-writes';

export { arbiterSettingsText, writeChanges } from './snapshot-writes';

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
function arbiterSettings(text: string | null): Pick<Tournament, 'pairingRules' | 'teamStandings' | 'kFactors'> {
  const stored = (parseJson(text) ?? {}) as { pairingRules?: unknown; teamStandings?: unknown; kFactors?: unknown };
  const rules = pairingRulesSchema.safeParse(stored.pairingRules);
  const teams = teamStandingsSettingsSchema.safeParse(stored.teamStandings);
  const ks = kFactorsSchema.safeParse(stored.kFactors);
  return {
    ...(rules.success ? { pairingRules: rules.data } : {}),
    ...(teams.success ? { teamStandings: teams.data } : {}),
    ...(ks.success ? { kFactors: ks.data } : {}),
  };
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
  const tieBreaks = await loadTieBreaks(db, id);
  await yieldToEventLoop();
  const registrations = await loadRegistrations(db, id);
  await yieldToEventLoop();
  const rounds = await loadRounds(db, id);
  await yieldToEventLoop();
  const disputes = await loadDisputes(db, id);
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

/** The first section's tie-breaks, those still known (an empty list means the defaults). */
async function loadTieBreaks(db: Db, id: number): Promise<TieBreakName[]> {
  const section = await db.selectFrom('tournamentSections').select('tieBreaks').where('tournamentId', '=', id).orderBy('id').executeTakeFirst();
  return parseJsonList(section?.tieBreaks ?? null).filter((name): name is TieBreakName =>
    (TIE_BREAK_NAMES as readonly unknown[]).includes(name),
  );
}

function registrationPage(db: Db, id: number, after: number) {
  return db
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
      'users.federationId',
      'users.dateOfBirth',
    ])
    .where('registrations.tournamentId', '=', id)
    .where('registrations.id', '>', after)
    .orderBy('registrations.id')
    .limit(PAGE_ROWS)
    .execute();
}

type RegistrationRow = Awaited<ReturnType<typeof registrationPage>>[number];

async function loadRegistrations(db: Db, id: number): Promise<Registration[]> {
  const registrationRows = await inPages((after) => registrationPage(db, id, after));
  // Issue 29: each player's school or club (their account's organization), by name.
  const schoolIds = [...new Set(registrationRows.map((row) => row.schoolId).filter((value): value is number => value !== null))];
  const organizationNames = new Map<number, string>();
  for (let from = 0; from < schoolIds.length; from += PAGE_ROWS) {
    const rows = await db.selectFrom('organizations').select(['id', 'name']).where('id', 'in', schoolIds.slice(from, from + PAGE_ROWS)).execute();
    for (const row of rows) organizationNames.set(row.id, row.name);
  }
  return registrationRows.map((row) => toRegistration(row, organizationNames));
}

function toRegistration(row: RegistrationRow, organizationNames: ReadonlyMap<number, string>): Registration {
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
    // Issue 29: for the rating report and the TRF export; the year only, not the date of birth.
    fideId: row.federationId || null,
    birthYear: birthYearOf(row.dateOfBirth),
  };
}

/** The year of an ISO date of birth, or null. */
const birthYearOf = (date: string | null): number | null => (date !== null && /^\d{4}/.test(date) ? Number(date.slice(0, 4)) : null);

function pairingPage(db: Db, id: number, after: number) {
  return db
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
    .execute();
}

type PairingRow = Awaited<ReturnType<typeof pairingPage>>[number];

/** The rounds, each with its boards in board order. */
async function loadRounds(db: Db, id: number): Promise<RoundWithPairings[]> {
  const roundRows = await db.selectFrom('rounds').selectAll().where('tournamentId', '=', id).orderBy('roundNumber').execute();
  const pairingRows = await inPages((after) => pairingPage(db, id, after));
  pairingRows.sort((a, b) => (a.boardNumber ?? 0) - (b.boardNumber ?? 0));
  await yieldToEventLoop();
  const byRound = new Map<number, PairingRow[]>();
  for (const row of pairingRows) {
    const list = byRound.get(row.roundId);
    if (list) list.push(row);
    else byRound.set(row.roundId, [row]);
  }
  return roundRows.map((round) =>
    withCounts({
      id: round.id,
      roundNumber: round.roundNumber,
      name: round.name ?? `Round ${round.roundNumber}`,
      status: ROUND_STATUS(round.status),
      gamesCount: 0,
      completedGames: 0,
      startTime: round.startTime,
      pairings: (byRound.get(round.id) ?? []).map(toPairing),
    }),
  );
}

function toPairing(row: PairingRow): Pairing {
  return {
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
  };
}

async function loadDisputes(db: Db, id: number): Promise<Dispute[]> {
  const appealRows = await db.selectFrom('appeals').selectAll().where('tournamentId', '=', id).orderBy('id').execute();
  return appealRows.map((row) => {
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
}

/**
 * What `viewer` may see of a snapshot loaded for a manager (loadSnapshot, or the read cache's
 * copy, ./read-cache.ts): contact and medical fields, FIDE ID, year of birth and a rejection's reason of their own
 * registration only, unless they manage the tournament. Never changes `full` (the cache shares it between requests).
 */
export function viewSnapshot(full: TournamentSnapshot, viewer: { id: number; manager: boolean }, now: Date): TournamentSnapshot {
  const registrations = viewer.manager
    ? full.registrations
    : full.registrations.map((entry) =>
        // A rejection's reason is the player's and the managers' only (children's data, issue 18).
        entry.userId === viewer.id ? entry : { ...entry, userEmail: null, emergencyContact: null, medicalConditions: null, cancellationReason: null, fideId: null, birthYear: null },
      );
  return { ...full, registrations, loadedAt: now.toISOString() };
}

/** The tournament's version (bumped by every write; tournaments/read-cache.ts), or null when there is no such tournament. */
export async function tournamentVersion(db: Db, id: number): Promise<number | null> {
  const row = await db.selectFrom('tournaments').select('version').where('id', '=', id).executeTakeFirst();
  return row === undefined ? null : Number(row.version);
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
