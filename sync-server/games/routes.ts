import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import type { Kysely } from 'kysely';
import {
  errorResponseSchema,
  historyQuerySchema,
  historyResponseSchema,
  replayGameSchema,
  saveGameRequestSchema,
  saveGameResponseSchema,
  gamePaths,
  historyPaths,
  type HistoryResponse,
  type ReplayGame,
  type SaveGameResponse,
} from '../../schema';
import type { ServerContext } from '../core/context';
import type { Database, GameRow, UserRow } from '../core/db/types';
import { currentUser } from '../core/plugins/auth';
import { httpError, uncodedHttpError } from '../core/plugins/errors';
import { idParamsSchema, type ZodTypeProvider } from '../core/plugins/zod';
import type { GameReplayer } from './replay-pool';
import { gameHistory, toReplayGame } from './history';
import { storeGames, type ApplyResult } from './save';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema };

/**
 * Games: saving one (online clients; the outbox uses POST /api/sync/push with the same mutator),
 * the history list, a replay and the PGN file. Another user's game answers 404, as if it did not
 * exist, so ids reveal nothing; a class's staff open their students' games (issue 19).
 */
export interface GameRoutesOptions {
  readonly replayer: GameReplayer;
  /**
   * Whether the viewer may open the games of `ownerId` (their own, or whom else): the classes
   * feature's rule, a class's staff follow their students (classes/dashboard.ts), handed in by
   * app.ts so games imports no classes.
   */
  readonly mayViewGamesOf: (db: Kysely<Database>, user: UserRow, ownerId: number, now: Date) => Promise<boolean>;
}

export function gameRoutes(context: ServerContext, { replayer, mayViewGamesOf }: GameRoutesOptions): FastifyPluginAsync {
  const db = context.database.db;
  /** The viewer's own game, or a game of a student of a class they are staff of (issue 19); else undefined. */
  const findViewableGame = async (user: UserRow, gameId: number): Promise<GameRow | undefined> => {
    const game = await db.selectFrom('games').selectAll().where('id', '=', gameId).executeTakeFirst();
    return game && (await mayViewGamesOf(db, user, game.userId, context.now())) ? game : undefined;
  };
  return async (app) => {
    const routes = app.withTypeProvider<ZodTypeProvider>();

    routes.post(
      gamePaths.save,
      { config: { auth: 'user' }, schema: { body: saveGameRequestSchema, response: { 200: saveGameResponseSchema, ...errors } } },
      async (request): Promise<SaveGameResponse> => {
        const user = currentUser(request);
        const { gameId, ...payload } = request.body;
        const [prepared] = await replayer.prepare([
          { clientGameId: gameId ?? randomUUID(), payload, finishedAt: context.now().toISOString(), playerName: user.username },
        ]);
        if (prepared === undefined) throw new Error('the game was not replayed');
        if (!prepared.ok) throw uncodedHttpError(400, prepared.error);
        const result = await db.transaction().execute(async (trx) => (await storeGames(trx, context.database, user.id, [prepared.game]))[0] as ApplyResult);
        if (result.status === 'rejected') throw result.code === undefined ? uncodedHttpError(409, result.error) : httpError(409, result.code, result.params);
        return { success: true, gameId: result.gameId };
      },
    );

    routes.get(
      historyPaths.history,
      { config: { auth: 'user' }, schema: { querystring: historyQuerySchema, response: { 200: historyResponseSchema, ...errors } } },
      async (request): Promise<HistoryResponse> => gameHistory(db, currentUser(request).id, request.query),
    );

    routes.get(
      historyPaths.replay,
      { config: { auth: 'user' }, schema: { params: idParamsSchema, response: { 200: replayGameSchema, ...errors } } },
      async (request): Promise<ReplayGame> => {
        const game = await findViewableGame(currentUser(request), request.params.id);
        if (!game) throw httpError(404, 'ERR_NOT_FOUND');
        return toReplayGame(game);
      },
    );

    routes.get(
      historyPaths.pgn,
      { config: { auth: 'user' }, schema: { params: idParamsSchema } },
      async (request, reply) => {
        const game = await findViewableGame(currentUser(request), request.params.id);
        if (!game || game.pgn === null) throw httpError(404, 'ERR_NOT_FOUND');
        return reply
          .type('application/x-chess-pgn; charset=utf-8')
          .header('content-disposition', `attachment; filename="game-${game.id}.pgn"`)
          .send(`${game.pgn}\n`);
      },
    );
  };
}
