import { describe, expect, it } from 'vitest';
import { ERROR_CODES, ERROR_TEXTS, errorPlaceholders, errorText, isErrorCode, type ErrorCode, type ErrorParams } from './errors';

describe('errorText fills in the values the English names', () => {
  it.each<[ErrorCode, ErrorParams, string]>([
    ['ERR_CLASS_FULL', {}, 'This class is full'],
    ['ERR_TOO_MANY_ATTEMPTS', { minutes: 1 }, 'Too many attempts. Please try again in 1 minute.'],
    ['ERR_TOO_MANY_ATTEMPTS', { minutes: 15 }, 'Too many attempts. Please try again in 15 minutes.'],
    ['ERR_HOMEWORK_NOTE_LENGTH', { most: 280 }, 'The note can be at most 280 characters long'],
    ['ERR_ROUND_ALREADY_PAIRED', { round: 'Round 3' }, 'Round 3 was already paired on another device: its pairings are shown instead.'],
    ['ERR_TRF_UNKNOWN_OPPONENT', { round: 2, player: 5, opponent: 99 }, 'Round 2: player 5 meets unknown player 99.'],
    // A value missing stays a placeholder, never "undefined".
    ['ERR_HOMEWORK_NOTE_LENGTH', {}, 'The note can be at most {most} characters long'],
  ])('%s %j', (code, params, expected) => {
    expect(errorText(code, params)).toBe(expected);
  });
});

describe('the vocabulary', () => {
  it.each<[ErrorCode, string[]]>([
    ['ERR_NOT_FOUND', []],
    ['ERR_TOO_MANY_ATTEMPTS', ['minutes']],
    ['ERR_TRF_UNKNOWN_OPPONENT', ['round', 'player', 'opponent']],
  ])('%s names %j', (code, names) => {
    expect(errorPlaceholders(code)).toEqual(names);
  });

  it('holds each English text once', () => {
    const texts = Object.values(ERROR_TEXTS);
    expect(new Set(texts).size).toBe(texts.length);
  });

  it.each([
    ['ERR_CLASS_FULL', true],
    ['ERR_FULL', false],
    ['toString', false],
    [undefined, false],
  ])('isErrorCode(%j) is %s', (code, expected) => {
    expect(isErrorCode(code)).toBe(expected);
  });

  it('codes are ERR_ and capitals', () => {
    expect(ERROR_CODES.filter((code) => !/^ERR_[A-Z_]+$/.test(code))).toEqual([]);
  });
});
