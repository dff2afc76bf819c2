import { setupI18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { accuracyTone, canRetryMove, categoryLabel, CATEGORY_ICONS, complexityLabel, moveLabel, numberedMove } from './presentation';
import { MOVE_CATEGORIES } from '../../../schema';

// English with no catalogue: the descriptors' own words (the source texts).
const english = setupI18n({ locale: 'en', messages: { en: {} } });

describe('coaching presentation', () => {
  it.each([
    { accuracy: 100, tone: 'good' },
    { accuracy: 85, tone: 'good' },
    { accuracy: 84.9, tone: 'fair' },
    { accuracy: 70, tone: 'fair' },
    { accuracy: 69.99, tone: 'poor' },
    { accuracy: 0, tone: 'poor' },
  ])('accuracy $accuracy is $tone', ({ accuracy, tone }) => {
    expect(accuracyTone(accuracy)).toBe(tone);
  });

  it.each([
    { complexity: 71, label: 'High' },
    { complexity: 70, label: 'Medium' },
    { complexity: 41, label: 'Medium' },
    { complexity: 40, label: 'Low' },
  ])('complexity $complexity is $label', ({ complexity, label }) => {
    expect(complexityLabel(complexity)).toBe(label);
  });

  it.each([
    { category: 'brilliant', label: 'Brilliant!' },
    { category: 'miss', label: 'Missed Opportunity' },
    { category: 'blunder', label: 'Blunder' },
    { category: 'Great', label: 'Move Analysis' },
    { category: 'unknown', label: 'Move Analysis' },
  ])('$category reads $label', ({ category, label }) => {
    expect(english._(categoryLabel(category))).toBe(label);
  });

  it('every category has an icon', () => {
    for (const category of MOVE_CATEGORIES) expect(CATEGORY_ICONS[category]).toBeTruthy();
  });

  it.each([
    { ply: 0, san: 'e4', text: '1. e4' },
    { ply: 1, san: 'e5', text: '1... e5' },
    { ply: 22, san: 'Nf3', text: '12. Nf3' },
  ])('ply $ply $san is $text', ({ ply, san, text }) => {
    expect(numberedMove(ply, san)).toBe(text);
  });

  it.each([
    { fen: 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1', san: 'e4', text: '1. e4' },
    { fen: 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1', san: 'e5', text: '1... e5' },
    { fen: '8/8/8/4k3/8/8/4K3/8 b - - 3 41', san: 'Kd4', text: '41... Kd4' },
  ])('before $fen, $san is $text', ({ fen, san, text }) => {
    expect(moveLabel(fen, san)).toBe(text);
  });
});

describe('Retry in the review: the child\'s own moves only (issue 20)', () => {
  it.each([
    ['blunder', 'w', 'w', true],
    ['blunder', 'b', 'w', false],
    ['mistake', 'b', 'b', true],
    ['best', 'w', 'w', false],
    ['blunder', 'b', null, true],
  ] as const)('%s by %s, child %s: %s', (category, mover, player, offered) => {
    expect(canRetryMove(category, mover, player)).toBe(offered);
  });
});
