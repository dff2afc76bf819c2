import { describe, expect, it } from 'vitest';
import { PASSWORD_WORDS, generatePassword, isGeneratedPassword, parsePastedNames, randomIntFrom } from './classes';

describe('parsePastedNames: one real name a line', () => {
  it.each([
    { name: 'a column copied from a spreadsheet (CRLF)', input: 'Anna Smith\r\nBen Okafor\r\n', expected: ['Anna Smith', 'Ben Okafor'] },
    { name: 'blank lines and spaces around names go', input: '\n  Anna   Smith \n\n\tBen\n', expected: ['Anna Smith', 'Ben'] },
    { name: 'invisible characters go (zero-width space)', input: 'An\u200Bna', expected: ['Anna'] },
    { name: 'only blank lines: nothing', input: ' \n \n', expected: [] },
  ])('$name', ({ input, expected }) => {
    expect(parsePastedNames(input)).toEqual(expected);
  });
});

describe('generatePassword', () => {
  it('has no repeated or unreadable words', () => {
    expect(new Set(PASSWORD_WORDS).size).toBe(PASSWORD_WORDS.length);
    for (const word of PASSWORD_WORDS) expect(word).toMatch(/^[a-z]{2,7}$/);
    expect(PASSWORD_WORDS.length).toBeGreaterThanOrEqual(100);
  });
  it('is two different words and two digits', () => {
    let seed = 1;
    const random = (max: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % max;
    };
    for (let i = 0; i < 200; i++) {
      const password = generatePassword(random);
      const match = /^([a-z]+)-([a-z]+)-(\d{2})$/.exec(password);
      expect(match, password).not.toBeNull();
      expect(match?.[1]).not.toBe(match?.[2]);
      expect(password.length).toBeGreaterThanOrEqual(6);
    }
  });
  it('a source that repeats the first word still ends (the second word differs)', () => {
    const answers = [0, 0, 0, 1, 5];
    expect(generatePassword(() => answers.shift() ?? 0)).toBe(`${PASSWORD_WORDS[0]}-${PASSWORD_WORDS[1]}-15`);
  });
});

describe('isGeneratedPassword and randomIntFrom (issue 19, passwords made on the device)', () => {
  it('accepts what generatePassword makes with crypto.getRandomValues', () => {
    const { crypto } = globalThis as unknown as { crypto: { getRandomValues: (array: Uint32Array) => Uint32Array } };
    const random = randomIntFrom((array) => crypto.getRandomValues(array));
    for (let i = 0; i < 200; i++) expect(isGeneratedPassword(generatePassword(random))).toBe(true);
  });
  it('refuses other shapes, unknown or repeated words, and digits below 10', () => {
    for (const bad of ['tiger-moon-4', 'tiger-moon-07', 'tiger-tiger-47', 'tiger-zzz-47', 'Tiger-moon-47', 'tiger-moon-470', 'hunter2', ' tiger-moon-47']) {
      expect(isGeneratedPassword(bad), bad).toBe(false);
    }
    expect(isGeneratedPassword('tiger-moon-47')).toBe(true);
  });
  it('draws every value below max, and skips the biased top of the range', () => {
    const values = [0xffff_ffff, 5, 6];
    const random = randomIntFrom((array) => {
      array[0] = values.shift() as number;
      return array;
    });
    expect(random(10)).toBe(5);
    expect(random(10)).toBe(6);
  });
});
