/**
 * People's and things' names as the app stores and shows them (issue 18): usernames, first and
 * last names, team, organisation and tournament names. One normalisation for all of them, so a
 * name reads the same on a pairing sheet, in a TRF file and on a certificate. Pure, no side
 * effects: the forms run it in the browser, the server on every write and every export. The
 * confusable skeleton (UTS #39), which needs the large confusables table, is server-side in
 * ./name-skeleton.ts.
 */
import { hasInvisibleCharacters, normalizeName } from '../schema/core/names';
import { err, ok, type Result } from './result-type';

/** The text rules themselves live at the bottom layer (schema/core/names.ts), where the schemas use them too. */
export { hasInvisibleCharacters, normalizeName, singleLine } from '../schema/core/names';

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
