import { describe, expect, it } from 'vitest';
import { projectorSlides } from './ProjectorScreen';
import type { RoundView, StandingView } from './view';

const pairing = (board: number) => ({ id: board, boardNumber: board }) as RoundView['pairings'][number];
const round = (roundNumber: number, boards: number) => ({ roundNumber, name: `Round ${roundNumber}`, pairings: Array.from({ length: boards }, (_, i) => pairing(i + 1)) }) as RoundView;
const standings = (count: number) => Array.from({ length: count }, (_, i) => ({ rank: i + 1, userId: i + 1 }) as StandingView);

describe('projector slides', () => {
  it.each([
    // [what, rounds, players in the standings, ?show=, the slides (kind:round:rows)]
    ['no round yet: the standings only', [], 4, null, ['standings:-:4']],
    ['the latest paired round, then the standings', [round(1, 2), round(2, 2), round(3, 0)], 4, null, ['pairings:2:2', 'standings:-:4']],
    ['a page of 12 rows per slide', [round(1, 150)], 300, null, [...Array<string>(12).fill('pairings:1:12'), 'pairings:1:6', ...Array<string>(25).fill('standings:-:12')]],
    ['?show=pairings keeps the pairings', [round(1, 2)], 4, 'pairings', ['pairings:1:2']],
    ['?show=standings keeps the standings', [round(1, 2)], 4, 'standings', ['standings:-:4']],
  ] as const)('%s', (_what, rounds, players, show, expected) => {
    const slides = projectorSlides({ rounds: [...rounds], standings: standings(players) }, show);
    expect(slides.map((slide) => `${slide.kind}:${slide.kind === 'pairings' ? slide.round.roundNumber : '-'}:${slide.rows.length}`)).toEqual(expected);
  });
});
