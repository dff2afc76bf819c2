import { Chess } from 'chess.js';
import { describe, expect, it } from 'vitest';
import { START_FEN } from '../chess';
import { materialKey, materialKeys } from './material-scan';

/** The keys chess.js's own positions give, ply by ply. */
function keysFromChessJs(start: string, moves: readonly string[]): string[] {
  const game = new Chess(start);
  return moves.map((san) => {
    game.move(san);
    return materialKey(game.fen());
  });
}

describe('materialKeys', () => {
  it.each([
    { why: 'pawn pushes, single and double', start: START_FEN, moves: 'e4 e6 d4 d5 e5 c5 c3' },
    { why: 'pawn takes pawn, piece takes pawn', start: START_FEN, moves: 'e4 d5 exd5 Qxd5 Nc3 Qa5 d4 Nf6' },
    { why: 'pieces taking pieces', start: START_FEN, moves: 'e4 e5 Nf3 Nc6 Bb5 a6 Bxc6 dxc6 Nxe5 Qd4 Nf3 Qxe4+ Qe2 Qxe2+ Kxe2' },
    { why: 'en passant by White', start: START_FEN, moves: 'e4 a6 e5 d5 exd6' },
    { why: 'en passant by Black', start: START_FEN, moves: 'a3 e5 a4 e4 d4 exd3' },
    { why: 'a pawn taking a piece', start: START_FEN, moves: 'd4 e5 dxe5 Nc6 Nf3 Nxe5 Nxe5 d6 Nf3 Bg4 e4 Bxf3 gxf3' },
    { why: 'castling both ways', start: START_FEN, moves: 'e4 d5 Nf3 Bf5 Be2 Nc6 O-O Qd7 d3 O-O-O' },
    {
      why: 'promotion by push and by capture',
      start: '2n4k/1P6/8/8/8/8/6p1/K6N w - - 0 1',
      moves: 'bxc8=N gxh1=Q+ Ka2 Qd5+',
    },
    { why: 'Black to move first', start: '4k3/3p4/8/4P3/8/8/8/4K3 b - - 0 1', moves: 'd5 exd6' },
  ])('matches chess.js for $why', ({ start, moves }) => {
    const list = moves.split(' ');
    expect(materialKeys(start, list)).toEqual(keysFromChessJs(start, list));
  });

  it('matches chess.js on seeded random games, ply by ply', () => {
    for (let seed = 1; seed <= 10; seed++) {
      const game = new Chess();
      let state = seed * 104729;
      for (let ply = 0; ply < 120 && !game.isGameOver(); ply++) {
        const moves = game.moves();
        state = (state * 1103515245 + 12345) % 2147483648;
        game.move(moves[state % moves.length] ?? '');
      }
      const history = game.history();
      expect(materialKeys(START_FEN, history), history.join(' ')).toEqual(keysFromChessJs(START_FEN, history));
    }
  }, 60_000);

  it.each([
    ['long algebraic', 'e2e4'],
    ['a pawn with a piece letter', 'Pe4'],
    ['a promotion written with a lowercase piece', 'e8q'],
    ['a push with no pawn behind it', 'e5'],
    ['a capture with no pawn to capture with', 'hxg6'],
    ['a push to the first rank', 'e1'],
    ['a push to the second rank', 'a2'],
    ['nonsense', '??'],
  ])('stops before a move it cannot read: %s', (_why, san) => {
    expect(materialKeys(START_FEN, ['d4', 'd5', san, 'Nf3'])).toHaveLength(2);
  });

  it('gives equal keys to the same position reached by different move orders', () => {
    const [a] = materialKeys(START_FEN, ['e4', 'e5', 'Nf3', 'Nc6']).slice(-1);
    const [b] = materialKeys(START_FEN, ['Nf3', 'Nc6', 'e4', 'e5']).slice(-1);
    expect(a).toBe(b);
  });
});
