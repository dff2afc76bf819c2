import { describe, expect, it } from 'vitest';
import { START_FEN } from '../chess';
import { positionComplexity } from './complexity';
import type { AnalysisLike } from './engine-port';

const analysis = (fen: string, cps: (number | { mate: number })[]): AnalysisLike => ({
  fen,
  depth: 12,
  bestMove: '',
  lines: cps.map((c, i) => ({
    multipv: i + 1,
    depth: 12,
    scoreCp: typeof c === 'number' ? c : null,
    mate: typeof c === 'number' ? null : c.mate,
    pv: [],
  })),
});

// A tense middlegame (Italian game): White to move has the captures Bxf7+, Nxe5 and more.
const TENSE = 'r1bqk2r/pppp1ppp/2n2n2/2b1p3/2B1P3/2NP1N2/PPP2PPP/R1BQK2R w KQkq - 1 5';

describe('positionComplexity', () => {
  it('is low when several moves are about equal in a quiet position', () => {
    // 4 lines within 5 Win% (narrowness 0), spread 0.2/30, no captures or checks: about 0.
    expect(positionComplexity(analysis(START_FEN, [30, 25, 20, 15]))).toBe(1);
  });

  it('is high when one move holds and the rest lose', () => {
    // narrowness 3/4, spread 1 (best 50, worst ~5), tension from the captures on the board.
    const value = positionComplexity(analysis(TENSE, [0, -400, -500, -900]));
    expect(value).toBeGreaterThan(70);
    expect(value).toBeLessThanOrEqual(100);
  });

  it('counts half when the game is already decided', () => {
    const open = positionComplexity(analysis(TENSE, [0, -400, -500, -900]));
    const decided = positionComplexity(analysis(TENSE, [{ mate: 2 }, 300, 200, 100]));
    expect(decided).toBeLessThan(open);
  });

  it('is 0 with a single legal move or no lines', () => {
    // The rook on a7 leaves the king on h8 only Kg8.
    expect(positionComplexity(analysis('7k/R7/8/8/8/8/8/7K b - - 0 1', [-900]))).toBe(0);
    expect(positionComplexity(analysis(START_FEN, []))).toBe(0);
  });
});
