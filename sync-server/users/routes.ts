import type { FastifyPluginAsync } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import { hasPermission } from '../../domain/rbac';
import {
  errorResponseSchema,
  MESSAGES,
  playerProfileSchema,
  recentGameItemSchema,
  tournamentHistoryItemSchema,
  type PlayerProfile,
  type RecentGameItem,
  type TournamentHistoryItem,
} from '../../schema';
import type { ServerContext } from '../context';
import { recentGames } from '../games/history';
import { currentUser } from '../plugins/auth';
import { httpError } from '../plugins/errors';
import { idParamsSchema, type ZodTypeProvider } from '../plugins/zod';
import { globalRoles, isRoleName, loadGrants } from '../rbac/grants';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema };

/**
 * The player profile dialog's calls. Any signed-in user may look at a player (tournament
 * players see each other); contact details and date of birth only reach the player themself
 * and holders of user:view_pii.
 */
export function userRoutes(context: ServerContext): FastifyPluginAsync {
  const db = context.database.db;

  async function requireUser(id: number): Promise<void> {
    const exists = await db.selectFrom('users').select('id').where('id', '=', id).executeTakeFirst();
    if (!exists) throw httpError(404, MESSAGES.notFound);
  }

  return async (app) => {
    const routes = app.withTypeProvider<ZodTypeProvider>();
    const params = idParamsSchema;

    routes.get(
      '/users/:id/profile',
      { config: { auth: 'user' }, schema: { params, response: { 200: playerProfileSchema, ...errors } } },
      async (request): Promise<PlayerProfile> => {
        const viewer = currentUser(request);
        const now = context.now();
        const user = await db.selectFrom('users').selectAll().where('id', '=', request.params.id).executeTakeFirst();
        if (!user) throw httpError(404, MESSAGES.notFound);
        const viewerGrants = viewer.id === user.id ? [] : await loadGrants(db, viewer.id);
        const viewerRole = isRoleName(viewer.primaryRole) ? viewer.primaryRole : 'student';
        const seesContact = viewer.id === user.id || hasPermission(viewerRole, viewerGrants, 'user:view_pii', now);
        const primaryRole = isRoleName(user.primaryRole) ? user.primaryRole : 'student';
        return {
          id: user.id,
          username: user.username,
          firstName: user.firstName,
          lastName: user.lastName,
          primaryRole,
          roles: globalRoles(primaryRole, await loadGrants(db, user.id), now),
          dateOfBirth: seesContact ? user.dateOfBirth : null,
          federationId: user.federationId,
          eloRating: user.eloRating,
          isEloCalibrated: Boolean(user.isEloCalibrated),
          gamesWon: user.gamesWon,
          currentStreak: user.currentStreak,
          puzzlesSolved: user.puzzlesSolved,
          lessonsCompleted: user.lessonsCompleted,
          email: seesContact ? user.email : null,
          phoneNumber: seesContact ? user.phoneNumber : null,
          parentEmail: seesContact ? user.parentEmail : null,
          createdAt: user.createdAt,
          schoolId: user.schoolId,
        };
      },
    );

    routes.get(
      '/users/:id/tournament-history',
      { config: { auth: 'user' }, schema: { params, response: { 200: z.array(tournamentHistoryItemSchema), ...errors } } },
      async (request): Promise<TournamentHistoryItem[]> => {
        const userId = request.params.id;
        await requireUser(userId);
        // Tournaments the player took part in (a confirmed registration), newest first, with the
        // rating snapshot the tournament left when it was rated.
        const rows = await db
          .selectFrom('registrations as r')
          .innerJoin('tournaments as t', 't.id', 'r.tournamentId')
          .leftJoin('ratingSnapshots as s', (join) => join.onRef('s.tournamentId', '=', 't.id').on('s.userId', '=', userId))
          .select([
            't.id as tournamentId',
            't.name as tournamentName',
            't.rounds as rounds',
            't.startDate as tournamentDate',
            's.score as score',
            's.performance as performance',
            (eb) =>
              eb
                .selectFrom('registrations as all')
                .select(sql<number>`count(*)`.as('n'))
                .whereRef('all.tournamentId', '=', 't.id')
                .where('all.status', '=', 'confirmed')
                .as('totalPlayers'),
          ])
          .where('r.userId', '=', userId)
          .where('r.status', '=', 'confirmed')
          .orderBy('t.startDate', 'desc')
          .orderBy('t.id', 'desc')
          .limit(50)
          .execute();
        return rows.map((row) => ({
          tournamentId: row.tournamentId,
          tournamentName: row.tournamentName,
          finalPosition: null,
          totalPlayers: Number(row.totalPlayers ?? 0),
          result: null,
          score: Number(row.score ?? 0),
          rounds: row.rounds,
          performance: row.performance === null ? null : Number(row.performance),
          tournamentDate: row.tournamentDate,
        }));
      },
    );

    routes.get(
      '/users/:id/recent-games',
      { config: { auth: 'user' }, schema: { params, response: { 200: z.array(recentGameItemSchema), ...errors } } },
      async (request): Promise<RecentGameItem[]> => {
        await requireUser(request.params.id);
        return recentGames(db, request.params.id);
      },
    );
  };
}
