/**
 * The settings that act (play spec section 2, Settings): the daily play-time limit, break
 * reminders, and the computer's level from the learning level and auto-adjust.
 * - Daily play time: minutes of play per local calendar day; 0 is No Limit. When the day's
 *   total reaches the limit, New Game waits until tomorrow (or until a parent raises the limit).
 * - Break reminders: after every `interval` minutes of continuous play a reminder shows; 0 is Disabled.
 * - Learning level: choosing it also sets the computer's level (aiDifficulty) to the same level.
 * - Auto-adjust difficulty: after a finished game against the computer, if the last 3 games at
 *   the current level were all won the level goes up one step; all lost, down one step; the
 *   streak starts again at the new level. Off: the level stays as chosen.
 */
import type { ChessSettings, Difficulty } from '../../schema';

const LEVELS: readonly Difficulty[] = ['beginner', 'intermediate', 'advanced'];
export const AUTO_ADJUST_STREAK = 3;
const MINUTE_MS = 60_000;

export interface PlayTimeStatus {
  /** False when the limit is 0 (No Limit). */
  limited: boolean;
  limitReached: boolean;
  /** Infinity without a limit. */
  remainingMs: number;
}

export function playTimeStatus(limitMinutes: number, playedMsToday: number): PlayTimeStatus {
  if (limitMinutes <= 0) return { limited: false, limitReached: false, remainingMs: Number.POSITIVE_INFINITY };
  const remainingMs = Math.max(0, limitMinutes * MINUTE_MS - Math.max(0, playedMsToday));
  return { limited: true, limitReached: remainingMs === 0, remainingMs };
}

/** The local calendar day a moment counts in, 'YYYY-MM-DD' (play time resets at local midnight). */
export function localDayKey(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** True when a break reminder is due: `interval` minutes of play since the last break (0: never). */
export function breakReminderDue(intervalMinutes: number, playedMsSinceLastBreak: number): boolean {
  return intervalMinutes > 0 && playedMsSinceLastBreak >= intervalMinutes * MINUTE_MS;
}

export type GameOutcome = 'win' | 'loss' | 'draw';

/** The level after a finished game, from the results at the current level, oldest first. */
export function nextAiDifficulty(current: Difficulty, resultsAtLevel: readonly GameOutcome[]): Difficulty {
  const last = resultsAtLevel.slice(-AUTO_ADJUST_STREAK);
  if (last.length < AUTO_ADJUST_STREAK) return current;
  const index = LEVELS.indexOf(current);
  if (last.every((r) => r === 'win')) return LEVELS[Math.min(LEVELS.length - 1, index + 1)] as Difficulty;
  if (last.every((r) => r === 'loss')) return LEVELS[Math.max(0, index - 1)] as Difficulty;
  return current;
}

/** The computer's level for the next game: auto-adjusted when on, as chosen when off. */
export function computerLevel(
  settings: Pick<ChessSettings, 'aiDifficulty' | 'autoAdjustDifficulty'>,
  resultsAtLevel: readonly GameOutcome[],
): Difficulty {
  return settings.autoAdjustDifficulty ? nextAiDifficulty(settings.aiDifficulty, resultsAtLevel) : settings.aiDifficulty;
}

/** Choosing a learning level also sets the computer's level to it. */
export function applyLearningLevel<S extends Pick<ChessSettings, 'difficulty' | 'aiDifficulty'>>(settings: S, level: Difficulty): S {
  return { ...settings, difficulty: level, aiDifficulty: level };
}
