import { describe, expect, it } from 'vitest';
import {
  generateParentCode,
  makeParentCode,
  PARENT_CODE_ALPHABET,
  PARENT_CODE_LENGTH,
  parentCodeExpiry,
  parentCodeState,
  parseParentCode,
  playTimeSummary,
} from './parents';

describe('parent codes', () => {
  it('are 8 characters of an alphabet without look-alikes', () => {
    for (const char of '0O1IL5S2Z8B') expect(PARENT_CODE_ALPHABET).not.toContain(char);
    let seed = 7;
    const random = (max: number) => (seed = (seed * 31 + 11) % 1009) % max;
    for (let i = 0; i < 50; i++) {
      const code = generateParentCode(random);
      expect(code).toMatch(new RegExp(`^[${PARENT_CODE_ALPHABET}]{${PARENT_CODE_LENGTH}}$`));
      expect(parseParentCode(makeParentCode(code))).toEqual({ ok: true, code });
    }
  });

  it('uses every character of the alphabet', () => {
    let next = 0;
    const codes = Array.from({ length: PARENT_CODE_ALPHABET.length }, () => generateParentCode((max) => next++ % max)).join('');
    expect(new Set(codes).size).toBe(PARENT_CODE_ALPHABET.length);
  });

  it.each([
    ['acde-fghj', { ok: true, code: 'ACDEFGHJ' }],
    [' ACDE FGHJ ', { ok: true, code: 'ACDEFGHJ' }],
    ['ACDEFGH', { ok: false, error: 'ERR_PARENT_CODE_LENGTH' }],
    ['ACDEFGHJK', { ok: false, error: 'ERR_PARENT_CODE_LENGTH' }],
    ['ACDEFGH0', { ok: false, error: 'ERR_PARENT_CODE_CHARACTER' }],
    ['ACDEFGHO', { ok: false, error: 'ERR_PARENT_CODE_CHARACTER' }],
    ['', { ok: false, error: 'ERR_PARENT_CODE_LENGTH' }],
  ])('parses %j', (typed, expected) => {
    expect(parseParentCode(typed)).toEqual(expected);
  });

  it('prints in two groups of four', () => {
    expect(makeParentCode('ACDEFGHJ')).toBe('ACDE-FGHJ');
  });

  it('expires after 30 days, works once, and is retired when the guesses reach its mark', () => {
    const made = new Date('2026-11-25T10:00:00Z');
    const expiresAt = parentCodeExpiry(made).toISOString();
    expect(expiresAt).toBe('2026-12-25T10:00:00.000Z');
    const code: { expiresAt: string; usedAt: string | null; retireAtGuess: number } = { expiresAt, usedAt: null, retireAtGuess: 500 };
    const rows: [typeof code, string, number, string][] = [
      [code, '2026-12-25T09:59:59Z', 0, 'usable'],
      [code, '2026-12-25T09:59:59Z', 499, 'usable'],
      [code, '2026-12-25T09:59:59Z', 500, 'retired'],
      [code, '2026-12-25T10:00:00Z', 0, 'expired'],
      // An ended code stays 'expired' or 'used' however many guesses come after it.
      [code, '2026-12-25T10:00:00Z', 10_000, 'expired'],
      [{ ...code, usedAt: '2026-11-26T10:00:00Z' }, '2026-11-27T10:00:00Z', 0, 'used'],
      [{ ...code, usedAt: '2026-11-26T10:00:00Z' }, '2026-11-27T10:00:00Z', 10_000, 'used'],
    ];
    for (const [row, now, guesses, state] of rows) expect(parentCodeState(row, new Date(now), guesses)).toBe(state);
  });
});

describe('playTimeSummary', () => {
  const at = (day: number, hour: number) => new Date(2026, 10, day, hour).toISOString();
  it('adds the games of the local day and of the last seven days', () => {
    const now = new Date(2026, 10, 25, 18);
    const games = [
      { finishedAt: at(25, 9), durationSeconds: 600 },
      { finishedAt: at(25, 17), durationSeconds: 330 },
      { finishedAt: at(24, 23), durationSeconds: 1200 },
      { finishedAt: at(19, 8), durationSeconds: 60 },
      { finishedAt: at(18, 20), durationSeconds: 6000 },
    ];
    expect(playTimeSummary(games, now)).toEqual({ todayMinutes: 16, weekMinutes: 37 });
    expect(playTimeSummary([], now)).toEqual({ todayMinutes: 0, weekMinutes: 0 });
  });
});
