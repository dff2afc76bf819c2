/**
 * The 'AI Suggestion': the engine's best move with the idea behind it in plain words, a nudge
 * that points at the piece for a first press (as lichess's practice mode does), and a few
 * 'Learning Tips' that fit the position. getHint asks the engine once; the rest is pure.
 */
import type { Difficulty, HintResponse } from '../../schema';
import { parseFen } from '../chess';
import type { EnginePort } from './engine-port';
import { fenTurn } from './format';
import {
  applyMove,
  describeMotif,
  findMotifs,
  hangingPieces,
  other,
  PIECE_NAMES,
  type Motif,
  type MotifKind,
} from './motifs';
import { explainLine, type LineIdea } from './line';
import { gamePhase } from './phase';
import { lineScore } from './score';

/** Lines asked of the engine for a hint: the second one tells whether the move is the only good one. */
export const HINT_MULTIPV = 2;

const IDEA_TITLES: Readonly<Record<MotifKind, string>> = {
  checkmate: 'You can checkmate!',
  'mate-threat': 'Make a threat of checkmate.',
  'allows-mate': 'Careful with your king.',
  promotion: 'Promote your pawn!',
  fork: 'Look for a fork.',
  pin: 'Look for a pin.',
  skewer: 'Look for a skewer.',
  'discovered-attack': 'Look for a discovered attack.',
  'free-capture': 'Free material!',
  hanging: 'Careful: a piece is unprotected.',
};

const NUDGES: Readonly<Record<MotifKind, string>> = {
  checkmate: 'it can give checkmate right now.',
  'mate-threat': 'it can threaten checkmate.',
  'allows-mate': 'watch your king.',
  promotion: 'it can become a new queen.',
  fork: 'it can attack two pieces at once.',
  pin: 'it can pin an enemy piece.',
  skewer: 'it can attack two pieces on one line.',
  'discovered-attack': 'moving it uncovers an attack.',
  'free-capture': 'something can be taken for free.',
  hanging: 'is it safe?',
};

const MOTIF_TIPS: Readonly<Record<MotifKind, string>> = {
  checkmate: 'Always look for checks first: one of them might be checkmate.',
  'mate-threat': 'A threat of checkmate forces your opponent to defend instead of attacking.',
  'allows-mate': 'Before you move, ask: what can my opponent do next?',
  promotion: 'A pawn that reaches the last row can become a queen, the strongest piece.',
  fork: 'A fork attacks two pieces at once; your opponent can only save one. Knights are great at forks.',
  pin: 'A pinned piece cannot move without exposing a more valuable piece behind it.',
  skewer: 'A skewer attacks a big piece; when it moves away, you take the piece behind it.',
  'discovered-attack': 'Moving one piece out of the way can open an attack by another: two threats at once.',
  'free-capture': 'Count attackers and defenders: a piece with no defender can be taken for free.',
  hanging: 'Before every move, check that all your pieces are protected.',
};

const PHASE_TIPS = {
  opening: 'In the opening, bring out your knights and bishops, control the centre and castle early.',
  middlegame: 'Look for checks, captures and threats, for both sides, before you choose a move.',
  endgame: 'In the endgame your king is a strong piece: bring it to the centre.',
} as const;

const TIP_COUNT: Readonly<Record<Difficulty, number>> = { beginner: 3, intermediate: 2, advanced: 1 };

export interface HintInput {
  fen: string;
  history?: string[];
  depth: number;
  difficulty?: Difficulty;
  movetimeMs?: number;
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
    learningTips: learningTips(input.fen, best, input.difficulty ?? 'beginner', line),
  };
}

/**
 * The hint for a known best move (UCI); `mateIn` when the engine sees a forced mate; `line` the
 * engine's principal variation from that move on, whose idea the text names (./line.ts). Pure.
 */
export function hintFor(fen: string, uci: string, mateIn: number | null = null, line: readonly string[] = [uci]): NonNullable<HintResponse['hint']> {
  const played = applyMove(fen, uci)!;
  const { move } = played;
  const motif = findMotifs(fen, uci)[0] ?? null;
  const idea = explainLine(fen, line[0] === uci ? line : [uci], mateIn);
  const piece = `your ${PIECE_NAMES[move.piece]} on ${move.from}`;
  return {
    text: ideaText(fen, uci, motif, mateIn, idea),
    suggestedMove: { san: move.san, from: move.from, to: move.to, ...(move.promotion ? { promotion: move.promotion } : {}) },
    nudge: nudgeText(fen, uci, idea?.kind === motif?.kind ? motif : null, piece, mateIn),
  };
}

function ideaText(fen: string, uci: string, motif: Motif | null, mateIn: number | null, idea: LineIdea | null): string {
  const { move } = applyMove(fen, uci)!;
  const mover = fenTurn(fen);
  if (idea) return idea.kind && (mateIn === null || mateIn <= 1) ? `${IDEA_TITLES[idea.kind]} ${idea.text}` : idea.text;
  if (mateIn !== null && mateIn > 1) return `You have a forced checkmate in ${mateIn}. It starts with ${move.san}.`;
  if (motif) return `${IDEA_TITLES[motif.kind]} ${describeMotif(motif, move.san, 'does', mover)}`;
  const rescued = rescue(fen, uci);
  if (rescued) return rescued;
  if (move.isKingsideCastle() || move.isQueensideCastle()) {
    return `Castle with ${move.san}: your king gets safe and your rook joins the game.`;
  }
  if (move.san.includes('+')) return `${move.san} gives check and keeps the initiative.`;
  const phase = gamePhase(fen);
  const homeRank = mover === 'w' ? '1' : '8';
  if (phase === 'opening' && (move.piece === 'n' || move.piece === 'b') && move.from[1] === homeRank) {
    return `Develop a piece: ${move.san} brings your ${PIECE_NAMES[move.piece]} into the game.`;
  }
  if (phase === 'opening' && move.piece === 'p' && ['d4', 'e4', 'd5', 'e5', 'c4', 'c5'].includes(move.to)) {
    return `Take the centre: ${move.san} puts a pawn in the middle of the board.`;
  }
  if (move.captured) return `${move.san} takes the ${PIECE_NAMES[move.captured]}: it is the best capture here.`;
  if (move.piece === 'p' && (move.to[1] === '7' || move.to[1] === '2')) {
    return `Push your pawn: ${move.san} gets it close to becoming a queen.`;
  }
  return `${move.san} improves your ${PIECE_NAMES[move.piece]}: it finds a better square where it does more.`;
}

/** The best move saves a piece that is attacked: "Your bishop on c4 is in danger: Bb3 moves it to safety." */
function rescue(fen: string, uci: string): string | null {
  const start = parseFen(fen);
  if (!start.ok) return null;
  const mover = start.value.turn();
  const inDanger = hangingPieces(start.value, mover)[0];
  if (!inDanger) return null;
  const after = applyMove(fen, uci)!;
  const stillHanging = hangingPieces(after.chess, mover).some((p) => p.square === (after.move.from === inDanger.square ? after.move.to : inDanger.square));
  if (stillHanging) return null;
  const name = PIECE_NAMES[inDanger.type];
  return after.move.from === inDanger.square
    ? `Your ${name} on ${inDanger.square} is in danger: ${after.move.san} moves it to safety.`
    : `Your ${name} on ${inDanger.square} is in danger: ${after.move.san} protects it.`;
}

function nudgeText(fen: string, uci: string, motif: Motif | null, piece: string, mateIn: number | null): string {
  if (mateIn !== null && mateIn > 1) return `There is a forced checkmate. Look at ${piece}.`;
  if (motif) return `Look at ${piece}: ${NUDGES[motif.kind]}`;
  const start = parseFen(fen);
  if (start.ok) {
    const danger = hangingPieces(start.value, start.value.turn())[0];
    if (danger) return `One of your pieces is in danger. Look at your ${PIECE_NAMES[danger.type]} on ${danger.square}.`;
    const threat = hangingPieces(start.value, other(start.value.turn()))[0];
    if (threat) return `Something of your opponent's is unprotected. Look at ${piece}.`;
  }
  return `Look at ${piece}.`;
}

/** Tips for the idea of the best move and for the phase of the game; fewer for stronger players. */
export function learningTips(fen: string, uci: string, difficulty: Difficulty, line: readonly string[] = [uci]): string[] {
  const tips: string[] = [];
  const idea = explainLine(fen, line[0] === uci ? line : [uci], null);
  const kind = idea ? idea.kind : findMotifs(fen, uci)[0]?.kind;
  if (kind) tips.push(MOTIF_TIPS[kind]);
  if (idea?.also) tips.push(MOTIF_TIPS[idea.also]);
  const start = parseFen(fen);
  if (start.ok && hangingPieces(start.value, start.value.turn()).length > 0) tips.push(MOTIF_TIPS.hanging);
  tips.push(PHASE_TIPS[gamePhase(fen)]);
  tips.push('Ask after every move your opponent makes: what does it attack?');
  return [...new Set(tips)].slice(0, TIP_COUNT[difficulty]);
}
