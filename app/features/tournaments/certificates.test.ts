import { createElement } from 'react';
import { setupI18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { CertificatesSheet } from './TournamentPrintScreen';
import type { TournamentSnapshotView } from './tournaments';
import type { RoundView, StandingView } from './view';

/** A completed tournament of `players` players and `rounds` rounds; player n has 10 - n / 2 points (0 at the least). */
function completed(players: number, rounds: number): TournamentSnapshotView {
  const standings = Array.from({ length: players }, (_, i) => ({ rank: i + 1, userId: i + 1, username: `P${i + 1}`, score: Math.max(0, 10 - (i + 1) / 2) }) as StandingView);
  return {
    info: { id: 1, name: 'Cup', venue: 'Hall', endDate: '2026-12-05T00:00:00.000Z', status: 'completed' },
    rounds: Array.from({ length: rounds }, (_, i) => ({ id: i + 1, roundNumber: i + 1, pairings: [] }) as unknown as RoundView),
    standings,
    actions: { issueCertificates: async () => undefined },
  } as unknown as TournamentSnapshotView;
}

/** Each certificate's lines as text, in English (the source messages). */
function certificates(view: TournamentSnapshotView): string[][] {
  const english = setupI18n({ locale: 'en', messages: { en: {} } });
  const html = renderToStaticMarkup(createElement(I18nProvider, { i18n: english }, createElement(CertificatesSheet, { view })));
  return [...html.matchAll(/<section[^>]*>(.*?)<\/section>/g)].map((section) =>
    [...(section[1] ?? '').matchAll(/<(?:h2|p)[^>]*>(.*?)<\/(?:h2|p)>/g)].map((line) => (line[1] ?? '').replace(/<[^>]+>/g, '')));
}

describe('certificates (printed in the app’s language, English unchanged)', () => {
  it.each([
    // [place, its lines]
    [1, ['Certificate of Achievement', 'This certifies that', 'P1', 'won First Place in Cup', 'with 9½ points from 5 rounds, finishing 1st of 23.']],
    [2, ['Certificate of Achievement', 'This certifies that', 'P2', 'won Second Place in Cup', 'with 9 points from 5 rounds, finishing 2nd of 23.']],
    [3, ['Certificate of Achievement', 'This certifies that', 'P3', 'won Third Place in Cup', 'with 8½ points from 5 rounds, finishing 3rd of 23.']],
    [4, ['Certificate of Participation', 'This certifies that', 'P4', 'took part in Cup', 'with 8 points from 5 rounds, finishing 4th of 23.']],
    [11, ['Certificate of Participation', 'This certifies that', 'P11', 'took part in Cup', 'with 4½ points from 5 rounds, finishing 11th of 23.']],
    [12, ['Certificate of Participation', 'This certifies that', 'P12', 'took part in Cup', 'with 4 points from 5 rounds, finishing 12th of 23.']],
    [13, ['Certificate of Participation', 'This certifies that', 'P13', 'took part in Cup', 'with 3½ points from 5 rounds, finishing 13th of 23.']],
    [21, ['Certificate of Participation', 'This certifies that', 'P21', 'took part in Cup', 'with ½ points from 5 rounds, finishing 21st of 23.']],
    [22, ['Certificate of Participation', 'This certifies that', 'P22', 'took part in Cup', 'with 0 points from 5 rounds, finishing 22nd of 23.']],
  ])('place %d', (place, lines) => {
    const view = completed(23, 5);
    view.standings[20] = { ...view.standings[20]!, score: 0.5 };
    const [heading, ...rest] = certificates(view)[place - 1] ?? [];
    const shown = [heading, ...rest.slice(0, 4)].map((line) => line?.replace(/\s+/g, ' '));
    expect(shown).toEqual(lines);
    // The venue and the last day, in the reader's format (dates.ts).
    expect(rest[4]).toMatch(/^Hall .*2026$/);
  });

  it('says round for a one-round event (the count is a plural in every language)', () => {
    expect(certificates(completed(2, 1))[0]?.[4]).toBe('with 9½ points from 1 round, finishing 1st of 2.');
  });
});
