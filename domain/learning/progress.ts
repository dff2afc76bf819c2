/** Progress figures (the /progress screen): the day streak and the rating history. */
const DAY_MS = 86_400_000;

const dayNumber = (iso: string) => Math.floor(Date.parse(iso) / DAY_MS);

/** Rating points a typical won-or-lost game moves (the 'about N games' of the next rating goal). */
export const RATING_POINTS_PER_GAME = 4;
/** The 'Play N games this week' goal. */
export const WEEKLY_GAMES_GOAL = 5;

/** About how many games take a rating to the goal's. */
export function gamesToRating(current: number, target: number): number {
  return Math.ceil((target - current) / RATING_POINTS_PER_GAME);
}

/**
 * Consecutive UTC days with activity ending today, or ending yesterday (a streak is not lost
 * before the day is over). Activity: any timestamp in `activity` (games, lessons, tips).
 */
export function dayStreak(activity: readonly string[], now: Date): number {
  const days = new Set(activity.map(dayNumber).filter((d) => Number.isFinite(d)));
  const today = Math.floor(now.getTime() / DAY_MS);
  let day = days.has(today) ? today : today - 1;
  let streak = 0;
  while (days.has(day)) {
    streak += 1;
    day -= 1;
  }
  return streak;
}

/**
 * The rating over time, oldest first: walking back from the current rating through each rated
 * game's change. `games` oldest first; the first point is the rating before the first game.
 */
export function ratingHistory(
  currentRating: number,
  games: readonly { date: string; eloChange: number }[],
  startDate: string,
): { date: string; rating: number }[] {
  const points: { date: string; rating: number }[] = [];
  let rating = currentRating;
  for (let i = games.length - 1; i >= 0; i -= 1) {
    const game = games[i]!;
    points.push({ date: game.date, rating });
    rating -= game.eloChange;
  }
  points.push({ date: startDate, rating });
  return points.reverse();
}

/** A 0..100 skill score from an accuracy (null stays null). */
export function skillScore(accuracy: number | null): number | null {
  return accuracy === null ? null : Math.round(Math.min(100, Math.max(0, accuracy)));
}
