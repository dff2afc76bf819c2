import { describe, expect, it } from 'vitest';
import { boardFinderRows, projectorSlides } from './ProjectorScreen';
import type { RoundView, StandingView } from './view';

const pairing = (board: number) => ({ id: board, boardNumber: board, whitePlayerName: `W${board}`, blackPlayerName: `B${board}`, isBye: false }) as RoundView['pairings'][number];
const round = (roundNumber: number, boards: number) => ({ roundNumber, name: `Round ${roundNumber}`, pairings: Array.from({ length: boards }, (_, i) => pairing(i + 1)) }) as RoundView;
const standings = (count: number) => Array.from({ length: count }, (_, i) => ({ rank: i + 1, userId: i + 1 }) as StandingView);

describe('projector slides', () => {
  it.each([
    // [what, rounds, players in the standings, ?show=, the slides (kind:round:rows)]
    ['no round yet: the standings only', [], 4, null, ['standings:-:4']],
    ['the latest paired round, then the standings', [round(1, 2), round(2, 2), round(3, 0)], 4, null, ['pairings:2:2', 'standings:-:4']],
    ['a page of 12 rows per slide, after the Find your board slides (36 names each)', [round(1, 150)], 300, null, [...Array<string>(8).fill('find:1:36'), 'find:1:12', ...Array<string>(12).fill('pairings:1:12'), 'pairings:1:6', ...Array<string>(25).fill('standings:-:12')]],
    ['12 boards: no Find your board slide', [round(1, 12)], 24, 'pairings', ['pairings:1:12']],
    ['13 boards: Find your board first', [round(1, 13)], 26, 'pairings', ['find:1:26', 'pairings:1:12', 'pairings:1:1']],
    ['?show=pairings keeps the pairings', [round(1, 2)], 4, 'pairings', ['pairings:1:2']],
    ['?show=standings keeps the standings', [round(1, 2)], 4, 'standings', ['standings:-:4']],
  ] as const)('%s', (_what, rounds, players, show, expected) => {
    const slides = projectorSlides({ rounds: [...rounds], standings: standings(players) }, show);
    expect(slides.map((slide) => `${slide.kind}:${slide.kind === 'standings' || slide.kind === 'teams' ? '-' : slide.round.roundNumber}:${slide.rows.length}`)).toEqual(expected);
  });

  it('school team standings follow the standings when the organiser set them (not with ?show=pairings)', () => {
    const teams = [{ rank: 1, organizationId: 1, name: 'Hill', points: 9, tieBreak: 5, counted: [], players: 3 }];
    expect(projectorSlides({ rounds: [], standings: standings(2), teams }, null).map((s) => s.kind)).toEqual(['standings', 'teams']);
    expect(projectorSlides({ rounds: [round(1, 1)], standings: standings(2), teams }, 'pairings').map((s) => s.kind)).toEqual(['pairings']);
  });

  it('Find your board lists every player alphabetically with board and colour, a bye as Bye', () => {
    const r = {
      roundNumber: 1,
      name: 'Round 1',
      pairings: [
        { id: 1, boardNumber: 1, whitePlayerName: 'zoe', blackPlayerName: 'Adam', isBye: false },
        { id: 2, boardNumber: 2, whitePlayerName: 'Maya', blackPlayerName: 'Ben', isBye: false },
        { id: 3, boardNumber: 3, whitePlayerName: 'Carl', blackPlayerName: null, isBye: true },
      ],
    } as unknown as RoundView;
    expect(boardFinderRows(r)).toEqual([
      { name: 'Adam', boardNumber: 1, side: 'Black' },
      { name: 'Ben', boardNumber: 2, side: 'Black' },
      { name: 'Carl', boardNumber: 3, side: 'Bye' },
      { name: 'Maya', boardNumber: 2, side: 'White' },
      { name: 'zoe', boardNumber: 1, side: 'White' },
    ]);
  });
});
