/**
 * Game review: every move classified, both players' accuracy (lichess's method), the count of
 * each category and the key moments. Each position is analysed once (n + 1 searches for n
 * moves): the analysis of the position after a move is also the "before" of the next one.
 */
import type { MoveCategory, MoveClassification } from '../../schema';
import { MOVE_CATEGORIES } from '../../schema/core/values';
import { parseFen, parseUci, playMove, START_FEN, type Move } from '../chess';
import { gameAccuracy, winPercent } from '../winning';
import { classifyFromAnalyses } from './classify';
import type { AnalysisLike, EnginePort } from './engine-port';
import { fenTurn } from './format';
import { analysisScore, whitePov } from './score';

/** MultiPV of the review's searches: enough for alternatives, only-move and complexity. */
export const REVIEW_MULTIPV = 3;
/**
 * The search the app should ask for a whole-game review: depth 12, each search stopped after
 * 100 ms, so 81 searches of a 40-move game stay under 10 s on a slow 2-core machine
 * (bench/coach.ts).
 */
export const REVIEW_SEARCH = { depth: 12, movetimeMs: 100 } as const;
/** At most this many key moments, the largest swings first (returned in game order). */
export const KEY_MOMENTS = 5;
const KEY_CATEGORIES: ReadonlySet<MoveCategory> = new Set(['brilliant', 'great', 'mistake', 'miss', 'blunder']);

export interface ReviewedMove {
  /** 1 for White's first move. */
  ply: number;
  san: string;
  uci: string;
  color: 'w' | 'b';
  fenBefore: string;
  fenAfter: string;
  classification: MoveClassification;
  /** White's Win% after the move. */
  whiteWinPercent: number;
  /** White's view, after the move. */
  evalCp: number | null;
  mate: number | null;
}

export interface GameReview {
  moves: ReviewedMove[];
  accuracy: { w: number | null; b: number | null };
  counts: { w: Record<MoveCategory, number>; b: Record<MoveCategory, number> };
  /** Plies of the moments worth a look. */
  keyMoments: number[];
}

/** The part of an AbortSignal the review reads (a real AbortSignal fits). */
export interface AbortSignalLike {
  readonly aborted: boolean;
}

export interface ReviewInput {
  startingFen?: string;
  /** SAN (or UCI) moves from the starting position. */
  moves: string[];
  depth: number;
  isBook?: (fen: string) => boolean;
  onProgress?: (done: number, total: number) => void;
  signal?: AbortSignalLike;
  /** Optional cap per search (ms), so a long game stays quick on a slow machine. */
  movetimeMs?: number;
  multiPv?: number;
  /** The child whose game it is: explanations speak from that side (issue 20). Unset: each mover's. */
  player?: 'w' | 'b';
}

/** An analysis for a position without moves (checkmate, stalemate): no engine needed. */
function terminalAnalysis(fen: string, mated: boolean): AnalysisLike {
  return { fen, depth: 0, bestMove: '', lines: [{ multipv: 1, depth: 0, scoreCp: mated ? null : 0, mate: mated ? 0 : null, pv: [] }] };
}

const emptyCounts = (): Record<MoveCategory, number> =>
  Object.fromEntries(MOVE_CATEGORIES.map((c) => [c, 0])) as Record<MoveCategory, number>;

/** The moves played from the starting position, and every position's FEN (the start's first). */
function replay(input: ReviewInput): { fens: string[]; played: Move[] } {
  const parsed = parseFen(input.startingFen ?? START_FEN);
  if (!parsed.ok) throw new Error(parsed.error.message);
  const game = parsed.value;
  const fens = [game.fen()];
  const played: Move[] = [];
  for (const move of input.moves) {
    const result = playMove(game, parseUci(move) ?? move);
    if (!result.ok) throw new Error(result.error.message);
    played.push(result.value);
    fens.push(game.fen());
  }
  return { fens, played };
}

/** One analysis a position, in order, reporting progress and stopping when the review is aborted. */
async function analysePositions(engine: EnginePort, fens: readonly string[], input: ReviewInput): Promise<AnalysisLike[]> {
  const total = fens.length;
  const analyses: AnalysisLike[] = [];
  input.onProgress?.(0, total);
  for (const [i, fen] of fens.entries()) {
    if (input.signal?.aborted) throw new Error('Review aborted');
    const position = parseFen(fen);
    const over = position.ok && position.value.moves().length === 0;
    analyses.push(
      over
        ? terminalAnalysis(fen, position.ok && position.value.isCheckmate())
        : await engine.analyse(fen, {
            depth: input.depth,
            multiPv: input.multiPv ?? REVIEW_MULTIPV,
            ...(input.movetimeMs ? { movetimeMs: input.movetimeMs } : {}),
          }),
    );
    input.onProgress?.(i + 1, total);
  }
  return analyses;
}

/** The plies of the largest swings among the key categories, at most KEY_MOMENTS, in game order. */
function keyMoments(moves: readonly ReviewedMove[], whiteWins: readonly number[]): number[] {
  return moves
    .filter((m) => KEY_CATEGORIES.has(m.classification.category))
    .map((m) => ({ ply: m.ply, swing: Math.abs(whiteWins[m.ply]! - whiteWins[m.ply - 1]!) }))
    .sort((a, b) => b.swing - a.swing || a.ply - b.ply)
    .slice(0, KEY_MOMENTS)
    .map((m) => m.ply)
    .sort((a, b) => a - b);
}

export async function reviewGame(engine: EnginePort, input: ReviewInput): Promise<GameReview> {
  const { fens, played } = replay(input);
  const analyses = await analysePositions(engine, fens, input);
  const whiteWins = analyses.map((a) => winPercent(whitePov(analysisScore(a), fenTurn(a.fen))));
  const moves: ReviewedMove[] = [];
  const counts = { w: emptyCounts(), b: emptyCounts() };
  let previous: MoveClassification | null = null;
  const history: string[] = [];
  for (const [i, move] of played.entries()) {
    const classification = classifyFromAnalyses({
      fenBefore: fens[i]!,
      move: move.san,
      before: analyses[i]!,
      after: analyses[i + 1]!,
      history: [...history],
      previous,
      ...(input.isBook ? { isBook: input.isBook } : {}),
      ...(input.player ? { viewer: input.player } : {}),
    });
    const after = analyses[i + 1]!;
    const white = whitePov(analysisScore(after), fenTurn(after.fen));
    const matedNow = white.kind === 'mate' && white.value === 0;
    moves.push({
      ply: i + 1,
      san: move.san,
      uci: move.lan,
      color: move.color,
      fenBefore: fens[i]!,
      fenAfter: fens[i + 1]!,
      classification,
      whiteWinPercent: whiteWins[i + 1]!,
      evalCp: white.kind === 'cp' ? white.value : null,
      // The side to move is mated after the move: the mover (this move's colour) has mated.
      mate: white.kind === 'mate' ? (matedNow ? (move.color === 'w' ? 1 : -1) : white.value) : null,
    });
    counts[move.color][classification.category] += 1;
    history.push(move.san);
    previous = classification;
  }

  const startColor = fenTurn(fens[0]!);
  return {
    moves,
    accuracy: { w: gameAccuracy(whiteWins, 'w', startColor), b: gameAccuracy(whiteWins, 'b', startColor) },
    counts,
    keyMoments: keyMoments(moves, whiteWins),
  };
}
