/**
 * The confusable skeleton of a name (Unicode TS #39, section 4): two names with the same skeleton
 * look alike ('paypal' with a Cyrillic 'а', 'bob' and 'b0b', 'rn' and 'm'), so the server lets
 * only one account have each. Server-side: the confusables table (Unicode's confusables.txt, from
 * the unhomoglyph package) is 100 KB, which the browser does not need. Pure, no side effects.
 */
import unhomoglyph from 'unhomoglyph';
import { normalizeName } from './names';

/**
 * skeleton(X) = NFD(map(NFD(X))), each character mapped through the confusables table, of the
 * normalised name, then case-folded: two usernames whose folded skeletons are equal cannot both
 * exist. The fold comes after the mapping because the table tells case apart ('I' and 'l' look
 * alike, 'i' and 'l' do not); the lower(username) index already refuses names that differ in case.
 */
export function nameSkeleton(name: string): string {
  const skeleton = unhomoglyph(normalizeName(name).normalize('NFD')).normalize('NFD');
  return skeleton.toUpperCase().toLowerCase().normalize('NFD');
}
