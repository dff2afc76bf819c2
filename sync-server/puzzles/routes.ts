import type { FastifyPluginAsync } from 'fastify';
import {
  clampClientTimes,
  errorResponseSchema,
  nextPuzzleQuerySchema,
  nextPuzzleResponseSchema,
  ownPuzzleListSchema,
  puzzleHistorySchema,
  puzzlePackSchema,
  recordTrainerAttemptArgsSchema,
  saveOwnPuzzlesArgsSchema,
  trainerAttemptResponseSchema,
  trainerPaths,
} from '../../schema';
import type { ServerContext } from '../core/context';
import { currentUser } from '../core/plugins/auth';
import type { ZodTypeProvider } from '../core/plugins/zod';
import { nextPuzzle, ownPuzzles, puzzleHistory, puzzlePack, recordTrainerAttempt, saveOwnPuzzles } from './trainer';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema };

/**
 * The puzzle trainer (issue 21). Every route is the signed-in student's own: they read and write
 * only their own rating, attempts, history and own puzzles (no id of another user is taken).
 * POST /puzzles/attempt and /puzzles/own mirror the recordTrainerAttempt and saveOwnPuzzles
 * mutations (one service each).
 */
export function puzzleRoutes(context: ServerContext): FastifyPluginAsync {
  const { db } = context.database;
  const postgres = context.database.kind === 'postgres';
  return async (app) => {
    const routes = app.withTypeProvider<ZodTypeProvider>();

    routes.get(
      trainerPaths.next,
      { config: { auth: 'user' }, schema: { querystring: nextPuzzleQuerySchema, response: { 200: nextPuzzleResponseSchema, ...errors } } },
      async (request) => nextPuzzle(db, currentUser(request), request.query.theme),
    );

    routes.get(trainerPaths.pack, { config: { auth: 'user' }, schema: { response: { 200: puzzlePackSchema, ...errors } } }, async (request) =>
      puzzlePack(db, currentUser(request), context.now()),
    );

    routes.get(trainerPaths.history, { config: { auth: 'user' }, schema: { response: { 200: puzzleHistorySchema, ...errors } } }, async (request) =>
      puzzleHistory(db, currentUser(request)),
    );

    routes.post(
      trainerPaths.attempt,
      { config: { auth: 'user' }, schema: { body: recordTrainerAttemptArgsSchema, response: { 200: trainerAttemptResponseSchema, ...errors } } },
      async (request) => {
        // The device's clock, no later than the server's: as the mutation (issue 26).
        const args = clampClientTimes('recordTrainerAttempt', request.body, context.now());
        return db.transaction().execute((trx) => recordTrainerAttempt(trx, currentUser(request), args, postgres));
      },
    );

    routes.get(trainerPaths.own, { config: { auth: 'user' }, schema: { response: { 200: ownPuzzleListSchema, ...errors } } }, async (request) =>
      ownPuzzles(db, currentUser(request)),
    );

    routes.post(
      trainerPaths.own,
      { config: { auth: 'user' }, schema: { body: saveOwnPuzzlesArgsSchema, response: { 200: ownPuzzleListSchema, ...errors } } },
      async (request) => {
        const user = currentUser(request);
        await saveOwnPuzzles(db, user, request.body.puzzles, context.now());
        return ownPuzzles(db, user);
      },
    );
  };
}
