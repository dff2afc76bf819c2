/**
 * The puzzle trainer's data (issue 21): the offline pack in Dexie (topped up from
 * GET /api/puzzles/pack when online), the student's rating moved at once on this device by the
 * same rules the server applies (domain/puzzles/rating.ts; the server's figure replaces it once
 * the outbox has delivered the attempts), every attempt queued as recordTrainerAttempt, the
 * local history, the review cards (FSRS) and the student's own puzzles.
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { z } from 'zod';
import { nextPuzzle, type PuzzleRequest } from '../../../domain/puzzles/next';
import { startRating } from '../../../domain/puzzles/rating';
import { isDue, newReviewCard, reviewAfter, type ReviewCard } from '../../../domain/puzzles/review';
import { judgeTrainerAttempt } from '../../../domain/puzzles/verdict';
import {
  ownPuzzleSchema,
  puzzleHistorySchema,
  puzzlePackSchema,
  PUZZLE_THEMES,
  trainerPuzzleSchema,
  apiPath,
  trainerPaths,
  type AuthUser,
  type OwnPuzzle,
  type PuzzleMode,
  type PuzzleTheme,
  type TrainerPuzzle,
} from '../../../schema';
import { requestJson } from '../../shared/api';
import { db, type TrainerAttemptRow } from '../../shared/db';
import { randomUuid } from '../../shared/ids';
import { enqueue } from '../../shared/outbox';

export const localProfileSchema = puzzlePackSchema.omit({ puzzles: true }).extend({ fetchedAt: z.string().nullable() });
export type LocalProfile = z.infer<typeof localProfileSchema>;

export function startingProfile(user: AuthUser): LocalProfile {
  const start = startRating(user.onboardingCompleted ? user.eloRating : null);
  return {
    rating: { ...start, currentStreak: 0, bestStreak: 0, puzzlesSolved: 0 },
    streak: [],
    daily: null,
    day: '',
    attempted: [],
    fetchedAt: null,
  };
}

/** This tab's copy of each profile it has read or written (choosing a puzzle then reads nothing from Dexie). */
const profileCache = new Map<number, LocalProfile>();

export async function readProfile(user: AuthUser): Promise<LocalProfile> {
  const cached = profileCache.get(user.id);
  if (cached) return cached;
  const row = await db.puzzleProfiles.get(user.id);
  const parsed = localProfileSchema.safeParse(row?.profile);
  if (!parsed.success) return startingProfile(user);
  profileCache.set(user.id, parsed.data);
  return parsed.data;
}

async function writeProfile(userId: number, profile: LocalProfile): Promise<void> {
  profileCache.set(userId, profile);
  await db.puzzleProfiles.put({ userId, profile });
}

export function usePuzzleProfile(user: AuthUser | null): LocalProfile | undefined {
  return useLiveQuery(
    async () => {
      if (user === null) return undefined;
      // Live: read Dexie itself (another tab may have written), and refresh this tab's copy.
      const parsed = localProfileSchema.safeParse((await db.puzzleProfiles.get(user.id))?.profile);
      if (!parsed.success) return startingProfile(user);
      profileCache.set(user.id, parsed.data);
      return parsed.data;
    },
    [user?.id, user?.eloRating, user?.onboardingCompleted],
  );
}

async function pendingAttempts(userId: number): Promise<number> {
  const rows = await db.outbox.where('status').equals('pending').toArray();
  return rows.filter((row) => row.userId === userId && row.name === 'recordTrainerAttempt').length;
}

/**
 * Tops up the pack from the server. The server's rating replaces the local one only when every
 * attempt made here has reached it (none waits in the outbox). Answers false offline.
 */
export async function refreshPack(user: AuthUser): Promise<boolean> {
  let pack;
  try {
    pack = await requestJson(apiPath(trainerPaths.pack), puzzlePackSchema, { cache: 'no-cache' });
  } catch (error) {
    console.warn('The puzzle pack could not be fetched; using the stored one.', error);
    return false;
  }
  const local = await readProfile(user);
  const waiting = await pendingAttempts(user.id);
  const localTried = (await db.trainerAttempts.where('userId').equals(user.id).toArray()).map((row) => row.puzzleId);
  await db.transaction('rw', db.trainerPuzzles, db.puzzleProfiles, async () => {
    await db.trainerPuzzles.bulkPut(pack.puzzles.map((puzzle) => ({ id: puzzle.id, puzzle, rating: puzzle.rating })));
    packCache = null;
    await writeProfile(user.id, {
      rating: waiting > 0 ? local.rating : pack.rating,
      streak: pack.streak,
      daily: pack.daily,
      day: pack.day,
      attempted: [...new Set([...pack.attempted, ...localTried])],
      fetchedAt: new Date().toISOString(),
    });
  });
  return true;
}

/**
 * The pack as read from Dexie and validated, kept in memory until the pack changes, so choosing
 * the next puzzle costs one small read (the profile) and a scan (well under 100 ms offline).
 */
let packCache: Promise<TrainerPuzzle[]> | null = null;

function storedPuzzles(): Promise<TrainerPuzzle[]> {
  packCache ??= db.trainerPuzzles.toArray().then((rows) =>
    rows.flatMap((row) => {
      const parsed = trainerPuzzleSchema.safeParse(row.puzzle);
      return parsed.success ? [parsed.data] : [];
    }),
  );
  return packCache;
}

/**
 * The themes the puzzles on this device have, in PUZZLE_THEMES order (undefined while reading):
 * the theme list offers only these, so a child never picks a theme with nothing to solve.
 */
export function usePackThemes(): PuzzleTheme[] | undefined {
  return useLiveQuery(async () => {
    const present = new Set<string>();
    await db.trainerPuzzles.each((row) => {
      const themes = (row.puzzle as { themes?: unknown }).themes;
      if (Array.isArray(themes)) for (const theme of themes) present.add(String(theme));
    });
    return PUZZLE_THEMES.filter((theme) => present.has(theme));
  }, []);
}

export async function storedPuzzle(id: string): Promise<TrainerPuzzle | null> {
  const parsed = trainerPuzzleSchema.safeParse((await db.trainerPuzzles.get(id))?.puzzle);
  return parsed.success ? parsed.data : null;
}

export type { PuzzleRequest };

/**
 * The next puzzle from the device's pack (no network; domain/puzzles/next.ts decides): `showing`
 * is the puzzle on the board. Null when the pack has none.
 */
export async function choosePuzzle(user: AuthUser, request: PuzzleRequest, showing?: string): Promise<TrainerPuzzle | null> {
  const profile = await readProfile(user);
  const pack = await storedPuzzles();
  const today = new Date().toISOString().slice(0, 10);
  return nextPuzzle(pack, { rating: profile.rating.rating, attempted: profile.attempted, daily: profile.daily, day: profile.day }, request, { showing, today });
}

export interface AttemptOutcome {
  /** The board's verdict: solved with no wrong move. */
  solved: boolean;
  moves: string[];
  hintUsed: boolean;
  solutionShown: boolean;
  timeSpent: number;
  streakStart?: boolean;
}

export interface AttemptResult {
  solved: boolean;
  rated: boolean;
  ratingBefore: number;
  ratingAfter: number;
  profile: LocalProfile;
}

const reviewKey = (userId: number, itemId: string): [number, string] => [userId, itemId];

async function readCard(userId: number, itemId: string): Promise<ReviewCard | null> {
  const row = await db.reviewCards.get(reviewKey(userId, itemId));
  return (row?.card as ReviewCard | undefined) ?? null;
}

/** Grades the item's review card after a try: a failure makes one (if none); a clean solve moves an existing one on. */
async function gradeReview(userId: number, itemId: string, solved: boolean, now: Date): Promise<void> {
  const card = await readCard(userId, itemId);
  if (card === null && solved) return;
  const next = reviewAfter(card, itemId, solved, now);
  await db.reviewCards.put({ userId, itemId, due: next.due, card: next });
}

/**
 * Records an attempt on this device and queues it for the server: the same verdict and rating
 * rules as the server's (a hint, the solution or a wrong move is a failure; rated only the
 * first try in a rated mode), the streak, the local history and the review card.
 */
export async function recordTrainerAttempt(user: AuthUser, puzzle: TrainerPuzzle, mode: PuzzleMode, outcome: AttemptOutcome): Promise<AttemptResult> {
  const now = new Date();
  const profile = await readProfile(user);
  const earlier = await db.trainerAttempts.where('[userId+puzzleId]').equals([user.id, puzzle.id]).toArray();
  const before = profile.rating;
  // Tried before: on this device, or anywhere the server's profile knows of.
  const triedBefore = earlier.length > 0 || profile.attempted.includes(puzzle.id);
  const verdict = judgeTrainerAttempt(puzzle, { ...outcome, mode }, { rating: before, currentStreak: before.currentStreak, bestStreak: before.bestStreak }, triedBefore);
  const { solved, rated, currentStreak, bestStreak } = verdict;
  const next = verdict.rating;
  const firstSolve = solved && !earlier.some((row) => row.solved);
  const updated: LocalProfile = {
    ...profile,
    rating: { ...before, rating: next.rating, rd: next.rd, volatility: next.volatility, games: next.games, currentStreak, bestStreak, puzzlesSolved: before.puzzlesSolved + (firstSolve ? 1 : 0) },
    attempted: profile.attempted.includes(puzzle.id) ? profile.attempted : [...profile.attempted, puzzle.id],
  };
  const attemptId = randomUuid();
  const row: TrainerAttemptRow = { attemptId, userId: user.id, puzzleId: puzzle.id, mode, solved, rated, ratingBefore: before.rating, ratingAfter: next.rating, createdAt: now.toISOString() };
  await db.transaction('rw', db.puzzleProfiles, db.trainerAttempts, db.reviewCards, async () => {
    await writeProfile(user.id, updated);
    await db.trainerAttempts.put(row);
    await gradeReview(user.id, puzzle.id, solved, now);
  });
  await enqueue(user.id, 'recordTrainerAttempt', {
    attemptId,
    puzzleId: puzzle.id,
    mode,
    solved: outcome.solved,
    moves: outcome.moves.slice(0, 16),
    hintUsed: outcome.hintUsed,
    solutionShown: outcome.solutionShown,
    ...(outcome.streakStart ? { streakStart: true } : {}),
    timeSpent: Math.min(24 * 60 * 60, Math.max(0, Math.round(outcome.timeSpent))),
    attemptedAt: now.toISOString(),
  });
  return { solved, rated, ratingBefore: before.rating, ratingAfter: next.rating, profile: updated };
}

/** A try at one of the student's own puzzles: kept on this device (its review card), nothing rated. */
export async function recordOwnAttempt(userId: number, own: OwnPuzzle, solved: boolean): Promise<void> {
  await gradeReview(userId, ownItemId(own.id), solved, new Date());
}

export const ownItemId = (id: string) => `own:${id}`;

/** The student's own puzzle in the trainer's order: the opponent's move before the mistake, then the better move. */
export function ownAsPuzzle(own: OwnPuzzle, rating: number): TrainerPuzzle & { own: OwnPuzzle } {
  return { id: 'gen:ownpuzzle', source: 'generated', fen: own.setupFen, moves: [own.setupMove, own.bestMove], rating: Math.round(rating), ratingDeviation: 0, themes: [], own };
}

/** Saves own puzzles made from a reviewed game, with a review card due at once, and queues them for the server. */
export async function saveOwnPuzzles(userId: number, puzzles: readonly OwnPuzzle[]): Promise<number> {
  if (puzzles.length === 0) return 0;
  const now = new Date();
  let added = 0;
  await db.transaction('rw', db.ownPuzzles, db.reviewCards, async () => {
    for (const puzzle of puzzles) {
      if (await db.ownPuzzles.get(puzzle.id)) continue;
      await db.ownPuzzles.put({ id: puzzle.id, userId, puzzle, createdAt: now.toISOString() });
      const card = newReviewCard(ownItemId(puzzle.id), now);
      await db.reviewCards.put({ userId, itemId: card.itemId, due: card.due, card });
      added += 1;
    }
  });
  if (added > 0) await enqueue(userId, 'saveOwnPuzzles', { puzzles: puzzles.slice(0, 50) });
  return added;
}

export async function ownPuzzles(userId: number): Promise<OwnPuzzle[]> {
  const rows = await db.ownPuzzles.where('userId').equals(userId).toArray();
  return rows.flatMap((row) => {
    const parsed = ownPuzzleSchema.safeParse(row.puzzle);
    return parsed.success ? [parsed.data] : [];
  });
}

export type ReviewItem = { kind: 'puzzle'; itemId: string; due: string; puzzle: TrainerPuzzle } | { kind: 'own'; itemId: string; due: string; own: OwnPuzzle };

/** The items due for review now (oldest due first): failed puzzles and own mistakes. */
export async function dueReviews(userId: number, now: Date = new Date()): Promise<ReviewItem[]> {
  const cards = (await db.reviewCards.where('userId').equals(userId).toArray()).filter((row) => isDue(row.card as ReviewCard, now));
  cards.sort((a, b) => a.due.localeCompare(b.due));
  const own = new Map((await ownPuzzles(userId)).map((p) => [ownItemId(p.id), p]));
  const items: ReviewItem[] = [];
  for (const card of cards) {
    const mine = own.get(card.itemId);
    if (mine) items.push({ kind: 'own', itemId: card.itemId, due: card.due, own: mine });
    else {
      const puzzle = await storedPuzzle(card.itemId);
      if (puzzle) items.push({ kind: 'puzzle', itemId: card.itemId, due: card.due, puzzle });
    }
  }
  return items;
}

/** Live: how many items are due (the 'Review' badge on the trainer and Lessons). */
export function useDueReviews(userId: number | null): ReviewItem[] | undefined {
  return useLiveQuery(async () => (userId === null ? [] : dueReviews(userId)), [userId]);
}

/** The local history (newest first) with each attempt's puzzle. */
export function useLocalHistory(userId: number | null): { row: TrainerAttemptRow; puzzle: TrainerPuzzle | null }[] | undefined {
  return useLiveQuery(async () => {
    if (userId === null) return [];
    const rows = (await db.trainerAttempts.where('userId').equals(userId).toArray()).sort((a, b) => b.createdAt.localeCompare(a.createdAt)).slice(0, 50);
    return Promise.all(rows.map(async (row) => ({ row, puzzle: await storedPuzzle(row.puzzleId) })));
  }, [userId]);
}

/** The server's history (Progress: the rating chart), or null offline. */
export async function fetchHistory() {
  return requestJson(apiPath(trainerPaths.history), puzzleHistorySchema, { cache: 'no-cache' });
}
