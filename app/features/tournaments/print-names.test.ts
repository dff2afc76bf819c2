import { i18n } from '@lingui/core';
import { createElement, type FunctionComponent } from 'react';
import { setupI18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { snapshotSchema, snapshotView } from './tournament-snapshot';
import type { TournamentSnapshotView } from './tournaments';
import { CertificatesSheet, CrosstableSheet, PairingsSheet, StandingsSheet } from './TournamentPrintScreen';

// Names as an older server stored them: line breaks, a tab, zero-width and bidi-override characters,
// a right-to-left name and a very long one.
const HOSTILE = {
  1: 'x\r\n012 PWNED',
  2: '\u202Eevil\t"q",=cmd',
  3: 'Z\u200Bero\u2066width\u2069',
  4: 'שרה כהן',
  5: 'N'.repeat(120),
} as const;
const name = (id: keyof typeof HOSTILE) => HOSTILE[id];

const view = (): TournamentSnapshotView => {
  const stored = snapshotSchema.parse({
    tournament: {
      id: 1, name: 'Cup\r\n\u202Ereversed', description: null, venue: 'Town\u200B Hall\n', startDate: '2026-12-01T00:00:00.000Z', endDate: '2026-12-01T00:00:00.000Z',
      registrationStartDate: '2026-11-01T00:00:00.000Z', registrationEndDate: '2026-11-30T00:00:00.000Z', maxParticipants: null,
      format: 'swiss', timeControl: { type: 'rapid', minutes: 15, increment: 10 }, entryFee: 0, currency: 'INR', rounds: 1, status: 'completed', organizerId: 9,
    },
    registrations: ([1, 2, 3, 4, 5] as const).map((id) => ({ id, userId: id, userName: name(id), userEmail: null, userElo: 1500 + id, status: 'confirmed', createdAt: '2026-11-02T00:00:00.000Z' })),
    rounds: [{
      id: 1, roundNumber: 1, name: 'Round\u202E 1', status: 'completed', startTime: null, gamesCount: 2, completedGames: 2,
      pairings: [
        { id: 1, gameId: 1, boardNumber: 1, whitePlayerId: 1, whitePlayerName: name(1), whitePlayerElo: 1501, blackPlayerId: 2, blackPlayerName: name(2), blackPlayerElo: 1502, gameResult: '1-0', gameStatus: 'completed', isBye: false, byeKind: null },
        { id: 2, gameId: 2, boardNumber: 2, whitePlayerId: 3, whitePlayerName: name(3), whitePlayerElo: 1503, blackPlayerId: 4, blackPlayerName: name(4), blackPlayerElo: 1504, gameResult: '0-1', gameStatus: 'completed', isBye: false, byeKind: null },
        { id: 3, gameId: null, boardNumber: 3, whitePlayerId: 5, whitePlayerName: name(5), whitePlayerElo: 1505, blackPlayerId: null, blackPlayerName: null, blackPlayerElo: null, gameResult: null, gameStatus: 'completed', isBye: true, byeKind: 'pairing' },
      ],
    }],
    tieBreaks: ['buchholz'], disputes: [], loadedAt: '2026-12-01T10:00:00.000Z',
  });
  // The certificates sheet records them in an effect, which server rendering never runs.
  const actions = { issueCertificates: async () => undefined } as unknown as TournamentSnapshotView['actions'];
  return { ...snapshotView(stored), actions, canManage: false, myRegistration: null };
};

describe('print sheets and certificates with hostile names', () => {
  // The sheets' words come from the catalogue (issue 28), in English here.
  beforeAll(() => i18n.loadAndActivate({ locale: 'en', messages: {} }));
  const sheets: [string, FunctionComponent<{ view: TournamentSnapshotView }>][] = [
    ['pairings', ({ view }) => PairingsSheet({ view, round: view.rounds[0] ?? null })],
    ['standings', StandingsSheet],
    ['crosstable', CrosstableSheet],
    ['certificates', CertificatesSheet],
  ];
  it.each(sheets)('%s: no control, format or bidi characters, every name isolated', (_name, sheet) => {
    const english = setupI18n({ locale: 'en', messages: { en: {} } });
    const html = renderToStaticMarkup(createElement(I18nProvider, { i18n: english }, createElement(sheet, { view: view() })));
    expect(html).not.toMatch(/[\p{Cc}\p{Cf}]/u);
    for (const shown of ['x 012 PWNED', 'evil &quot;q&quot;,=cmd', 'Zerowidth', 'שרה כהן', 'N'.repeat(120)]) {
      expect(html).toContain(`<bdi>${shown}</bdi>`);
    }
    expect(html).toContain('<bdi>Cup reversed</bdi>');
  });
});
