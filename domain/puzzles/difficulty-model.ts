/**
 * The difficulty model of generated puzzles (issue 30): a ridge regression of Lichess's puzzle
 * ratings on what the board and Stockfish say about a puzzle, fitted on the 699 rated Lichess
 * puzzles of puzzles-extra (scripts/testdata) and validated on the 400 of puzzles-sample it
 * never saw: bench/puzzles-difficulty.ts fits, prints the held-out error and writes
 * difficulty-weights.ts. Every generated puzzle's rating is its prediction.
 *
 * Features: how many moves the solver must find and whether the line mates; how deep Stockfish
 * must search before it settles on each solution move (the first, the hardest, the mean); how
 * clear the win is (the best line's winning chances, the gap to the second move); how many
 * moves the solver could choose from; the first move's kind (check, capture, quiet, a piece left
 * where it can be taken, a retreat, a king or queen move, a promotion); the material on the
 * board and the solver's lead. Pure.
 */
import type { Chess } from 'chess.js';
import { parseFen, parseUci, playMove } from '../chess';
import { solveAugmented } from './difficulty';
import { puzzlerWinChances } from './puzzler-rule';
import { materialDiff } from './tactics';

/** What Stockfish says at one solver step (scripts/puzzles-features.ts, searched to depth 14). */
export interface EngineStepFeatures {
  /** The lowest depth from which the engine's best move stayed the solution (depth + 1 when never). */
  findDepth: number;
  bestCp: number | null;
  bestMate: number | null;
  secondCp: number | null;
  secondMate: number | null;
  /** Legal moves the solver had there. */
  legalMoves: number;
}

export const DIFFICULTY_FEATURES = [
  'solverMoves',
  'mate',
  'mateMoves',
  'findDepthFirst',
  'findDepthMax',
  'findDepthMean',
  'lateFinds',
  'bestWinChances',
  'gapFirst',
  'gapMin',
  'legalMovesLog',
  'firstCheck',
  'firstCapture',
  'firstQuiet',
  'firstEnPrise',
  'firstRetreat',
  'firstKing',
  'firstQueen',
  'promotion',
  'piecesOnBoard',
  'material',
  'solverLead',
  'quietSolverMoves',
  'solverChecks',
  'opponentCaptured',
  'takesMovedPiece',
  'firstCaptureValue',
] as const;

export interface DifficultyModel {
  /** Means and standard deviations of the training features (each feature is standardized). */
  means: readonly number[];
  sds: readonly number[];
  /** Weights of the standardized features, in DIFFICULTY_FEATURES order, and the intercept. */
  weights: readonly number[];
  intercept: number;
}

export const MIN_MODEL_RATING = 400;
export const MAX_MODEL_RATING = 2800;

const VALUES: Readonly<Record<string, number>> = { p: 1, n: 3, b: 3, r: 5, q: 9, k: 0 };

function gapOf(step: EngineStepFeatures): number {
  const best = puzzlerWinChances({ scoreCp: step.bestCp, mate: step.bestMate });
  if (step.secondCp === null && step.secondMate === null) return 2; // a single legal move
  return best - puzzlerWinChances({ scoreCp: step.secondCp, mate: step.secondMate });
}

function piecesAndMaterial(game: Chess): { pieces: number; material: number } {
  let pieces = 0;
  let material = 0;
  for (const row of game.board()) {
    for (const cell of row) {
      if (!cell || cell.type === 'k') continue;
      if (cell.type !== 'p') pieces++;
      material += VALUES[cell.type]!;
    }
  }
  return { pieces, material };
}

/** The feature vector of a puzzle written the Lichess way, with the engine's steps; null when the line does not play. */
export function difficultyFeatures(fen: string, moves: readonly string[], steps: readonly EngineStepFeatures[]): number[] | null {
  const parsed = parseFen(fen);
  if (!parsed.ok || steps.length === 0) return null;
  const game = parsed.value;
  const opening = parseUci(moves[0] ?? '');
  const opened = opening && playMove(game, opening);
  if (!opened?.ok) return null;
  const solver = game.turn();
  const { pieces, material } = piecesAndMaterial(game);
  const solverLead = materialDiff(game, solver);
  const firstInput = parseUci(moves[1] ?? '');
  const first = firstInput && playMove(game, firstInput);
  if (!first?.ok) return null;
  const move = first.value;
  const check = game.inCheck();
  const capture = move.captured !== undefined;
  // Left where it can be taken: the moved piece (not a pawn or king) is attacked and worth more than what it took.
  const enPrise = move.piece !== 'k' && move.piece !== 'p' && game.attackers(move.to, game.turn()).length > 0 && VALUES[move.piece]! > (move.captured ? VALUES[move.captured]! : 0);
  const forward = solver === 'w' ? 1 : -1;
  const retreat = (Number(move.to[1]) - Number(move.from[1])) * forward < 0;
  let promotion = move.promotion !== undefined;
  let mate = game.isCheckmate();
  let quietSolverMoves = !check && !capture ? 1 : 0;
  let solverChecks = check ? 1 : 0;
  for (const [i, uci] of moves.slice(2).entries()) {
    const input = parseUci(uci);
    const played = input && playMove(game, input);
    if (!played?.ok) return null;
    if (i % 2 === 1) {
      if (played.value.promotion) promotion = true;
      if (game.inCheck()) solverChecks++;
      else if (!played.value.captured) quietSolverMoves++;
    }
    mate = game.isCheckmate();
  }
  const solverMoves = Math.ceil((moves.length - 1) / 2);
  const finds = steps.map((s) => s.findDepth);
  const gaps = steps.map(gapOf);
  const first0 = steps[0]!;
  return [
    solverMoves,
    mate ? 1 : 0,
    mate ? solverMoves : 0,
    first0.findDepth,
    Math.max(...finds),
    finds.reduce((a, b) => a + b, 0) / finds.length,
    finds.filter((d) => d >= 6).length,
    puzzlerWinChances({ scoreCp: first0.bestCp, mate: first0.bestMate }),
    Math.min(2, gaps[0]!),
    Math.min(2, ...gaps),
    Math.log(Math.max(1, first0.legalMoves)),
    check ? 1 : 0,
    capture ? 1 : 0,
    !check && !capture ? 1 : 0,
    enPrise ? 1 : 0,
    retreat ? 1 : 0,
    move.piece === 'k' ? 1 : 0,
    move.piece === 'q' ? 1 : 0,
    promotion ? 1 : 0,
    pieces,
    material,
    solverLead,
    quietSolverMoves,
    solverChecks,
    opened.value.captured ? 1 : 0,
    move.to === opened.value.to ? 1 : 0,
    move.captured ? VALUES[move.captured]! : 0,
  ];
}

/** Ridge regression on standardized features (normal equations; the intercept is not penalized). */
export function fitDifficulty(samples: readonly { features: readonly number[]; rating: number }[], ridge = 1): DifficultyModel {
  const n = DIFFICULTY_FEATURES.length;
  const mean = (i: number) => samples.reduce((s, x) => s + x.features[i]!, 0) / samples.length;
  const means = Array.from({ length: n }, (_, i) => mean(i));
  const sds = means.map((m, i) => Math.sqrt(samples.reduce((s, x) => s + (x.features[i]! - m) ** 2, 0) / samples.length) || 1);
  const intercept = samples.reduce((s, x) => s + x.rating, 0) / samples.length;
  const z = samples.map((x) => x.features.map((v, i) => (v - means[i]!) / sds[i]!));
  const a = Array.from({ length: n }, (_, i) => Array.from({ length: n + 1 }, (_, j) => (i === j ? ridge : 0)));
  for (const [k, x] of z.entries()) {
    for (let i = 0; i < n; i++) {
      for (let j = 0; j < n; j++) a[i]![j]! += x[i]! * x[j]!;
      a[i]![n]! += x[i]! * (samples[k]!.rating - intercept);
    }
  }
  const weights = solveAugmented(a);
  return { means, sds, weights, intercept };
}

/** The model's rating for a feature vector, rounded and kept within 400..2,800. */
export function predictDifficulty(model: DifficultyModel, features: readonly number[]): number {
  const raw = features.reduce((s, v, i) => s + model.weights[i]! * ((v - model.means[i]!) / model.sds[i]!), model.intercept);
  return Math.round(Math.min(MAX_MODEL_RATING, Math.max(MIN_MODEL_RATING, raw)));
}

/** Mean absolute error of the model on rated samples. */
export const meanAbsoluteError = (model: DifficultyModel, samples: readonly { features: readonly number[]; rating: number }[]): number =>
  samples.reduce((s, x) => s + Math.abs(predictDifficulty(model, x.features) - x.rating), 0) / Math.max(1, samples.length);
