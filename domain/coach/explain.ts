/**
 * Explanations in plain words for a child, made from what happens on the board: the motifs the
 * played move, the opponent's best answer and the engine's better move carry out. Pure.
 */
import type { Color } from 'chess.js';
import type { MoveCategory } from '../../schema';
import type { Move } from '../chess';
import { winPercent, type EngineScore } from '../winning';
import type { AnalysisLike } from './engine-port';
import { formatScore, fenTurn } from './format';
import { explainLine } from './line';
import {
  applyMove,
  detectAllowsMate,
  detectFork,
  detectFreeCapture,
  detectHanging,
  findMotifs,
  motifPhrase,
  other,
  type Motif,
} from './motifs';
import { lineScore, scoreToNumber, whitePov } from './score';
import { englishPhrase, phrase, renderEnglish, type CoachWords, type StandingLevel, type Who } from './words';

export interface MoveFacts {
  fenBefore: string;
  /** The played move (chess.js, with SAN and from/to). */
  move: Move;
  category: MoveCategory;
  /** The engine's best move (UCI) and its SAN; null when unknown. */
  bestUci: string | null;
  bestSan: string | null;
  /** Scores from the mover's point of view: the best line's, and the played move's. */
  bestScore: EngineScore;
  afterScore: EngineScore;
  /** The opponent's best answer to the played move (UCI), when the engine gave one. */
  reply: string | null;
  /** A 'miss' after the opponent's mistake or blunder: say that the chance was there. */
  opponentErred?: boolean;
  /**
   * Whose side the words take (issue 20): the child reviewing a game. Unset, or the mover's own
   * colour: 'you' is the mover. The other colour: the opponent's move is told by its colour
   * ('Black had checkmate in one') and the standing is the child's ('You are winning.').
   */
  viewer?: Color;
  /** The engine's lines (UCI) from this position: the best one, and the played move's own; their ideas are named (./line.ts). */
  bestLine?: readonly string[];
  playedLine?: readonly string[];
}

/** Good moves whose own line is explained (the rest are plain enough without). */
const LINE_EXPLAINED: ReadonlySet<MoveCategory> = new Set(['brilliant', 'great', 'best']);

const GOOD: ReadonlySet<MoveCategory> = new Set(['brilliant', 'great', 'best', 'excellent', 'good', 'book']);

/** How the game stands, from a Win%. */
export function standingLevel(win: number): StandingLevel {
  if (win >= 90) return 'winning';
  if (win >= 65) return 'better';
  if (win > 35) return 'equal';
  if (win > 10) return 'worse';
  return 'losing';
}

/** How the game stands for `who`, from their Win%. */
export function standing(win: number, who: 'you' | Color): string {
  return englishPhrase(phrase('standing', { level: standingLevel(win), who }));
}

const mateDistance = (score: EngineScore): number | null => (score.kind === 'mate' && score.value > 0 ? score.value : null);

/** Why a move is good or bad, and what the better move does, in two or three short sentences. */
export function explainMove(f: MoveFacts): string {
  return renderEnglish(explainMoveWords(f));
}

/** The same as phrases (./words.ts), for the app to say in the learner's language. */
export function explainMoveWords(f: MoveFacts): CoachWords {
  const san = f.move.san;
  const mover = f.move.color;
  // The opponent's move in the child's review: its colour is named, 'you' is the child.
  const theirs = f.viewer !== undefined && f.viewer !== mover;
  const them: Who = theirs ? 'you' : other(mover);
  const who: Who = theirs ? mover : 'you';
  const sentences: CoachWords = [phrase('opener', { category: f.category })];
  const playedMotifs = findMotifs(f.fenBefore, san);
  const afterWin = winPercent(f.afterScore);
  // The standing, always the child's (or the mover's when no child is named).
  const yourStanding = () => phrase('standing', { level: standingLevel(theirs ? 100 - afterWin : afterWin), who: 'you' });

  if (playedMotifs[0]?.kind === 'checkmate') {
    sentences.push(motifPhrase(playedMotifs[0], san, 'does', mover), phrase('game-won', { who }));
    return sentences;
  }
  if (GOOD.has(f.category)) {
    if (f.category === 'book') sentences.push(phrase('book-move', { san }));
    if (f.category === 'brilliant') sentences.push(phrase('brilliant-sacrifice', { san }));
    if (f.category === 'great') sentences.push(afterWin < 50 ? phrase('only-move-keeps', { san, who }) : phrase('only-good-move', { san }));
    const motif = playedMotifs[0];
    const line = LINE_EXPLAINED.has(f.category) && f.playedLine?.[0] === f.move.lan ? explainLine(f.fenBefore, f.playedLine, mateDistance(f.afterScore)) : null;
    if (line && line.kind !== 'checkmate') sentences.push(...line.words);
    else if (motif) sentences.push(motifPhrase(motif, san, 'does', mover));
    else if (f.move.captured) sentences.push(phrase('takes-back', { san }));
    sentences.push(yourStanding());
    return sentences;
  }

  if (f.opponentErred) sentences.push(phrase('opponent-erred', { whose: them }));
  // What goes wrong after the played move.
  const missedMate = mateDistance(f.bestScore);
  const stillMates = mateDistance(f.afterScore);
  const allowsMate = detectAllowsMate(f.fenBefore, san);
  if (missedMate !== null && stillMates === null && f.bestSan) {
    sentences.push(missedMate === 1 ? phrase('missed-mate-in-one', { who, san: f.bestSan }) : phrase('missed-forced-mate', { who, moves: missedMate, san: f.bestSan }));
  } else if (allowsMate) {
    sentences.push(motifPhrase(allowsMate, san, 'does', mover));
  } else {
    const reply = describeReply(f, them);
    if (reply) sentences.push(...reply);
    else {
      const hanging = detectHanging(f.fenBefore, san);
      if (hanging) sentences.push(motifPhrase(hanging, san, 'does', mover));
    }
  }

  // What the better move does.
  if (f.bestSan && f.bestUci && f.bestUci !== f.move.lan && !(missedMate !== null && stillMates === null)) {
    const line = f.bestLine?.[0] === f.bestUci ? explainLine(f.fenBefore, f.bestLine, null) : null;
    const better = betterMotif(f.fenBefore, f.bestUci);
    if (better && (!line || line.kind === better.kind)) {
      // The idea is in the better move itself: "Nc7+ would have forked the king and rook."
      sentences.push(motifPhrase(better, f.bestSan, 'would', mover));
      if (better.kind === 'fork' || better.kind === 'skewer') sentences.push(phrase('that-is', { kind: better.kind }));
    } else if (line && line.kind !== 'checkmate' && line.kind !== null) sentences.push(phrase('was-better', { san: f.bestSan }), ...line.words);
    else sentences.push(better ? motifPhrase(better, f.bestSan, 'would', mover) : phrase('was-better', { san: f.bestSan }));
  }
  sentences.push(yourStanding());
  return sentences;
}

/** The opponent's best answer, when it wins something or forks: "Black's reply Bxf3 wins a free knight." */
function describeReply(f: MoveFacts, whose: Who): CoachWords | null {
  if (!f.reply) return null;
  const after = applyMove(f.fenBefore, f.move.san);
  if (!after) return null;
  const fenAfter = after.chess.fen();
  const reply = applyMove(fenAfter, f.reply);
  if (!reply) return null;
  const motif = detectFork(fenAfter, f.reply) ?? detectFreeCapture(fenAfter, f.reply);
  if (!motif) return null;
  return [phrase('reply', { whose }), motifPhrase(motif, reply.move.san, 'does', reply.move.color)];
}

/** The most telling thing the better move does (a mate threat only when nothing else). */
function betterMotif(fen: string, uci: string): Motif | null {
  return findMotifs(fen, uci)[0] ?? null;
}

/** A short description of a position for the analysis card: who stands better and the idea of the best move. */
export function explainPosition(a: AnalysisLike): string | null {
  const words = explainPositionWords(a);
  return words && renderEnglish(words);
}

export function explainPositionWords(a: AnalysisLike): CoachWords | null {
  const line = a.lines[0];
  if (!line) return null;
  const turn = fenTurn(a.fen);
  const own = lineScore(line);
  const white = whitePov(own, turn);
  const whiteWin = winPercent(white);
  const mate = white.kind === 'mate' ? white.value : null;
  const sentences: CoachWords = [
    mate !== null && mate !== 0
      ? phrase('position-mate', { who: mate > 0 ? 'w' : 'b', score: formatScore(scoreToNumber(white), mate) })
      : phrase('position-standing', {
          level: standingLevel(whiteWin >= 50 ? whiteWin : 100 - whiteWin),
          who: whiteWin >= 50 ? 'w' : 'b',
          score: formatScore(scoreToNumber(white), null),
        }),
  ];
  const best = line.pv[0];
  if (best) {
    const played = applyMove(a.fen, best);
    if (played) {
      const motif = findMotifs(a.fen, best)[0];
      sentences.push(...(motif ? [phrase('position-best', {}), motifPhrase(motif, played.move.san, 'does', turn)] : [phrase('position-best-move', { san: played.move.san })]));
    }
  }
  return sentences;
}
