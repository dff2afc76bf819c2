/**
 * Parents (issue 19): the one-time codes a teacher prints so a parent can link their account to
 * a child's, and the play time a parent sees. Pure: the server draws the random numbers
 * (node:crypto) and hashes the code; the app formats what the server answers.
 */
import type { ParentCodeState } from '../schema';
import type { RandomInt } from './classes';
import { localDayKey } from './learning/settings-rules';

/** Letters and digits nobody confuses when reading a printed card: no 0/O, 1/I/L, 5/S, 2/Z, 8/B. */
export const PARENT_CODE_ALPHABET = 'ACDEFGHJKMNPQRTUVWXY34679' as const;
export const PARENT_CODE_LENGTH = 8;
/** A printed code works this long (a letter home can sit in a school bag for a while). */
export const PARENT_CODE_TTL_MS = 30 * 24 * 60 * 60 * 1000;

/** A new code, `PARENT_CODE_LENGTH` characters of the alphabet (about 37 bits). */
export function generateParentCode(randomInt: RandomInt): string {
  let code = '';
  for (let i = 0; i < PARENT_CODE_LENGTH; i++) code += PARENT_CODE_ALPHABET[randomInt(PARENT_CODE_ALPHABET.length)];
  return code;
}

/** How a code is printed: two groups of four ('ACDE-FGHJ'). */
export function makeParentCode(code: string): string {
  return `${code.slice(0, 4)}-${code.slice(4)}`;
}

export type ParentCodeError = 'ERR_PARENT_CODE_LENGTH' | 'ERR_PARENT_CODE_CHARACTER';

/** What a parent typed, in the stored form: case, spaces and dashes ignored. */
export function parseParentCode(typed: string): { ok: true; code: string } | { ok: false; error: ParentCodeError } {
  const code = typed.toUpperCase().replace(/[\s-]+/g, '');
  if (code.length !== PARENT_CODE_LENGTH) return { ok: false, error: 'ERR_PARENT_CODE_LENGTH' };
  for (const char of code) if (!PARENT_CODE_ALPHABET.includes(char)) return { ok: false, error: 'ERR_PARENT_CODE_CHARACTER' };
  return { ok: true, code };
}


/**
 * A code's state, given how many parent link guesses have been counted so far: retired once that
 * count reaches the code's `retireAtGuess` (domain/code-guessing.ts). Used and expired come first:
 * the count goes on growing after a code has ended.
 */
export function parentCodeState(code: { expiresAt: string; usedAt: string | null; retireAtGuess: number }, now: Date, guesses: number): ParentCodeState {
  if (code.usedAt !== null) return 'used';
  if (Date.parse(code.expiresAt) <= now.getTime()) return 'expired';
  return guesses >= code.retireAtGuess ? 'retired' : 'usable';
}

/** When a code made at `now` stops working. */
export function parentCodeExpiry(now: Date): Date {
  return new Date(now.getTime() + PARENT_CODE_TTL_MS);
}

export interface PlayedGame {
  /** When the game ended (ISO 8601). */
  finishedAt: string;
  durationSeconds: number;
}

/**
 * Minutes of play today and over the last seven local days (today included), from the games the
 * child's devices saved: what a parent can see from elsewhere. Days are the viewer's local days.
 */
export function playTimeSummary(games: readonly PlayedGame[], now: Date): { todayMinutes: number; weekMinutes: number } {
  const today = localDayKey(now);
  const weekDays = new Set<string>();
  for (let back = 0; back < 7; back++) weekDays.add(localDayKey(new Date(now.getFullYear(), now.getMonth(), now.getDate() - back, 12)));
  let todaySeconds = 0;
  let weekSeconds = 0;
  for (const game of games) {
    const day = localDayKey(new Date(game.finishedAt));
    if (!weekDays.has(day)) continue;
    weekSeconds += game.durationSeconds;
    if (day === today) todaySeconds += game.durationSeconds;
  }
  return { todayMinutes: Math.round(todaySeconds / 60), weekMinutes: Math.round(weekSeconds / 60) };
}
