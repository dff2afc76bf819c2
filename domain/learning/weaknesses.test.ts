import { describe, expect, it } from 'vitest';
import type { GameAnalysisSummary, MoveClassification } from '../../schema';
import type { GameReview, ReviewedMove } from '../coach/review';
import { measureWeaknesses, summarizeReview } from './weaknesses';

const phase = (accuracy: number | null, moves: number, blunders = 0) => ({ accuracy, moves, blunders, timeSpent: null });
const summary = (patch: Partial<GameAnalysisSummary>): GameAnalysisSummary => ({
  movesAnalyzed: 20, averageAccuracy: 80, blunders: 0, mistakes: 0, inaccuracies: 0, bestMovePercentage: 50, missedTactics: [],
  phases: { opening: phase(90, 10), middlegame: phase(70, 10), endgame: phase(null, 0) }, turningPoint: null, ...patch,
});

describe('measureWeaknesses', () => {
  it('blunder rate over all moves, missed motifs counted, phase accuracy weighted by moves', () => {
    const profile = measureWeaknesses([
      summary({ blunders: 2, missedTactics: ['fork', 'pin'], phases: { opening: phase(90, 10), middlegame: phase(60, 10), endgame: phase(null, 0) } }),
      summary({ movesAnalyzed: 30, blunders: 3, missedTactics: ['fork'], phases: { opening: phase(80, 10), middlegame: phase(70, 10), endgame: phase(50, 10) } }),
    ]);
    expect(profile).toEqual({
      gamesAnalyzed: 2,
      blunderRate: 0.1,
      missedTactics: { fork: 2, pin: 1 },
      phaseAccuracy: { opening: 85, middlegame: 65, endgame: 50 },
    });
  });

  it('no games: zeros and nulls', () => {
    expect(measureWeaknesses([])).toEqual({ gamesAnalyzed: 0, blunderRate: 0, missedTactics: {}, phaseAccuracy: { opening: null, middlegame: null, endgame: null } });
  });
});

const classification = (patch: Partial<MoveClassification>): MoveClassification => ({
  category: 'good', accuracy: 80, centipawnLoss: 10, explanation: '', gamePhase: 'opening', isBookMove: false, isOnlyMove: false,
  alternativeMoves: [], positionComplexity: 10, bestMove: null, winPercentBefore: 50, winPercentAfter: 48, ...patch,
});
const move = (ply: number, color: 'w' | 'b', uci: string, fenBefore: string, c: Partial<MoveClassification>): ReviewedMove => ({
  ply, san: uci, uci, color, fenBefore, fenAfter: fenBefore, classification: classification(c), whiteWinPercent: 50, evalCp: 0, mate: null,
});

describe('summarizeReview', () => {
  it("reads the player's side: counts, best-move share, phases and a missed knight fork", () => {
    const forkFen = '4k3/1r6/8/8/4N3/8/8/4K3 w - - 0 1';
    const review: GameReview = {
      moves: [
        move(1, 'w', 'e2e4', 'x', { category: 'best', accuracy: 100 }),
        move(2, 'b', 'e7e5', 'x', { category: 'blunder', accuracy: 10 }),
        move(3, 'w', 'e1e2', forkFen, {
          category: 'blunder', accuracy: 20, gamePhase: 'endgame',
          alternativeMoves: [{ move: 'Nd6+', uci: 'e4d6', evaluation: 500, mate: null }],
        }),
      ],
      accuracy: { w: 60, b: 10 },
      counts: { w: {} as never, b: {} as never },
      keyMoments: [3],
    };
    const result = summarizeReview(review, 'w');
    expect(result).toMatchObject({
      movesAnalyzed: 2, averageAccuracy: 60, blunders: 1, mistakes: 0, bestMovePercentage: 50, turningPoint: 3,
      phases: { opening: { accuracy: 100, moves: 1, blunders: 0 }, endgame: { accuracy: 20, moves: 1, blunders: 1 }, middlegame: { accuracy: null, moves: 0 } },
    });
    expect(result.missedTactics).toContain('fork');
  });
});
