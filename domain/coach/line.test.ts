import { describe, expect, it } from 'vitest';
import { hintFor, learningTips } from './hint';
import { explainLine, matePattern, pinnedBy } from './line';
import { applyMove } from './motifs';

/**
 * Positions from Lichess puzzles (the position after the opponent's move) with the line
 * Stockfish plays from them; each names the idea where it happens in the line.
 */
describe('explainLine', () => {
  it('names a fork that a check sets up (here also a discovered check: Lichess tags it both)', () => {
    const idea = explainLine('rn2k2r/pp2qppp/2p2n2/2P2p2/2B5/5N2/PPPK1PPP/R1BQ3R b kq - 0 10', ['f6e4', 'd2e2', 'e4c3', 'e2d2', 'c3d1'], null);
    expect(idea?.kind).toBe('fork');
    expect(idea?.also).toBe('discovered-attack');
    expect(idea?.text).toBe(
      'Ne4+ is check. After Ke2, Nc3+ forks the king and queen with the knight. That is a fork. ' +
        'It is also a discovered attack: it uncovers a discovered check from the queen on e7.',
    );
  });

  it('names a skewer after the king is driven onto the line', () => {
    const idea = explainLine('8/4k3/4r3/3K4/8/8/8/7R w - - 21 65', ['h1h7', 'e7f6', 'h7h6', 'f6g5', 'h6e6'], null);
    expect(idea?.kind).toBe('skewer');
    expect(idea?.text).toContain('After Kf6, Rh6+ skewers the king and the rook behind it');
  });

  it('explains a mate through a pinned defender, with its pattern', () => {
    const idea = explainLine('6k1/p1p1nrpp/1pb5/8/8/1B3P2/P5PP/3R2K1 w - - 0 21', ['d1d8', 'c6e8', 'd8e8'], 2);
    expect(idea?.kind).toBe('checkmate');
    expect(idea?.also).toBe('pin');
    expect(idea?.text).toBe(
      'You have a forced checkmate in 2. It starts with Rd8+. It ends with a back-rank mate: the king is trapped behind its own pawns. ' +
        'The rook on f7 cannot stop the mate: it is pinned to its king by the bishop.',
    );
  });

  it('names a smothered mate', () => {
    const idea = explainLine('r5k1/6p1/2N3pp/3p4/P2P4/1P5n/6PP/6RK b - - 0 34', ['h3f2'], 1);
    expect(idea?.text).toBe('Nf2# is checkmate. It is a smothered mate: the king is boxed in by its own pieces, and the knight gives check.');
  });

  it('names a discovered attack when a later capture runs through the square the first move left', () => {
    const idea = explainLine('1r6/1r2p1b1/6pk/ppB5/2PP1P1p/P2KP3/1R6/1R6 b - - 0 33', ['b5c4', 'd3c4', 'b7b2', 'b1h1', 'g7f6'], null);
    expect(idea?.text).toContain('Moving the pawn from b5 opens the line for the rook on b7: a discovered attack.');
  });

  it('names both ideas of a move that forks and uncovers an attack', () => {
    const idea = explainLine('4r1k1/p1p1rp1p/1p3np1/8/1QBq4/P1N3PP/1P3P2/5K1R w - - 3 24', ['c4f7', 'e7f7', 'b4d4'], null);
    expect(idea?.kind).toBe('fork');
    expect(idea?.also).toBe('discovered-attack');
    expect(idea?.text).toContain('It is also a discovered attack');
  });

  it('says why the piece cannot simply be taken: the taker is pinned', () => {
    const idea = explainLine('2kr3r/ppp3pp/6q1/3Pnp2/1PPQp3/7P/P3NPP1/R4RK1 b - - 2 17', ['e5f3', 'g1h1', 'f3d4', 'e2c3', 'g6f6'], null);
    expect(idea?.kind).toBe('fork');
    expect(idea?.text).toContain('The pawn on g2 cannot take the knight on f3: it is pinned to its king by the queen.');
  });

  it('names nothing in a quiet line, and calls a trade of queens neither a sacrifice nor a free capture', () => {
    expect(explainLine('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1', ['e2e4', 'e7e5', 'g1f3', 'b8c6'], null)).toBeNull();
    expect(explainLine('3qk3/5ppp/8/8/8/8/5PPP/3QK3 w - - 0 1', ['d1d8', 'e8d8', 'e1e2'], null)).toBeNull();
  });

  it('stops at an illegal move of the line and explains what came before', () => {
    const idea = explainLine('r5k1/6p1/2N3pp/3p4/P2P4/1P5n/6PP/6RK b - - 0 34', ['h3f2', 'e1e8'], 1);
    expect(idea?.kind).toBe('checkmate');
    expect(explainLine('r5k1/6p1/2N3pp/3p4/P2P4/1P5n/6PP/6RK b - - 0 34', ['e1e8'], null)).toBeNull();
  });
});

describe('line helpers', () => {
  it('pinnedBy finds a piece pinned to its king by a slider, and nothing else', () => {
    const played = applyMove('2kr3r/ppp3pp/6q1/3Pnp2/1PPQp3/7P/P3NPP1/R4RK1 b - - 2 17', 'e5f3')!;
    expect(pinnedBy(played.chess, 'g2', 'b')).toMatchObject({ square: 'g6', type: 'q' });
    expect(pinnedBy(played.chess, 'h3', 'b')).toBeNull();
  });

  it('matePattern tells a back-rank mate from another', () => {
    const backRank = applyMove('6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1', 'a1a8')!;
    expect(matePattern(backRank.chess, 'w', 'a8')).toBe('back-rank');
    const open = applyMove('6k1/8/6K1/8/8/8/8/R7 w - - 0 1', 'a1a8')!;
    expect(open.chess.isCheckmate()).toBe(true);
    expect(matePattern(open.chess, 'w', 'a8')).toBeNull();
  });
});

describe('the hint names the idea of the line', () => {
  it('hint text and tips come from the line', () => {
    const fen = 'rn2k2r/pp2qppp/2p2n2/2P2p2/2B5/5N2/PPPK1PPP/R1BQ3R b kq - 0 10';
    const line = ['f6e4', 'd2e2', 'e4c3', 'e2d2', 'c3d1'];
    const hint = hintFor(fen, 'f6e4', null, line);
    expect(hint.text).toMatch(/^Look for a fork\. Ne4\+ is check\. After Ke2, Nc3\+ forks the king and queen with the knight\. That is a fork\./);
    const tips = learningTips(fen, 'f6e4', 'beginner', line);
    expect(tips[0]).toMatch(/^A fork attacks two pieces at once/);
    expect(tips[1]).toMatch(/^Moving one piece out of the way can open an attack/);
    // Without the line, only the first move is known: a check, no named idea.
    expect(hintFor(fen, 'f6e4').text).not.toMatch(/fork/);
  });
});
