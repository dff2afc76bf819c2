import { describe, expect, it } from 'vitest';
import { Chess } from 'chess.js';
import { impossiblePosition } from './legal-position';

const check = (fen: string) => impossiblePosition(fen, new Chess(fen));

describe('impossiblePosition', () => {
  it.each([
    ['the start position', 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'],
    ['after 1. e4 with its en-passant square', 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1'],
    ['after 1. e4 c5 2. e5 d5: White may take en passant', 'rnbqkbnr/pp2pppp/8/2ppP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3'],
    ['the side to move in check', '4k3/8/8/8/8/8/4q3/4K3 w - - 0 1'],
    ['castling rights with king and rooks home', 'r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1'],
    ['promoted pieces for missing pawns', '4k3/8/8/8/8/8/QQQ5/4K3 w - - 0 1'],
  ])('accepts %s', (_name, fen) => {
    expect(check(fen)).toBeNull();
  });

  it.each([
    ['the side not to move in check', '4k3/8/8/8/8/8/4q3/4K3 b - - 0 1', /White is in check but it is Black's move/],
    ['kings touching', '8/8/8/8/8/8/8/kK6 w - - 0 1', /Black is in check/],
    ['castling without the king home', '4k3/8/8/8/8/8/8/R2K3R w K - 0 1', /castling right K without the king on e1/],
    ['castling without the rook home', '4k3/8/8/8/8/8/8/4K3 w KQkq - 0 1', /castling right K without the rook on h1/],
    ['black castling without the rook', 'r3k3/8/8/8/8/8/8/4K3 w k - 0 1', /castling right k without the rook on h8/],
    ['en passant without the pawn that moved', '4k3/8/8/8/8/8/8/4K3 w - e6 0 1', /without a pawn on e5/],
    ['en passant with a piece behind', '4k3/4n3/8/4p3/8/8/8/4K3 w - e6 0 1', /with a piece on/],
    ['nine pawns', '4k3/8/8/8/8/P7/PPPPPPPP/4K3 w - - 0 1', /9 pawns/],
    ['more promoted pieces than missing pawns', '4k3/8/8/8/8/QQ6/PPPPPPPP/4K3 w - - 0 1', /promoted pieces/],
  ])('refuses %s', (_name, fen, message) => {
    expect(check(fen)).toMatch(message);
  });
});
