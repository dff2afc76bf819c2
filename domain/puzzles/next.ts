/**
 * The trainer's next puzzle from the device's pack, with no network (issue 21: "next puzzle
 * shown in under 100 ms offline", bench/puzzles-next.ts): near the rating's target (a theme's,
 * the streak's step), or the day's puzzle; never one already tried nor the one on the board.
 * Pure: app/features/puzzles/puzzles.ts reads the pack and the profile from Dexie and calls it.
 */
import type { PuzzleTheme } from '../../schema/puzzles';
import type { TrainerPuzzle } from '../../schema/trainer';
import { dailyPuzzleId, DAILY_MAX_RATING, DAILY_MIN_RATING, pickNearest, streakPuzzleRating, targetPuzzleRating } from './rating';

export type PuzzleRequest =
  | { mode: 'rated' }
  | { mode: 'theme'; theme: PuzzleTheme }
  | { mode: 'daily' }
  | { mode: 'streak'; index: number; used: readonly string[] };

/** What the choice needs of the student's stored profile. */
export interface PackProfile {
  rating: number;
  /** Puzzles tried already (not served again as new). */
  attempted: readonly string[];
  /** The day's puzzle as the server chose it, and its UTC day. */
  daily: string | null;
  day: string;
}

export interface NextOptions {
  /** The puzzle on the board: 'Next puzzle' pressed before a move was made must move on. */
  showing?: string;
  /** Today's UTC day, 'YYYY-MM-DD'. */
  today: string;
  random?: () => number;
}

/** The next puzzle of `pack` for the request, or null when the pack has none. */
export function nextPuzzle(pack: readonly TrainerPuzzle[], profile: PackProfile, request: PuzzleRequest, options: NextOptions): TrainerPuzzle | null {
  if (request.mode === 'daily') {
    const id =
      profile.day === options.today && profile.daily
        ? profile.daily
        : dailyPuzzleId(pack.filter((p) => p.rating >= DAILY_MIN_RATING && p.rating <= DAILY_MAX_RATING).map((p) => p.id), options.today);
    return pack.find((p) => p.id === id) ?? null;
  }
  if (request.mode === 'streak') {
    const used = new Set(request.used);
    return pickNearest(pack.filter((p) => !used.has(p.id)), streakPuzzleRating(request.index), () => 0, 1);
  }
  const tried = new Set(profile.attempted);
  if (options.showing !== undefined) tried.add(options.showing);
  const fresh = pack.filter((p) => !tried.has(p.id) && (request.mode !== 'theme' || p.themes.includes(request.theme)));
  return pickNearest(fresh, targetPuzzleRating(profile.rating), options.random);
}
