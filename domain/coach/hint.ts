/**
 * The 'AI Suggestion': the engine's best move with the idea behind it in plain words, a nudge
 * that points at the piece for a first press (as lichess's practice mode does), and a few
 * 'Learning Tips' that fit the position. getHint asks the engine once; the rest is pure.
 */
import type { Difficulty, Hint, HintResponse } from '../../schema';
import { parseFen } from '../chess';
import type { EnginePort } from './engine-port';
import { fenTurn } from './format';
import type { PieceSymbol } from 'chess.js';
import { applyMove, findMotifs, hangingPieces, motifPhrase, other, type Motif } from './motifs';
import { explainLine, type LineIdea } from './line';
import { gamePhase } from './phase';
import { lineScore } from './score';
import { englishPhrase, phrase, renderEnglish, type CoachPhrase, type CoachWords } from './words';

/** A hint with its text and nudge as phrases too (./words.ts). */
export type WordedHint = Hint & { textWords: CoachWords; nudgeWords: CoachWords };

/** Lines asked of the engine for a hint: the second one tells whether the move is the only good one. */
export const HINT_MULTIPV = 2;

const TIP_COUNT: Readonly<Record<Difficulty, number>> = { beginner: 3, intermediate: 2, advanced: 1 };

export interface HintInput {
  fen: string;
  history?: string[];
  depth: number;
  difficulty?: Difficulty;
  movetimeMs?: number;
}

/** The tips in English (the API's words) and as phrases (the app's). */
function tipsOf(fen: string, uci: string, difficulty: Difficulty, line: readonly string[]): Pick<HintResponse, 'learningTips' | 'learningTipWords'> {
  const words = learningTipWords(fen, uci, difficulty, line);
  return { learningTips: words.map(englishPhrase), learningTipWords: words };
}

const failure = (error: string): HintResponse => ({ success: false, hint: null, learningTips: [], error });

/** Asks the engine for its best move and explains it. Never throws: a failure is success false. */
export async function getHint(engine: EnginePort, input: HintInput): Promise<HintResponse> {
  const parsed = parseFen(input.fen);
  if (!parsed.ok) return failure(parsed.error.message);
  if (parsed.value.moves().length === 0) return failure('No legal moves: the game is over');
  let analysis;
  try {
    analysis = await engine.analyse(input.fen, {
      depth: input.depth,
      multiPv: HINT_MULTIPV,
      ...(input.movetimeMs ? { movetimeMs: input.movetimeMs } : {}),
    });
  } catch (e) {
    return failure(e instanceof Error ? e.message : String(e));
  }
  const best = analysis.lines[0]?.pv[0] ?? analysis.bestMove;
  const played = best ? applyMove(input.fen, best) : null;
  if (!played) return failure('The engine gave no move');
  const score = lineScore(analysis.lines[0]);
  const line = analysis.lines[0]?.pv[0] === best ? analysis.lines[0].pv : [best];
  return {
    success: true,
    hint: hintFor(input.fen, best, score.kind === 'mate' && score.value > 0 ? score.value : null, line),
    ...tipsOf(input.fen, best, input.difficulty ?? 'beginner', line),
  };
}

/**
 * The hint for a known best move (UCI); `mateIn` when the engine sees a forced mate; `line` the
 * engine's principal variation from that move on, whose idea the text names (./line.ts). Pure.
 */
export function hintFor(fen: string, uci: string, mateIn: number | null = null, line: readonly string[] = [uci]): WordedHint {
  const played = applyMove(fen, uci)!;
  const { move } = played;
  const motif = findMotifs(fen, uci)[0] ?? null;
  const idea = explainLine(fen, line[0] === uci ? line : [uci], mateIn);
  const textWords = ideaWords(fen, uci, motif, mateIn, idea);
  const nudgeWords = [nudgePhrase(fen, idea?.kind === motif?.kind ? motif : null, { piece: move.piece, square: move.from }, mateIn)];
  return {
    text: renderEnglish(textWords),
    suggestedMove: { san: move.san, from: move.from, to: move.to, ...(move.promotion ? { promotion: move.promotion } : {}) },
    nudge: renderEnglish(nudgeWords),
    textWords,
    nudgeWords,
  };
}

function ideaWords(fen: string, uci: string, motif: Motif | null, mateIn: number | null, idea: LineIdea | null): CoachWords {
  const { move } = applyMove(fen, uci)!;
  const { san } = move;
  const mover = fenTurn(fen);
  if (idea) return idea.kind && (mateIn === null || mateIn <= 1) ? [phrase('idea-title', { kind: idea.kind }), ...idea.words] : idea.words;
  if (mateIn !== null && mateIn > 1) return [phrase('forced-mate', { moves: mateIn, san })];
  if (motif) return [phrase('idea-title', { kind: motif.kind }), motifPhrase(motif, san, 'does', mover)];
  const rescued = rescue(fen, uci);
  if (rescued) return [rescued];
  if (move.isKingsideCastle() || move.isQueensideCastle()) return [phrase('castle', { san })];
  if (san.includes('+')) return [phrase('gives-check', { san })];
  const phase = gamePhase(fen);
  const homeRank = mover === 'w' ? '1' : '8';
  if (phase === 'opening' && (move.piece === 'n' || move.piece === 'b') && move.from[1] === homeRank) return [phrase('develop', { san, piece: move.piece })];
  if (phase === 'opening' && move.piece === 'p' && ['d4', 'e4', 'd5', 'e5', 'c4', 'c5'].includes(move.to)) return [phrase('take-centre', { san })];
  if (move.captured) return [phrase('best-capture', { san, piece: move.captured })];
  if (move.piece === 'p' && (move.to[1] === '7' || move.to[1] === '2')) return [phrase('push-pawn', { san })];
  return [phrase('improves', { san, piece: move.piece })];
}

/** The best move saves a piece that is attacked: "Your bishop on c4 is in danger: Bb3 moves it to safety." */
function rescue(fen: string, uci: string): CoachPhrase | null {
  const start = parseFen(fen);
  if (!start.ok) return null;
  const mover = start.value.turn();
  const inDanger = hangingPieces(start.value, mover)[0];
  if (!inDanger) return null;
  const after = applyMove(fen, uci)!;
  const stillHanging = hangingPieces(after.chess, mover).some((p) => p.square === (after.move.from === inDanger.square ? after.move.to : inDanger.square));
  if (stillHanging) return null;
  const values = { piece: inDanger.type, square: inDanger.square, san: after.move.san };
  return after.move.from === inDanger.square ? phrase('rescue-moves', values) : phrase('rescue-protects', values);
}

/** `moved`: the learner's piece the hint points at. */
function nudgePhrase(fen: string, motif: Motif | null, moved: { piece: PieceSymbol; square: string }, mateIn: number | null): CoachPhrase {
  if (mateIn !== null && mateIn > 1) return phrase('nudge-forced-mate', moved);
  if (motif) return phrase('nudge', { kind: motif.kind, ...moved });
  const start = parseFen(fen);
  if (start.ok) {
    const danger = hangingPieces(start.value, start.value.turn())[0];
    if (danger) return phrase('nudge-in-danger', { piece: danger.type, square: danger.square });
    const threat = hangingPieces(start.value, other(start.value.turn()))[0];
    if (threat) return phrase('nudge-unprotected', moved);
  }
  return phrase('nudge-look', moved);
}

/** Tips for the idea of the best move and for the phase of the game; fewer for stronger players. */
export function learningTips(fen: string, uci: string, difficulty: Difficulty, line: readonly string[] = [uci]): string[] {
  return learningTipWords(fen, uci, difficulty, line).map(englishPhrase);
}

/** The same tips as phrases, one a tip. */
export function learningTipWords(fen: string, uci: string, difficulty: Difficulty, line: readonly string[] = [uci]): CoachWords {
  const tips: CoachWords = [];
  const idea = explainLine(fen, line[0] === uci ? line : [uci], null);
  const kind = idea ? idea.kind : findMotifs(fen, uci)[0]?.kind;
  if (kind) tips.push(phrase('motif-tip', { kind }));
  if (idea?.also) tips.push(phrase('motif-tip', { kind: idea.also }));
  const start = parseFen(fen);
  if (start.ok && hangingPieces(start.value, start.value.turn()).length > 0) tips.push(phrase('motif-tip', { kind: 'hanging' }));
  tips.push(phrase('phase-tip', { phase: gamePhase(fen) }));
  tips.push(phrase('ask-tip', {}));
  const unique = tips.filter((tip, i) => tips.findIndex((earlier) => englishPhrase(earlier) === englishPhrase(tip)) === i);
  return unique.slice(0, TIP_COUNT[difficulty]);
}
