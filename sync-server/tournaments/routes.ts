/**
 * The tournament routes of the spec (section 7) and the ones running an event needs (snapshot,
 * late entries, byes, withdrawals, disputes, TRF, certificates). Each parses its request (the
 * schemas), passes the permission gate (config.auth; the service then checks the tournament's own
 * organization, ./access.ts), asks the service (./service.ts, which holds the rules' one way to
 * change a tournament and the reads' cache) and answers. The SQL is in ./repository.ts.
 */
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { z } from 'zod';
import {
  byeRequestSchema,
  certificateSchema,
  createRoundRequestSchema,
  createTournamentRequestSchema,
  disputeSchema,
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
  tournamentListSchema,
  tournamentRegisterRequestSchema,
  tournamentSchema,
  tournamentSnapshotSchema,
  updateTournamentRequestSchema,
  tournamentPaths,
} from '../../schema';
import type { ServerContext } from '../core/context';
import { currentUser } from '../core/plugins/auth';
import { idParamsSchema, sendJson, type ZodTypeProvider } from '../core/plugins/zod';
import { TournamentService } from './service';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema, 409: errorResponseSchema };
// Scoped: a school's organiser passes the gate; the service then checks the tournament's own
// organization before it loads anything (tournaments/access.ts).
const EDIT = { permission: 'tournament:edit', scoped: true } as const;
const CREATE = { permission: 'tournament:create', scoped: true } as const;
const USER = 'user' as const;

const retryAfter = (reply: FastifyReply) => (seconds: number) => void reply.header('retry-after', String(seconds));

/** The service's one copy is shared by the four groups of routes, child plugins registered in this order. */
export function tournamentRoutes(context: ServerContext): FastifyPluginAsync {
  return async (app) => {
    const service = new TournamentService(context);
    app.addHook('onClose', () => service.close());
    app.register(tournamentEventRoutes(service));
    app.register(registrationRoutes(service));
    app.register(roundRoutes(service));
    app.register(standingRoutes(service));
  };
}

/** Tournaments. */
function tournamentEventRoutes(service: TournamentService): FastifyPluginAsync {
  return async (app) => {
    const routes = app.withTypeProvider<ZodTypeProvider>();
    const params = idParamsSchema;

    routes.get(tournamentPaths.list, { config: { auth: USER }, schema: { response: { 200: tournamentListSchema, ...errors } } }, () => service.list());

    routes.post(tournamentPaths.list, { config: { auth: CREATE }, schema: { body: createTournamentRequestSchema, response: { 201: tournamentSchema, ...errors } } }, async (request, reply) =>
      reply.code(201).send(await service.create(currentUser(request), request.body)),
    );

    routes.post(tournamentPaths.importTrf, { config: { auth: CREATE }, bodyLimit: 4_000_000, schema: { body: importTrfRequestSchema, response: { 201: tournamentSchema, ...errors } } }, async (request, reply) =>
      reply.code(201).send(await service.importTrf(currentUser(request), request.body.trf, request.body.organizationId)),
    );

    routes.get(tournamentPaths.tournament, { config: { auth: USER }, schema: { params, response: { 200: tournamentSchema, ...errors } } }, (request) => service.tournament(request.params.id));

    routes.patch(tournamentPaths.tournament, { config: { auth: EDIT }, schema: { params, body: updateTournamentRequestSchema, response: { 200: tournamentSchema, ...errors } } }, async (request) =>
      (await service.act(currentUser(request), 'updateTournament', { tournamentId: request.params.id, fields: request.body })).tournament,
    );

    routes.get(tournamentPaths.snapshot, { config: { auth: USER }, schema: { params, response: { 200: tournamentSnapshotSchema, ...errors } } }, async (request, reply) => {
      const user = currentUser(request);
      await service.heavyRead(user, retryAfter(reply));
      // Made from the cached copy per viewer; sent as text (checking a large event against the
      // response schema took 0.4 s on the event loop).
      return sendJson(reply, JSON.stringify(await service.snapshotFor(user, request.params.id)));
    });
  };
}

/** Registrations. */
function registrationRoutes(service: TournamentService): FastifyPluginAsync {
  return async (app) => {
    const routes = app.withTypeProvider<ZodTypeProvider>();
    const params = idParamsSchema;

    routes.get(tournamentPaths.registrationStats, { config: { auth: USER }, schema: { params, response: { 200: registrationStatsSchema, ...errors } } }, (request) =>
      service.registrationStats(currentUser(request), request.params.id),
    );

    routes.get(tournamentPaths.registrations, { config: { auth: EDIT }, schema: { params, querystring: registrationsQuerySchema, response: { 200: z.array(registrationSchema), ...errors } } }, (request) =>
      service.registrations(currentUser(request), request.params.id, request.query.status),
    );

    routes.post(tournamentPaths.register, { config: { auth: USER }, schema: { params, body: tournamentRegisterRequestSchema.optional(), response: { 201: registrationSchema, ...errors } } }, async (request, reply) => {
      const user = currentUser(request);
      return reply.code(201).send(await service.actForPlayer(user, 'registerForTournament', { tournamentId: request.params.id }, user.id));
    });

    routes.post(tournamentPaths.lateEntries, { config: { auth: EDIT }, schema: { params, body: lateEntryRequestSchema, response: { 201: registrationSchema, ...errors } } }, async (request, reply) => {
      // The service puts the entrant's own name and rating in (a device's are for its screen only).
      const args = { tournamentId: request.params.id, userId: request.body.userId, userName: '?', userElo: null, missedRounds: request.body.missedRounds };
      return reply.code(201).send(await service.actForPlayer(currentUser(request), 'addLateEntry', args, request.body.userId));
    });

    routes.put(tournamentPaths.approve, { config: { auth: EDIT }, schema: { params, response: { 200: registrationSchema, ...errors } } }, (request) =>
      service.actOnRegistration(currentUser(request), request.params.id, 'approveRegistration', (ref) => ref),
    );

    routes.put(tournamentPaths.reject, { config: { auth: EDIT }, schema: { params, body: rejectRegistrationRequestSchema, response: { 200: registrationSchema, ...errors } } }, (request) =>
      service.actOnRegistration(currentUser(request), request.params.id, 'rejectRegistration', (ref) => ({ ...ref, reason: request.body.reason })),
    );

    routes.put(tournamentPaths.withdraw, { config: { auth: USER }, schema: { params, response: { 200: registrationSchema, ...errors } } }, (request) =>
      service.actOnRegistration(currentUser(request), request.params.id, 'withdrawRegistration', (ref) => ref),
    );

    routes.post(tournamentPaths.byes, { config: { auth: USER }, schema: { params, body: byeRequestSchema, response: { 200: registrationSchema, ...errors } } }, (request) =>
      service.actOnRegistration(currentUser(request), request.params.id, 'requestBye', (ref) => ({ ...ref, ...request.body })),
    );
  };
}

/** Rounds, results and disputes. */
function roundRoutes(service: TournamentService): FastifyPluginAsync {
  return async (app) => {
    const routes = app.withTypeProvider<ZodTypeProvider>();
    const params = idParamsSchema;

    routes.get(tournamentPaths.rounds, { config: { auth: USER }, schema: { params, response: { 200: z.array(roundSchema), ...errors } } }, async (request, reply) => {
      await service.heavyRead(currentUser(request), retryAfter(reply));
      return sendJson(reply, await service.rounds(request.params.id));
    });

    routes.post(tournamentPaths.rounds, { config: { auth: EDIT }, schema: { params, body: createRoundRequestSchema, response: { 201: roundSchema, ...errors } } }, async (request, reply) => {
      const { roundNumber, name, startTime } = request.body;
      return reply.code(201).send(await service.createRound(currentUser(request), { tournamentId: request.params.id, roundNumber, name, startTime: startTime ?? null }));
    });

    routes.get(tournamentPaths.round, { config: { auth: USER }, schema: { params, response: { 200: roundWithPairingsSchema, ...errors } } }, async (request, reply) => {
      await service.heavyRead(currentUser(request), retryAfter(reply));
      return sendJson(reply, await service.round(request.params.id));
    });

    routes.post(tournamentPaths.pairings, { config: { auth: EDIT }, schema: { params, body: generatePairingsRequestSchema.optional(), response: { 200: roundWithPairingsSchema, ...errors } } }, (request) =>
      service.publishPairings(currentUser(request), request.params.id, request.body?.boards),
    );

    routes.put(tournamentPaths.startRound, { config: { auth: EDIT }, schema: { params, response: { 200: roundSchema, ...errors } } }, (request) => service.startRound(currentUser(request), request.params.id));

    const resultAnswer = z.object({ pairing: pairingSchema, dispute: disputeSchema.nullable() });
    routes.put(tournamentPaths.result, { config: { auth: EDIT }, schema: { params, body: resultRequestSchema, response: { 200: resultAnswer, ...errors } } }, (request) =>
      service.gameResult(currentUser(request), request.params.id, request.body),
    );

    routes.put(tournamentPaths.resolveDispute, { config: { auth: EDIT }, schema: { params, body: resolveDisputeRequestSchema, response: { 200: pairingSchema, ...errors } } }, (request) =>
      service.resolveDispute(currentUser(request), request.params.id, request.body),
    );
  };
}

/** Standings, the TRF file and certificates. */
function standingRoutes(service: TournamentService): FastifyPluginAsync {
  return async (app) => {
    const routes = app.withTypeProvider<ZodTypeProvider>();
    const params = idParamsSchema;

    routes.get(tournamentPaths.standings, { config: { auth: USER }, schema: { params, response: { 200: z.array(standingSchema), ...errors } } }, async (request, reply) => {
      await service.heavyRead(currentUser(request), retryAfter(reply));
      return sendJson(reply, await service.standings(request.params.id));
    });

    // The organiser's file for Swiss-Manager and rating officers (the Manage screen's download):
    // the permission from the owner row, then the rate limit, then the cached file.
    routes.get(tournamentPaths.trf, { config: { auth: EDIT }, schema: { params } }, async (request, reply) => {
      const user = currentUser(request);
      const id = request.params.id;
      await service.requireManager(user, id);
      await service.heavyRead(user, retryAfter(reply));
      const trf = await service.trf(id);
      return reply.type('text/plain; charset=utf-8').header('content-disposition', `attachment; filename="tournament-${id}.trf"`).send(trf);
    });

    routes.post(tournamentPaths.certificates, { config: { auth: EDIT }, schema: { params, response: { 200: z.array(certificateSchema), ...errors } } }, (request) =>
      service.issueCertificates(currentUser(request), request.params.id),
    );

    routes.get(tournamentPaths.certificates, { config: { auth: USER }, schema: { params, response: { 200: z.array(certificateSchema), ...errors } } }, (request) =>
      service.certificates(request.params.id),
    );
  };
}
