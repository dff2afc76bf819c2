/**
 * The text rules of names (issue 18), zod-free and importing nothing: the schemas (../names.ts,
 * ../accounts.ts) check fields with them, domain/names.ts builds its rules on them, the forms run
 * them in the browser and the server on every write and export. One normalisation for every
 * name, so a name reads the same on a pairing sheet, in a TRF file and on a certificate.
 */

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
