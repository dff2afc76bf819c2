/**
 * Classes (issue 19): the rules for managed student accounts, shared by the server (which makes
 * the accounts) and the app (which previews the names a teacher pastes). Pure, no side effects:
 * randomness comes in as a function, so the server passes node:crypto's and tests pass their own.
 * The usernames made from real names are in ./usernames.ts.
 */
import { CLASS_PASTE_MAX, REAL_NAME_MAX } from '../schema/core/values';
import { normalizeName } from './names';

export { CLASS_PASTE_MAX, REAL_NAME_MAX };

/**
 * The real names in a teacher's paste: one per line, each normalised (domain/names.ts), blank
 * lines dropped. Length rules are the schema's (schema/classes.ts), so a bad line is refused, not cut.
 */
export function parsePastedNames(text: string): string[] {
  return text
    .split(/\r\n|\r|\n|\u2028|\u2029|\u0085/u)
    .map((line) => normalizeName(line))
    .filter((line) => line.length > 0);
}

/**
 * Short words a young child reads and spells easily, none rude, none alike (no homophones, no
 * plurals): a password is two of them and two digits, 'tiger-moon-47'.
 */
export const PASSWORD_WORDS = [
  'apple', 'bear', 'bell', 'bird', 'boat', 'book', 'cake', 'camel', 'candy', 'cat', 'cloud', 'coin',
  'corn', 'crab', 'cup', 'deer', 'desk', 'dog', 'door', 'drum', 'duck', 'eagle', 'egg', 'elf',
  'farm', 'fish', 'flag', 'fox', 'frog', 'gift', 'goat', 'grape', 'hat', 'hill', 'horse', 'jam',
  'jet', 'kite', 'king', 'lake', 'lamp', 'leaf', 'lemon', 'lion', 'map', 'melon', 'milk', 'mint',
  'moon', 'mouse', 'nest', 'note', 'oak', 'owl', 'panda', 'park', 'pear', 'pen', 'pig', 'pizza',
  'plum', 'pond', 'queen', 'rain', 'robot', 'rock', 'rose', 'ship', 'shoe', 'sky', 'snow', 'sock',
  'star', 'sun', 'swan', 'table', 'tent', 'tiger', 'toast', 'train', 'tree', 'tulip', 'van', 'wave',
  'whale', 'wolf', 'yak', 'zebra', 'bus', 'cow', 'dolphin', 'hippo', 'koala', 'llama', 'mango', 'ocean',
  'orange', 'parrot', 'rabbit', 'river', 'seal', 'shell', 'spoon', 'storm', 'sugar', 'turtle', 'violin', 'window',
] as const;

/** A random integer in [0, max): node:crypto's randomInt on the server. */
export type RandomInt = (max: number) => number;

/**
 * A readable password: two different words and two digits, 'tiger-moon-47' (108 × 107 × 90
 * ≈ 1.1 million, about 20 bits; sign-in is rate-limited per account, docs/decisions.md, issue 19).
 * The digits start at 10 so the password always has the same shape.
 */
export function generatePassword(randomInt: RandomInt): string {
  const words = PASSWORD_WORDS;
  const first = words[randomInt(words.length)] as string;
  let second = first;
  while (second === first) second = words[randomInt(words.length)] as string;
  return `${first}-${second}-${10 + randomInt(90)}`;
}

/**
 * Whether a password has generatePassword's shape: two different words of the list and two digits
 * from 10. The server accepts a device's generated password only if it does (issue 19: accounts
 * made through the outbox carry the password the device printed), so none is weaker than its own.
 */
export function isGeneratedPassword(password: string): boolean {
  const match = /^([a-z]+)-([a-z]+)-([1-9][0-9])$/.exec(password);
  if (!match) return false;
  const words: readonly string[] = PASSWORD_WORDS;
  return match[1] !== match[2] && words.includes(match[1] as string) && words.includes(match[2] as string);
}

/** A random integer in [0, max) from crypto.getRandomValues (the browser's and Node's), without modulo bias. */
export function randomIntFrom(getRandomValues: (array: Uint32Array) => Uint32Array): RandomInt {
  return (max) => {
    const limit = Math.floor(0x1_0000_0000 / max) * max;
    const buffer = new Uint32Array(1);
    for (;;) {
      const value = (getRandomValues(buffer)[0] as number);
      if (value < limit) return value % max;
    }
  };
}
