import { describe, expect, it } from 'vitest';
import { checkName } from './names';
import { usernameBase, usernameCandidates } from './usernames';

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
    // Arabic script writes no short vowels and any-ascii drops ع, so these are known to be poor
    // (Muhammad Ali, Elias Khoury; the teacher can rename); a family name's article (ال) is not
    // its initial: Fatima al-Zahra is FtmhZ, not FtmhL.
    { input: 'محمد علي', expected: 'MhmdL' },
    { input: 'فاطمة الزهراء', expected: 'FtmhZ' },
    { input: 'الياس خوري', expected: 'LysK' },
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
