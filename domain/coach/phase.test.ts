import { describe, expect, it } from 'vitest';
import type { GamePhase } from '../../schema';
import { START_FEN } from '../chess';
import { gamePhase } from './phase';

describe('gamePhase', () => {
  const rows: [string, string, number | undefined, GamePhase][] = [
    ['the start position', START_FEN, undefined, 'opening'],
    ['all pieces at move 13', 'r1bqkb1r/pppp1ppp/2n2n2/4p3/4P3/2N2N2/PPPP1PPP/R1BQKB1R w KQkq - 4 13', undefined, 'middlegame'],
    // Queens and a pair of minors traded at move 8: 62 - 18 - 6 = 38 of piece material, below 50.
    ['early trades at move 8', 'r3kb1r/pppp1ppp/2n5/4p3/4P3/2N5/PPPP1PPP/R3KB1R w KQkq - 0 8', undefined, 'middlegame'],
    ['rook and bishop each', '2r1k3/pp3bpp/8/8/8/8/PP3BPP/2R1K3 w - - 0 20', undefined, 'endgame'],
    ['king and pawns', '4k3/pppp4/8/8/8/8/PPPP4/4K3 w - - 0 30', undefined, 'endgame'],
    // Queen and rook each (28 in all) at move 36: late, and little left.
    ['queen and rook each at move 36', '3qr1k1/5ppp/8/8/8/8/5PPP/3QR1K1 w - - 0 36', undefined, 'endgame'],
    ['the same at move 20, as the caller says', '3qr1k1/5ppp/8/8/8/8/5PPP/3QR1K1 w - - 0 36', 20, 'middlegame'],
    // Queen, two rooks and a knight each: 44, too much for an endgame even at move 36.
    ['queen, rooks and knight each at move 36', 'r2qr1k1/5ppp/5n2/8/8/5N2/5PPP/R2QR1K1 w - - 0 36', undefined, 'middlegame'],
    ['an unreadable FEN', 'nonsense', undefined, 'middlegame'],
  ];
  it.each(rows)('%s', (_name, fen, moveNumber, expected) => expect(gamePhase(fen, moveNumber)).toBe(expected));
});
