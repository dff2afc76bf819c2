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
  COLOR_NAMES,
  describeMotif,
  detectAllowsMate,
  detectFork,
  detectFreeCapture,
  detectHanging,
  findMotifs,
  type Motif,
} from './motifs';
import { lineScore, scoreToNumber, whitePov } from './score';

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

const OPENERS: Readonly<Record<MoveCategory, string>> = {
  brilliant: 'Brilliant!',
  great: 'Great move!',
  best: 'Best move!',
  excellent: 'Excellent!',
  good: 'Good move.',
  book: 'Book move.',
  inaccuracy: 'Inaccuracy.',
  mistake: 'Mistake.',
  miss: 'Missed opportunity.',
  blunder: 'Blunder!',
};

const GOOD: ReadonlySet<MoveCategory> = new Set(['brilliant', 'great', 'best', 'excellent', 'good', 'book']);

/** How the game stands for `who`, from their Win%. */
export function standing(win: number, who: 'you' | Color): string {
  const subject = who === 'you' ? 'You' : COLOR_NAMES[who];
  const be = who === 'you' ? 'are' : 'is';
  if (win >= 90) return `${subject} ${be} winning.`;
  if (win >= 65) return `${subject} ${be} better.`;
  if (win > 35) return 'The game is about equal.';
  if (win > 10) return `${subject} ${be} worse.`;
  return `${subject} ${be} losing.`;
}

const mateDistance = (score: EngineScore): number | null => (score.kind === 'mate' && score.value > 0 ? score.value : null);

/** Why a move is good or bad, and what the better move does, in two or three short sentences. */
export function explainMove(f: MoveFacts): string {
  const san = f.move.san;
  const mover = f.move.color;
  // The opponent's move in the child's review: its colour is named, 'you' is the child.
  const theirs = f.viewer !== undefined && f.viewer !== mover;
  const them = theirs ? 'Your' : `${COLOR_NAMES[mover === 'w' ? 'b' : 'w']}'s`;
  const who = theirs ? COLOR_NAMES[mover] : 'You';
  const whom = theirs ? COLOR_NAMES[mover] : 'you';
  const sentences: string[] = [OPENERS[f.category]];
  const playedMotifs = findMotifs(f.fenBefore, san);
  const afterWin = winPercent(f.afterScore);
  // The standing, always the child's (or the mover's when no child is named).
  const yourStanding = () => standing(theirs ? 100 - afterWin : afterWin, 'you');

  if (playedMotifs[0]?.kind === 'checkmate') {
    sentences.push(describeMotif(playedMotifs[0], san, 'does', mover), theirs ? `${COLOR_NAMES[mover]} wins the game.` : 'You win the game!');
    return sentences.join(' ');
  }
  if (GOOD.has(f.category)) {
    if (f.category === 'book') sentences.push(`${san} is a well-known opening move.`);
    if (f.category === 'brilliant') sentences.push(`${san} gives up material on purpose, and it works.`);
    if (f.category === 'great') {
      sentences.push(afterWin < 50 ? `${san} was the only move that keeps ${whom} in the game.` : `${san} was the only good move here.`);
    }
    const motif = playedMotifs[0];
    const line = LINE_EXPLAINED.has(f.category) && f.playedLine?.[0] === f.move.lan ? explainLine(f.fenBefore, f.playedLine, mateDistance(f.afterScore)) : null;
    if (line && line.kind !== 'checkmate') sentences.push(line.text);
    else if (motif) sentences.push(describeMotif(motif, san, 'does', mover));
    else if (f.move.captured) sentences.push(`${san} takes back material.`);
    sentences.push(yourStanding());
    return sentences.join(' ');
  }

  if (f.opponentErred) sentences.push(`${them} last move was a mistake, and this move lets the chance go.`);
  // What goes wrong after the played move.
  const missedMate = mateDistance(f.bestScore);
  const stillMates = mateDistance(f.afterScore);
  const allowsMate = detectAllowsMate(f.fenBefore, san);
  if (missedMate !== null && stillMates === null && f.bestSan) {
    sentences.push(
      missedMate === 1
        ? `${who} had checkmate in one: ${f.bestSan}.`
        : `${who} had a forced checkmate in ${missedMate}, starting with ${f.bestSan}.`,
    );
  } else if (allowsMate) {
    sentences.push(describeMotif(allowsMate, san, 'does', mover));
  } else {
    const replyText = describeReply(f, them);
    if (replyText) sentences.push(replyText);
    else {
      const hanging = detectHanging(f.fenBefore, san);
      if (hanging) sentences.push(describeMotif(hanging, san, 'does', mover));
    }
  }

  // What the better move does.
  if (f.bestSan && f.bestUci && f.bestUci !== f.move.lan && !(missedMate !== null && stillMates === null)) {
    const line = f.bestLine?.[0] === f.bestUci ? explainLine(f.fenBefore, f.bestLine, null) : null;
    const better = betterMotif(f.fenBefore, f.bestUci);
    if (better && (!line || line.kind === better.kind)) {
      // The idea is in the better move itself: "Nc7+ would have forked the king and rook."
      sentences.push(describeMotif(better, f.bestSan, 'would', mover));
      if (better.kind === 'fork' || better.kind === 'skewer') sentences.push(`That is a ${better.kind}.`);
    } else if (line && line.kind !== 'checkmate' && line.kind !== null) sentences.push(`${f.bestSan} was better. ${line.text}`);
    else sentences.push(better ? describeMotif(better, f.bestSan, 'would', mover) : `${f.bestSan} was better.`);
  }
  sentences.push(yourStanding());
  return sentences.join(' ');
}

/** The opponent's best answer, when it wins something or forks: "Black's reply Bxf3 wins a free knight." */
function describeReply(f: MoveFacts, them: string): string | null {
  if (!f.reply) return null;
  const after = applyMove(f.fenBefore, f.move.san);
  if (!after) return null;
  const fenAfter = after.chess.fen();
  const reply = applyMove(fenAfter, f.reply);
  if (!reply) return null;
  const motif = detectFork(fenAfter, f.reply) ?? detectFreeCapture(fenAfter, f.reply);
  if (!motif) return null;
  return `${them} reply ${describeMotif(motif, reply.move.san, 'does', reply.move.color)}`;
}

/** The most telling thing the better move does (a mate threat only when nothing else). */
function betterMotif(fen: string, uci: string): Motif | null {
  return findMotifs(fen, uci)[0] ?? null;
}

/** A short description of a position for the analysis card: who stands better and the idea of the best move. */
export function explainPosition(a: AnalysisLike): string | null {
  const line = a.lines[0];
  if (!line) return null;
  const turn = fenTurn(a.fen);
  const own = lineScore(line);
  const white = whitePov(own, turn);
  const whiteWin = winPercent(white);
  const sentences: string[] = [];
  const mate = white.kind === 'mate' ? white.value : null;
  sentences.push(
    mate !== null && mate !== 0
      ? `${COLOR_NAMES[mate > 0 ? 'w' : 'b']} can force checkmate (${formatScore(scoreToNumber(white), mate)}).`
      : `${standing(whiteWin >= 50 ? whiteWin : 100 - whiteWin, whiteWin >= 50 ? 'w' : 'b').replace('.', '')} (${formatScore(scoreToNumber(white), null)}).`,
  );
  const best = line.pv[0];
  if (best) {
    const played = applyMove(a.fen, best);
    if (played) {
      const motif = findMotifs(a.fen, best)[0];
      sentences.push(motif ? `Best: ${describeMotif(motif, played.move.san, 'does', turn)}` : `Best: ${played.move.san}.`);
    }
  }
  return sentences.join(' ');
}
