import { describe, expect, it } from 'vitest';
import { engineAnalysisResultSchema } from '../../schema';
import { analysisToResult, gameOverText } from './analysis-result';
import type { AnalysisLike } from './engine-port';

const META = { difficulty: 'advanced' as const, engine: 'stockfish-19-lite', processingTime: 120 };
const analysis = (fen: string, line: { cp?: number; mate?: number; pv: string[] }): AnalysisLike => ({
  fen,
  depth: 15,
  bestMove: line.pv[0] ?? '',
  lines: [{ multipv: 1, depth: 15, scoreCp: line.cp ?? null, mate: line.mate ?? null, pv: line.pv }],
});

describe('analysisToResult', () => {
  // Each row: position, engine line (side to move's view), White-view score and mate expected.
  const rows: [string, string, { cp?: number; mate?: number; pv: string[] }, number, number | null][] = [
    ['White to move, +0.35', 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1', { cp: 35, pv: ['e2e4', 'e7e5'] }, 35, null],
    ['Black to move, +0.35 for Black is -0.35', 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1', { cp: 35, pv: ['c7c5'] }, -35, null],
    ['White mates in 1 (1 ply)', '6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1', { mate: 1, pv: ['d1d8'] }, 99999, 1],
    ['Black to move is mated in 1 (2 plies): White mates', '6k1/5ppp/8/8/8/8/5PPP/3R2K1 b - - 0 1', { mate: -1, pv: ['h7h6', 'd1d8'] }, 99998, 1],
    ['Black is already mated', '3R2k1/5ppp/8/8/8/8/5PPP/6K1 b - - 1 1', { mate: 0, pv: [] }, 100000, 0],
  ];
  it.each(rows)('%s', (_name, fen, line, score, mate) => {
    const result = analysisToResult(analysis(fen, line), META);
    expect(engineAnalysisResultSchema.parse(result)).toEqual(result);
    expect(result.stockfish.score).toBe(score);
    expect(result.stockfish.mate).toBe(mate);
    expect(result.stockfish.pv).toEqual(line.pv);
    expect(result).toMatchObject({ engine: 'stockfish-19-lite', processingTime: 120, difficulty: 'advanced', error: null });
  });

  it('explains the position in plain words, unless told not to', () => {
    const fork = analysis('r3k3/8/8/3N4/8/8/8/6K1 w - - 0 1', { cp: 480, pv: ['d5c7', 'e8d7', 'c7a8'] });
    expect(analysisToResult(fork, META).explanation).toBe(
      'White is better (+4.80). Best: Nc7+ forks the king and rook with the knight.',
    );
    expect(analysisToResult(fork, { ...META, includeExplanation: false }).explanation).toBeNull();
    const mate = analysis('6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1', { mate: 1, pv: ['d1d8'] });
    expect(analysisToResult(mate, META).explanation).toMatch(/^White can force checkmate \(\+M1\)\. Best: Rd8# is checkmate/);
  });

  it('has no best move when the side to move has none', () => {
    const result = analysisToResult(analysis('3R2k1/5ppp/8/8/8/8/5PPP/6K1 b - - 1 1', { mate: 0, pv: [] }), META);
    expect(result.stockfish.bestMove).toBeNull();
  });

  it('a finished position says the game is over: no best move, no line (issue 20)', () => {
    // Stockfish answers a mated position with stale or empty lines; none of them is shown.
    const mated = analysisToResult(analysis('3R2k1/5ppp/8/8/8/8/5PPP/6K1 b - - 1 1', { mate: 0, pv: ['d8e8'] }), META);
    expect(mated.stockfish).toMatchObject({ bestMove: null, pv: [], mate: 0 });
    expect(mated.explanation).toBe('Checkmate: the game is over. White wins.');
    const stalemate = analysisToResult(analysis('7k/5Q2/6K1/8/8/8/8/8 b - - 0 1', { cp: 0, pv: [] }), META);
    expect(stalemate.explanation).toBe('Stalemate: the game is over. It is a draw.');
    expect(gameOverText('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1')).toBeNull();
  });
});
