/**
 * Class codes (issue 19): the sign-in code a teacher shows on the board (short, valid for a few
 * minutes) and a class's join code (for students who already have an account). Pure: the
 * randomness comes in as a function (the server passes node:crypto's `randomInt`).
 */

/**
 * Capital letters and digits a child cannot mix up on a board or type wrongly: no 0/O, 1/I/L,
 * 2/Z, 5/S, 8/B, U/V. 23 characters: a 6-character code is one of 148 million, an 8-character
 * one of 78 billion.
 */
export const CLASS_CODE_ALPHABET = 'ACDEFGHJKMNPQRTWXY34679';

/** The sign-in code: 6 characters, valid for 10 minutes. */
export const SIGN_IN_CODE_LENGTH = 6;
export const SIGN_IN_CODE_MINUTES = 10;
/**
 * The join code is written on the board or sent home and typed over days, so it is longer: 8
 * characters. It works for a term (JOIN_CODE_DAYS: about four months, a semester or a long term,
 * after which a class's late joiners are few) or until the teacher makes a new one.
 */
export const JOIN_CODE_LENGTH = 8;
export const JOIN_CODE_DAYS = 120;

/** A new code of `length` characters of the alphabet; `randomInt(max)` answers 0 ≤ n < max, uniformly. */
export function generateClassCode(length: number, randomInt: (max: number) => number): string {
  let code = '';
  for (let index = 0; index < length; index++) code += CLASS_CODE_ALPHABET[randomInt(CLASS_CODE_ALPHABET.length)];
  return code;
}

/**
 * What a child typed, as the code it means: capitals, without spaces or dashes (the board shows
 * 'ACD-EFG'). Letters outside the alphabet are kept, so a wrong code stays wrong.
 */
export function normalizeClassCode(input: string): string {
  return input.toUpperCase().replace(/[\s\-–—.]/gu, '');
}

/** A code as it is shown: in groups of three or four ('ACD-EFG', 'ACDE-FGHJ'), easier to read from afar. */
export function formatClassCode(code: string): string {
  const half = Math.ceil(code.length / 2);
  return code.length > 4 ? `${code.slice(0, half)}-${code.slice(half)}` : code;
}

/** Whether a normalised input can be a code of that length at all (checked before any lookup). */
export function isClassCodeShape(code: string, length: number): boolean {
  if (code.length !== length) return false;
  for (const character of code) if (!CLASS_CODE_ALPHABET.includes(character)) return false;
  return true;
}

/** The time left as the board shows it: '9:05', '0:00' once past. */
export function formatCountdown(msLeft: number): string {
  const seconds = Math.max(0, Math.ceil(msLeft / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}
