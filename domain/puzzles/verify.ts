/**
 * The engine check of a shipped puzzle (the generator's last gate and the content test): every
 * move is legal, the first solver position is a puzzle start (accept.ts; searched again at
 * PUZZLE_DOUBT_DEPTH when the puzzle depth does not find it one, as cook.ts does), and at each solver
 * step the solution's move is the engine's best and the only one; where the solution mates at
 * once, any mating move is as good. Pure apart from the injected engine.
 */
import type { Chess } from 'chess.js';
import { parseFen, parseUci, playMove } from '../chess';
import { isOnlyMove, isPuzzleStart } from './accept';
import { checkedStep, PUZZLE_DOUBT_DEPTH, solverStep, type PuzzleEngine, type SolverStep } from './cook';

/**
 * The fixed search depth of every puzzle search (cooking, checking): deep enough for the mates in
 * three and the short combinations of the trainer, shallow enough that the content test checks
 * a puzzle in about a third of a second.
 */
export const PUZZLE_CHECK_DEPTH = 10;

/** On success, `findDepth` is the first step's (cook.ts's SolverStep), for the rating rule. */
export type VerifyResult = { ok: true; findDepth: number } | { ok: false; ply: number; reason: string };

function isMate(game: Chess, uci: string): boolean {
  const input = parseUci(uci);
  if (!input) return false;
  const played = playMove(game, input);
  if (!played.ok) return false;
  const mate = game.isCheckmate();
  game.undo();
  return mate;
}

/** Legality alone (no engine): every move of `moves` plays from `fen`, and the puzzle is not over before its end. */
export function replayPuzzle(fen: string, moves: readonly string[]): { ok: true; game: Chess } | { ok: false; ply: number; reason: string } {
  const parsed = parseFen(fen);
  if (!parsed.ok) return { ok: false, ply: -1, reason: parsed.error.message };
  const game = parsed.value;
  for (const [ply, uci] of moves.entries()) {
    if (game.isGameOver()) return { ok: false, ply, reason: 'the game is over before this move' };
    const input = parseUci(uci);
    if (!input || !playMove(game, input).ok) return { ok: false, ply, reason: `illegal move ${uci}` };
  }
  return { ok: true, game };
}

/** Checks a puzzle written the Lichess way: `fen` before the opponent's first move `moves[0]`. */
export async function verifyPuzzle(engine: PuzzleEngine, fen: string, moves: readonly string[], depth: number): Promise<VerifyResult> {
  const legal = replayPuzzle(fen, moves);
  if (!legal.ok) return legal;
  const game = parseFen(fen);
  if (!game.ok) return { ok: false, ply: -1, reason: game.error.message };
  const board = game.value;
  let findDepth = depth;
  for (const [ply, uci] of moves.entries()) {
    if (ply % 2 === 1) {
      const solutionMates = isMate(board, uci);
      // The first step as the generator cooks it: searched again deeper when it is not a start
      // with this move at `depth` (a puzzle that passes at `depth` is checked exactly as before).
      const firstPasses = (lines: SolverStep['lines']) => isPuzzleStart(lines) && (solutionMates || (lines[0]?.pv[0] === uci && isOnlyMove(lines)));
      const step = ply === 1 ? await checkedStep(engine, board.fen(), depth, PUZZLE_DOUBT_DEPTH, firstPasses) : await solverStep(engine, board.fen(), depth);
      const analysis = { lines: step.lines, bestMove: step.lines[0]?.pv[0] ?? '' };
      if (ply === 1) findDepth = step.findDepth;
      if (ply === 1 && !isPuzzleStart(analysis.lines)) return { ok: false, ply, reason: 'not a winning start with one best move' };
      if (!solutionMates) {
        if (analysis.bestMove !== uci) return { ok: false, ply, reason: `engine prefers ${analysis.bestMove} to ${uci}` };
        if (!isOnlyMove(analysis.lines)) return { ok: false, ply, reason: `${uci} is not the only winning move` };
      }
    }
    playMove(board, parseUci(uci)!);
  }
  return { ok: true, findDepth };
}
