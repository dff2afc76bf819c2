import { i18n } from '@lingui/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { TOURNAMENT_STATUS_LABELS as DOMAIN_STATUS_LABELS } from '../../../domain/tournament-admin';
import { REGISTRATION_STATUSES, TIME_CONTROL_TYPES, TOURNAMENT_STATUSES } from '../../../schema';
import { REGISTRATION_STATUS_WORDS, TIME_CONTROL_TYPE_LABELS, TOURNAMENT_STATUS_LABELS, formatDate, labelOf } from './labels';
import { resultNotKeptText } from './ResultsNotKept';

describe('tournament words in English (issue 28)', () => {
  beforeAll(() => i18n.loadAndActivate({ locale: 'en', messages: {} }));

  it.each(TOURNAMENT_STATUSES)('the %s status reads as domain words it (its refusals name it so)', (status) => {
    expect(i18n._(TOURNAMENT_STATUS_LABELS[status])).toBe(DOMAIN_STATUS_LABELS[status]);
  });

  it.each([...REGISTRATION_STATUSES.map((status) => [REGISTRATION_STATUS_WORDS, status] as const), ...TIME_CONTROL_TYPES.map((type) => [TIME_CONTROL_TYPE_LABELS, type] as const)])(
    'a value shown inside a sentence reads as the value itself: %#',
    (labels, value) => {
      expect(labelOf(i18n, labels, value)).toBe(value);
    },
  );

  it('shows a value it does not know as the server wrote it', () => {
    expect(labelOf(i18n, TOURNAMENT_STATUS_LABELS, 'postponed')).toBe('postponed');
  });

  it('writes a missing date as TBD', () => {
    expect(formatDate(null)).toBe('TBD');
  });

  it.each([
    [{ kept: '0-1', provisional: false, result: '1-0' }, "Round 2, board 3: your result 1-0 was not kept; the arbiter's result is 0-1."],
    [{ kept: '1/2-1/2', provisional: true, result: '1-0' }, 'Round 2, board 3: your result 1-0 was not kept; the result ½-½ entered on another device stands until the arbiter decides (provisional).'],
  ] as const)('a result not kept names both results: %j', (notice, message) => {
    expect(resultNotKeptText(i18n, { roundNumber: 2, boardNumber: 3, ...notice }, 'Round 2')).toBe(message);
  });
});
