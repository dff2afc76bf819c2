/**
 * The bookkeeping behind the settings that act on Play (docs/decisions.md, "Settings that act"):
 * minutes of play counted per local day and since the last break, and the results that move the
 * computer's level. The rules themselves are domain/learning/settings-rules.ts; this is pure too.
 */
import { AUTO_ADJUST_STREAK, localDayKey, nextAiDifficulty, type GameOutcome } from '../../../domain';
import type { Difficulty } from '../../../schema';
import type { LevelResults, PlayTime } from './records';

/** How often play is counted while a game is under way. */
export const PLAY_TICK_MS = 5_000;
/** A longer gap between two counts (a sleeping Chromebook, a hidden tab) is not play. */
export const MAX_PLAY_STEP_MS = 15_000;
/** Five minutes without play count as a break: the break reminder starts again. */
export const BREAK_RESET_MS = 5 * 60_000;

/**
 * Issue 26: the count is its person's (stamped with their user id, null for a guest): on a shared
 * Chromebook the next child starts from their own, and a child who logs out and in again keeps
 * theirs. A count stored before stamping counts for whoever plays.
 */
export function playTimeOf(stored: PlayTime | null, userId: number | null): PlayTime | null {
  return stored === null || stored.userId === undefined || stored.userId === userId ? stored : null;
}

/** Adds `elapsedMs` of play ending at `now`; a new local day starts from zero. */
export function countPlay(state: PlayTime | null, now: number, elapsedMs: number): PlayTime {
  const step = Math.min(Math.max(0, elapsedMs), MAX_PLAY_STEP_MS);
  const day = localDayKey(new Date(now));
  const rested = state === null || now - step - state.lastPlayedAt >= BREAK_RESET_MS;
  return {
    day,
    playedMs: (state !== null && state.day === day ? state.playedMs : 0) + step,
    sinceBreakMs: (rested ? 0 : state.sinceBreakMs) + step,
    lastPlayedAt: now,
  };
}

/** Play counted on the local day of `now`. */
export function playedToday(state: PlayTime | null, now: number): number {
  return state !== null && state.day === localDayKey(new Date(now)) ? state.playedMs : 0;
}

/** Play since the last break, as of `now` (a long enough pause is a break). */
export function playedSinceBreak(state: PlayTime | null, now: number): number {
  return state === null || now - state.lastPlayedAt >= BREAK_RESET_MS ? 0 : state.sinceBreakMs;
}

export function takeBreak(state: PlayTime | null): PlayTime | null {
  return state === null ? null : { ...state, sinceBreakMs: 0 };
}

/** Games remembered against double counting (a reload on a final position). */
const COUNTED_GAMES_KEPT = 20;

/**
 * Records a finished game against the computer at `level`, the level it was played at. With
 * auto-adjust on, the computer's next level follows the documented rule and the count restarts
 * at a new level. Answers the new record and the level for the next game.
 */
export function recordComputerGame(
  stored: LevelResults | null,
  game: { gameId: string; level: Difficulty; outcome: GameOutcome },
  autoAdjust: boolean,
): { record: LevelResults; level: Difficulty; counted: boolean } {
  const seen = stored?.gameIds ?? [];
  if (stored !== null && seen.includes(game.gameId)) return { record: stored, level: stored.level, counted: false };
  const gameIds = [...seen, game.gameId].slice(-COUNTED_GAMES_KEPT);
  const earlier = stored !== null && stored.level === game.level ? stored.results : [];
  const results = [...earlier, game.outcome].slice(-AUTO_ADJUST_STREAK);
  const level = autoAdjust ? nextAiDifficulty(game.level, results) : game.level;
  return { record: { level, results: level === game.level ? results : [], gameIds }, level, counted: true };
}
