/**
 * Turning a position into a puzzle (lichess-puzzler's cook_mate / cook_advantage, our rules):
 * the solver's best move must be the only one (accept.ts) at every step, the opponent answers
 * with the engine's best move, and the line stops where the solver's move is no longer the only
 * one. A mate line must end in mate; a material line is cut back to end on a solver's move
 * that had a rival (not a forced only-legal-move) and must win at least MIN_MATERIAL_GAIN.
 * Pure apart from the injected engine: the generator, the bench and the engine test share it.
 */
import type { Chess } from 'chess.js';
import { parseFen, parseUci, playMove, positionKey } from '../chess';
import type { AnalysisLike } from '../coach/engine-port';
import { material, other } from '../coach/motifs/board';
import { forcesMate, isOnlyMove, isPuzzleStart } from './accept';

/** What the puzzle code needs of an engine (EngineCore and the engine pool satisfy it). */
export interface PuzzleEngine {
  analyse(
    fen: string,
    options: { depth: number; multiPv?: number; onDepth?: (analysis: AnalysisLike) => void },
  ): Promise<AnalysisLike>;
}

/** At most this many solver moves (the schema allows 16 moves: the opponent's first and 15 more). */
export const MAX_SOLVER_MOVES = 7;

export interface CookOptions {
  /** Fixed search depth of every step. */
  depth: number;
  /**
   * A line to follow for the opponent's replies (UCI, starting with the solver's first move):
   * the bench's Lichess solution. Replies missing or illegal fall back to the engine's.
   */
  follow?: readonly string[];
  /** The start's second search when the first finds no start (PUZZLE_DOUBT_DEPTH; 0: none). */
  doubtDepth?: number;
}

/**
 * A position that is not a puzzle start at the puzzle depth is searched again this deep before
 * it is turned down: at depth 10 the engine often sees a won endgame as +1 to +2 with a second
 * move close behind, where a deeper search sees the only winning move (the bench's misses went
 * from 23 to 2 of 400; lichess-puzzler searches far deeper still). Only the start: a later step
 * searched deeper would lengthen the lines past where Lichess ends them, and cost a deep search
 * at the end of every line.
 */
export const PUZZLE_DOUBT_DEPTH = 16;

/** One step of the solver: the engine's two best lines there. */
export interface SolverStep {
  fen: string;
  lines: AnalysisLike['lines'];
  /** The lowest depth from which the best move stayed the solution (1 when always). */
  findDepth: number;
}

export interface CookedPuzzle {
  kind: 'mate' | 'material';
  /** From the solver's first move on; the solver's moves at even indices. */
  line: string[];
  /** Moves to mate, for a mate line. */
  mateIn: number | null;
  steps: SolverStep[];
}

/** The reasons a position was turned down, for the generator's counts and the bench. */
export type CookRejection = 'not-a-start' | 'not-only-move' | 'no-mate' | 'repetition' | 'too-short' | 'too-long';
/** A refusal names the solver's step it happened at (its index in the line and the engine's lines), for the bench's misses. */
export type CookResult = { ok: true; puzzle: CookedPuzzle } | { ok: false; reason: CookRejection; at?: { ply: number; step: SolverStep } };

function gameAt(fen: string): Chess {
  const parsed = parseFen(fen);
  if (!parsed.ok) throw new Error(`cook: ${parsed.error.message}`);
  return parsed.value;
}

function play(game: Chess, uci: string): boolean {
  const input = parseUci(uci);
  return input !== null && playMove(game, input).ok;
}

/** Solver's material lead in pawns (pieces and pawns, kings aside). */
export function materialLead(game: Chess, solver: 'w' | 'b'): number {
  return material(game, solver) - material(game, other(solver));
}

/** The engine's two best lines at a solver's step, and the depth from which its best move held. */
export async function solverStep(engine: PuzzleEngine, fen: string, depth: number): Promise<SolverStep> {
  const bestByDepth: string[] = [];
  const analysis = await engine.analyse(fen, {
    depth,
    multiPv: 2,
    onDepth: (a) => {
      bestByDepth[a.depth] = a.lines[0]?.pv[0] ?? '';
    },
  });
  const best = analysis.lines[0]?.pv[0];
  let findDepth = analysis.depth;
  while (findDepth > 1 && (bestByDepth[findDepth - 1] === undefined || bestByDepth[findDepth - 1] === best)) findDepth--;
  return { fen, lines: analysis.lines, findDepth };
}

/** The step searched at `depth`, or, when it fails `passes` there, searched again at `doubtDepth` (when deeper). */
export async function checkedStep(
  engine: PuzzleEngine,
  fen: string,
  depth: number,
  doubtDepth: number,
  passes: (lines: SolverStep['lines']) => boolean,
): Promise<SolverStep> {
  const step = await solverStep(engine, fen, depth);
  if (doubtDepth <= depth || passes(step.lines)) return step;
  return solverStep(engine, fen, doubtDepth);
}

async function reply(engine: PuzzleEngine, game: Chess, depth: number, follow: string | undefined): Promise<string | null> {
  if (follow && game.moves({ verbose: true }).some((m) => m.lan === follow)) return follow;
  const analysis = await engine.analyse(game.fen(), { depth, multiPv: 1 });
  return analysis.bestMove || null;
}

/**
 * The puzzle that starts in `fen` (the solver to move, after the opponent's move), or why
 * there is none.
 */
export async function cookPuzzle(engine: PuzzleEngine, fen: string, options: CookOptions): Promise<CookResult> {
  const game = gameAt(fen);
  const first = await checkedStep(engine, fen, options.depth, options.doubtDepth ?? PUZZLE_DOUBT_DEPTH, isPuzzleStart);
  if (!isPuzzleStart(first.lines)) return { ok: false, reason: 'not-a-start', at: { ply: 0, step: first } };
  const mateLine = forcesMate(first.lines[0]);
  const seen = new Set([positionKey(fen)]);
  const line: string[] = [];
  const steps: SolverStep[] = [];
  /** Per solver step: had the move a rival (a second legal move)? */
  const contested: boolean[] = [];
  let step = first;
  for (;;) {
    const best = step.lines[0]!;
    const at = { ply: line.length, step };
    if (mateLine && !forcesMate(best)) return { ok: false, reason: 'no-mate', at };
    if (!isOnlyMove(step.lines)) {
      if (mateLine) return { ok: false, reason: 'not-only-move', at };
      break;
    }
    if (steps.length === MAX_SOLVER_MOVES) {
      if (mateLine) return { ok: false, reason: 'too-long' };
      break;
    }
    const move = best.pv[0]!;
    play(game, move);
    line.push(move);
    steps.push(step);
    contested.push(step.lines.length > 1);
    if (game.isCheckmate()) break;
    if (game.isGameOver()) return { ok: false, reason: mateLine ? 'no-mate' : 'too-short' };
    const answer = await reply(engine, game, options.depth, options.follow?.[line.length]);
    if (!answer || !play(game, answer)) return { ok: false, reason: 'no-mate' };
    line.push(answer);
    const key = positionKey(game.fen());
    if (seen.has(key)) return { ok: false, reason: 'repetition' };
    seen.add(key);
    step = await solverStep(engine, game.fen(), options.depth);
  }
  if (game.isCheckmate()) {
    return { ok: true, puzzle: { kind: 'mate', line, mateIn: steps.length, steps } };
  }
  // The line ends on a solver's move that had a rival (lichess-puzzler drops a final
  // only-legal move and any trailing reply).
  while (line.length > 0 && (line.length % 2 === 0 || !contested[(line.length - 1) / 2])) {
    line.pop();
    if (line.length % 2 === 0) {
      steps.pop();
      contested.pop();
    }
  }
  if (line.length === 0) return { ok: false, reason: 'too-short' };
  return { ok: true, puzzle: { kind: 'material', line, mateIn: null, steps } };
}
