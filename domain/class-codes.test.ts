import { describe, expect, it } from 'vitest';
import {
  CLASS_CODE_ALPHABET,
  formatClassCode,
  formatCountdown,
  generateClassCode,
  isClassCodeShape,
  JOIN_CODE_LENGTH,
  normalizeClassCode,
  SIGN_IN_CODE_LENGTH,
} from './class-codes';

describe('class codes', () => {
  it('the alphabet has no look-alikes and no repeats', () => {
    for (const confusable of '0O1IL2Z5S8BUV') expect(CLASS_CODE_ALPHABET).not.toContain(confusable);
    expect(new Set(CLASS_CODE_ALPHABET).size).toBe(CLASS_CODE_ALPHABET.length);
  });

  it('draws every character from the alphabet with the random function given', () => {
    const draws: number[] = [];
    const code = generateClassCode(SIGN_IN_CODE_LENGTH, (max) => {
      draws.push(max);
      return draws.length - 1;
    });
    expect(code).toBe(CLASS_CODE_ALPHABET.slice(0, SIGN_IN_CODE_LENGTH));
    expect(draws).toEqual(Array.from({ length: SIGN_IN_CODE_LENGTH }, () => CLASS_CODE_ALPHABET.length));
    const last = generateClassCode(JOIN_CODE_LENGTH, (max) => max - 1);
    expect(last).toBe(CLASS_CODE_ALPHABET.at(-1)!.repeat(JOIN_CODE_LENGTH));
  });

  it('reads what a child types: any case, spaces and dashes ignored', () => {
    expect(normalizeClassCode(' acd-efg ')).toBe('ACDEFG');
    expect(normalizeClassCode('acd efg')).toBe('ACDEFG');
    expect(isClassCodeShape('ACDEFG', SIGN_IN_CODE_LENGTH)).toBe(true);
    expect(isClassCodeShape('ACDEF0', SIGN_IN_CODE_LENGTH)).toBe(false);
    expect(isClassCodeShape('ACDEF', SIGN_IN_CODE_LENGTH)).toBe(false);
    expect(isClassCodeShape('ACDEFG', JOIN_CODE_LENGTH)).toBe(false);
  });

  it('shows codes in two groups and the time left in minutes and seconds', () => {
    expect(formatClassCode('ACDEFG')).toBe('ACD-EFG');
    expect(formatClassCode('ACDEFGHJ')).toBe('ACDE-FGHJ');
    expect(formatCountdown(600_000)).toBe('10:00');
    expect(formatCountdown(65_001)).toBe('1:06');
    expect(formatCountdown(-5)).toBe('0:00');
  });
});
