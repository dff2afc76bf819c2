import { createElement } from 'react';
import { setupI18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { RatingHeader } from './TrainerParts';

/** What a screen reader reads of the header's rating line: its text, tags dropped. */
function ratingLine(rating: { rating: number; rd: number }, change: number | null): string {
  const header = createElement(RatingHeader, { rating: { ...rating, volatility: 0.04, games: 0, currentStreak: 0, bestStreak: 0, puzzlesSolved: 0 }, change });
  const html = renderToStaticMarkup(createElement(I18nProvider, { i18n: setupI18n({ locale: 'en', messages: { en: {} } }) }, header));
  const line = /<p[^>]*data-testid="puzzle-rating"[^>]*>(.*?)<\/p>/.exec(html)?.[1] ?? '';
  return line.replace(/<[^>]+>/g, '');
}

describe('the trainer’s rating line (issue 30: a provisional rating shown as such, as Lichess does)', () => {
  it.each([
    ['a new child (deviation 350)', { rating: 1200, rd: 350 }, null, 'Puzzle rating 1200? (provisional)'],
    ['after a first solve', { rating: 1300, rd: 293 }, 100, 'Puzzle rating 1300? (provisional) +100'],
    ['a settled rating (deviation 110, Lichess’s bound)', { rating: 1234.4, rd: 110 }, null, 'Puzzle rating 1234'],
    ['a settled rating after a miss', { rating: 1234.4, rd: 60 }, -9, 'Puzzle rating 1234 \u22129'],
  ] as const)('%s', (_, rating, change, text) => {
    expect(ratingLine(rating, change)).toBe(text);
  });
});
