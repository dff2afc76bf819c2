/**
 * Classification of a move into the ten categories of the spec, with accuracy, centipawn loss,
 * phase, book and only-move flags, alternatives, complexity and an explanation. The rules and
 * numbers are in docs/decisions.md, "Coaching (issue 4)". classifyFromAnalyses is pure;
 * classifyMove asks the engine for what it needs (one search, two when the played move is not
 * among the engine's lines).
 */
import type { Chess } from 'chess.js';
import type { AlternativeMove, MoveCategory, MoveClassification } from '../../schema';
import { parseFen, parseUci, playMove, positionKey, replayGame, type Color, type Move } from '../chess';
import { moveAccuracy, winPercent, clampedCentipawns, type EngineScore } from '../winning';
import { positionComplexity } from './complexity';
import type { AnalysisLike, EnginePort, PvLineLike } from './engine-port';
import { explainMoveWords } from './explain';
import { renderEnglish } from './words';
import { applyMove, copyGame, detectHanging, material, other } from './motifs';
import { gamePhase } from './phase';
import { analysisScore, lineScore, lineWinPercent, negateScore, scoreToNumber } from './score';

/** Lines asked of the engine: the best and three alternatives even when the played move is one of them. */
export const CLASSIFY_MULTIPV = 4;

/** Upper bounds of the Win% drop for each band (a drop at or above the last is a blunder). */
export const DROP_BANDS = { best: 1, excellent: 2.5, good: 5, inaccuracy: 10, mistake: 20 } as const;
/** great: the best move beats the second line by more than this many Win% points... */
export const ONLY_MOVE_MARGIN = 10;
/** ...and the second line is below this Win% (else the position was already won). */
export const ALREADY_WON = 80;
/** brilliant: near-best (drop under this), a sacrifice of at least SACRIFICE_MIN in pieces, not losing after. */
export const BRILLIANT_MAX_DROP = 2.5;
export const SACRIFICE_MIN = 2;
export const NOT_LOSING = 45;
/** ...and the mover was not already winning (below this Win% before), unless the sacrifice forces mate. */
export const ALREADY_WINNING = 90;
/** Plies of the engine's line after the move read to see whether the material comes back. */
export const SACRIFICE_PLIES = 4;

export interface ClassifyInput {
  fenBefore: string;
  /** SAN or UCI */
  move: string;
  /** SAN moves played before (for repetition and the previous move) */
  history?: string[];
  /** The opponent's previous move's classification (for 'miss') */
  previous?: MoveClassification | null;
  /** Opening-table lookup, injected (domain/openings provides isBookPosition) */
  isBook?: (fen: string) => boolean;
  /** e.g. 12 on phones, 15 on desktop */
  depth: number;
  moveNumber?: number;
}

/** The band of a Win% drop. */
export function bandCategory(drop: number): 'best' | 'excellent' | 'good' | 'inaccuracy' | 'mistake' | 'blunder' {
  if (drop < DROP_BANDS.best) return 'best';
  if (drop < DROP_BANDS.excellent) return 'excellent';
  if (drop < DROP_BANDS.good) return 'good';
  if (drop < DROP_BANDS.inaccuracy) return 'inaccuracy';
  if (drop < DROP_BANDS.mistake) return 'mistake';
  return 'blunder';
}

const sortedLines = (a: AnalysisLike): PvLineLike[] => [...a.lines].sort((x, y) => x.multipv - y.multipv);

/** SAN of a UCI move in a position, or null when it is not legal there. */
export function uciToSan(fen: string, uci: string): string | null {
  return applyMove(fen, uci)?.move.san ?? null;
}

/**
 * Pieces (pawns aside) the mover is down after the move and `pv` (the engine's continuation),
 * compared with before the move: 3 when a knight was given for nothing, 0 for a fair trade.
 */
export function sacrificedMaterial(fenBefore: string, move: string, pv: readonly string[]): number {
  const start = parseFen(fenBefore);
  const after = applyMove(fenBefore, move);
  if (!start.ok || !after) return 0;
  const mover = after.move.color;
  const balance = (c: Chess) => material(c, mover, true) - material(c, other(mover), true);
  const initial = balance(start.value);
  const game = copyGame(after.chess);
  let worst = balance(game);
  // Read the line an opponent's move at a time: the balance after each of the mover's replies counts.
  for (const uci of pv.slice(0, SACRIFICE_PLIES)) {
    const step = applyMove(game.fen(), uci);
    if (!step) break;
    game.load(step.chess.fen());
    if (step.move.color === mover) worst = balance(game);
  }
  worst = Math.min(worst, balance(game));
  return Math.max(0, initial - worst);
}

export interface ClassifyFromAnalysesInput extends Omit<ClassifyInput, 'depth'> {
  /** The engine's analysis of fenBefore (MultiPV, best line first). */
  before: AnalysisLike;
  /** The engine's analysis of the position after the move; null when the move is among before's lines. */
  after: AnalysisLike | null;
  /** Whose side the explanation takes (explain.ts MoveFacts.viewer); unset: the mover's. */
  viewer?: Color;
}

/**
 * The played move's score, mover's view, and the opponent's expected reply: checkmate and draws
 * are known without an engine; else the move's own line, or the analysis after it, tells.
 */
function playedMoveScore(input: ClassifyFromAnalysesInput, after: Chess, playedLine: PvLineLike | undefined): { afterScore: EngineScore; reply: string | null } {
  let afterScore: EngineScore;
  let reply: string | null = null;
  if (after.isCheckmate()) afterScore = { kind: 'mate', value: 1 };
  else if (after.isDraw() || repeatsThreeTimes(input)) afterScore = { kind: 'cp', value: 0 };
  else if (playedLine) {
    afterScore = lineScore(playedLine);
    reply = playedLine.pv[1] ?? null;
  } else if (input.after) {
    afterScore = negateScore(analysisScore(input.after));
    reply = sortedLines(input.after)[0]?.pv[0] ?? null;
  } else throw new Error('classifyFromAnalyses: the played move is not in the lines and no analysis after it was given');
  if (input.after && !reply) reply = sortedLines(input.after)[0]?.pv[0] ?? null;
  return { afterScore, reply };
}

/** Up to three of the engine's other moves, best first. */
function alternativeMoves(fenBefore: string, lines: readonly PvLineLike[], uci: string): AlternativeMove[] {
  const alternatives: AlternativeMove[] = [];
  for (const line of lines) {
    const alt = line.pv[0];
    if (!alt || alt === uci || alternatives.length >= 3) continue;
    const san = uciToSan(fenBefore, alt);
    if (!san) continue;
    const score = lineScore(line);
    alternatives.push({ move: san, uci: alt, evaluation: scoreToNumber(score), mate: score.kind === 'mate' ? score.value : null });
  }
  return alternatives;
}

/** The classification from the engine's analyses of the positions before and after the move. */
export function classifyFromAnalyses(input: ClassifyFromAnalysesInput): MoveClassification {
  const played = applyMove(input.fenBefore, input.move);
  if (!played) throw new Error(`Invalid move: ${input.move}`);
  const start = parseFen(input.fenBefore);
  if (!start.ok) throw new Error(start.error.message);
  const move: Move = played.move;
  const uci = move.lan;
  const fenAfter = played.chess.fen();
  const lines = sortedLines(input.before);
  const bestLine = lines[0];
  const bestUci = bestLine?.pv[0] ?? (input.before.bestMove || null);
  const bestScore: EngineScore = lineScore(bestLine);
  const playedLine = lines.find((l) => l.pv[0] === uci);

  const { afterScore, reply } = playedMoveScore(input, played.chess, playedLine);

  const winBefore = bestLine ? winPercent(bestScore) : winPercent(afterScore);
  const winAfter = winPercent(afterScore);
  const isBest = uci === bestUci;
  const drop = isBest ? 0 : Math.max(0, winBefore - winAfter);
  const legalMoves = start.value.moves().length;
  const secondWin = lines[1] ? lineWinPercent(lines[1]) : null;
  const beatsSecond = isBest && secondWin !== null && winBefore - secondWin > ONLY_MOVE_MARGIN;
  const isOnlyMove = legalMoves === 1 || beatsSecond;
  const isBookMove = input.isBook?.(fenAfter) ?? false;

  let category: MoveCategory;
  const continuation = playedLine ? playedLine.pv.slice(1) : input.after ? (sortedLines(input.after)[0]?.pv ?? []) : [];
  if (isBookMove) category = 'book';
  else if (
    (isBest || drop < BRILLIANT_MAX_DROP) &&
    winAfter >= NOT_LOSING &&
    (winBefore < ALREADY_WINNING || (afterScore.kind === 'mate' && afterScore.value > 0)) &&
    (sacrificedMaterial(input.fenBefore, uci, continuation) >= SACRIFICE_MIN || offersPiece(input.fenBefore, uci))
  )
    category = 'brilliant';
  else if (beatsSecond && legalMoves > 1 && secondWin !== null && secondWin < ALREADY_WON) category = 'great';
  else if (isMiss(input.previous ?? null, drop, bestScore, afterScore)) category = 'miss';
  else category = isBest ? 'best' : bandCategory(drop);

  const alternatives = alternativeMoves(input.fenBefore, lines, uci);
  const bestSan = bestUci ? uciToSan(input.fenBefore, bestUci) : null;
  const explanationWords = explainMoveWords({
    fenBefore: input.fenBefore,
    move,
    category,
    bestUci,
    bestSan,
    bestScore,
    afterScore,
    reply,
    opponentErred: category === 'miss' && (input.previous?.category === 'mistake' || input.previous?.category === 'blunder'),
    ...(bestLine ? { bestLine: bestLine.pv } : {}),
    playedLine: [uci, ...continuation],
    ...(input.viewer ? { viewer: input.viewer } : {}),
  });

  return {
    category,
    accuracy: isBest ? 100 : moveAccuracy(winBefore, winAfter),
    centipawnLoss: isBest ? 0 : Math.max(0, Math.round(clampedCentipawns(bestScore) - clampedCentipawns(afterScore))),
    explanation: renderEnglish(explanationWords),
    explanationWords,
    gamePhase: gamePhase(input.fenBefore, input.moveNumber),
    isBookMove,
    isOnlyMove,
    alternativeMoves: alternatives,
    positionComplexity: positionComplexity(input.before),
    bestMove: isBest ? null : bestSan,
    winPercentBefore: winBefore,
    winPercentAfter: winAfter,
  };
}

/**
 * The move makes a threefold repetition (a draw), judged on the history when it leads from the
 * start position to fenBefore; a FEN alone cannot tell.
 */
function repeatsThreeTimes(input: Pick<ClassifyInput, 'history' | 'fenBefore' | 'move'>): boolean {
  if (!input.history || input.history.length < 4) return false;
  const game = replayGame(input.history);
  if (!game.ok) return false;
  if (positionKey(game.value.fen()) !== positionKey(input.fenBefore)) return false;
  const moved = playMove(game.value, parseUci(input.move) ?? input.move);
  return moved.ok && game.value.isThreefoldRepetition();
}

/** A piece (not a pawn) left where it can be taken, on purpose: the moved piece itself hangs. */
function offersPiece(fenBefore: string, uci: string): boolean {
  const hanging = detectHanging(fenBefore, uci);
  return hanging?.kind === 'hanging' && hanging.piece.square === uci.slice(2, 4) && hanging.piece.type !== 'p';
}

/**
 * 'miss': the opponent's previous move was a mistake or a blunder and this move gives back at
 * least half of what it offered (at least 5 Win%, and not much more than it offered: a move that
 * throws away more is judged by its own band); or the mover had a forced mate and let it go
 * while still not blundering.
 */
export function isMiss(previous: MoveClassification | null, drop: number, best: EngineScore, after: EngineScore): boolean {
  if (previous && (previous.category === 'mistake' || previous.category === 'blunder')) {
    const offered = Math.max(0, previous.winPercentBefore - previous.winPercentAfter);
    if (drop >= Math.max(DROP_BANDS.good, offered / 2) && drop <= offered + DROP_BANDS.good) return true;
  }
  const hadMate = best.kind === 'mate' && best.value > 0;
  const keepsMate = after.kind === 'mate' && after.value > 0;
  return hadMate && !keepsMate && drop < DROP_BANDS.mistake;
}

/** Classifies a move with the engine: the position before (MultiPV) and, when needed, after. */
export async function classifyMove(engine: EnginePort, input: ClassifyInput): Promise<MoveClassification> {
  const played = applyMove(input.fenBefore, input.move);
  if (!played) {
    const start = parseFen(input.fenBefore);
    throw new Error(start.ok ? `Invalid move: ${input.move}` : start.error.message);
  }
  const before = await engine.analyse(input.fenBefore, { depth: input.depth, multiPv: CLASSIFY_MULTIPV });
  const inLines = before.lines.some((l) => l.pv[0] === played.move.lan);
  const over = played.chess.isGameOver();
  const after = inLines || over ? null : await engine.analyse(played.chess.fen(), { depth: input.depth, multiPv: 1 });
  return classifyFromAnalyses({ ...input, before, after });
}
