import { describe, expect, it } from 'vitest';
import { parseFen, parseUci, playMove } from '../chess';
import {
  attacksFrom,
  hasDiscoveredAttack,
  hasFork,
  hasHangingPiece,
  hasPin,
  hasSkewer,
  isBackRankMate,
  isDefended,
  isInBadSpot,
  materialDiff,
  pinLine,
  squaresBetween,
  type LinePly,
} from './tactics';

/** A puzzle line written the Lichess way (`fen` before the opponent's first move) as plies. */
function plies(fen: string, moves: string): LinePly[] {
  const game = parseFen(fen);
  if (!game.ok) throw new Error(game.error.message);
  return moves.split(' ').map((uci) => {
    const played = playMove(game.value, parseUci(uci)!);
    if (!played.ok) throw new Error(`illegal ${uci}`);
    const after = parseFen(game.value.fen());
    if (!after.ok) throw new Error(after.error.message);
    return { move: played.value, after: after.value };
  });
}

// Each row: where it comes from (a Lichess puzzle, CC0, by id and its tags; or constructed), the
// position before the opponent's first move, the line, and whether Lichess's definition holds.
type Row = [string, string, string, boolean];

describe('hasFork (lichess-puzzler cook.py fork)', () => {
  it.each<Row>([
    ['03sd0: the pawn forks king and bishop (Lichess: fork)', '8/8/8/3k4/p3pp1p/P1P4P/4K3/7B w - - 0 60', 'h1g2 f4f3 g2f3 e4f3', true],
    ['08y6B: Nf4 forks king and bishop (Lichess: fork)', '8/6pp/4bp2/p7/8/2k5/P3N1PP/3K4 b - - 1 49', 'c3d3 e2f4 d3e4 f4e6', true],
    ['0ANOz: Nf5 forks king and rook (Lichess: fork)', '8/2kbn3/3Rp1p1/2P5/8/P1K5/6P1/8 w - - 1 38', 'c3d4 e7f5 d4e5 f5d6', true],
    ['constructed: Nc7+ forks king and rook', 'r2k4/8/8/3N4/8/8/5PPP/6K1 b - - 0 1', 'd8e8 d5c7 e8d7 c7a8', true],
    ['constructed: the knight on c7 is hanging to the bishop: no fork', 'rb1k4/8/8/3N4/8/8/5PPP/6K1 b - - 0 1', 'd8e8 d5c7 e8e7 c7a8', false],
    ['constructed: the fork is the last move, it wins nothing in the line: no fork', 'r2k4/8/8/3N4/8/8/5PPP/6K1 b - - 0 1', 'd8e8 d5c7', false],
    ['constructed: Rd4 attacks two undefended knights, which cannot take it', '8/k2n4/8/8/6n1/4P3/8/3RK3 b - - 0 1', 'a7b7 d1d4 b7c7 d4d7', true],
    ['constructed: Rd4 attacks two undefended rooks, but each can take it back: no fork', '3r4/k7/8/8/7r/4P3/8/3RK3 b - - 0 1', 'a7b7 d1d4 b7c7 d4h4', false],
    ['088yl: Rxe1+ "forks" king and the a1 rook, which takes back (Lichess: no fork)', '1rk1q3/1p1n3p/p2Prnp1/2p5/P4B2/1Q3B1P/1P3PP1/R4RK1 w - - 2 25', 'f1e1 e6e1 a1e1 e8e1', false],
    ['09aae: Rxd7 attacks only the rook that takes back (Lichess: no fork)', '3r2k1/pb1r1p2/1p2p1p1/7p/3N4/2P4P/PP1R1PP1/3R2K1 b - - 0 30', 'g8f8 d4e6 f7e6 d2d7 d8d7 d1d7', false],
  ])('%s', (_, fen, moves, expected) => {
    expect(hasFork(plies(fen, moves))).toBe(expected);
  });
});

describe('hasSkewer (lichess-puzzler cook.py skewer)', () => {
  it.each<Row>([
    ['078kF: Ra2+ skewers king and rook (Lichess: skewer)', 'r7/5ppp/8/1pk5/2b5/5P2/P2R2PP/K1R5 w - - 2 32', 'a1b2 a8a2 b2b1 a2d2', true],
    ['050dC: Rf3+ and Rxa3 (Lichess: skewer)', '8/4p3/8/8/5R2/r2k2PK/8/8 b - - 0 45', 'e7e5 f4f3 d3e4 f3a3', true],
    ['constructed: Re1+, the king steps aside, Rxe8', '4r3/8/8/8/3k4/8/8/R5K1 b - - 0 1', 'd4e4 a1e1 e4d5 e1e8', true],
    ['constructed: the front piece is a knight, worth less than the rook behind: no skewer', '4r2k/8/8/2n5/8/8/8/R5K1 b - - 0 1', 'c5e4 a1e1 e4c3 e1e8', false],
    ['constructed: the rook behind is defended and the queen takes it: no skewer', '4r2r/8/8/8/3k4/8/8/Q5K1 b - - 0 1', 'd4e4 a1e1 e4d5 e1e8', false],
    ['069LR: the rook trade on f8 (Lichess: no skewer)', '8/5R2/5K1k/3pP3/2pP4/1pP5/1r6/8 w - - 0 71', 'f7f8 b2f2 f6e7 f2f8 e7f8 b3b2', false],
    ['07Sk0: Qxc8+ mates in two (Lichess: no skewer)', '2r2k1r/pQp2ppp/3q4/3P4/4R1b1/3P2P1/PPP2b1P/2K2B1R b - - 2 18', 'g4f3 b7c8 d6d8 c8d8', false],
  ])('%s', (_, fen, moves, expected) => {
    expect(hasSkewer(plies(fen, moves))).toBe(expected);
  });
});

describe('hasPin (lichess-puzzler cook.py pin_prevents_attack, pin_prevents_escape)', () => {
  it.each<Row>([
    ['05EXs: the pinned queen cannot take back (Lichess: pin)', '2r1Q2k/1br3bp/3p2p1/1p1P1q2/1P6/1B6/1B4PP/1R2R1K1 b - - 1 27', 'c8e8 e1e8 f5f8 e8f8', true],
    ['01yds: Rc4 pins the queen to its king (Lichess: pin)', '2r3k1/5p2/4b1p1/2Q1P2p/4KP2/6P1/7P/8 w - - 3 65', 'c5d4 c8c4 d4c4 e6c4', true],
    ['03uD9: Bb4 pins the queen (Lichess: pin)', '5k2/p4pp1/5n1p/1Pqp4/5b2/P7/1P2Q1PP/4B2K b - - 1 27', 'c5d6 e1b4 d6b4 a3b4', true],
    ['constructed: the pinned knight cannot take the queen', 'r3k3/8/2n5/8/1Q6/8/8/4KB2 b - - 0 1', 'a8a7 f1b5', true],
    ['constructed: the same knight in front of the queen, not the king: no pin', 'r3q2k/8/2n5/8/1Q6/8/8/5BK1 b - - 0 1', 'a8a7 f1b5', false],
    ['constructed: the pinned knight is undefended and cannot escape the bishop', 'r3k3/8/2n5/8/8/8/8/4KB2 b - - 0 1', 'a8a7 f1b5', true],
    ['constructed: the pinned knight is defended and attacks nothing: no pin', 'r3k3/1p6/2n5/8/8/8/8/4KB2 b - - 0 1', 'a8a7 f1b5', false],
    ['08bpJ: the rook trade on c1 (Lichess: no pin)', '2r2r2/pp3pk1/4p2p/3p2p1/3P4/P3PQ1P/1P1q1PP1/2R2RK1 w - - 3 21', 'b2b4 c8c1 f1c1 d2c1', false],
    ['01zpX: Bxc3+ wins the queen (Lichess: no pin)', 'r3k2r/pp1q1ppp/8/3pb3/8/2N5/PP3PPP/R2QK2R w KQkq - 0 14', 'd1d5 e5c3 b2c3 d7d5', false],
  ])('%s', (_, fen, moves, expected) => {
    expect(hasPin(plies(fen, moves))).toBe(expected);
  });
});

describe('board helpers', () => {
  const game = (fen: string) => {
    const parsed = parseFen(fen);
    if (!parsed.ok) throw new Error(parsed.error.message);
    return parsed.value;
  };

  it('lists the squares a piece attacks, stopping at the first piece on a line', () => {
    expect(attacksFrom(game('4k3/8/8/8/1p6/8/8/R3K3 w - - 0 1'), 'a1').sort()).toEqual(['a2', 'a3', 'a4', 'a5', 'a6', 'a7', 'a8', 'b1', 'c1', 'd1', 'e1']);
    expect(attacksFrom(game('4k3/8/8/8/1p6/8/8/R3K3 w - - 0 1'), 'b4').sort()).toEqual(['a3', 'c3']);
  });

  it('finds the squares between two squares on a line, and none off a line', () => {
    expect(squaresBetween('a1', 'd4')).toEqual(['b2', 'c3']);
    expect(squaresBetween('e1', 'e4')).toEqual(['e2', 'e3']);
    expect(squaresBetween('a1', 'b3')).toEqual([]);
  });

  it('counts an x-ray defence through an attacking rook (lichess-puzzler util.is_defended)', () => {
    // The knight on d4 is attacked by the rook on d6; the white rook on d8 defends it through d6.
    const xray = game('3R4/7k/3r4/8/3N4/8/8/6K1 b - - 0 1');
    expect(isDefended(xray, 'd4')).toBe(true);
    expect(isInBadSpot(xray, 'd4')).toBe(false);
    const lone = game('8/7k/3r4/8/3N4/8/8/6K1 b - - 0 1');
    expect(isDefended(lone, 'd4')).toBe(false);
    expect(isInBadSpot(lone, 'd4')).toBe(true);
  });

  it('gives the whole line of a pin to the king, and none for a piece in front of a queen', () => {
    expect(pinLine(game('r3k3/8/2n5/1B6/8/8/8/4K3 b - - 0 1'), 'c6')?.sort()).toEqual(['a4', 'b5', 'c6', 'd7', 'e8']);
    expect(pinLine(game('r3q2k/8/2n5/1B6/8/8/8/4K3 b - - 0 1'), 'c6')).toBeNull();
  });
});

describe('hasHangingPiece (lichess-puzzler cook.py hanging_piece)', () => {
  it.each<Row>([
    ['02t9u: Qxd1# takes the undefended rook (Lichess: hangingPiece)', '1r5r/7k/6pp/4P3/1b2Q3/1q2B3/5PPP/3RK2R w - - 2 27', 'e1f1 b3d1', true],
    ['05Jvu: Bxf3 takes the queen left undefended, and keeps it (Lichess: hangingPiece)', '3qk1nr/1b1p1pp1/p2Pp3/1p1P3p/5B2/2rB1QP1/PP3P1P/R3R1K1 w k - 0 17', 'd5e6 b7f3 e6d7 e8d7', true],
    ['constructed: in check, the king takes the undefended bishop on h7', '6k1/5pp1/8/8/8/3B4/5PPP/6K1 w - - 0 1', 'd3h7 g8h7', true],
    ['constructed: the bishop on h7 is defended by the queen on d3: not hanging', '6k1/5pp1/8/8/8/3Q4/5PPP/4B1K1 w - - 0 1', 'e1d2 f7f6', false],
    ['constructed: only taking back a knight for the knight just taken on that square', '6k1/1p6/2n5/8/3N4/8/5PPP/6K1 w - - 0 1', 'd4c6 b7c6', false],
    ['constructed: the knight that took a pawn is left undefended and taken', '6k1/1p6/2p5/8/3N4/8/5PPP/6K1 w - - 0 1', 'd4c6 b7c6', true],
    ['020iD: the mate is a double check, nothing is taken', 'r2qkb1r/2p1pppp/p1n2nb1/1N2N3/B2P2P1/7P/PPP5/R1BQK2R b KQkq - 0 11', 'c6e5 b5c7', false],
    // Issue 30: plain free pieces the earlier tagger missed (a king's capture, a rook's).
    ['08Ag8: the king takes the undefended rook that took on g7 (Lichess: hangingPiece)', 'r4rk1/4npp1/p2p4/2p1p1R1/4P3/1BPPQNPq/P3K2N/8 w - - 5 28', 'g5g7 g8g7 e3g5 e7g6', true],
    ['01chU: Rxd3 takes the undefended knight (Lichess: hangingPiece)', '1N4k1/7p/PR1n2r1/1b6/1P3R2/3p3r/1P4P1/4N1K1 w - - 0 45', 'e1d3 h3d3 a6a7 d3d1', true],
  ])('%s', (_, fen, line, expected) => {
    expect(hasHangingPiece(plies(fen, line))).toBe(expected);
  });
});

describe('hasDiscoveredAttack (lichess-puzzler cook.py discovered_attack)', () => {
  it.each<Row>([
    ['02KdL: Bxf7+ uncovers the queen, which then takes on d4 (Lichess: discoveredAttack)', 'r5k1/p1p1rp1p/1p3np1/8/1QBq4/P1N3PP/1P3P2/5K1R b - - 2 23', 'a8e8 c4f7 e7f7 b4d4', true],
    ['03naU: Nf3+ uncovers the rook on e8, which takes on e1 (Lichess: discoveredAttack)', '4r1k1/pb5p/1p4p1/3pn3/2qB4/2P4P/PPB2RP1/5QK1 w - - 4 35', 'f1e1 e5f3 g2f3 e8e1', true],
    ['051Fx: a rook check, then a rook takes on the back rank: nothing uncovered', '7k/p4rp1/8/2R2Bp1/5bP1/2p2K2/P7/8 b - - 1 47', 'f4d2 c5c8 f7f8 c8f8', false],
    ['020iD: a double check is not a discovered check', 'r2qkb1r/2p1pppp/p1n2nb1/1N2N3/B2P2P1/7P/PPP5/R1BQK2R b KQkq - 0 11', 'c6e5 b5c7', false],
    ['constructed: the knight steps away with check from the rook behind it', '4k3/8/8/8/4N3/8/8/4R1K1 b - - 0 1', 'e8d8 e4c5', false],
    ['constructed: the knight steps off the e-file, the rook gives check', '4k3/8/8/8/4N3/8/8/4R1K1 b - - 0 1', 'e8f8 e4g5', false],
    ['constructed: the knight leaves the e-file, the rook checks the king on e8', '4k3/8/3p4/8/4N3/8/8/4R1K1 b - - 0 1', 'd6d5 e4c3', true],
    // Issue 30: the earlier tagger's false positives and misses.
    ['03spI: Qd8+ Rxd8 Rxd8#, the rook only takes back on the back rank: nothing uncovered', '5r1k/7p/7P/4pN2/1pP2qP1/rP1Q4/5P2/1K1R4 b - - 3 36', 'f8a8 d3d8 a8d8 d1d8', false],
    ['00awK: Qf8+ Rxf8 Rxf8#, a back-rank mate with nothing uncovered', 'r5k1/2p2Qpp/p7/4b3/8/8/1PP1KR2/2q5 b - - 0 24', 'g8h8 f7f8 a8f8 f2f8', false],
    ['078kF: Rxa2+ Kb1 Rxd2, a skewer: the king uncovered the rook, not the solver (Lichess: skewer)', 'r7/5ppp/8/1pk5/2b5/5P2/P2R2PP/K1R5 w - - 2 32', 'a1b2 a8a2 b2b1 a2d2', false],
    ['050dC: Rf3+ Ke4 Rxa3, a skewer (Lichess: skewer)', '8/4p3/8/8/5R2/r2k2PK/8/8 b - - 0 45', 'e7e5 f4f3 d3e4 f3a3', false],
    ['05Apb: Qd3+ uncovers the rook on Black’s first rank, which takes on e2 (Lichess: discoveredAttack)', '4r3/pp1Q1pk1/2p3p1/8/2pP4/2N1qP2/P1K4R/8 w - - 2 34', 'h2e2 e3d3 c2b2 e8e2', true],
    ['00yIS: Qe8+ uncovers the rook on g3, which takes on d3 (Lichess: discoveredAttack)', '3r3k/p5p1/5q1p/8/P1b5/4Q1RP/6BK/8 b - - 6 42', 'd8d3 e3e8 c4g8 g3d3', true],
  ])('%s', (_, fen, line, expected) => {
    expect(hasDiscoveredAttack(plies(fen, line))).toBe(expected);
  });
});

describe('isBackRankMate (lichess-puzzler cook.py back_rank_mate)', () => {
  it.each<Row>([
    ['01Siq: Rxd1#, the king walled in by its own pawns (Lichess: backRankMate)', '5rk1/5p2/p2p1Rp1/1p1P2Pp/7r/8/PPPR4/1K6 w - - 0 28', 'f6d6 h4h1 d2d1 h1d1', true],
    ['03QVV: Rc1# (Lichess: backRankMate)', '2r3k1/p2p1ppp/b3p3/3pP3/8/1P4R1/q4PPP/Q5K1 w - - 0 22', 'a1a2 c8c1', true],
    ['01ig0: Rc8#, but e7 and g7 hold none of the king’s own pieces', '5kn1/5p2/2R2Pp1/1p4r1/1P1P4/r7/3R3K/8 b - - 0 37', 'g5f5 c6c8', false],
    ['constructed: not mate', '6k1/5ppp/8/8/8/8/8/R5K1 b - - 0 1', 'g8f8 a1a7', false],
  ])('%s', (_, fen, line, expected) => {
    expect(isBackRankMate(plies(fen, line))).toBe(expected);
  });
});

describe('materialDiff', () => {
  it('counts pawn 1, minor 3, rook 5, queen 9 from one side', () => {
    const game = parseFen('4k3/pp6/8/8/8/8/8/R3K2Q w - - 0 1');
    if (!game.ok) throw new Error('fen');
    expect(materialDiff(game.value, 'w')).toBe(12);
    expect(materialDiff(game.value, 'b')).toBe(-12);
  });
});
