import { setupI18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { RESULT_REASONS, TIE_BREAK_NAMES, TOURNAMENT_FORMATS, TOURNAMENT_RESULTS } from '../../../schema';
import { TOURNAMENT_FORMAT_LABELS } from './labels';
import { REASON_NAMES, resultName, roundStatusName, tieBreakName } from './round-labels';

const english = setupI18n({ locale: 'en', messages: { en: {} } });

// The English the screens and e2e tests read, from before the labels were messages (issue 28).
describe('the tournament vocabularies in English', () => {
  it('results: notation as it is, forfeits in words', () => {
    expect(TOURNAMENT_RESULTS.map((result) => resultName(english, result))).toEqual(['1-0', '0-1', '½-½', 'White wins by forfeit', 'Black wins by forfeit', 'Double forfeit']);
  });
  it('reasons', () => {
    expect(RESULT_REASONS.map((reason) => english._(REASON_NAMES[reason]))).toEqual(['Checkmate', 'Resignation', 'Time', 'Draw agreement', 'Stalemate', 'Threefold repetition', 'Fifty-move rule', 'Forfeit']);
  });
  it('tie-breaks, and a name this app does not know as stored', () => {
    expect([...TIE_BREAK_NAMES, 'koya'].map((name) => tieBreakName(english, name))).toEqual(['Buchholz', 'Buchholz Cut 1', 'Sonneborn-Berger', 'Direct encounter', 'Average rating of opponents', 'Performance', 'koya']);
  });
  it('formats', () => {
    expect(TOURNAMENT_FORMATS.map((format) => english._(TOURNAMENT_FORMAT_LABELS[format]))).toEqual(['Swiss System', 'Round Robin', 'Single Elimination', 'Double Elimination']);
  });
  it('round statuses, the stored scheduled one too', () => {
    expect(['scheduled', 'created', 'paired', 'in_progress', 'completed', 'odd'].map((status) => roundStatusName(english, status))).toEqual(['Scheduled', 'Created', 'Paired', 'In Progress', 'Completed', 'odd']);
  });
});
