import type { Kysely } from 'kysely';
import { z } from 'zod';
import { assessmentRating, attemptFromMoves } from '../../domain/learning/assessment';
import { ASSESSMENT_SIZE, type FromTo, type Locale, type OnboardingPuzzle } from '../../schema';
import { parseJsonList, parseStringList } from '../core/db/json';
import type { Database, UserRow } from '../core/db/types';
import { httpError } from '../core/plugins/errors';
import { translatePuzzleDescription } from '../learning/translate';

const moveSchema = z.object({ from: z.string(), to: z.string() });
const readSolution = (json: string): FromTo[] =>
  parseJsonList(json).flatMap((move) => {
    const parsed = moveSchema.safeParse(move);
    return parsed.success ? [parsed.data] : [];
  });

/** Picks `size` of `items` (sorted) spread evenly from the first to the last; all when there are few. */
export function spread<T>(items: readonly T[], size: number): T[] {
  if (items.length <= size) return [...items];
  if (size <= 1) return items.slice(0, size);
  const picked = new Set<number>();
  for (let i = 0; i < size; i += 1) picked.add(Math.round((i * (items.length - 1)) / (size - 1)));
  return [...picked].map((index) => items[index] as T);
}

/** The assessment: ASSESSMENT_SIZE puzzles spread over the stored ratings, easiest first. */
export async function assessmentPuzzles(db: Kysely<Database>, locale?: Locale): Promise<OnboardingPuzzle[]> {
  const rows = await db.selectFrom('puzzles').select(['id', 'lichessId', 'fen', 'solution', 'rating', 'tags', 'description']).where('kind', '=', 'assessment').orderBy('rating').orderBy('id').execute();
  return spread(rows, ASSESSMENT_SIZE).map((row) => ({
    id: row.id,
    fen: row.fen,
    solution: readSolution(row.solution),
    rating: row.rating,
    tags: parseStringList(row.tags),
    description: translatePuzzleDescription(row.description, row.lichessId, locale),
  }));
}

export interface AttemptInput {
  puzzleId: number;
  solved: boolean;
  timeSpent: number;
  attemptedMoves: FromTo[];
}

/**
 * Records one attempt (the route and the recordPuzzleAttempt mutation). The client's "solved" is
 * checked against the puzzle's solution (domain/learning/assessment.ts attemptFromMoves) and the
 * server's verdict is stored and answered; a first solve of a puzzle counts in puzzlesSolved.
 */
export async function recordPuzzleAttempt(db: Kysely<Database>, user: UserRow, input: AttemptInput, createdAt: string): Promise<{ solved: boolean }> {
  const puzzle = await db.selectFrom('puzzles').select(['id', 'rating', 'solution']).where('id', '=', input.puzzleId).where('kind', '=', 'assessment').executeTakeFirst();
  if (!puzzle) throw httpError(404, 'ERR_NOT_FOUND');
  const { solved } = attemptFromMoves({ rating: puzzle.rating, solution: readSolution(puzzle.solution) }, input);
  const before = solved
    ? await db.selectFrom('puzzleAttempts').select('id').where('userId', '=', user.id).where('puzzleId', '=', puzzle.id).where('solved', '=', 1).executeTakeFirst()
    : undefined;
  await db
    .insertInto('puzzleAttempts')
    .values({
      userId: user.id,
      puzzleId: puzzle.id,
      solved: solved ? 1 : 0,
      timeSpent: input.timeSpent,
      attemptedMoves: JSON.stringify(input.attemptedMoves),
      createdAt,
    })
    .execute();
  if (solved && !before) {
    await db.updateTable('users').set((eb) => ({ puzzlesSolved: eb('puzzlesSolved', '+', 1) })).where('id', '=', user.id).execute();
  }
  return { solved };
}

/**
 * Completes onboarding (the route and the completeOnboarding mutation): the rating from the
 * recorded attempts, each puzzle's latest attempt once, in the order they were made (Glicko-2
 * from 1200, domain/learning/assessment.ts). A completed assessment is not rated again.
 */
export async function completeOnboarding(db: Kysely<Database>, user: UserRow): Promise<UserRow> {
  if (user.onboardingCompleted) return user;
  const rows = await db
    .selectFrom('puzzleAttempts as a')
    .innerJoin('puzzles as p', 'p.id', 'a.puzzleId')
    .select(['a.id', 'a.puzzleId', 'a.solved', 'a.timeSpent', 'a.attemptedMoves', 'p.rating', 'p.solution'])
    .where('a.userId', '=', user.id)
    .where('p.kind', '=', 'assessment')
    .orderBy('a.id')
    .execute();
  const latest = new Map<number, (typeof rows)[number]>();
  for (const row of rows) {
    latest.delete(row.puzzleId);
    latest.set(row.puzzleId, row);
  }
  const attempts = [...latest.values()].map((row) =>
    attemptFromMoves(
      { rating: row.rating, solution: readSolution(row.solution) },
      { solved: Boolean(row.solved), timeSpent: row.timeSpent ?? 0, attemptedMoves: readSolution(row.attemptedMoves) },
    ),
  );
  const eloRating = assessmentRating(attempts);
  return db.updateTable('users').set({ onboardingCompleted: 1, eloRating }).where('id', '=', user.id).returningAll().executeTakeFirstOrThrow();
}
