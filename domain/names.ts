/**
 * People's and things' names as the app stores and shows them (issue 18): usernames, first and
 * last names, team, organisation and tournament names. One normalisation for all of them, so a
 * name reads the same on a pairing sheet, in a TRF file and on a certificate. Pure, no side
 * effects: the forms run it in the browser, the server on every write and every export. The
 * confusable skeleton (UTS #39), which needs the large confusables table, is server-side in
 * ./name-skeleton.ts.
 */
import { err, ok, type Result } from './result-type';

/**
 * What a name never keeps: controls (Cc: tabs, CR, LF, NEL), format characters (Cf: zero-width
 * space, joiners, BOM, the bidi marks, embeddings, overrides and isolates), lone surrogates,
 * private-use and unassigned code points, and the other default-ignorable ones (Hangul fillers,
 * variation selectors), which draw nothing and so let two names that look alike differ.
 */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{Default_Ignorable_Code_Point}]/gu;
const HAS_INVISIBLE = new RegExp(INVISIBLE.source, 'u');
/** Any run of Unicode spaces, tabs and line breaks. */
const SPACES = /\p{White_Space}+/gu;

/**
 * A name as stored and shown: NFKC (fullwidth letters, ligatures and the like become their plain
 * forms), invisible characters removed, every run of white space (tabs and line breaks too) one
 * space, trimmed. Idempotent. With `max`, cut to at most that many UTF-16 units without splitting
 * a surrogate pair.
 */
export function normalizeName(text: string, max?: number): string {
  const clean = singleLine(text)
    .normalize('NFKC')
    // NFKC can make spaces (U+00A8 becomes a space and a combining mark): collapse after it.
    .replace(SPACES, ' ')
    .trim();
  return max === undefined ? clean : cutName(clean, max);
}

/**
 * The text on one line with nothing invisible in it: every white-space character (tabs and line
 * breaks too) a plain space, invisible characters removed, nothing else changed (for the fields of
 * fixed-column formats, where spacing is meaningful).
 */
export function singleLine(text: string): string {
  return text.replace(/\p{White_Space}/gu, ' ').replace(INVISIBLE, '');
}

/** Cuts a clean name to `max` UTF-16 units, never between the halves of a surrogate pair. */
function cutName(name: string, max: number): string {
  if (name.length <= max) return name;
  let cut = name.slice(0, max);
  const last = cut.charCodeAt(cut.length - 1);
  if (last >= 0xd800 && last <= 0xdbff) cut = cut.slice(0, -1);
  return cut.trimEnd();
}

/** True when the text holds a character that normalizeName removes (tabs and line breaks too). */
export function hasInvisibleCharacters(text: string): boolean {
  return HAS_INVISIBLE.test(text);
}

export const NAME_ERROR_CODES = ['ERR_NAME_INVISIBLE', 'ERR_NAME_LENGTH'] as const;
export type NameErrorCode = (typeof NAME_ERROR_CODES)[number];

/**
 * A name typed by its owner (a username): refused, not silently changed, when it holds invisible
 * or control characters, so what the person sees is what others will see; otherwise normalised
 * and then measured.
 */
export function checkName(text: string, min: number, max: number): Result<string, { code: NameErrorCode }> {
  if (hasInvisibleCharacters(text)) return err({ code: 'ERR_NAME_INVISIBLE' });
  const name = normalizeName(text);
  if (name.length < min || name.length > max) return err({ code: 'ERR_NAME_LENGTH' });
  return ok(name);
}
