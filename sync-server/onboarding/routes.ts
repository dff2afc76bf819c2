import type { FastifyPluginAsync } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import {
  authUserSchema,
  errorResponseSchema,
  MESSAGES,
  onboardingPuzzleSchema,
  puzzleAttemptRequestSchema,
  STARTING_ELO,
  type AuthUser,
  type OnboardingPuzzle,
} from '../../schema';
import { toAuthUser } from '../auth/users';
import { parseJsonList, parseStringList } from '../db/json';
import type { ServerContext } from '../context';
import { currentUser } from '../plugins/auth';
import { httpError } from '../plugins/errors';
import type { ZodTypeProvider } from '../plugins/zod';

export const ASSESSMENT_SIZE = 10;
const ELO_MIN = 400;
const ELO_MAX = 2400;

/**
 * The starting rating from the assessment: the mean rating of the puzzles tried, moved up 400
 * points for all solved or down 400 for none solved (a performance rating in its simplest
 * form), kept within 400..2400. No attempts: the spec's starting Elo, 1200.
 */
export function assessmentRating(attempts: readonly { rating: number; solved: boolean }[]): number {
  if (attempts.length === 0) return STARTING_ELO;
  const mean = attempts.reduce((sum, attempt) => sum + attempt.rating, 0) / attempts.length;
  const solved = attempts.filter((attempt) => attempt.solved).length;
  const rating = mean + (400 * (2 * solved - attempts.length)) / attempts.length;
  return Math.round(Math.min(ELO_MAX, Math.max(ELO_MIN, rating)));
}

const moveSchema = z.object({ from: z.string(), to: z.string() });

/** The skill assessment (accounts spec sections 2, 4 and 7). */
export function onboardingRoutes(context: ServerContext): FastifyPluginAsync {
  const db = context.database.db;
  return async (app) => {
    const routes = app.withTypeProvider<ZodTypeProvider>();

    routes.get(
      '/onboarding/puzzles',
      { config: { auth: 'user' }, schema: { response: { 200: z.array(onboardingPuzzleSchema), 401: errorResponseSchema } } },
      async (): Promise<OnboardingPuzzle[]> => {
        const rows = await db
          .selectFrom('puzzles')
          .select(['id', 'fen', 'solution', 'rating', 'tags', 'description'])
          .orderBy('rating')
          .orderBy('id')
          .limit(ASSESSMENT_SIZE)
          .execute();
        return rows.map((row) => ({
          id: row.id,
          fen: row.fen,
          solution: parseJsonList(row.solution).flatMap((move) => {
            const parsed = moveSchema.safeParse(move);
            return parsed.success ? [parsed.data] : [];
          }),
          rating: row.rating,
          tags: parseStringList(row.tags),
          description: row.description,
        }));
      },
    );

    routes.post(
      '/onboarding/puzzle-attempt',
      {
        config: { auth: 'user' },
        schema: {
          body: puzzleAttemptRequestSchema,
          response: { 200: z.object({ success: z.literal(true) }), 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema },
        },
      },
      async (request) => {
        const user = currentUser(request);
        const { puzzleId, solved, timeSpent, attemptedMoves } = request.body;
        const puzzle = await db.selectFrom('puzzles').select('id').where('id', '=', puzzleId).executeTakeFirst();
        if (!puzzle) throw httpError(404, MESSAGES.notFound);
        await db
          .insertInto('puzzleAttempts')
          .values({
            userId: user.id,
            puzzleId,
            solved: solved ? 1 : 0,
            timeSpent,
            attemptedMoves: JSON.stringify(attemptedMoves),
            createdAt: context.now().toISOString(),
          })
          .execute();
        return { success: true as const };
      },
    );

    routes.post(
      '/onboarding/complete',
      { config: { auth: 'user' }, schema: { response: { 200: authUserSchema, 401: errorResponseSchema } } },
      async (request): Promise<AuthUser> => {
        const user = currentUser(request);
        if (user.onboardingCompleted) return toAuthUser(user);
        // Each puzzle's latest attempt counts once.
        const attempts = await db
          .selectFrom('puzzleAttempts as a')
          .innerJoin('puzzles as p', 'p.id', 'a.puzzleId')
          .select(['a.puzzleId', 'a.solved', 'p.rating'])
          .where('a.userId', '=', user.id)
          .where('a.id', 'in', (eb) =>
            eb.selectFrom('puzzleAttempts').select(sql<number>`max(id)`.as('id')).where('userId', '=', user.id).groupBy('puzzleId'),
          )
          .execute();
        const eloRating = assessmentRating(attempts.map((a) => ({ rating: a.rating, solved: Boolean(a.solved) })));
        const updated = await db
          .updateTable('users')
          .set({ onboardingCompleted: 1, eloRating })
          .where('id', '=', user.id)
          .returningAll()
          .executeTakeFirstOrThrow();
        return toAuthUser(updated);
      },
    );
  };
}
