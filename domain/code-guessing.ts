/**
 * Guessable codes (issue 26; docs/decisions.md, "Guessable codes, issue 26"): the class sign-in
 * code, the class join code and the parent link code. How many codes of each kind there are, when
 * a live code is retired because too many wrong guesses were made while it lived, and the chance
 * that guessing finds a code. Pure: the server counts the guesses of each kind
 * (sync-server/auth/code-guard.ts) and stores with each code the count at which it retires.
 */
import { CLASS_CODE_ALPHABET, JOIN_CODE_LENGTH, SIGN_IN_CODE_LENGTH } from './class-codes';
import { PARENT_CODE_ALPHABET, PARENT_CODE_LENGTH } from './parents';
import type { CodeState } from '../schema';

export const GUESSABLE_CODES = ['sign_in', 'join', 'parent'] as const;
export type GuessableCode = (typeof GUESSABLE_CODES)[number];

/** How many codes of each kind can be drawn: 148 million, 78 billion and 153 billion. */
export const CODE_SPACE: Readonly<Record<GuessableCode, number>> = {
  sign_in: CLASS_CODE_ALPHABET.length ** SIGN_IN_CODE_LENGTH,
  join: CLASS_CODE_ALPHABET.length ** JOIN_CODE_LENGTH,
  parent: PARENT_CODE_ALPHABET.length ** PARENT_CODE_LENGTH,
};

/**
 * A live code is retired once the wrong guesses of its kind, made from anywhere while it lived,
 * reach 1/RETIRE_SHARE of its kind's codes. A stranger guessing at random hits no particular code,
 * so each wrong guess is a 1 in CODE_SPACE chance against every live code alike: whatever the
 * number of addresses guessing, no code has more than a 1 in 10,000 chance of being found.
 */
export const RETIRE_SHARE = 10_000;

/** The wrong guesses a code of this kind may meet: 14,803 sign-in, 7,831,098 join and 15,258,789 parent link guesses. */
export function retireBudget(kind: GuessableCode): number {
  return Math.floor(CODE_SPACE[kind] / RETIRE_SHARE);
}


/**
 * A code's state, given how many guesses of its kind have been counted so far. Expiry comes first:
 * the count goes on growing after a code has ended, which must not make an ended code 'retired'.
 */
export function codeState(code: { expiresAt: string | null; retireAtGuess: number }, guesses: number, now: Date): CodeState {
  if (code.expiresAt !== null && Date.parse(code.expiresAt) <= now.getTime()) return 'expired';
  return guesses >= code.retireAtGuess ? 'retired' : 'live';
}

/**
 * The chance that `guesses` distinct random guesses find at least one of `liveCodes` codes among
 * `space` (each guess a liveCodes/space chance; written with log1p and expm1 so that one in a
 * billion does not round to 0).
 */
export function chanceOfFinding(guesses: number, liveCodes: number, space: number): number {
  if (guesses <= 0 || liveCodes <= 0) return 0;
  return -Math.expm1(guesses * Math.log1p(-Math.min(1, liveCodes / space)));
}
