import { describe, expect, it } from 'vitest';
import { parseFen, playMove, replayGame } from './chess';
import { endBanner, gameEnd, moveNumber, playerResult, type GameEnd } from './result';

const fromFen = (fen: string) => {
  const parsed = parseFen(fen);
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.value;
};
const fromMoves = (moves: string[], start?: string) => {
  const replayed = replayGame(moves, start);
  if (!replayed.ok) throw new Error(replayed.error.message);
  return replayed.value;
};

describe('gameEnd: every end-of-game rule of spec section 4', () => {
  const rows: { name: string; game: () => ReturnType<typeof fromFen>; expected: GameEnd | null }[] = [
    { name: 'start position: game goes on', game: () => fromMoves([]), expected: null },
    { name: "fool's mate: black mates", game: () => fromMoves(['f3', 'e5', 'g4', 'Qh4#']), expected: { reason: 'checkmate', winner: 'b' } },
    { name: "scholar's mate: white mates", game: () => fromMoves(['e4', 'e5', 'Bc4', 'Nc6', 'Qh5', 'Nf6', 'Qxf7#']), expected: { reason: 'checkmate', winner: 'w' } },
    { name: 'stalemate: black king h8, Qf7, Kg6 (textbook)', game: () => fromFen('7k/5Q2/6K1/8/8/8/8/8 b - - 0 1'), expected: { reason: 'stalemate', winner: null } },
    { name: 'insufficient material: king against king', game: () => fromFen('8/8/8/8/8/8/4k3/K7 w - - 0 1'), expected: { reason: 'insufficient_material', winner: null } },
    { name: 'insufficient material: king and bishop against king', game: () => fromFen('8/8/8/8/8/5B2/4k3/K7 b - - 0 1'), expected: { reason: 'insufficient_material', winner: null } },
    { name: 'insufficient material: king and knight against king', game: () => fromFen('8/8/8/8/8/5N2/4k3/K7 b - - 0 1'), expected: { reason: 'insufficient_material', winner: null } },
    { name: 'not insufficient: king and rook against king', game: () => fromFen('8/8/8/8/8/5R2/4k3/K7 b - - 0 1'), expected: null },
    { name: 'threefold repetition: knights out and back twice', game: () => fromMoves(['Nf3', 'Nf6', 'Ng1', 'Ng8', 'Nf3', 'Nf6', 'Ng1', 'Ng8']), expected: { reason: 'threefold_repetition', winner: null } },
    { name: 'twofold repetition is not a draw', game: () => fromMoves(['Nf3', 'Nf6', 'Ng1', 'Ng8']), expected: null },
    { name: 'fifty-move rule: the 100th half-move without capture or pawn move', game: () => fromMoves(['Rh2'], '8/8/8/4k3/8/8/3K4/7R w - - 99 80'), expected: { reason: 'fifty_move_rule', winner: null } },
    { name: 'fifty-move rule: 99 half-moves is not yet a draw', game: () => fromMoves(['Rh2'], '8/8/8/4k3/8/8/3K4/7R w - - 98 80'), expected: null },
    { name: 'checkmate on the 100th half-move still wins (FIDE 9.6)', game: () => fromMoves(['Rh8#'], 'k7/8/1K6/8/8/8/8/7R w - - 99 80'), expected: { reason: 'checkmate', winner: 'w' } },
  ];
  it.each(rows)('$name', ({ game, expected }) => {
    expect(gameEnd(game())).toEqual(expected);
  });
});

describe('playerResult: the player of either colour', () => {
  const blackMates: GameEnd = { reason: 'checkmate', winner: 'b' };
  const whiteMates: GameEnd = { reason: 'checkmate', winner: 'w' };
  it.each([
    { end: blackMates, player: 'w' as const, expected: 'loss' },
    { end: blackMates, player: 'b' as const, expected: 'win' },
    { end: whiteMates, player: 'w' as const, expected: 'win' },
    { end: whiteMates, player: 'b' as const, expected: 'loss' },
    { end: { reason: 'stalemate', winner: null } as GameEnd, player: 'w' as const, expected: 'draw' },
    { end: { reason: 'insufficient_material', winner: null } as GameEnd, player: 'b' as const, expected: 'draw' },
    { end: { reason: 'threefold_repetition', winner: null } as GameEnd, player: 'w' as const, expected: 'draw' },
    { end: { reason: 'fifty_move_rule', winner: null } as GameEnd, player: 'b' as const, expected: 'draw' },
  ])('$end.reason won by $end.winner is a $expected for $player', ({ end, player, expected }) => {
    expect(playerResult(end, player)).toBe(expected);
  });
});

describe('endBanner', () => {
  it('names the winner of a checkmate', () => {
    expect(endBanner({ reason: 'checkmate', winner: 'b' })).toEqual({ title: 'Checkmate!', detail: 'Black wins!' });
    expect(endBanner({ reason: 'checkmate', winner: 'w' })).toEqual({ title: 'Checkmate!', detail: 'White wins!' });
  });
  it('says draw for every draw rule', () => {
    for (const reason of ['stalemate', 'insufficient_material', 'threefold_repetition', 'fifty_move_rule'] as const) {
      expect(endBanner({ reason, winner: null })).toEqual({ title: 'Draw!', detail: 'The game ended in a draw.' });
    }
  });
});

describe('moveNumber: half the move count, rounded up', () => {
  it.each([[0, 0], [1, 1], [2, 1], [3, 2], [4, 2], [79, 40]])('%i half-moves is move %i', (halfMoves, expected) => {
    expect(moveNumber(halfMoves)).toBe(expected);
  });
});

describe('a finished game accepts no further move', () => {
  it('after checkmate every move is invalid', () => {
    const game = fromMoves(['f3', 'e5', 'g4', 'Qh4#']);
    const attempt = playMove(game, { from: 'e2', to: 'e4' });
    expect(attempt.ok).toBe(false);
  });
});
