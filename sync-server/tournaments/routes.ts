import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { z } from 'zod';
import { MANAGERS_ONLY, type TournamentMutationName } from '../../domain/tournament-admin';
import {
  byeRequestSchema,
  certificateSchema,
  createRoundRequestSchema,
  createTournamentRequestSchema,
  DEFAULT_TIE_BREAK_NAMES,
  errorResponseSchema,
  generatePairingsRequestSchema,
  importTrfRequestSchema,
  lateEntryRequestSchema,
  pairingSchema,
  registrationSchema,
  registrationsQuerySchema,
  registrationStatsSchema,
  rejectRegistrationRequestSchema,
  resolveDisputeRequestSchema,
  resultRequestSchema,
  roundSchema,
  roundWithPairingsSchema,
  standingSchema,
  disputeSchema,
  TOURNAMENT_MESSAGES,
  tournamentListSchema,
  tournamentRegisterRequestSchema,
  tournamentSchema,
  tournamentSnapshotSchema,
  updateTournamentRequestSchema,
  type MutationArgs,
  type TournamentSnapshot,
} from '../../schema';
import type { ServerContext } from '../context';
import { currentUser } from '../plugins/auth';
import { httpError } from '../plugins/errors';
import { idParamsSchema, sendJson, type ZodTypeProvider } from '../plugins/zod';
import type { UserRow } from '../db/types';
import { loadAccess } from '../rbac/tenancy';
import { organizationForNew, tournamentAccess } from './access';
import { canManage, issueCertificates, runTournamentAction } from './service';
import { loadTournament, toTournament, tournamentVersion, viewSnapshot } from './store';
import { generatePairings } from '../../domain/tournament-admin';
import { importTrf } from './trf';
import { cachedFullSnapshot, offerChanges, type TournamentChanges } from './live';
import { readCacheOf } from './read-cache';
import { TournamentThreads } from './tournament-threads';
import type { Limit } from '../auth/rate-limit';
import { realNamesFor, withRealNames } from '../classes/class-tournament';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema, 409: errorResponseSchema };
// Scoped: a school's organiser passes the gate; the handler (or the service) then checks the
// tournament's own organization before it loads anything (tournaments/access.ts).
const EDIT = { permission: 'tournament:edit', scoped: true } as const;
const CREATE = { permission: 'tournament:create', scoped: true } as const;

/** Above this many players a Swiss round is paired on the device (up to ~0.4 s here on a busy 2-core machine at 40). */
export const MAX_SERVER_SWISS_PLAYERS = 40;
const LARGE_FIELD = `Fields of more than ${MAX_SERVER_SWISS_PLAYERS} players are paired on your device: send the pairing it made.`;

/** Heavy reads (snapshot, standings, rounds, TRF) per account: 60 a minute, counted before the work. */
export const HEAVY_READ_LIMIT: Limit = { max: 60, windowMs: 60_000 };
export const HEAVY_READ_MESSAGE = 'Too many requests for tournament data. Please wait a moment.';

/**
 * The tournament routes of the spec (section 7) and the ones running an event needs (snapshot,
 * late entries, byes, withdrawals, disputes, TRF, certificates). Every change goes through
 * runTournamentAction, the service the sync mutators use too.
 */
export function tournamentRoutes(context: ServerContext): FastifyPluginAsync {
  const database = context.database;
  const db = database.db;

  /** Runs an action in a transaction and answers the snapshot after it. */
  async function act<N extends TournamentMutationName>(user: UserRow, name: N, args: MutationArgs<N>): Promise<TournamentSnapshot> {
    const changes: TournamentChanges = new Map();
    const snapshot = await db.transaction().execute((trx) => runTournamentAction({ db: trx, postgres: database.kind === 'postgres', user, now: context.now(), database, changes }, name, args));
    offerChanges(database, changes);
    return snapshot;
  }

  // Issue 18: reads of a large event are computed once per change of the tournament (its
  // version), the heavy parts in a worker thread, and limited per account.
  const cache = readCacheOf(database);
  const threads = new TournamentThreads();

  /** Counts one heavy read of the account before any work; over the limit, 429 with Retry-After. */
  async function heavyRead(user: UserRow, reply: FastifyReply): Promise<void> {
    const wait = await context.limiter.take([[`tournament-read:user:${user.id}`, HEAVY_READ_LIMIT]]);
    if (wait > 0) {
      reply.header('retry-after', String(wait));
      throw httpError(429, HEAVY_READ_MESSAGE);
    }
  }

  /** The tournament's version, or 404. */
  async function versionOf(id: number): Promise<number> {
    const version = await tournamentVersion(db, id);
    if (version === null) throw httpError(404, TOURNAMENT_MESSAGES.notFound);
    return version;
  }

  /** The whole snapshot (the manager's form, shared: never changed) at the tournament's version. */
  async function fullSnapshot(id: number): Promise<{ snapshot: TournamentSnapshot; version: number }> {
    const version = await versionOf(id);
    return { snapshot: await cachedFullSnapshot(db, database, id, version, context.now()), version };
  }

  async function snapshotFor(user: UserRow, id: number): Promise<TournamentSnapshot> {
    const now = context.now();
    const manager = await canManage(db, user, id, now);
    const { snapshot, version } = await fullSnapshot(id);
    const names = await realNamesFor({ db, database, user, now }, id, version);
    return { ...withRealNames(viewSnapshot(snapshot, { id: user.id, manager }, now), names), viewerManages: manager, version };
  }

  /** 404 without the tournament, 403 unless the user manages it: from its owner row, before any snapshot. */
  async function requireManager(user: UserRow, id: number): Promise<void> {
    const found = await tournamentAccess(db, user, id, context.now());
    if (!found) throw httpError(404, TOURNAMENT_MESSAGES.notFound);
    if (!found.manager) throw httpError(403, MANAGERS_ONLY);
  }


  async function registrationById(id: number) {
    const row = await db.selectFrom('registrations').select(['tournamentId', 'userId']).where('id', '=', id).executeTakeFirst();
    if (!row) throw httpError(404, 'Registration not found');
    return row;
  }

  async function roundById(id: number) {
    const row = await db.selectFrom('rounds').select(['tournamentId', 'roundNumber']).where('id', '=', id).executeTakeFirst();
    if (!row) throw httpError(404, 'Round not found');
    return row;
  }

  const registrationOf = (snapshot: TournamentSnapshot, userId: number) => {
    const found = snapshot.registrations.find((entry) => entry.userId === userId);
    if (!found) throw httpError(404, 'Registration not found');
    return found;
  };
  const roundOf = (snapshot: TournamentSnapshot, roundNumber: number) => {
    const found = snapshot.rounds.find((round) => round.roundNumber === roundNumber);
    if (!found) throw httpError(404, 'Round not found');
    return found;
  };
  const withoutPairings = ({ pairings: _pairings, ...round }: TournamentSnapshot['rounds'][number]) => round;

  return async (app) => {
    app.addHook('onClose', () => threads.close());
    const routes = app.withTypeProvider<ZodTypeProvider>();
    const params = idParamsSchema;

    routes.get('/tournaments', { config: { auth: 'user' }, schema: { response: { 200: tournamentListSchema, ...errors } } }, async () => {
      const rows = await db.selectFrom('tournaments').selectAll().orderBy('startDate', 'desc').orderBy('id', 'desc').limit(500).execute();
      return rows.map(toTournament);
    });

    routes.post('/tournaments', { config: { auth: CREATE }, schema: { body: createTournamentRequestSchema, response: { 201: tournamentSchema, ...errors } } }, async (request, reply) => {
      const user = currentUser(request);
      const body = request.body;
      const iso = (value: string) => new Date(value).toISOString();
      const organizationId = await organizationForNew(db, await loadAccess(db, user, context.now()), body.organizationId);
      const id = await db.transaction().execute(async (trx) => {
        const row = await trx
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
            organizerId: user.id,
            organizationId,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await trx
          .insertInto('tournamentSections')
          .values({ tournamentId: row.id, name: 'Open', rounds: body.rounds ?? null, format: body.format, tieBreaks: JSON.stringify(body.tieBreaks ?? DEFAULT_TIE_BREAK_NAMES) })
          .execute();
        return row.id;
      });
      const created = await loadTournament(db, id);
      if (!created) throw httpError(404, TOURNAMENT_MESSAGES.notFound);
      return reply.code(201).send(created);
    });

    routes.post('/tournaments/import-trf', { config: { auth: CREATE }, bodyLimit: 4_000_000, schema: { body: importTrfRequestSchema, response: { 201: tournamentSchema, ...errors } } }, async (request, reply) => {
      const user = currentUser(request);
      const organizationId = await organizationForNew(db, await loadAccess(db, user, context.now()), request.body.organizationId);
      const parsed = await threads.parseTrf(request.body.trf);
      const id = await importTrf(db, user, parsed, context.now(), organizationId);
      const created = await loadTournament(db, id);
      if (!created) throw httpError(404, TOURNAMENT_MESSAGES.notFound);
      return reply.code(201).send(created);
    });

    routes.get('/tournaments/:id', { config: { auth: 'user' }, schema: { params, response: { 200: tournamentSchema, ...errors } } }, async (request) => {
      const tournament = await loadTournament(db, request.params.id);
      if (!tournament) throw httpError(404, TOURNAMENT_MESSAGES.notFound);
      return tournament;
    });

    routes.patch('/tournaments/:id', { config: { auth: EDIT }, schema: { params, body: updateTournamentRequestSchema, response: { 200: tournamentSchema, ...errors } } }, async (request) => {
      const snapshot = await act(currentUser(request), 'updateTournament', { tournamentId: request.params.id, fields: request.body });
      return snapshot.tournament;
    });

    routes.get('/tournaments/:id/snapshot', { config: { auth: 'user' }, schema: { params, response: { 200: tournamentSnapshotSchema, ...errors } } }, async (request, reply) => {
      const user = currentUser(request);
      await heavyRead(user, reply);
      // Made from the cached copy per viewer; sent as text (checking a large event against the
      // response schema took 0.4 s on the event loop).
      return sendJson(reply, JSON.stringify(await snapshotFor(user, request.params.id)));
    });

    routes.get('/tournaments/:id/registration-stats', { config: { auth: 'user' }, schema: { params, response: { 200: registrationStatsSchema, ...errors } } }, async (request) => {
      const snapshot = await snapshotFor(currentUser(request), request.params.id);
      const count = (status: string) => snapshot.registrations.filter((entry) => entry.status === status).length;
      return { confirmed: count('confirmed'), pending: count('pending'), waitlisted: count('waitlisted') };
    });

    routes.get('/tournaments/:id/registrations', { config: { auth: EDIT }, schema: { params, querystring: registrationsQuerySchema, response: { 200: z.array(registrationSchema), ...errors } } }, async (request) => {
      await requireManager(currentUser(request), request.params.id);
      const snapshot = await snapshotFor(currentUser(request), request.params.id);
      const status = request.query.status;
      return snapshot.registrations.filter((entry) => status === undefined || entry.status === status);
    });

    routes.post('/tournaments/:id/register', { config: { auth: 'user' }, schema: { params, body: tournamentRegisterRequestSchema.optional(), response: { 201: registrationSchema, ...errors } } }, async (request, reply) => {
      const user = currentUser(request);
      const snapshot = await act(user, 'registerForTournament', { tournamentId: request.params.id });
      return reply.code(201).send(registrationOf(snapshot, user.id));
    });

    routes.post('/tournaments/:id/late-entries', { config: { auth: EDIT }, schema: { params, body: lateEntryRequestSchema, response: { 201: registrationSchema, ...errors } } }, async (request, reply) => {
      const args = { tournamentId: request.params.id, userId: request.body.userId, userName: '?', userElo: null, missedRounds: request.body.missedRounds };
      const snapshot = await act(currentUser(request), 'addLateEntry', args);
      return reply.code(201).send(registrationOf(snapshot, request.body.userId));
    });

    routes.put('/registrations/:id/approve', { config: { auth: EDIT }, schema: { params, response: { 200: registrationSchema, ...errors } } }, async (request) => {
      const { tournamentId, userId } = await registrationById(request.params.id);
      return registrationOf(await act(currentUser(request), 'approveRegistration', { tournamentId, userId }), userId);
    });

    routes.put('/registrations/:id/reject', { config: { auth: EDIT }, schema: { params, body: rejectRegistrationRequestSchema, response: { 200: registrationSchema, ...errors } } }, async (request) => {
      const { tournamentId, userId } = await registrationById(request.params.id);
      return registrationOf(await act(currentUser(request), 'rejectRegistration', { tournamentId, userId, reason: request.body.reason }), userId);
    });

    routes.put('/registrations/:id/withdraw', { config: { auth: 'user' }, schema: { params, response: { 200: registrationSchema, ...errors } } }, async (request) => {
      const { tournamentId, userId } = await registrationById(request.params.id);
      return registrationOf(await act(currentUser(request), 'withdrawRegistration', { tournamentId, userId }), userId);
    });

    routes.post('/registrations/:id/byes', { config: { auth: 'user' }, schema: { params, body: byeRequestSchema, response: { 200: registrationSchema, ...errors } } }, async (request) => {
      const { tournamentId, userId } = await registrationById(request.params.id);
      return registrationOf(await act(currentUser(request), 'requestBye', { tournamentId, userId, ...request.body }), userId);
    });

    routes.get('/tournaments/:id/rounds', { config: { auth: 'user' }, schema: { params, response: { 200: z.array(roundSchema), ...errors } } }, async (request, reply) => {
      await heavyRead(currentUser(request), reply);
      const id = request.params.id;
      const { snapshot, version } = await fullSnapshot(id);
      const json = await cache.cached(`rounds:${id}`, version, async () => JSON.stringify(z.array(roundSchema).parse(snapshot.rounds.map(withoutPairings))));
      return sendJson(reply, json);
    });

    routes.post('/tournaments/:id/rounds', { config: { auth: EDIT }, schema: { params, body: createRoundRequestSchema, response: { 201: roundSchema, ...errors } } }, async (request, reply) => {
      const { roundNumber, name, startTime } = request.body;
      const snapshot = await act(currentUser(request), 'createRound', { tournamentId: request.params.id, roundNumber, name, startTime: startTime ?? null });
      return reply.code(201).send(withoutPairings(roundOf(snapshot, roundNumber)));
    });

    routes.get('/rounds/:id', { config: { auth: 'user' }, schema: { params, response: { 200: roundWithPairingsSchema, ...errors } } }, async (request, reply) => {
      await heavyRead(currentUser(request), reply);
      const { tournamentId, roundNumber } = await roundById(request.params.id);
      const { snapshot, version } = await fullSnapshot(tournamentId);
      const json = await cache.cached(`round:${tournamentId}:${roundNumber}`, version, async () => JSON.stringify(roundWithPairingsSchema.parse(roundOf(snapshot, roundNumber))));
      return sendJson(reply, json);
    });

    routes.post('/rounds/:id/pairings', { config: { auth: EDIT }, schema: { params, body: generatePairingsRequestSchema.optional(), response: { 200: roundWithPairingsSchema, ...errors } } }, async (request) => {
      const user = currentUser(request);
      const { tournamentId, roundNumber } = await roundById(request.params.id);
      let boards = request.body?.boards;
      if (boards === undefined) {
        await requireManager(user, tournamentId);
        const snapshot = await snapshotFor(user, tournamentId);
        const round = roundOf(snapshot, roundNumber);
        if (round.status !== 'created') throw httpError(409, `${round.name} was already paired on another device: its pairings are shown instead.`);
        // The Dutch engine is synchronous: a large Swiss field would hold the event loop for
        // seconds, so the device pairs it (the app's pairing worker) and sends the boards.
        if (snapshot.tournament.format === 'swiss' && snapshot.registrations.filter((entry) => entry.status === 'confirmed').length > MAX_SERVER_SWISS_PLAYERS) {
          throw httpError(409, LARGE_FIELD);
        }
        const generated = generatePairings(snapshot, roundNumber);
        if (!generated.ok) throw httpError(generated.error.status, generated.error.message);
        boards = generated.value;
      }
      return roundOf(await act(user, 'publishPairings', { tournamentId, roundNumber, boards }), roundNumber);
    });

    routes.put('/rounds/:id/start', { config: { auth: EDIT }, schema: { params, response: { 200: roundSchema, ...errors } } }, async (request) => {
      const { tournamentId, roundNumber } = await roundById(request.params.id);
      return withoutPairings(roundOf(await act(currentUser(request), 'startRound', { tournamentId, roundNumber }), roundNumber));
    });

    routes.put(
      '/games/:id/result',
      { config: { auth: EDIT }, schema: { params, body: resultRequestSchema, response: { 200: z.object({ pairing: pairingSchema, dispute: disputeSchema.nullable() }), ...errors } } },
      async (request) => {
        const user = currentUser(request);
        const game = await db
          .selectFrom('tournamentGames')
          .innerJoin('pairings', 'pairings.id', 'tournamentGames.pairingId')
          .innerJoin('rounds', 'rounds.id', 'pairings.roundId')
          .select(['tournamentGames.tournamentId', 'rounds.roundNumber', 'pairings.boardNumber', 'pairings.whitePlayerId', 'pairings.blackPlayerId', 'pairings.gameStatus'])
          .where('tournamentGames.id', '=', request.params.id)
          .executeTakeFirst();
        if (!game || game.boardNumber === null || game.whitePlayerId === null || game.blackPlayerId === null) throw httpError(404, 'Game not found');
        const { result, resultReason, note, advancesPlayerId } = request.body;
        const where = { tournamentId: game.tournamentId, roundNumber: game.roundNumber, boardNumber: game.boardNumber };
        const snapshot =
          game.gameStatus === 'completed' && note !== undefined
            ? await act(user, 'correctResult', { ...where, result, note, advancesPlayerId: advancesPlayerId ?? null })
            : await act(user, 'enterResult', { ...where, whiteUserId: game.whitePlayerId, blackUserId: game.blackPlayerId, result, resultReason: resultReason ?? null, advancesPlayerId: advancesPlayerId ?? null });
        const pairing = roundOf(snapshot, game.roundNumber).pairings.find((board) => board.boardNumber === game.boardNumber);
        if (!pairing) throw httpError(404, 'Game not found');
        const dispute = snapshot.disputes.find((each) => each.status === 'pending' && each.roundNumber === game.roundNumber && each.boardNumber === game.boardNumber) ?? null;
        return { pairing, dispute };
      },
    );

    routes.put('/appeals/:id/resolve', { config: { auth: EDIT }, schema: { params, body: resolveDisputeRequestSchema, response: { 200: pairingSchema, ...errors } } }, async (request) => {
      const appeal = await db.selectFrom('appeals').select(['tournamentId']).where('id', '=', request.params.id).executeTakeFirst();
      if (!appeal) throw httpError(404, 'Dispute not found');
      const snapshot = await act(currentUser(request), 'resolveDispute', { tournamentId: appeal.tournamentId, appealId: request.params.id, ...request.body });
      const dispute = snapshot.disputes.find((each) => each.id === request.params.id);
      const pairing = dispute && roundOf(snapshot, dispute.roundNumber).pairings.find((board) => board.boardNumber === dispute.boardNumber);
      if (!pairing) throw httpError(404, 'Game not found');
      return pairing;
    });

    routes.get('/tournaments/:id/standings', { config: { auth: 'user' }, schema: { params, response: { 200: z.array(standingSchema), ...errors } } }, async (request, reply) => {
      await heavyRead(currentUser(request), reply);
      const id = request.params.id;
      const { snapshot, version } = await fullSnapshot(id);
      return sendJson(reply, await cache.cached(`standings:${id}`, version, () => threads.standingsJson(snapshot)));
    });

    // The organiser's file for Swiss-Manager and rating officers (the Manage screen's download):
    // the permission from the owner row, then the rate limit, then the cached file.
    routes.get('/tournaments/:id/trf', { config: { auth: EDIT }, schema: { params } }, async (request, reply) => {
      const user = currentUser(request);
      const id = request.params.id;
      await requireManager(user, id);
      await heavyRead(user, reply);
      const { snapshot, version } = await fullSnapshot(id);
      const trf = await cache.cached(`trf:${id}`, version, () => threads.exportTrf(snapshot));
      return reply
        .type('text/plain; charset=utf-8')
        .header('content-disposition', `attachment; filename="tournament-${id}.trf"`)
        .send(trf);
    });

    routes.post('/tournaments/:id/certificates', { config: { auth: EDIT }, schema: { params, response: { 200: z.array(certificateSchema), ...errors } } }, async (request) => {
      const user = currentUser(request);
      await db.transaction().execute((trx) => issueCertificates({ db: trx, postgres: database.kind === 'postgres', user, now: context.now() }, request.params.id));
      return certificatesOf(request.params.id);
    });

    routes.get('/tournaments/:id/certificates', { config: { auth: 'user' }, schema: { params, response: { 200: z.array(certificateSchema), ...errors } } }, async (request) => {
      if (!(await loadTournament(db, request.params.id))) throw httpError(404, TOURNAMENT_MESSAGES.notFound);
      return certificatesOf(request.params.id);
    });
  };

  async function certificatesOf(tournamentId: number) {
    const rows = await db
      .selectFrom('certificates')
      .innerJoin('users', 'users.id', 'certificates.userId')
      .select(['certificates.id', 'certificates.userId', 'users.username', 'certificates.certificateType', 'certificates.awardName', 'certificates.placement', 'certificates.score', 'certificates.totalRounds', 'certificates.issuedAt'])
      .where('certificates.tournamentId', '=', tournamentId)
      .where('certificates.isActive', '=', 1)
      .orderBy('certificates.placement')
      .execute();
    return rows.map((row) =>
      certificateSchema.parse({
        id: row.id,
        tournamentId,
        userId: row.userId,
        userName: row.username,
        certificateType: row.certificateType,
        awardName: row.awardName ?? '',
        placement: row.placement,
        score: Number(row.score ?? 0),
        totalRounds: row.totalRounds ?? 0,
        issuedAt: row.issuedAt,
      }),
    );
  }
}
