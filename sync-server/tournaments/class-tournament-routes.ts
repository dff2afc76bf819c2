import type { FastifyPluginAsync } from 'fastify';
import {
  addClassToTournamentRequestSchema,
  classTournamentResultSchema,
  createClassTournamentRequestSchema,
  errorResponseSchema,
  tournamentClassesSchema,
  classTournamentPaths,
} from '../../schema';
import type { ServerContext } from '../core/context';
import { currentUser } from '../core/plugins/auth';
import { idParamsSchema, type ZodTypeProvider } from '../core/plugins/zod';
import { offerChanges, type TournamentChanges } from './live';
import { addClassToTournament, createClassTournament, tournamentClasses, type ClassTournamentEnvironment } from './class-tournament';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema, 409: errorResponseSchema };
/** The gate passes org:roster held anywhere; the service checks every class and the tournament. */
const STAFF = { permission: 'org:roster', scoped: true } as const;

/**
 * Class tournaments (issue 19; the rules in ./class-tournament.ts). Making the tournament is
 * online, like any new tournament (the server gives it its id); adding a class is also the
 * addClassToTournament mutation.
 */
export function classTournamentRoutes(context: ServerContext): FastifyPluginAsync {
  const database = context.database;
  const db = database.db;

  /** Runs a class-tournament write in a transaction; the new snapshot goes to the read cache once it has committed. */
  async function write<T>(user: ReturnType<typeof currentUser>, work: (env: ClassTournamentEnvironment) => Promise<T>): Promise<T> {
    const changes: TournamentChanges = new Map();
    const now = context.now();
    const result = await db.transaction().execute((trx) => work({ db: trx, postgres: database.kind === 'postgres', user, now, changes }));
    offerChanges(database, changes);
    return result;
  }

  return async (app) => {
    const routes = app.withTypeProvider<ZodTypeProvider>();

    routes.post(
      classTournamentPaths.fromClass,
      { config: { auth: STAFF }, schema: { params: idParamsSchema, body: createClassTournamentRequestSchema, response: { 201: classTournamentResultSchema, ...errors } } },
      async (request, reply) => reply.code(201).send(await write(currentUser(request), (env) => createClassTournament(env, request.params.id, request.body))),
    );

    routes.post(
      classTournamentPaths.classes,
      { config: { auth: STAFF }, schema: { params: idParamsSchema, body: addClassToTournamentRequestSchema, response: { 200: classTournamentResultSchema, ...errors } } },
      async (request) => write(currentUser(request), (env) => addClassToTournament(env, { tournamentId: request.params.id, classId: request.body.classId })),
    );

    routes.get(classTournamentPaths.classes, { config: { auth: 'user' }, schema: { params: idParamsSchema, response: { 200: tournamentClassesSchema, ...errors } } }, async (request) =>
      tournamentClasses(db, currentUser(request), request.params.id, context.now()),
    );
  };
}
