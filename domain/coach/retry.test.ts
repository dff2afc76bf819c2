import { describe, expect, it } from 'vitest';
import type { AnalysisLike, EnginePort } from './engine-port';
import { judgeRetry } from './retry';

/** An engine that answers every position with one score, and counts the searches it ran. */
function engineScoring(scoreCp: number | null, mate: number | null = null) {
  const searched: string[] = [];
  const engine: EnginePort = {
    analyse: async (fen): Promise<AnalysisLike> => {
      searched.push(fen);
      return { fen, depth: 10, bestMove: 'e7e5', lines: [{ multipv: 1, depth: 10, scoreCp, mate, pv: ['e7e5'] }] };
    },
  };
  return { engine, searched };
}

const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
// White to move mates with Qxf7# (the scholar's mate position).
const SCHOLAR = 'r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4';

describe('judgeRetry', () => {
  it.each([
    { name: "the engine's best move is right without a search", move: { from: 'e2', to: 'e4' }, best: 'e4', bestWin: 55, reply: 0, correct: true, searches: 0 },
    { name: 'another move within 2 Win% is right', move: { from: 'd2', to: 'd4' }, best: 'e4', bestWin: 52, reply: 0, correct: true, searches: 1 },
    { name: 'a move that gives the opponent +1.00 is wrong', move: { from: 'g2', to: 'g4' }, best: 'e4', bestWin: 52, reply: 100, correct: false, searches: 1 },
  ])('$name', async ({ move, best, bestWin, reply, correct, searches }) => {
    const fake = engineScoring(reply);
    const verdict = await judgeRetry(fake.engine, { fenBefore: START, move, bestSan: best, bestWinPercent: bestWin, depth: 10 });
    expect(verdict).toMatchObject({ legal: true, correct });
    expect(fake.searched).toHaveLength(searches);
  });

  it('a mate is right and needs no search; an illegal move is reported as such', async () => {
    const fake = engineScoring(0);
    expect(await judgeRetry(fake.engine, { fenBefore: SCHOLAR, move: { from: 'h5', to: 'f7' }, bestSan: null, bestWinPercent: 100, depth: 10 })).toMatchObject({
      legal: true, correct: true, san: 'Qxf7#', winPercent: 100,
    });
    expect(await judgeRetry(fake.engine, { fenBefore: START, move: { from: 'e2', to: 'e5' }, bestSan: 'e4', bestWinPercent: 50, depth: 10 })).toEqual({ legal: false });
    expect(fake.searched).toHaveLength(0);
  });

  it("reads a mate for the opponent as a lost position for the mover", async () => {
    const fake = engineScoring(null, 2);
    const verdict = await judgeRetry(fake.engine, { fenBefore: START, move: { from: 'f2', to: 'f3' }, bestSan: 'e4', bestWinPercent: 50, depth: 10 });
    expect(verdict).toMatchObject({ legal: true, correct: false });
    if (verdict.legal) expect(verdict.winPercent).toBeLessThan(5);
  });
});
