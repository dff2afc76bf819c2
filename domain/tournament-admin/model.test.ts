import { describe, expect, it } from 'vitest';
import { TOURNAMENT_FORMATS, type Pairing, type RoundWithPairings, type TournamentResult } from '../../schema';
import { fail, failUncoded, isEliminationFormat, isGame, withCounts } from './model';
import { boardWinner } from './pairing';

const board = (boardNumber: number, black: number | null, result: TournamentResult | null, extra: Partial<Pairing> = {}): Pairing => ({
  id: boardNumber,
  gameId: black === null ? null : boardNumber,
  boardNumber,
  whitePlayerId: 10 + boardNumber,
  whitePlayerName: `W${boardNumber}`,
  whitePlayerElo: null,
  blackPlayerId: black,
  blackPlayerName: black === null ? null : `B${boardNumber}`,
  blackPlayerElo: null,
  gameResult: result,
  resultReason: null,
  gameStatus: result === null ? 'scheduled' : 'completed',
  gameDuration: null,
  isBye: black === null,
  byeKind: black === null ? 'pairing' : null,
  advancesPlayerId: null,
  ...extra,
});

describe('isGame', () => {
  it('is a board with two players, never a bye of any kind', () => {
    expect(isGame(board(1, 20, null))).toBe(true);
    expect(isGame(board(1, 20, '--'))).toBe(true);
    for (const byeKind of ['pairing', 'full', 'half', 'zero'] as const) expect(isGame(board(2, null, null, { byeKind }))).toBe(false);
  });
});

describe('withCounts', () => {
  it('counts games and completed games, leaving byes out (a double forfeit is a completed game)', () => {
    const round: RoundWithPairings = {
      id: 1, roundNumber: 1, name: 'Round 1', status: 'in_progress', gamesCount: 99, completedGames: 99, startTime: null,
      pairings: [board(1, 21, '1-0'), board(2, 22, '--'), board(3, 23, null), board(4, null, null), board(5, null, null, { byeKind: 'half' })],
    };
    expect(withCounts(round)).toMatchObject({ gamesCount: 3, completedGames: 2 });
  });
});

describe('boardWinner', () => {
  it.each<[string, Pairing, number | null]>([
    ['White wins', board(1, 21, '1-0'), 11],
    ['Black wins', board(1, 21, '0-1'), 21],
    ['White wins by forfeit', board(1, 21, '+-'), 11],
    ['Black wins by forfeit', board(1, 21, '-+'), 21],
    ['a draw: the organiser chose Black', board(1, 21, '1/2-1/2', { advancesPlayerId: 21 }), 21],
    ['a double forfeit: the organiser chose White', board(1, 21, '--', { advancesPlayerId: 11 }), 11],
    ['a draw nobody chose for yet', board(1, 21, '1/2-1/2'), null],
    ['no result yet', board(1, 21, null), null],
    ['a pairing-allocated bye goes through', board(1, null, null), 11],
  ])('%s', (_case, pairing, winner) => {
    expect(boardWinner(pairing)).toBe(winner);
  });
});

describe('isEliminationFormat', () => {
  it('holds for the two elimination formats only', () => {
    expect(TOURNAMENT_FORMATS.filter(isEliminationFormat)).toEqual([
      'single_elimination',
      'double_elimination',
    ]);
  });
});

describe('a rule’s refusal carries its words and, in the vocabulary, their code (issue 28)', () => {
  it.each([
    ['no values', fail('ERR_FORBIDDEN', 'ERR_MANAGERS_ONLY'), { code: 'ERR_FORBIDDEN', status: 403, message: 'Only the tournament organiser can do this.', reason: { code: 'ERR_MANAGERS_ONLY' } }],
    ['with values', fail('ERR_NOT_FOUND', 'ERR_BOARD_DOES_NOT_EXIST', { board: 4, round: 2 }), { code: 'ERR_NOT_FOUND', status: 404, message: 'Board 4 of round 2 does not exist.', reason: { code: 'ERR_BOARD_DOES_NOT_EXIST', params: { board: 4, round: 2 } } }],
    ['an engine’s own words', failUncoded('ERR_ILLEGAL_PAIRING', 'Board 3 is a rematch.'), { code: 'ERR_ILLEGAL_PAIRING', status: 409, message: 'Board 3 is a rematch.' }],
  ])('%s', (_case, result, error) => {
    expect(result).toEqual({ ok: false, error });
  });
});
