import type { FastifyPluginAsync } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { z } from 'zod';
import {
  errorResponseSchema,
  playerProfileSchema,
  recentGameItemSchema,
  tournamentHistoryItemSchema,
  historyPaths,
  type PlayerProfile,
  type RecentGameItem,
  type TournamentHistoryItem,
} from '../../schema';
import type { ServerContext } from '../core/context';
import type { Database, UserRow } from '../core/db/types';
import { recentGames } from '../games/history';
import { withFinalPositions } from '../tournaments/history';
import { currentUser } from '../core/plugins/auth';
import { httpError } from '../core/plugins/errors';
import { idParamsSchema, type ZodTypeProvider } from '../core/plugins/zod';
import { isRole } from '../../domain/rbac';
import { globalRoles, loadGrants } from '../core/rbac/grants';
import { profileAccess } from './visibility';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema };

/**
 * The player profile dialog's calls. A player is visible to those who share a school,
 * organization or tournament with them (./visibility.ts; anyone else gets 404 as for a missing
 * id); contact details and date of birth reach only the player, super admins and their own
 * organization's staff.
 */
export function userRoutes(context: ServerContext): FastifyPluginAsync {
  const db = context.database.db;

  /** The user behind an id and what the viewer may see of them; 404 when missing or not visible. */
  async function visibleUser(viewer: UserRow, id: number) {
    // A 'Withdrawn player' (issue 26) is no one's profile.
    const user = await db.selectFrom('users').selectAll().where('id', '=', id).where('isWithdrawnPlayer', '=', 0).executeTakeFirst();
    if (!user) throw httpError(404, 'ERR_NOT_FOUND');
    const access = await profileAccess(db, viewer, user, context.now());
    if (!access.visible) throw httpError(404, 'ERR_NOT_FOUND');
    return { user, access };
  }

  return async (app) => {
    const routes = app.withTypeProvider<ZodTypeProvider>();
    const params = idParamsSchema;

    routes.get(
      historyPaths.profile,
      { config: { auth: 'user' }, schema: { params, response: { 200: playerProfileSchema, ...errors } } },
      async (request): Promise<PlayerProfile> => {
        const now = context.now();
        const { user, access } = await visibleUser(currentUser(request), request.params.id);
        const primaryRole = isRole(user.primaryRole) ? user.primaryRole : 'student';
        return toPlayerProfile(user, primaryRole, globalRoles(primaryRole, await loadGrants(db, user.id), now), access.contact);
      },
    );

    routes.get(
      historyPaths.tournamentHistory,
      { config: { auth: 'user' }, schema: { params, response: { 200: z.array(tournamentHistoryItemSchema), ...errors } } },
      async (request): Promise<TournamentHistoryItem[]> => {
        const userId = request.params.id;
        await visibleUser(currentUser(request), userId);
        const items = await confirmedTournaments(db, userId);
        // Issue 10: the final position and score from the tournament's own standings.
        return withFinalPositions(db, userId, items, context.now());
      },
    );

    routes.get(
      historyPaths.recentGames,
      { config: { auth: 'user' }, schema: { params, response: { 200: z.array(recentGameItemSchema), ...errors } } },
      async (request): Promise<RecentGameItem[]> => {
        await visibleUser(currentUser(request), request.params.id);
        return recentGames(db, request.params.id);
      },
    );
  };
}

/** The profile as this viewer may read it: contact details and date of birth only when `seesContact`. */
function toPlayerProfile(user: UserRow, primaryRole: PlayerProfile['primaryRole'], roles: PlayerProfile['roles'], seesContact: boolean): PlayerProfile {
  return {
    id: user.id,
    username: user.username,
    firstName: user.firstName,
    lastName: user.lastName,
    primaryRole,
    roles,
    dateOfBirth: seesContact ? user.dateOfBirth : null,
    federationId: user.federationId,
    eloRating: user.eloRating,
    isEloCalibrated: Boolean(user.isEloCalibrated),
    gamesWon: user.gamesWon,
    currentStreak: user.currentStreak,
    puzzlesSolved: user.puzzlesSolved,
    lessonsCompleted: user.lessonsCompleted,
    // A managed account (issue 19) has no e-mail of the child: its placeholder is nobody's to read.
    email: seesContact && !user.isManaged ? user.email : null,
    phoneNumber: seesContact ? user.phoneNumber : null,
    parentEmail: seesContact ? user.parentEmail : null,
    createdAt: user.createdAt,
    schoolId: user.schoolId,
  };
}

/**
 * Tournaments the player took part in (a confirmed registration), newest first, with the
 * rating snapshot the tournament left when it was rated.
 */
async function confirmedTournaments(db: Kysely<Database>, userId: number): Promise<TournamentHistoryItem[]> {
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
}
