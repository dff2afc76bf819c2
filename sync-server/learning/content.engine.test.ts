/**
 * The real Stockfish (worker/node-engine.node.ts, the Node engine of the server's coaching pool)
 * checks the authored content:
 * - each lesson's correct move is the engine's best or within 0.3 pawns of it (30 centipawns);
 *   when the best move forces mate, the correct move must force mate too, at most 2 moves slower
 *   (a centipawn gap means nothing between mates);
 * - each assessment puzzle's first move is the only winning one: the engine's best move, winning
 *   (a forced mate or at least +2.00), and the second-best move not winning (unless it is the only legal move).
 * The best move's score and each correct move's score are both read one ply down (the reply's
 * search at depth 13), so they are compared at the same depth. Depth 14 for both keeps the whole
 * file near 10 s (well under 60 s even on a busy machine).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPromotionMove, parseFen, parseUci, playMove } from '../../domain/chess';
import type { EngineCore } from '../../worker/engine-core';
import type { PvLine } from '../../worker/engine-api';
import { createNodeEngine } from '../../worker/node-engine.node';
import { loadContent } from './content';

export const LESSON_DEPTH = 14;
export const PUZZLE_DEPTH = 14;
export const LESSON_TOLERANCE_CP = 30;
export const MATE_SLACK_MOVES = 2;
export const WINNING_CP = 200;

const content = loadContent();
let engine: EngineCore;

beforeAll(async () => {
  engine = createNodeEngine();
  await engine.init();
}, 60_000);
afterAll(() => engine?.terminate());

type Score = { mate: number | null; cp: number };
const score = (line: PvLine | undefined): Score => ({ mate: line?.mate ?? null, cp: line?.scoreCp ?? 0 });
const winning = (s: Score) => (s.mate !== null ? s.mate > 0 : s.cp >= WINNING_CP);

/** The mover's score after playing `uci` in `fen`: the reply's score turned round. */
async function scoreOfMove(fen: string, uci: string): Promise<Score> {
  const game = parseFen(fen);
  if (!game.ok) throw new Error(game.error.message);
  const input = parseUci(uci)!;
  const promotion = isPromotionMove(game.value, input.from, input.to) ? { promotion: 'q' as const } : {};
  const played = playMove(game.value, { ...input, ...promotion });
  if (!played.ok) throw new Error(played.error.message);
  if (game.value.isCheckmate()) return { mate: 1, cp: 0 };
  if (game.value.isDraw() || game.value.isStalemate()) return { mate: null, cp: 0 };
  const reply = score((await engine.analyse(game.value.fen(), { depth: LESSON_DEPTH - 1 })).lines[0]);
  return reply.mate !== null ? { mate: reply.mate <= 0 ? -reply.mate + 1 : -reply.mate, cp: 0 } : { mate: null, cp: -reply.cp };
}

/** Does `correct` stand up to `best` by the rule above? Mate distances in moves of the mover. */
export function agrees(correct: Score, best: Score): boolean {
  if (best.mate !== null && best.mate > 0) return correct.mate !== null && correct.mate > 0 && correct.mate <= best.mate + MATE_SLACK_MOVES;
  if (correct.mate !== null) return correct.mate > 0;
  if (best.mate !== null) return true; // best is being mated: nothing is worse than that
  return correct.cp >= best.cp - LESSON_TOLERANCE_CP;
}

describe('agrees', () => {
  it.each([
    [{ mate: null, cp: 120 }, { mate: null, cp: 140 }, true],
    [{ mate: null, cp: 100 }, { mate: null, cp: 140 }, false],
    [{ mate: 3, cp: 0 }, { mate: 1, cp: 0 }, true],
    [{ mate: 4, cp: 0 }, { mate: 1, cp: 0 }, false],
    [{ mate: null, cp: 900 }, { mate: 2, cp: 0 }, false],
    [{ mate: 1, cp: 0 }, { mate: null, cp: 900 }, true],
  ])('%j against best %j: %s', (correct, best, expected) => {
    expect(agrees(correct, best)).toBe(expected);
  });
});

describe('Stockfish agrees with the lessons', () => {
  const sections = content.lessons.flatMap((lesson) =>
    lesson.content.sections.flatMap((section) => (section.type === 'interactive' ? [{ name: `${lesson.slug} / ${section.title}`, ...section.content }] : [])),
  );
  it.each(sections)('$name', async ({ fen, correctMoves }) => {
    const bestMove = (await engine.analyse(fen, { depth: LESSON_DEPTH })).bestMove;
    const best = await scoreOfMove(fen, bestMove);
    for (const move of correctMoves) {
      const mine = await scoreOfMove(fen, move);
      expect(agrees(mine, best), `${move}: ${JSON.stringify(mine)} against the best ${JSON.stringify(best)}`).toBe(true);
    }
  }, 30_000);
});

describe('Stockfish agrees that each puzzle has one winning first move', () => {
  it.each(content.puzzles.map((p) => ({ name: `${p.lichessId} (${p.rating})`, ...p })))('$name', async ({ fen, solution }) => {
    const game = parseFen(fen);
    expect(game.ok).toBe(true);
    const legal = game.ok ? game.value.moves().length : 0;
    const analysis = await engine.analyse(fen, { depth: PUZZLE_DEPTH, multiPv: 2 });
    const [first, second] = analysis.lines;
    expect(first?.pv[0]?.slice(0, 4)).toBe(`${solution[0]!.from}${solution[0]!.to}`);
    expect(winning(score(first)), `best ${JSON.stringify(score(first))}`).toBe(true);
    if (legal > 1) expect(winning(score(second)), `second ${second?.pv[0]} ${JSON.stringify(score(second))}`).toBe(false);
  }, 30_000);
});
