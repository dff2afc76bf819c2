/**
 * FIDE rating maths (Handbook B.02, Rating Regulations effective 2024): the conversion tables,
 * tournament performance and the rating change of a game. Pure, no side effects.
 */
import { isPlayed, playerRecords, type TournamentResults } from './results';

/**
 * Table 8.1.1: p (fractional score, in hundredths) → dp (rating difference). Index = p × 100.
 * The lower half mirrors the upper half: dp(1 − p) = −dp(p).
 */
const DP_UPPER = [
  0, 7, 14, 21, 29, 36, 43, 50, 57, 65, 72, 80, 87, 95, 102, 110, 117, 125, 133, 141, 149, 158, 166, 175, 184, 193, 202, 211,
  220, 230, 240, 251, 262, 273, 284, 296, 309, 322, 336, 351, 366, 383, 401, 422, 444, 470, 501, 538, 589, 677, 800,
] as const;
export const DP_TABLE: readonly number[] = [...DP_UPPER.slice(1).reverse().map((dp) => -dp), ...DP_UPPER];

/**
 * Table 8.1.2: the largest rating difference for each expected score of the higher-rated player,
 * from 0.50 (difference 0 to 3) up to 0.99 (620 to 735); above 735 the expectation is 1.
 */
const PD_UPPER_BOUNDS = [
  3, 10, 17, 25, 32, 39, 46, 53, 61, 68, 76, 83, 91, 98, 106, 113, 121, 129, 137, 145, 153, 162, 170, 179, 188, 197, 206, 215,
  225, 235, 245, 256, 267, 278, 290, 302, 315, 328, 344, 357, 374, 391, 411, 432, 456, 484, 517, 559, 619, 735,
] as const;

/** dp for a fractional score p (0..1), p rounded to the nearest hundredth as the table reads. */
export function dpForScore(p: number): number {
  const index = Math.min(100, Math.max(0, Math.round(p * 100)));
  return DP_TABLE[index] as number;
}

/** A rounded mean (half up), or null for no values. */
export function roundedAverage(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  return Math.round(values.reduce((a, b) => a + b, 0) / values.length);
}

/**
 * Tournament performance rating (FIDE C.07 10.2 with B.02 8.1.1): the average rating of the
 * opponents met over the board (rounded, half up) plus dp of the fraction scored in those games.
 * Null when no game was played.
 */
export function performanceRating(opponentRatings: readonly number[], points: number): number | null {
  const average = roundedAverage(opponentRatings);
  if (average === null) return null;
  return average + dpForScore(points / opponentRatings.length);
}

/** The 400-point rule (B.02 8.3.1): a larger difference counts as 400. */
export const MAX_RATING_DIFFERENCE = 400;

/**
 * Since 1 October 2025 (B.02 8.3.1 as amended) the 400-point rule holds for players rated below
 * 2650 only; a player rated 2650 or above is rated on the actual difference.
 */
export const ACTUAL_DIFFERENCE_FROM = '2025-10-01';
export const ACTUAL_DIFFERENCE_RATING = 2650;

/** Whether the 400-point rule is set aside for this player in a game played on `date` (YYYY-MM-DD). */
export function usesActualDifference(rating: number, date: string | undefined): boolean {
  return rating >= ACTUAL_DIFFERENCE_RATING && date !== undefined && date >= ACTUAL_DIFFERENCE_FROM;
}

/**
 * The expected score against an opponent, read from table 8.1.2 after the 400-point rule (or on
 * the actual difference when `actualDifference`: above 735 the expectation is 1 or 0).
 */
export function expectedScore(rating: number, opponentRating: number, actualDifference = false): number {
  const raw = Math.round(Math.abs(rating - opponentRating));
  const difference = actualDifference ? raw : Math.min(MAX_RATING_DIFFERENCE, raw);
  const step = PD_UPPER_BOUNDS.findIndex((bound) => difference <= bound);
  const higher = step === -1 ? 1 : (50 + step) / 100;
  return rating >= opponentRating ? higher : Math.round((1 - higher) * 100) / 100;
}

export interface KFactorInput {
  rating: number;
  birthYear?: number;
  /** Rated games played before this one; fewer than 30 makes a new player. Unknown: not new. */
  ratedGames?: number;
  /** Whether the player's published rating has ever reached 2400 (K stays 10 after that). */
  hasReached2400?: boolean;
  /**
   * The K the arbiter set for the player (as Swiss-Manager lets them), which wins over the rule:
   * the app stores no count of rated games, so only the arbiter can give a new player K 40.
   */
  kFactor?: KFactor;
}

/** The development coefficients FIDE uses (B.02 8.3.3). */
export const K_FACTORS = [40, 20, 10] as const;
export type KFactor = (typeof K_FACTORS)[number];

/**
 * The development coefficient (B.02 8.3.3): 40 for a new player (fewer than 30 rated games) and
 * for a player rated under 2300 until the end of the year of their 18th birthday; 20 under 2400;
 * 10 once 2400 has been reached. `year` is the year of the game. A K the arbiter set wins.
 */
export function kFactor(player: KFactorInput, year: number): KFactor {
  return player.kFactor ?? kFactorByRule(player, year);
}

/** The K the rule gives, setting aside one the arbiter set. */
export function kFactorByRule(player: KFactorInput, year: number): KFactor {
  if (player.hasReached2400 || player.rating >= 2400) return 10;
  if (player.ratedGames !== undefined && player.ratedGames < 30) return 40;
  if (player.birthYear !== undefined && year - player.birthYear <= 18 && player.rating < 2300) return 40;
  return 20;
}

/** The rating change from one game: K × (score − expected score), not rounded. */
export function ratingChange(rating: number, opponentRating: number, score: number, k: number, actualDifference = false): number {
  return k * (score - expectedScore(rating, opponentRating, actualDifference));
}

/**
 * The change over several games of one rating period, rounded to a whole number at the end as
 * FIDE does (the changes are summed first, then rounded half away from zero).
 */
export function totalRatingChange(
  rating: number,
  games: readonly { opponentRating: number; score: number }[],
  k: number,
  actualDifference = false,
): number {
  const sum = games.reduce((total, g) => total + ratingChange(rating, g.opponentRating, g.score, k, actualDifference), 0);
  // Half away from zero; the epsilon absorbs binary noise such as 14.499999999999998.
  return Math.sign(sum) * Math.round(Math.abs(sum) + 1e-9) || 0;
}

/** The K × games ceiling (B.02 8.3.3): K is lowered so that K × n does not exceed 700. */
export const MAX_K_TIMES_GAMES = 700;

export interface GameRatingChange {
  round: number;
  opponent: string;
  opponentRating: number;
  score: number;
  expected: number;
  change: number;
}

export interface PlayerRatingChange {
  player: string;
  /** False for an unrated player (rating 0): FIDE computes their first rating, not a change. */
  rated: boolean;
  k: number;
  games: GameRatingChange[];
  /** The sum of the games' expected scores (for the report). */
  expected: number;
  /** The sum of the games' changes, rounded (half away from zero). */
  total: number;
}

/** A player with no rating: 0 (an unrated player's TRF rating is blank or 0). */
export const isUnrated = (rating: number): boolean => !(rating > 0);

/**
 * Every player's rating change from the games of a tournament played over the board (forfeits
 * and byes are not rated), with the ratings as they were at the start. K comes from
 * `kFactor` for the tournament's `year`, lowered so that K × games ≤ 700. A game against an
 * unrated opponent does not change a rated player's rating (B.02 8.3.1 rates games against rated
 * opponents); an unrated player gets no change here (their first rating is FIDE's to compute).
 */
export function tournamentRatingChanges(tournament: TournamentResults, year: number, date?: string): PlayerRatingChange[] {
  const records = playerRecords(tournament);
  const ratings = new Map(tournament.players.map((p) => [p.id, p.rating]));
  return tournament.players.map((player) => {
    if (isUnrated(player.rating)) return { player: player.id, rated: false, k: 0, games: [], expected: 0, total: 0 };
    const played = (records.get(player.id) ?? []).filter(
      (r) => isPlayed(r) && r.opponent !== null && !isUnrated(ratings.get(r.opponent) ?? 0),
    );
    const base = kFactor(player, year);
    const k = played.length > 0 ? Math.min(base, Math.floor(MAX_K_TIMES_GAMES / played.length)) : base;
    // Issue 29: the actual difference for a player rated 2650+ in an event from October 2025 on.
    const actual = usesActualDifference(player.rating, date);
    const games = played.map((r) => {
      const opponentRating = ratings.get(r.opponent as string) as number;
      const expected = expectedScore(player.rating, opponentRating, actual);
      return { round: r.round, opponent: r.opponent as string, opponentRating, score: r.points, expected, change: k * (r.points - expected) };
    });
    return {
      player: player.id,
      rated: true,
      k,
      games,
      // Hundredths summed as whole numbers, so 0.64 + 0.92 is 1.56 and not 1.5600000000000001.
      expected: games.reduce((sum, g) => sum + Math.round(g.expected * 100), 0) / 100,
      total: totalRatingChange(player.rating, games, k, actual),
    };
  });
}
