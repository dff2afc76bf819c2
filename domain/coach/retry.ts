/**
 * 'Retry' in the game review: the learner tries another move where the game went wrong. The try
 * is right when it is the engine's best move, or keeps the mover's Win% within 2 points of the
 * best move's (what the position offered).
 */
import { parseFen, playMove, type MoveInput } from '../chess';
import { winPercent } from '../winning';
import type { EnginePort } from './engine-port';

export const RETRY_WIN_PERCENT_TOLERANCE = 2;

export type RetryVerdict =
  | { legal: false }
  | { legal: true; correct: boolean; san: string; fenAfter: string; winPercent: number };

export interface RetryInput {
  fenBefore: string;
  move: MoveInput;
  /** The engine's best move in the position, and the mover's Win% after it. */
  bestSan: string | null;
  bestWinPercent: number;
  depth: number;
}

export async function judgeRetry(engine: EnginePort, input: RetryInput): Promise<RetryVerdict> {
  const parsed = parseFen(input.fenBefore);
  if (!parsed.ok) return { legal: false };
  const game = parsed.value;
  const played = playMove(game, input.move);
  if (!played.ok) return { legal: false };
  const { san } = played.value;
  const fenAfter = game.fen();
  if (input.bestSan !== null && san === input.bestSan) return { legal: true, correct: true, san, fenAfter, winPercent: input.bestWinPercent };
  let mover: number;
  if (game.isCheckmate()) mover = 100;
  else if (game.isDraw()) mover = 50;
  else {
    const analysis = await engine.analyse(fenAfter, { depth: input.depth });
    const line = analysis.lines[0];
    const score = line?.mate != null ? { kind: 'mate' as const, value: line.mate } : { kind: 'cp' as const, value: line?.scoreCp ?? 0 };
    mover = 100 - winPercent(score); // the score is the opponent's, who is to move
  }
  return { legal: true, correct: mover >= input.bestWinPercent - RETRY_WIN_PERCENT_TOLERANCE, san, fenAfter, winPercent: mover };
}
