import { i18n } from '@lingui/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES, errorPlaceholders, errorText, type ErrorParams } from '../../../schema';
import { ruleErrorText, serverErrorText, serverMessage } from './server-messages';

// A value for every name a message may use (errorPlaceholders): what the server would send.
const SAMPLE_VALUES: ErrorParams = { minutes: 3, most: 280, total: 7, round: 'Round 2', board: 5, player: 4, opponent: 9, players: 6, rounds: 5 };
const paramsOf = (code: (typeof ERROR_CODES)[number], values: ErrorParams = SAMPLE_VALUES): ErrorParams =>
  Object.fromEntries(errorPlaceholders(code).map((name) => [name, values[name] as string | number]));

describe('every server error code has a message, with the server’s English and values', () => {
  beforeAll(() => i18n.loadAndActivate({ locale: 'en', messages: {} }));

  it.each(ERROR_CODES)('%s', (code) => {
    const params = paramsOf(code);
    expect(Object.keys(params)).toEqual(errorPlaceholders(code)); // the sample names every value
    expect(i18n._(serverMessage(code, params))).toBe(errorText(code, params));
  });

  it('a count of one', () => {
    expect(i18n._(serverMessage('ERR_TOO_MANY_ATTEMPTS', { minutes: 1 }))).toBe(errorText('ERR_TOO_MANY_ATTEMPTS', { minutes: 1 }));
  });
});

describe('serverErrorText: the app’s language by code, else the server’s English', () => {
  beforeAll(() => i18n.loadAndActivate({ locale: 'fr', messages: { [serverMessage('ERR_CLASS_FULL').id]: 'Cette classe est complète' } }));
  afterAll(() => i18n.loadAndActivate({ locale: 'en', messages: {} }));

  it.each([
    ['a known code', { error: 'This class is full', code: 'ERR_CLASS_FULL' }, 'Cette classe est complète'],
    ['no code (Fastify’s validation, an older server)', { error: 'Invalid body: name: Required' }, 'Invalid body: name: Required'],
    ['a code this build does not know (a newer server)', { error: 'Something new', code: 'ERR_SOMETHING_NEW' }, 'Something new'],
    ['a value missing', { error: 'The note can be at most 280 characters long', code: 'ERR_HOMEWORK_NOTE_LENGTH' }, 'The note can be at most 280 characters long'],
  ])('%s', (_case, body, expected) => {
    expect(serverErrorText(body)).toBe(expected);
  });

  it.each([
    ['a rule’s refusal by its reason', { message: 'This class is full', reason: { code: 'ERR_CLASS_FULL' as const } }, 'Cette classe est complète'],
    ['an engine’s own words', { message: 'Board 3 is a rematch.' }, 'Board 3 is a rematch.'],
  ])('ruleErrorText: %s', (_case, error, expected) => {
    expect(ruleErrorText(error)).toBe(expected);
  });
});
