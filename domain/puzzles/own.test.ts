import { Chess } from 'chess.js';
import { describe, expect, it } from 'vitest';
import type { GameReview, ReviewedMove } from '../coach';
import { ownPuzzleSchema } from '../../schema';
import { ownPuzzleId, ownPuzzlesFromReview } from './own';

const GAME_ID = '0000abcd-0000-4000-8000-000000000001';

function reviewOf(sans: string[], marks: Record<number, { category: 'blunder' | 'miss' | 'mistake'; bestMove: string }>): GameReview {
  const game = new Chess();
  const moves = sans.map((san, index): ReviewedMove => {
    const fenBefore = game.fen();
    const move = game.move(san);
    const mark = marks[index + 1];
    return {
      ply: index + 1, san, uci: `${move.from}${move.to}`, color: move.color, fenBefore, fenAfter: game.fen(),
      classification: {
        category: mark?.category ?? 'good', accuracy: 50, centipawnLoss: 0, explanation: 'A move.', gamePhase: 'opening', isBookMove: false, isOnlyMove: false,
        alternativeMoves: [], positionComplexity: 10, bestMove: mark?.bestMove ?? null, winPercentBefore: 50, winPercentAfter: mark ? 5 : 50,
      },
      whiteWinPercent: 50, evalCp: 0, mate: null,
    };
  });
  return { moves, accuracy: { w: null, b: null }, counts: { w: {} as never, b: {} as never }, keyMoments: [] };
}

describe("the student's own puzzles", () => {
  it("turns the student's blunders and missed wins into puzzles (the opponent's move first), not the opponent's", () => {
    // 1.e4 e5 2.Qh5 Nc6 3.Bc4 Nf6?? (g6 holds) 4.Qxf7#; and White's 2.Qh5 marked too (not the student's colour).
    const review = reviewOf(['e4', 'e5', 'Qh5', 'Nc6', 'Bc4', 'Nf6', 'Qxf7#'], { 6: { category: 'blunder', bestMove: 'g6' }, 3: { category: 'blunder', bestMove: 'Nf3' }, 4: { category: 'mistake', bestMove: 'Nf6' } });
    const puzzles = ownPuzzlesFromReview(review, 'b', GAME_ID);
    expect(puzzles).toHaveLength(1);
    const [puzzle] = puzzles;
    expect(ownPuzzleSchema.parse(puzzle)).toEqual(puzzle);
    expect(puzzle).toMatchObject({ id: ownPuzzleId(GAME_ID, 6), ply: 6, setupMove: 'f1c4', bestMove: 'g7g6', playedMove: 'g8f6', kind: 'blunder', fen: review.moves[5]!.fenBefore, setupFen: review.moves[4]!.fenBefore });
    expect(puzzle!.explanation).toMatch(/^g6 was the move\./);
    expect(ownPuzzlesFromReview(review, 'w', GAME_ID).map((p) => p.ply)).toEqual([3]);
  });
});
