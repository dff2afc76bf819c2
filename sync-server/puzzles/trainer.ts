import type { Kysely } from 'kysely';
import { dailyPuzzleId, DAILY_MAX_RATING, DAILY_MIN_RATING, pickNearest, startRating, streakPuzzleRating, targetPuzzleRating } from '../../domain/puzzles/rating';
import { judgeTrainerAttempt } from '../../domain/puzzles/verdict';
import {
  PACK_AROUND_RATING,
  PACK_PER_THEME,
  PACK_STREAK,
  PUZZLE_HISTORY_LIMIT,
  PUZZLE_THEMES,
  type OwnPuzzle,
  type PuzzleHistory,
  type PuzzlePack,
  type PuzzleRatingSummary,
  type PuzzleTheme,
  type RecordTrainerAttemptArgs,
  type TrainerAttemptResponse,
  type TrainerPuzzle,
} from '../../schema';
import { parseStringList } from '../core/db/json';
import type { Database, UserRow } from '../core/db/types';
import { emit } from '../core/events';
import { httpError } from '../core/plugins/errors';

declare module '../core/events' {
  interface AppEvents {
    /** A trainer puzzle attempted (recordTrainerAttempt below). */
    puzzleAttempted: { userId: number };
  }
}

/**
 * The puzzle trainer's services (issue 21), shared by the routes (routes.ts) and the mutators
 * (recordTrainerAttempt, saveOwnPuzzles): the student's Glicko-2 puzzle rating, recomputed by
 * the server from each attempt it records (the client's 'solved' is checked against the
 * solution with the moves played, domain/puzzles/solution.ts), the puzzles served around it,
 * the offline pack, the history, and the student's own puzzles.
 */

type Db = Kysely<Database>;

interface PuzzleRow {
  id: number;
  externalId: string | null;
  fen: string;
  moves: string;
  rating: number;
  ratingDeviation: number;
  themes: string;
}

const PUZZLE_COLUMNS = ['id', 'externalId', 'fen', 'moves', 'rating', 'ratingDeviation', 'themes'] as const;

export function toTrainerPuzzle(row: PuzzleRow): TrainerPuzzle {
  const id = row.externalId ?? '';
  return {
    id,
    source: id.startsWith('gen:') ? 'generated' : 'lichess',
    fen: row.fen,
    moves: parseStringList(row.moves),
    rating: row.rating,
    ratingDeviation: row.ratingDeviation,
    themes: parseStringList(row.themes).filter((theme): theme is PuzzleTheme => (PUZZLE_THEMES as readonly string[]).includes(theme)),
  };
}

/** The student's rating row (made from the assessment's rating on first use). */
async function ratingRow(db: Db, user: UserRow, postgres: boolean) {
  const start = startRating(user.onboardingCompleted ? user.eloRating : null);
  await db
    .insertInto('puzzleRatings')
    .values({ userId: user.id, rating: start.rating, rd: start.rd, volatility: start.volatility, games: 0, currentStreak: 0, bestStreak: 0, updatedAt: new Date(0).toISOString() })
    .onConflict((conflict) => conflict.column('userId').doNothing())
    .execute();
  let query = db.selectFrom('puzzleRatings').selectAll().where('userId', '=', user.id);
  if (postgres) query = query.forUpdate();
  return query.executeTakeFirstOrThrow();
}

async function summary(db: Db, user: UserRow, postgres = false): Promise<PuzzleRatingSummary> {
  const row = await ratingRow(db, user, postgres);
  const fresh = await db.selectFrom('users').select('puzzlesSolved').where('id', '=', user.id).executeTakeFirstOrThrow();
  return { rating: row.rating, rd: row.rd, volatility: row.volatility, games: row.games, currentStreak: row.currentStreak, bestStreak: row.bestStreak, puzzlesSolved: fresh.puzzlesSolved };
}

export const puzzleRating = (db: Db, user: UserRow): Promise<PuzzleRatingSummary> => summary(db, user);

/**
 * Records one attempt once (its attemptId; a repeat answers what the first did). Solved only if
 * the client says so, no hint or solution was shown, and the moves solve the puzzle. Rated when
 * the mode is rated and it is the student's first attempt at the puzzle: the rating moves by
 * Glicko-2 against the puzzle's fixed rating. A first solve counts in users.puzzlesSolved.
 */
export async function recordTrainerAttempt(db: Db, user: UserRow, args: RecordTrainerAttemptArgs, postgres: boolean): Promise<TrainerAttemptResponse> {
  const puzzle = await db.selectFrom('puzzles').select(PUZZLE_COLUMNS).where('kind', '=', 'trainer').where('externalId', '=', args.puzzleId).executeTakeFirst();
  if (!puzzle) throw httpError(404, 'ERR_NOT_FOUND');
  const state = await ratingRow(db, user, postgres);
  const repeat = await db.selectFrom('puzzleAttempts').select(['solved', 'rated', 'ratingBefore']).where('userId', '=', user.id).where('attemptKey', '=', args.attemptId).executeTakeFirst();
  if (repeat) {
    return { solved: Boolean(repeat.solved), rated: Boolean(repeat.rated), ratingBefore: repeat.ratingBefore ?? state.rating, rating: await summary(db, user) };
  }
  const content = toTrainerPuzzle(puzzle);
  const earlier = await db.selectFrom('puzzleAttempts').select(['solved']).where('userId', '=', user.id).where('puzzleId', '=', puzzle.id).execute();
  const verdict = judgeTrainerAttempt(content, args, { rating: state, currentStreak: state.currentStreak, bestStreak: state.bestStreak }, earlier.length > 0);
  const { solved, rated, currentStreak, bestStreak } = verdict;
  const next = verdict.rating;
  const at = new Date(args.attemptedAt).toISOString();
  await db
    .updateTable('puzzleRatings')
    .set({ rating: next.rating, rd: next.rd, volatility: next.volatility, games: next.games, currentStreak, bestStreak, updatedAt: at })
    .where('userId', '=', user.id)
    .execute();
  await db
    .insertInto('puzzleAttempts')
    .values({
      userId: user.id,
      puzzleId: puzzle.id,
      solved: solved ? 1 : 0,
      timeSpent: args.timeSpent,
      attemptedMoves: JSON.stringify(args.moves),
      createdAt: at,
      attemptKey: args.attemptId,
      mode: args.mode,
      rated: rated ? 1 : 0,
      ratingBefore: state.rating,
      ratingAfter: next.rating,
    })
    .execute();
  if (solved && !earlier.some((row) => row.solved)) {
    await db.updateTable('users').set((eb) => ({ puzzlesSolved: eb('puzzlesSolved', '+', 1) })).where('id', '=', user.id).execute();
  }
  await emit(db, 'puzzleAttempted', { userId: user.id });
  return { solved, rated, ratingBefore: state.rating, rating: await summary(db, user) };
}

async function attemptedIds(db: Db, userId: number): Promise<Set<number>> {
  const rows = await db.selectFrom('puzzleAttempts').select('puzzleId').distinct().where('userId', '=', userId).execute();
  return new Set(rows.map((row) => row.puzzleId));
}

/** Trainer puzzles nearest `target` (by rating), of `theme` if given, not in `skip`: at most `limit`. */
async function nearest(db: Db, target: number, limit: number, skip: ReadonlySet<number>, theme?: PuzzleTheme): Promise<PuzzleRow[]> {
  const take = limit + skip.size;
  const base = () => {
    let query = db.selectFrom('puzzles').select(PUZZLE_COLUMNS).where('kind', '=', 'trainer');
    // Themes are a JSON list of names; the quoted name cannot match another theme's.
    if (theme !== undefined) query = query.where('themes', 'like', `%"${theme}"%`);
    return query;
  };
  const above = await base().where('rating', '>=', target).orderBy('rating').orderBy('id').limit(take).execute();
  const below = await base().where('rating', '<', target).orderBy('rating', 'desc').orderBy('id').limit(take).execute();
  return [...above, ...below]
    .filter((row) => !skip.has(row.id))
    .sort((a, b) => Math.abs(a.rating - target) - Math.abs(b.rating - target) || a.id - b.id)
    .slice(0, limit);
}

/** The next puzzle for the student (of a theme): near the rating where the expected success is the aim. */
export async function nextPuzzle(db: Db, user: UserRow, theme: PuzzleTheme | undefined): Promise<{ puzzle: TrainerPuzzle | null; rating: PuzzleRatingSummary }> {
  const rating = await summary(db, user);
  const skip = await attemptedIds(db, user.id);
  const candidates = (await nearest(db, targetPuzzleRating(rating.rating), 3, skip, theme)).map(toTrainerPuzzle);
  return { puzzle: pickNearest(candidates, targetPuzzleRating(rating.rating)), rating };
}

/** Today's puzzle (UTC day): the same for everyone, from the trainer puzzles of the daily band. */
export async function dailyPuzzle(db: Db, day: string): Promise<PuzzleRow | null> {
  const pool = await db.selectFrom('puzzles').select(['id', 'externalId']).where('kind', '=', 'trainer').where('rating', '>=', DAILY_MIN_RATING).where('rating', '<=', DAILY_MAX_RATING).execute();
  const id = dailyPuzzleId(pool.flatMap((row) => (row.externalId ? [row.externalId] : [])), day);
  if (id === null) return null;
  return (await db.selectFrom('puzzles').select(PUZZLE_COLUMNS).where('externalId', '=', id).executeTakeFirst()) ?? null;
}

/**
 * The offline pack: the puzzles nearest the student's target rating, some of each theme, the
 * streak ladder (one near each step's rating) and today's puzzle, none the student has tried
 * (the day's puzzle even so); and the ids tried, so the device does not serve them as new.
 */
export async function puzzlePack(db: Db, user: UserRow, now: Date): Promise<PuzzlePack> {
  const rating = await summary(db, user);
  const skip = await attemptedIds(db, user.id);
  const target = targetPuzzleRating(rating.rating);
  const rows = new Map<number, PuzzleRow>();
  for (const row of await nearest(db, target, PACK_AROUND_RATING, skip)) rows.set(row.id, row);
  for (const theme of PUZZLE_THEMES) for (const row of await nearest(db, target, PACK_PER_THEME, skip, theme)) rows.set(row.id, row);
  const streak: string[] = [];
  const streakTaken = new Set<number>(skip);
  for (let index = 0; index < PACK_STREAK; index++) {
    const [row] = await nearest(db, streakPuzzleRating(index), 1, streakTaken);
    if (row === undefined) break;
    streakTaken.add(row.id);
    rows.set(row.id, row);
    if (row.externalId) streak.push(row.externalId);
  }
  const day = now.toISOString().slice(0, 10);
  const daily = await dailyPuzzle(db, day);
  if (daily) rows.set(daily.id, daily);
  const attemptedRows = skip.size === 0 ? [] : await db.selectFrom('puzzles').select('externalId').where('id', 'in', [...skip]).where('kind', '=', 'trainer').execute();
  return {
    rating,
    puzzles: [...rows.values()].map(toTrainerPuzzle),
    streak,
    daily: daily?.externalId ?? null,
    day,
    attempted: attemptedRows.flatMap((row) => (row.externalId ? [row.externalId] : [])),
  };
}

/** The student's latest trainer attempts (newest first) and the rating after each rated one. */
export async function puzzleHistory(db: Db, user: UserRow): Promise<PuzzleHistory> {
  const rows = await db
    .selectFrom('puzzleAttempts as a')
    .innerJoin('puzzles as p', 'p.id', 'a.puzzleId')
    .select(['a.id as attemptRowId', 'a.attemptKey', 'a.mode', 'a.solved', 'a.rated', 'a.ratingBefore', 'a.ratingAfter', 'a.createdAt', 'p.id', 'p.externalId', 'p.fen', 'p.moves', 'p.rating', 'p.ratingDeviation', 'p.themes'])
    .where('a.userId', '=', user.id)
    .where('p.kind', '=', 'trainer')
    .orderBy('a.id', 'desc')
    .limit(PUZZLE_HISTORY_LIMIT)
    .execute();
  const rated = await db
    .selectFrom('puzzleAttempts')
    .select(['createdAt', 'ratingAfter'])
    .where('userId', '=', user.id)
    .where('rated', '=', 1)
    .orderBy('id')
    .execute();
  return {
    items: rows.map((row) => ({
      attemptId: row.attemptKey ?? String(row.attemptRowId),
      puzzle: toTrainerPuzzle(row),
      mode: row.mode ?? 'rated',
      solved: Boolean(row.solved),
      rated: Boolean(row.rated),
      ratingBefore: row.ratingBefore,
      ratingAfter: row.ratingAfter,
      createdAt: row.createdAt,
    })),
    ratingHistory: rated.flatMap((row) => (row.ratingAfter === null ? [] : [{ at: row.createdAt, rating: row.ratingAfter }])),
    rating: await summary(db, user),
  };
}

/** Stores the student's own puzzles (by their client id: saving one again changes nothing). */
export async function saveOwnPuzzles(db: Db, user: UserRow, puzzles: readonly OwnPuzzle[], now: Date): Promise<void> {
  for (const puzzle of puzzles) {
    await db
      .insertInto('ownPuzzles')
      .values({ ...puzzle, userId: user.id, createdAt: now.toISOString() })
      .onConflict((conflict) => conflict.columns(['userId', 'id']).doNothing())
      .execute();
  }
}

export async function ownPuzzles(db: Db, user: UserRow): Promise<OwnPuzzle[]> {
  const rows = await db.selectFrom('ownPuzzles').select(['id', 'gameId', 'ply', 'setupFen', 'setupMove', 'fen', 'bestMove', 'playedMove', 'kind', 'explanation']).where('userId', '=', user.id).orderBy('createdAt').orderBy('id').execute();
  return rows.map((row) => ({ ...row, kind: row.kind === 'missedWin' ? 'missedWin' : 'blunder' }));
}
