/**
 * The tournaments' service, between the routes (./routes.ts, which parse, authorize and answer)
 * and the repository (./repository.ts, the SQL).
 *
 * The one way a tournament changes, shared by the routes and the sync mutators: lock the
 * tournament, load its snapshot, apply the same rule the device applied offline
 * (domain/tournament-admin), write what changed. A refusal is an httpError with the rule's status
 * and words (a route answers it, a mutator reports it as rejected). Then TournamentService, what
 * each route asks for: the reads of a large event (cached per version, heavy parts in a worker
 * thread, limited per account), new tournaments, and the actions addressed by a row's own id.
 */
import type { Kysely } from 'kysely';
import { applyTournamentMutation, finalPlacements, generatePairings, snapshotRatingReport, snapshotStandings, WITHDRAWN_REASON, type ActionContext, type TournamentMutationName } from '../../domain/tournament-admin';
import { z } from 'zod';
import {
  roundSchema,
  roundWithPairingsSchema,
  type Certificate,
  type CreateTournamentRequest,
  type Dispute,
  type MutationArgs,
  type Pairing,
  type ProposedBoard,
  type Registration,
  type RegistrationStats,
  type RegistrationStatus,
  type ResultRequest,
  type Tournament,
  type TournamentResult,
  type TournamentSnapshot,
  ERROR_TEXTS,
} from '../../schema';
import type { Limit } from '../core/rate-limit';
import type { ServerContext } from '../core/context';
import type { Database, UserRow } from '../core/db/types';
import { httpError, ruleHttpError } from '../core/plugins/errors';
import { holds, loadAccess, organizationPlace, type Access } from '../core/rbac/tenancy';
import { organizationForNew, tournamentAccess, type TournamentAccess } from './access';
import { cachedFullSnapshot, offerChanges, type TournamentChanges } from './live';
import {
  appealById,
  entrantOf,
  gameById,
  insertTournament,
  listCertificates,
  listTournaments,
  loadSnapshot,
  loadTournament,
  lockTournament,
  registrationById,
  replaceCertificates,
  replaceRatingSnapshots,
  roundById,
  setArbiterNotes,
  tournamentVersion,
  viewSnapshot,
  writeChanges,
} from './repository';
import { readCacheOf, type ReadCache } from './read-cache';
import { TournamentThreads } from './tournament-threads';
import { importTrf } from './trf';
import { realNamesFor, withRealNames } from './real-names';
import { recordRegistrationReads } from '../privacy/access-log';

type Db = Kysely<Database>;

/** The actions a player may take on their own registration; every other action is the managers'. */
const OWN_ACTIONS: ReadonlySet<TournamentMutationName> = new Set(['registerForTournament', 'withdrawRegistration', 'requestBye']);

/**
 * The permission, checked from the tournament's owner row before its snapshot is loaded: 404 when
 * there is no such tournament, 403 for an action the user may not take. The rule checks again
 * (it runs offline on the device too).
 */
export async function authorizeAction<N extends TournamentMutationName>(env: ActionEnvironment, name: N, args: MutationArgs<N>): Promise<TournamentAccess> {
  const found = await tournamentAccess(env.db, env.user, args.tournamentId, env.now);
  if (!found) throw httpError(404, 'ERR_TOURNAMENT_NOT_FOUND');
  if (found.manager) return found;
  if (!OWN_ACTIONS.has(name)) throw httpError(403, 'ERR_MANAGERS_ONLY');
  const subject = (args as { userId?: number }).userId;
  if (subject !== undefined && subject !== env.user.id) {
    throw httpError(403, name === 'requestBye' ? 'ERR_BYE_FOR_YOURSELF' : 'ERR_WITHDRAW_OWN');
  }
  return found;
}

/** The message of a late entry the rules below refuse (the same for an unknown id: ids cannot be walked). */
export const LATE_ENTRY_REFUSED = ERROR_TEXTS.ERR_LATE_ENTRY_REFUSED;

/**
 * Who may be entered late: a player who asked to play (a pending or waitlisted registration, one
 * they withdrew themselves, or one already confirmed), or a player of an organization where the
 * manager is staff with user:view_pii (so they could already read the player's contact details).
 */
async function lateEntrant(db: Db, access: Access, tournamentId: number, userId: number) {
  const entrant = await entrantOf(db, tournamentId, userId);
  if (!entrant) throw httpError(404, 'ERR_LATE_ENTRY_REFUSED');
  const registration = entrant.registration;
  const asked =
    registration !== undefined &&
    (registration.status !== 'cancelled' || (registration.cancellationReason === WITHDRAWN_REASON && registration.cancelledBy === userId));
  if (!asked && !(entrant.schoolId !== null && holds(access, 'user:view_pii', organizationPlace(access, entrant.schoolId)))) {
    throw httpError(404, 'ERR_LATE_ENTRY_REFUSED');
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
  if (!before) throw httpError(404, 'ERR_TOURNAMENT_NOT_FOUND');
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
  if (!result.ok) throw ruleHttpError(result.error);
  await writeChanges(db, before, result.value, user.id, now);
  if (name === 'correctResult') {
    const correction = args as MutationArgs<'correctResult'>;
    const round = result.value.rounds.find((each) => each.roundNumber === correction.roundNumber);
    const board = round?.pairings.find((each) => each.boardNumber === correction.boardNumber);
    if (board) await setArbiterNotes(db, board.id, `Corrected to ${correction.result} by user ${user.id} at ${now.toISOString()}: ${correction.note}`);
  }
  if (before.tournament.status !== 'completed' && result.value.tournament.status === 'completed') await recordRatings(db, result.value);
  // The one load of an action: the managers' form, which the caller offers to the read cache
  // after the commit (env.changes), so the push's answer and every follower's pull reuse it.
  const after = await loadSnapshot(db, tournamentId, { id: user.id, manager: true }, now);
  const version = await tournamentVersion(db, tournamentId);
  if (!after || version === null) throw httpError(404, 'ERR_TOURNAMENT_NOT_FOUND');
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
  if (!found) throw httpError(404, 'ERR_TOURNAMENT_NOT_FOUND');
  if (!found.manager) throw httpError(403, 'ERR_MANAGERS_ONLY');
  await lockTournament(db, tournamentId, env.postgres);
  const snapshot = await loadSnapshot(db, tournamentId, { id: user.id, manager: true }, now);
  if (!snapshot) throw httpError(404, 'ERR_TOURNAMENT_NOT_FOUND');
  if (snapshot.tournament.status !== 'completed') throw httpError(409, 'ERR_CERTIFICATES_NOT_YET');
  // One certificate per place: ties are split by the tie-breaks, then the pairing order.
  const certificates = finalPlacements(snapshot).map(({ standing: row, place }) => {
    const award = place <= 3 ? AWARDS[place - 1] : undefined;
    return {
      userId: row.userId,
      certificateType: award ? award[0] : ('participation' as const),
      awardName: award ? award[1] : 'Certificate of Participation',
      placement: place,
      score: row.score,
    };
  });
  await replaceCertificates(db, tournamentId, user.id, snapshot.rounds.length, now.toISOString(), certificates);
}

/**
 * When a tournament completes: each player's FIDE-style rating change over the games played
 * (domain/tournament-admin's snapshotRatingReport, in the event's year), score and performance, in rating_snapshots. The
 * app's own Elo (from games against the computer) is left as it is.
 */
async function recordRatings(db: Db, snapshot: TournamentSnapshot): Promise<void> {
  // The rating report's rows (domain/tournament-admin), so the record and the app's report agree.
  const changes = new Map(snapshotRatingReport(snapshot).map((change) => [change.userId, change]));
  const rows = snapshotStandings(snapshot).map((row) => {
    const change = changes.get(row.userId);
    return {
      userId: row.userId,
      ratingBefore: row.eloRating ?? 0,
      ratingChange: change?.total ?? 0,
      gamesPlayed: change?.games.length ?? 0,
      score: row.score,
      performance: row.performance,
    };
  });
  await replaceRatingSnapshots(db, snapshot.tournament.id, rows);
}

// ---------------------------------------------------------------------------------------------
// What the routes ask for.

/** Above this many players a Swiss round is paired on the device (up to ~0.4 s here on a busy 2-core machine at 40). */
export const MAX_SERVER_SWISS_PLAYERS = 40;
/** Heavy reads (snapshot, standings, rounds, TRF) per account: 60 a minute, counted before the work. */
export const HEAVY_READ_LIMIT: Limit = { max: 60, windowMs: 60_000 };
export const HEAVY_READ_MESSAGE = ERROR_TEXTS.ERR_TOURNAMENT_READS_BUSY;

type Round = TournamentSnapshot['rounds'][number];

export const withoutPairings = ({ pairings: _pairings, ...round }: Round) => round;

function registrationOf(snapshot: TournamentSnapshot, userId: number) {
  const found = snapshot.registrations.find((entry) => entry.userId === userId);
  if (!found) throw httpError(404, 'ERR_REGISTRATION_NOT_FOUND');
  return found;
}

function roundOf(snapshot: TournamentSnapshot, roundNumber: number): Round {
  const found = snapshot.rounds.find((round) => round.roundNumber === roundNumber);
  if (!found) throw httpError(404, 'ERR_ROUND_NOT_FOUND');
  return found;
}

function boardOf(snapshot: TournamentSnapshot, roundNumber: number, boardNumber: number) {
  const pairing = roundOf(snapshot, roundNumber).pairings.find((board) => board.boardNumber === boardNumber);
  if (!pairing) throw httpError(404, 'ERR_GAME_NOT_FOUND');
  return pairing;
}

/**
 * One per server: the routes' service. Issue 18: reads of a large event are computed once per
 * change of the tournament (its version), the heavy parts in a worker thread, and limited per account.
 */
export class TournamentService {
  private readonly db: Db;
  private readonly cache: ReadCache;
  private readonly threads = new TournamentThreads();

  constructor(private readonly context: ServerContext) {
    this.db = context.database.db;
    this.cache = readCacheOf(context.database);
  }

  close(): Promise<void> | void {
    return this.threads.close();
  }

  /** Runs an action in a transaction and answers the snapshot after it; the new snapshot goes to the read cache after the commit. */
  async act<N extends TournamentMutationName>(user: UserRow, name: N, args: MutationArgs<N>): Promise<TournamentSnapshot> {
    const { database } = this.context;
    const changes: TournamentChanges = new Map();
    const snapshot = await this.db.transaction().execute((trx) => runTournamentAction({ db: trx, postgres: database.kind === 'postgres', user, now: this.context.now(), database, changes }, name, args));
    offerChanges(database, changes);
    return snapshot;
  }

  /** Counts one heavy read of the account before any work; over the limit, 429 with Retry-After. */
  async heavyRead(user: UserRow, retryAfter: (seconds: number) => void): Promise<void> {
    const wait = await this.context.limiter.take([[`tournament-read:user:${user.id}`, HEAVY_READ_LIMIT]]);
    if (wait > 0) {
      retryAfter(wait);
      throw httpError(429, 'ERR_TOURNAMENT_READS_BUSY');
    }
  }

  /** The whole snapshot (the manager's form, shared: never changed) at the tournament's version; 404 without one. */
  async fullSnapshot(id: number): Promise<{ snapshot: TournamentSnapshot; version: number }> {
    const version = await tournamentVersion(this.db, id);
    if (version === null) throw httpError(404, 'ERR_TOURNAMENT_NOT_FOUND');
    return { snapshot: await cachedFullSnapshot(this.db, this.context.database, id, version, this.context.now()), version };
  }

  /**
   * The snapshot as the user may see it. `sent`: it goes to the user as it is, so the children's
   * contact and medical notes in it (a manager's) are recorded in the schools' logs (issue 26).
   */
  async snapshotFor(user: UserRow, id: number, sent = true): Promise<TournamentSnapshot> {
    const now = this.context.now();
    const found = await tournamentAccess(this.db, user, id, now);
    const manager = found?.manager ?? false;
    const { snapshot, version } = await this.fullSnapshot(id);
    // A class tournament's real names, for its classes' staff and students only (issue 19).
    const names = await realNamesFor({ db: this.db, database: this.context.database, user, now }, id, version);
    const viewed = { ...withRealNames(viewSnapshot(snapshot, { id: user.id, manager }, now), names), viewerManages: manager, version };
    if (sent && manager) await this.recordReads(user, id, found?.tournament.organizationId ?? null, viewed.registrations);
    return viewed;
  }

  /** Issue 26: the schools' log of who was sent which child's contact or medical notes here. */
  private recordReads(user: UserRow, tournamentId: number, organizationId: number | null, registrations: readonly Registration[]): Promise<void> {
    return recordRegistrationReads({ db: this.db, database: this.context.database, now: this.context.now() }, user.id, { kind: 'tournament', tournamentId, organizationId }, registrations);
  }

  /** An action's answer of one registration, recorded when it carries a child's notes to someone else. */
  private async sentRegistration(user: UserRow, tournamentId: number, registration: Registration): Promise<Registration> {
    const owner = await tournamentAccess(this.db, user, tournamentId, this.context.now());
    await this.recordReads(user, tournamentId, owner?.tournament.organizationId ?? null, [registration]);
    return registration;
  }

  /** 404 without the tournament, 403 unless the user manages it: from its owner row, before any snapshot. */
  async requireManager(user: UserRow, id: number): Promise<void> {
    const found = await tournamentAccess(this.db, user, id, this.context.now());
    if (!found) throw httpError(404, 'ERR_TOURNAMENT_NOT_FOUND');
    if (!found.manager) throw httpError(403, 'ERR_MANAGERS_ONLY');
  }

  list(): Promise<Tournament[]> {
    return listTournaments(this.db);
  }

  async tournament(id: number): Promise<Tournament> {
    const tournament = await loadTournament(this.db, id);
    if (!tournament) throw httpError(404, 'ERR_TOURNAMENT_NOT_FOUND');
    return tournament;
  }

  /** A new draft tournament of the user's (the organization chosen or implied, ./access.ts). */
  async create(user: UserRow, body: CreateTournamentRequest): Promise<Tournament> {
    const organizationId = await organizationForNew(this.db, await loadAccess(this.db, user, this.context.now()), body.organizationId);
    const id = await this.db.transaction().execute((trx) => insertTournament(trx, body, user.id, organizationId));
    return this.tournament(id);
  }

  /** A tournament from a TRF-16 file, parsed in a worker thread. */
  async importTrf(user: UserRow, trf: string, requestedOrganization: number | undefined): Promise<Tournament> {
    const organizationId = await organizationForNew(this.db, await loadAccess(this.db, user, this.context.now()), requestedOrganization);
    const parsed = await this.threads.parseTrf(trf);
    return this.tournament(await importTrf(this.db, user, parsed, this.context.now(), organizationId));
  }

  async registrationStats(user: UserRow, id: number): Promise<RegistrationStats> {
    const snapshot = await this.snapshotFor(user, id, false);
    const count = (status: string) => snapshot.registrations.filter((entry) => entry.status === status).length;
    return { confirmed: count('confirmed'), pending: count('pending'), waitlisted: count('waitlisted') };
  }

  async registrations(user: UserRow, id: number, status: RegistrationStatus | undefined): Promise<Registration[]> {
    await this.requireManager(user, id);
    const snapshot = await this.snapshotFor(user, id);
    return snapshot.registrations.filter((entry) => status === undefined || entry.status === status);
  }

  /** A registration's action, the registration addressed by its id; answers it after the action. */
  async actOnRegistration<N extends 'approveRegistration' | 'rejectRegistration' | 'withdrawRegistration' | 'requestBye'>(
    user: UserRow,
    registrationId: number,
    name: N,
    args: (ref: { tournamentId: number; userId: number }) => MutationArgs<N>,
  ): Promise<Registration> {
    const found = await registrationById(this.db, registrationId);
    if (!found) throw httpError(404, 'ERR_REGISTRATION_NOT_FOUND');
    return this.sentRegistration(user, found.tournamentId, registrationOf(await this.act(user, name, args(found)), found.userId));
  }

  /** An action answered with one player's registration after it (register, a late entry). */
  async actForPlayer<N extends 'registerForTournament' | 'addLateEntry'>(user: UserRow, name: N, args: MutationArgs<N>, userId: number): Promise<Registration> {
    return this.sentRegistration(user, args.tournamentId, registrationOf(await this.act(user, name, args), userId));
  }

  async createRound(user: UserRow, args: MutationArgs<'createRound'>): Promise<Omit<Round, 'pairings'>> {
    return withoutPairings(roundOf(await this.act(user, 'createRound', args), args.roundNumber));
  }

  /** A round's row by its id, or 404. */
  private async roundRef(roundId: number): Promise<{ tournamentId: number; roundNumber: number }> {
    const found = await roundById(this.db, roundId);
    if (!found) throw httpError(404, 'ERR_ROUND_NOT_FOUND');
    return found;
  }

  async rounds(id: number): Promise<string> {
    const { snapshot, version } = await this.fullSnapshot(id);
    return this.cache.cached(`rounds:${id}`, version, async () => JSON.stringify(z.array(roundSchema).parse(snapshot.rounds.map(withoutPairings))));
  }

  async round(roundId: number): Promise<string> {
    const { tournamentId, roundNumber } = await this.roundRef(roundId);
    const { snapshot, version } = await this.fullSnapshot(tournamentId);
    return this.cache.cached(`round:${tournamentId}:${roundNumber}`, version, async () => JSON.stringify(roundWithPairingsSchema.parse(roundOf(snapshot, roundNumber))));
  }

  /**
   * Publishes a round's pairing: the boards a device sent, or without them the server's own (a
   * large Swiss field excepted: the Dutch engine is synchronous and would hold the event loop for
   * seconds, so the device pairs it in its pairing worker and sends the boards).
   */
  async publishPairings(user: UserRow, roundId: number, sent: readonly ProposedBoard[] | undefined): Promise<Round> {
    const { tournamentId, roundNumber } = await this.roundRef(roundId);
    let boards = sent;
    if (boards === undefined) {
      await this.requireManager(user, tournamentId);
      const snapshot = await this.snapshotFor(user, tournamentId, false);
      const round = roundOf(snapshot, roundNumber);
      if (round.status !== 'created') throw httpError(409, 'ERR_ROUND_ALREADY_PAIRED', { round: round.name });
      if (snapshot.tournament.format === 'swiss' && snapshot.registrations.filter((entry) => entry.status === 'confirmed').length > MAX_SERVER_SWISS_PLAYERS) {
        throw httpError(409, 'ERR_LARGE_FIELD', { most: MAX_SERVER_SWISS_PLAYERS });
      }
      const generated = generatePairings(snapshot, roundNumber);
      if (!generated.ok) throw ruleHttpError(generated.error);
      boards = generated.value;
    }
    return roundOf(await this.act(user, 'publishPairings', { tournamentId, roundNumber, boards: [...boards] }), roundNumber);
  }

  async startRound(user: UserRow, roundId: number): Promise<Omit<Round, 'pairings'>> {
    const { tournamentId, roundNumber } = await this.roundRef(roundId);
    return withoutPairings(roundOf(await this.act(user, 'startRound', { tournamentId, roundNumber }), roundNumber));
  }

  /** A result for a game by its id: a correction when the game is completed and a note comes, else an entry (which may open a dispute). */
  async gameResult(user: UserRow, gameId: number, request: ResultRequest): Promise<{ pairing: Pairing; dispute: Dispute | null }> {
    const game = await gameById(this.db, gameId);
    if (!game || game.boardNumber === null || game.whitePlayerId === null || game.blackPlayerId === null) throw httpError(404, 'ERR_GAME_NOT_FOUND');
    const { result, resultReason, note, advancesPlayerId } = request;
    const where = { tournamentId: game.tournamentId, roundNumber: game.roundNumber, boardNumber: game.boardNumber };
    const snapshot =
      game.gameStatus === 'completed' && note !== undefined
        ? await this.act(user, 'correctResult', { ...where, result, note, advancesPlayerId: advancesPlayerId ?? null })
        : await this.act(user, 'enterResult', { ...where, whiteUserId: game.whitePlayerId, blackUserId: game.blackPlayerId, result, resultReason: resultReason ?? null, advancesPlayerId: advancesPlayerId ?? null });
    const pairing = boardOf(snapshot, game.roundNumber, game.boardNumber);
    const dispute = snapshot.disputes.find((each) => each.status === 'pending' && each.roundNumber === game.roundNumber && each.boardNumber === game.boardNumber) ?? null;
    return { pairing, dispute };
  }

  /** Resolves a dispute by its appeal id; answers the board with the result that stands. */
  async resolveDispute(user: UserRow, appealId: number, request: { result: TournamentResult; note: string }): Promise<Pairing> {
    const appeal = await appealById(this.db, appealId);
    if (!appeal) throw httpError(404, 'ERR_DISPUTE_NOT_FOUND');
    const snapshot = await this.act(user, 'resolveDispute', { tournamentId: appeal.tournamentId, appealId, ...request });
    const dispute = snapshot.disputes.find((each) => each.id === appealId);
    if (!dispute) throw httpError(404, 'ERR_GAME_NOT_FOUND');
    return boardOf(snapshot, dispute.roundNumber, dispute.boardNumber);
  }

  async standings(id: number): Promise<string> {
    const { snapshot, version } = await this.fullSnapshot(id);
    return this.cache.cached(`standings:${id}`, version, () => this.threads.standingsJson(snapshot));
  }

  async trf(id: number): Promise<string> {
    const { snapshot, version } = await this.fullSnapshot(id);
    return this.cache.cached(`trf:${id}`, version, () => this.threads.exportTrf(snapshot));
  }

  async issueCertificates(user: UserRow, id: number): Promise<Certificate[]> {
    const { database } = this.context;
    await this.db.transaction().execute((trx) => issueCertificates({ db: trx, postgres: database.kind === 'postgres', user, now: this.context.now() }, id));
    return listCertificates(this.db, id);
  }

  async certificates(id: number): Promise<Certificate[]> {
    await this.tournament(id);
    return listCertificates(this.db, id);
  }
}
