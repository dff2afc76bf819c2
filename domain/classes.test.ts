import { describe, expect, it } from 'vitest';
import { checkName } from './names';
import { PASSWORD_WORDS, generatePassword, isGeneratedPassword, parsePastedNames, randomIntFrom, usernameBase, usernameCandidates } from './classes';

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

describe('usernameBase: first name and the last name’s initial', () => {
  it.each([
    { input: 'Anna Smith', expected: 'AnnaS' },
    { input: 'anna maria smith', expected: 'AnnaS' },
    { input: 'Ben', expected: 'Ben' },
    // Issue 28: letters a child can type on an English keyboard (these were 'SiobhánO' and 'Priyaश').
    { input: "Siobhán O'Neil", expected: 'SiobhanO' },
    { input: 'Jean-Luc Picard', expected: 'JeanLucP' },
    { input: 'Priya शर्मा', expected: 'PriyaS' },
    { input: 'आरव शर्मा', expected: 'AaravS' },
    { input: 'विहान कुमार सिंह', expected: 'VihaanS' },
    { input: 'फ़ातिमा ख़ान', expected: 'FatimaK' },
    { input: 'Zoë Núñez', expected: 'ZoeN' },
    { input: 'Иван Петров', expected: 'IvanP' },
    { input: '王小明', expected: 'WangXiaoMing' },
    { input: 'वेंकटरमणसुब्रमण्यम अय्यर', expected: 'VenktarmansubramA' },
    { input: 'Maximilianalexanderson Jones', expected: 'MaximilianalexanJ' },
    { input: '!!! ???', expected: 'Player' },
    { input: '।। ॥', expected: 'Player' },
  ])('$input → $expected', ({ input, expected }) => {
    expect(usernameBase(input)).toBe(expected);
  });
});

describe('usernameCandidates', () => {
  it('starts with the base, then numbers it', () => {
    const first = [...usernameCandidates('Anna Smith', 5)];
    expect(first).toEqual(['AnnaS', 'AnnaS2', 'AnnaS3', 'AnnaS4']);
  });
  it('a base shorter than 3 starts with a number', () => {
    expect([...usernameCandidates('Li', 4)]).toEqual(['Li2', 'Li3']);
  });
  it('every candidate passes the username rules (3 to 20, no invisible characters)', () => {
    for (const name of ['Anna Smith', 'Li', 'Maximilianalexanderson Jones', '\u202EEvil\u202C Name', 'Zoe\u0308 Ng', 'आरव शर्मा', 'अ', '王']) {
      for (const candidate of usernameCandidates(name, 120)) {
        const checked = checkName(candidate, 3, 20);
        expect(checked.ok, candidate).toBe(true);
        if (checked.ok) expect(checked.value).toBe(candidate);
        expect(candidate).toMatch(/^[A-Za-z0-9]+$/);
      }
    }
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
