/**
 * The usernames of managed student accounts (issues 19 and 28), made from the real names a teacher
 * pastes: by the server, and by the app when it queues the accounts offline (the same rule, so the
 * server keeps the device's proposal when it is free). Apart from ./classes.ts because the
 * transliteration tables are large (./transliterate.ts): the app loads this module only when it
 * makes accounts, not with every classes screen. Pure, no side effects.
 */
import { USERNAME_MAX, USERNAME_MIN } from '../schema/core/values';
import { normalizeName } from './names';
import { transliterateName } from './transliterate';

/** A derived name leaves room for a number that makes it unique. */
const BASE_MAX = USERNAME_MAX - 3;

/**
 * The username a real name suggests: the first name and the last name's initial, in letters a
 * child can type on an English keyboard and digits ('Anna Maria Smith' → 'AnnaS', 'आरव शर्मा' →
 * 'AaravS', 'Zoë Núñez' → 'ZoeN'; ./transliterate.ts), so the class can tell who is who without
 * the whole surname being shown to everyone. The real name is kept as written. A name with
 * nothing to spell gives 'Player'.
 */
export function usernameBase(realName: string): string {
  // An Arabic family name's article is not its initial: 'فاطمة الزهراء' is FtmhZ, not FtmhL.
  const name = normalizeName(realName).replace(/(\s)ال(?=\p{Script=Arabic}{2,}$)/u, '$1');
  const words = transliterateName(name)
    .split(' ')
    .map((word) => word.replace(/[^A-Za-z0-9]/g, ''))
    .filter((word) => word.length > 0);
  if (words.length === 0) return 'Player';
  const first = words[0] as string;
  const last = words.length > 1 ? (words[words.length - 1] as string) : '';
  const initial = last.charAt(0).toUpperCase();
  return (first.charAt(0).toUpperCase() + first.slice(1)).slice(0, BASE_MAX - initial.length) + initial;
}

/**
 * The usernames to try for a real name, best first: the base, then the base with 2, 3, …
 * (a base shorter than the minimum starts with a number). The caller takes the first one that
 * is neither taken nor looks like a taken one.
 */
export function* usernameCandidates(realName: string, limit = 1000): Generator<string> {
  const base = usernameBase(realName);
  if (base.length >= USERNAME_MIN) yield base;
  for (let n = 2; n < limit; n++) {
    const candidate = `${base}${n}`;
    if (candidate.length >= USERNAME_MIN && candidate.length <= USERNAME_MAX) yield candidate;
  }
}
