import { describe, expect, it } from 'vitest';
import { chanceOfFinding, CODE_SPACE, codeState, retireBudget, RETIRE_SHARE } from './code-guessing';

describe('guessable codes', () => {
  it('counts the codes of each kind and the wrong guesses a live code may meet', () => {
    const rows = [
      // kind, codes (alphabet ** length), retired after
      ['sign_in', 23 ** 6, 14_803],
      ['join', 23 ** 8, 7_831_098],
      ['parent', 25 ** 8, 15_258_789],
    ] as const;
    for (const [kind, space, budget] of rows) {
      expect(CODE_SPACE[kind]).toBe(space);
      expect(retireBudget(kind)).toBe(budget);
      // The retired code's chance of having been found is at most 1 in RETIRE_SHARE.
      expect(chanceOfFinding(budget, 1, space)).toBeLessThanOrEqual(1 / RETIRE_SHARE);
    }
  });

  it('a code is live until it expires or the guesses reach its mark; expiry comes first', () => {
    const code = { expiresAt: '2026-11-27T09:10:00.000Z', retireAtGuess: 100 };
    const rows = [
      // now, guesses counted, state
      ['2026-11-27T09:09:59.999Z', 0, 'live'],
      ['2026-11-27T09:09:59.999Z', 99, 'live'],
      ['2026-11-27T09:09:59.999Z', 100, 'retired'],
      ['2026-11-27T09:10:00.000Z', 0, 'expired'],
      ['2026-11-27T09:10:00.000Z', 100_000, 'expired'],
    ] as const;
    for (const [now, guesses, state] of rows) expect(codeState(code, guesses, new Date(now))).toBe(state);
    expect(codeState({ expiresAt: null, retireAtGuess: 1 }, 0, new Date())).toBe('live');
  });

  it('the chance of finding a code, as docs/decisions.md quotes it', () => {
    const rows = [
      // guesses, live codes, space, chance (to 2 significant figures); where the row comes from
      [1, 1, 2, 0.5], // one guess at a coin
      [2, 1, 2, 0.75],
      [0, 5, 100, 0],
      // A stranger on one network, 240 sign-in guesses a quarter hour, all of a 7-hour school day, 20 codes live.
      [240 * 4 * 7, 20, 23 ** 6, 0.00091],
      // The same every school day of a year (190 days).
      [240 * 4 * 7 * 190, 20, 23 ** 6, 0.16],
      // One class whose codes live 20 minutes a school day, for a year: 16 guesses a minute.
      [16 * 20 * 190, 1, 23 ** 6, 0.00041],
      // Join codes: one network at 120 a quarter hour for a code's 120 days, 500 join codes live.
      [120 * 96 * 120, 500, 23 ** 8, 0.0088],
      // Parent letters: one network at 300 a day for a letter's 30 days, 3,000 letters out.
      [300 * 30, 3_000, 25 ** 8, 0.00018],
    ] as const;
    for (const [guesses, live, space, chance] of rows) expect(Number(chanceOfFinding(guesses, live, space).toPrecision(2))).toBe(chance);
  });
});
