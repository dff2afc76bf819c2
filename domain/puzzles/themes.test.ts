import { describe, expect, it } from 'vitest';
import { tagThemes } from './themes';

// Each row: a puzzle of the Lichess puzzle database (CC0; its id, then FEN and moves as Lichess
// writes them) and the themes our tagger must find on it. Lichess tags every one of these too.
const rows: [string, string, string, string[]][] = [
  ['03sd0 (pawn fork)', '8/8/8/3k4/p3pp1p/P1P4P/4K3/7B w - - 0 60', 'h1g2 f4f3 g2f3 e4f3', ['endgame', 'bishopEndgame', 'fork']],
  ['078kF (rook skewer)', 'r7/5ppp/8/1pk5/2b5/5P2/P2R2PP/K1R5 w - - 2 32', 'a1b2 a8a2 b2b1 a2d2', ['endgame', 'skewer']],
  ['05EXs (pinned queen; Lichess: no back-rank mate, the bishop on b2 attacks g7 in front of the king)', '2r1Q2k/1br3bp/3p2p1/1p1P1q2/1P6/1B6/1B4PP/1R2R1K1 b - - 1 27', 'c8e8 e1e8 f5f8 e8f8', ['mate', 'mateIn2', 'pin']],
  ['041Bo (hanging rook, mate)', '8/3b3p/3p2pQ/8/2P2P2/3P1Bk1/P6p/1r5K w - - 1 33', 'f3d1 b1d1', ['mate', 'mateIn1', 'endgame', 'hangingPiece']],
  ['00A9Q (smothered mate)', '2rq1rk1/1p3p1p/p1pn2p1/P2p4/1P1PnP2/3NP3/5PBP/R1Q3RK w - - 2 22', 'd3c5 e4f2', ['mate', 'mateIn1', 'smotheredMate']],
  ['09pUi (underpromotion)', '8/8/p7/1p5P/1P1pk1K1/P7/8/8 w - - 1 40', 'h5h6 d4d3 h6h7 d3d2 h7h8r d2d1q', ['promotion', 'endgame', 'pawnEndgame', 'advancedPawn']],
  ['05uMR (discovered attack)', '4q3/4r1kp/p2pB1p1/2pQb3/1pP5/1P1P4/P4PPP/4R1K1 w - - 5 32', 'e6h3 e5h2 g1h2 e7e1', ['endgame', 'discoveredAttack']],
  ['06q6Y (mate in 3)', '7Q/p2P4/5rk1/5q1p/8/2P5/P4PPP/3R2K1 w - - 2 34', 'd7d8q f5f2 g1h1 f2f1 d1f1 f6f1', ['mate', 'mateIn3', 'backRankMate', 'endgame']],
  ['01z4c (double check; Lichess: not a discovered attack, the moved knight checks too)', '3QN1k1/1p3pb1/2r1p1p1/3pP3/3P3p/1B5P/PP3KP1/2r2n2 b - - 5 31', 'c6c8 e8f6', ['mate', 'mateIn1', 'doubleCheck']],
  ['02vy3 (quiet move: a pawn step that attacks nothing)', '8/7p/2Pk4/p1nB2K1/2P5/6PP/5P2/8 w - - 1 46', 'g5h6 a5a4 h6h7 a4a3', ['endgame', 'quietMove']],
  ['05FD9 (quiet and defensive move in a pawn endgame)', '8/p7/2pp4/8/2KPk3/1P6/2P5/8 w - - 1 55', 'c2c3 a7a5 b3b4 a5a4', ['endgame', 'pawnEndgame', 'quietMove', 'defensiveMove']],
  ['018KD (defensive move: the last move attacks nothing)', 'k6r/1b5p/6p1/1P6/3Q1P2/PP2R3/3K3P/6q1 b - - 4 31', 'g1h2 e3e2 h2e2 d2e2', ['endgame', 'defensiveMove']],
  ['002vV (rook endgame)', '8/6k1/2R4p/5p1P/5P1K/6P1/8/r7 w - - 2 58', 'c6b6 a1h1', ['endgame', 'rookEndgame', 'mate', 'mateIn1']],
  ['03Ekd (knight endgame)', '8/8/4nk2/5p1p/8/5NKP/6P1/8 b - - 11 66', 'e6g5 f3g5 f6g5 h3h4 g5f6 g3f4', ['endgame', 'knightEndgame']],
  ['00xWX (queen endgame)', '5Q2/7p/6pk/8/8/1Pq3pP/6P1/7K b - - 1 45', 'h6h5 f8f3 c3f3 g2f3', ['endgame', 'queenEndgame']],
  ['04Y9V (queen and rook endgame: one queen, rooks, pawns)', '1r6/8/p2p2p1/2p1q1P1/4P1k1/P5RR/2P3PK/8 b - - 8 37', 'g4f4 h3h4', ['endgame', 'queenRookEndgame', 'mate', 'mateIn1']],
];

describe('tagThemes', () => {
  it.each(rows)('%s', (_, fen, moves, expected) => {
    expect(tagThemes(fen, moves.split(' ')).sort()).toEqual([...expected].sort());
  });

  it('finds nothing in an illegal line', () => {
    expect(tagThemes('8/8/8/3k4/p3pp1p/P1P4P/4K3/7B w - - 0 60', ['h1g2', 'a1a2'])).toEqual([]);
  });
});
