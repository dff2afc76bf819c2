/** The spec's engine analysis result (analysis card, POST /api/ai/analyze-position). Pure. */
import type { Difficulty, EngineAnalysisResult } from '../../schema';
import { parseFen } from '../chess';
import type { AnalysisLike } from './engine-port';
import { explainPositionWords } from './explain';
import { fenTurn } from './format';
import { lineScore, MATE_SCORE, matePlies, scoreToNumber, whitePov } from './score';
import { phrase, renderEnglish, type CoachWords } from './words';

const UCI = /^[a-h][1-8][a-h][1-8][qrbn]?$/;

/**
 * What to say of a position with no legal move instead of a score and lines: the game is over
 * (issue 20: the card read '-M0 · Best move None · Depth 0'). Null while moves remain.
 */
export function gameOverText(fen: string): string | null {
  const words = gameOverWords(fen);
  return words && renderEnglish(words);
}

export function gameOverWords(fen: string): CoachWords | null {
  const game = parseFen(fen);
  if (!game.ok || game.value.moves().length > 0) return null;
  if (game.value.isCheckmate()) return [phrase('game-over-checkmate', { winner: game.value.turn() === 'w' ? 'b' : 'w' })];
  return [phrase('game-over-stalemate', {})];
}

/**
 * The best line's score in White's view: centipawns, or ±(100000 − plies) for a mate with `mate`
 * in moves (positive when White mates; 0 when the side to move is already mated). The
 * explanation (plain words, explain.ts) is included unless `includeExplanation` is false.
 */
export function analysisToResult(
  a: AnalysisLike,
  meta: { difficulty: Difficulty; engine: string; processingTime: number; includeExplanation?: boolean },
): EngineAnalysisResult {
  const turn = fenTurn(a.fen);
  const over = gameOverText(a.fen);
  const line = a.lines[0];
  const own = lineScore(line);
  let score: number;
  let mate: number | null = null;
  if (own.kind === 'mate' && own.value === 0) {
    // The side to move is mated: the number carries the sign, the mate count is 0.
    score = turn === 'w' ? -MATE_SCORE : MATE_SCORE;
    mate = 0;
  } else if (own.kind === 'mate') {
    // Plies are counted from the side to move (mate in 1 = 1 ply, mated in 1 = 2 plies).
    mate = turn === 'w' ? own.value : -own.value;
    score = Math.sign(mate) * (MATE_SCORE - matePlies(own.value));
  } else {
    score = scoreToNumber(whitePov(own, turn));
  }
  const explanationWords = meta.includeExplanation === false ? null : (gameOverWords(a.fen) ?? explainPositionWords(a));
  return {
    stockfish: {
      score,
      mate,
      depth: a.depth,
      bestMove: over === null && UCI.test(a.bestMove) ? a.bestMove : null,
      pv: over !== null ? [] : (line?.pv ?? []).filter((m) => UCI.test(m)),
    },
    explanation: explanationWords && renderEnglish(explanationWords),
    explanationWords,
    engine: meta.engine,
    processingTime: meta.processingTime,
    difficulty: meta.difficulty,
    error: null,
  };
}
