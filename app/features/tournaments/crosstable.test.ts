import { setupI18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { crosstable, pointsText } from './crosstable';
import type { PairingView, RoundView, StandingView } from './view';

const standing = (rank: number, userId: number, score: number): StandingView => ({
  rank, userId, username: `P${userId}`, eloRating: 1500, score, gamesPlayed: 1, wins: 0, draws: 0, losses: 0, performance: null, buchholz: 0, tieBreaks: [],
});
const game = (board: number, white: number, black: number | null, result: PairingView['gameResult'], byeKind: PairingView['byeKind'] = null): PairingView => ({
  id: board, gameId: black === null ? null : board, boardNumber: board, whitePlayerId: white, whitePlayerName: `P${white}`, whitePlayerElo: null,
  blackPlayerId: black, blackPlayerName: black === null ? null : `P${black}`, blackPlayerElo: null, gameResult: result,
  gameStatus: result ? 'completed' : 'scheduled', isBye: black === null, byeKind, resultReason: null, gameDuration: null, advancesPlayerId: null,
});
const english = setupI18n({ locale: 'en', messages: { en: {} } });
const round = (n: number, pairings: PairingView[]): RoundView => ({
  id: n, roundNumber: n, name: `Round ${n}`, status: 'completed', gamesCount: pairings.length, completedGames: pairings.length, startTime: null, pairings,
});

describe('crosstable', () => {
  it.each([
    // [case, rounds, expected cells of players 1, 2, 3]
    ['a win and a pairing bye', [round(1, [game(1, 1, 2, '1-0'), game(2, 3, null, null, 'pairing')])], [['2w1'], ['1b0'], ['bye 1']]],
    ['a draw and a half-point bye', [round(1, [game(1, 2, 1, '1/2-1/2'), game(2, 3, null, null, 'half')])], [['2b½'], ['1w½'], ['bye ½']]],
    ['a forfeit win and a zero bye', [round(1, [game(1, 1, 2, '-+'), game(2, 3, null, null, 'zero')])], [['2w-'], ['1b+'], ['bye 0']]],
    ['a double forfeit and a full-point bye', [round(1, [game(1, 1, 2, '--'), game(2, 3, null, null, 'full')])], [['2w-'], ['1b-'], ['bye 1']]],
    ['an unplayed game', [round(1, [game(1, 1, 2, null)])], [['2w'], ['1b'], ['']]],
  ])('%s', (_name, rounds, expected) => {
    const rows = crosstable(english, [standing(1, 1, 1), standing(2, 2, 0), standing(3, 3, 1)], rounds);
    expect(rows.map((row) => row.cells)).toEqual(expected);
  });
});

// Issue 29: a result still in dispute says so in words in its cell and in the totals it counts in.
describe('provisional results in the crosstable and standings', () => {
  const disputed = (pairing: PairingView): PairingView => ({ ...pairing, provisional: true });
  it.each([
    ['a disputed win', [round(1, [disputed(game(1, 1, 2, '1-0')), game(2, 3, null, null, 'pairing')])], [['2w1 (provisional)'], ['1b0 (provisional)'], ['bye 1']], ['1 (provisional)', '0 (provisional)', '1']],
    ['a disputed draw in round 2', [round(1, [game(1, 1, 2, '1-0'), game(2, 3, null, null, 'pairing')]), round(2, [disputed(game(1, 3, 1, '1/2-1/2')), game(2, 2, null, null, 'pairing')])], [['2w1', '3b½ (provisional)'], ['1b0', 'bye 1'], ['bye 1', '1w½ (provisional)']], ['1 (provisional)', '0', '1 (provisional)']],
    ['a disputed board with no result yet: nothing to mark', [round(1, [disputed(game(1, 1, 2, null))])], [['2w'], ['1b'], ['']], ['1', '0', '1']],
  ])('%s', (_name, rounds, cells, totals) => {
    const rows = crosstable(english, [standing(1, 1, 1), standing(2, 2, 0), standing(3, 3, 1)], rounds);
    expect(rows.map((row) => row.cells)).toEqual(cells);
    expect(rows.map((row) => row.total)).toEqual(totals);
  });
  it.each([
    [2.5, true, '2½ (provisional)'],
    [0, true, '0 (provisional)'],
    [1.5, false, '1½'],
    [0, false, '0'],
  ])('pointsText(%d, %s) → %s', (score, provisional, text) => {
    expect(pointsText(english, score, provisional)).toBe(text);
  });
});
