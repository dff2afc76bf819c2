import { describe, expect, it } from 'vitest';
import { judgeMove, solvesPuzzle } from './solution';

// Lichess 02CfV: black plays e1b1, white mates with Rd8+ Be8 Rxe8#.
const backRank = { fen: '7k/1p4pp/p1b5/8/6N1/7P/PP1R1K2/4r3 b - - 4 38', moves: ['e1b1', 'd2d8', 'c6e8', 'd8e8'] };

describe('checking the solver', () => {
  it("accepts the solution's moves and refuses others", () => {
    expect(judgeMove(backRank, 1, 'd2d8')).toBe('correct');
    expect(judgeMove(backRank, 1, 'd2d7')).toBe('wrong');
    expect(judgeMove(backRank, 2, 'c6e8')).toBe('wrong');
    expect(solvesPuzzle(backRank, ['d2d8', 'd8e8'])).toBe(true);
    expect(solvesPuzzle(backRank, ['d2d8'])).toBe(false);
    expect(solvesPuzzle(backRank, ['d2d8', 'd8d7'])).toBe(false);
    expect(solvesPuzzle(backRank, [])).toBe(false);
    expect(solvesPuzzle(backRank, ['d2d8', 'd8e8', 'a2a3'])).toBe(false);
  });

  it('counts any mate in one where the position has several', () => {
    const mates = { fen: '7k/8/6K1/8/8/8/8/RR6 b - - 0 1', moves: ['h8g8', 'a1a8'] };
    expect(judgeMove(mates, 1, 'a1a8')).toBe('correct');
    expect(judgeMove(mates, 1, 'b1b8')).toBe('mate');
    expect(judgeMove(mates, 1, 'b1b7')).toBe('wrong');
    expect(solvesPuzzle(mates, ['b1b8'])).toBe(true);
  });
});
