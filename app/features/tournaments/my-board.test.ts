import { describe, expect, it } from 'vitest';
import { findMyBoard, playerLink, type MyBoard } from './my-board';
import type { PairingView, RoundView } from './view';

/** A board: white and black by user id (black null for a bye), names 'P{id}', ratings 1000 + id. */
const board = (boardNumber: number, white: number, black: number | null, byeKind: PairingView['byeKind'] = null): PairingView => ({
  id: boardNumber,
  gameId: black === null ? null : boardNumber,
  boardNumber,
  whitePlayerId: white,
  whitePlayerName: `P${white}`,
  whitePlayerElo: 1000 + white,
  blackPlayerId: black,
  blackPlayerName: black === null ? null : `P${black}`,
  blackPlayerElo: black === null ? null : black === 9 ? null : 1000 + black,
  gameResult: null,
  resultReason: null,
  gameStatus: 'scheduled' as PairingView['gameStatus'],
  gameDuration: null,
  isBye: black === null,
  byeKind: black === null ? (byeKind ?? 'pairing') : null,
  advancesPlayerId: null,
});
const round = (roundNumber: number, pairings: PairingView[]) => ({ id: roundNumber, roundNumber, name: `Round ${roundNumber}`, pairings }) as RoundView;

const paired = [round(1, [board(1, 1, 2), board(2, 3, 4)]), round(2, [board(1, 4, 1), board(2, 2, 9), board(3, 3, null)])];

/** The answer without its round, and the round's number beside it, for short table rows. */
function summary(answer: MyBoard) {
  if (answer.kind === 'noRound') return answer;
  if (answer.kind === 'board') {
    const { round: r, pairing, ...rest } = answer;
    return { ...rest, roundNumber: r.roundNumber, pairingId: pairing.id };
  }
  const { round: r, ...rest } = answer;
  return { ...rest, roundNumber: r.roundNumber };
}

describe('findMyBoard', () => {
  it.each([
    ['no round yet', [], 1, { kind: 'noRound' }],
    ['the latest round is not paired yet (round 1 no longer counts)', [round(1, [board(1, 1, 2)]), round(2, [])], 1, { kind: 'notPairedYet', roundNumber: 2 }],
    ['black on board 1 of the latest round', paired, 1, { kind: 'board', roundNumber: 2, boardNumber: 1, colour: 'black', opponentName: 'P4', opponentRating: 1004, pairingId: 1 }],
    ['white on board 1', paired, 4, { kind: 'board', roundNumber: 2, boardNumber: 1, colour: 'white', opponentName: 'P1', opponentRating: 1001, pairingId: 1 }],
    ['an unrated opponent', paired, 2, { kind: 'board', roundNumber: 2, boardNumber: 2, colour: 'white', opponentName: 'P9', opponentRating: null, pairingId: 2 }],
    ['the pairing bye', paired, 3, { kind: 'bye', roundNumber: 2, byeKind: 'pairing' }],
    ['a requested half-point bye', [round(1, [board(1, 1, 2), board(2, 3, null, 'half')])], 3, { kind: 'bye', roundNumber: 1, byeKind: 'half' }],
    ['registered but not in the round (withdrawn, or a late entry)', paired, 7, { kind: 'notPaired', roundNumber: 2 }],
  ] as const)('%s', (_what, rounds, userId, expected) => {
    expect(summary(findMyBoard(rounds, userId))).toEqual(expected);
  });

  it('gives the board with its result once it is entered', () => {
    const played = round(1, [{ ...board(1, 1, 2), gameResult: '0-1' }]);
    expect(findMyBoard([played], 2)).toMatchObject({ kind: 'board', colour: 'black', pairing: { gameResult: '0-1' } });
  });
});

describe('playerLink', () => {
  it('opens the tournament on its pairings, where My board comes first', () => {
    expect(playerLink('https://chess.school.example', 12)).toBe('https://chess.school.example/tournaments/12?tab=pairings');
  });
});
