/**
 * Explanations of a whole engine line, not only its first move: a child learns the idea ("that
 * is a fork") when it is named where it happens, which is often a move or two into the line
 * (the check that sets up a fork, the skewer after the king is driven onto a line, the pinned
 * piece that cannot take back on the mating square). Pure: chess.js positions, no engine.
 */
import type { Chess, Color } from 'chess.js';
import type { Square } from '../chess';
import { fenTurn } from './format';
import {
  allPieces,
  applyMove,
  attackersOf,
  copyGame,
  fileOf,
  findMotifs,
  motifPhrase,
  other,
  pieceAt,
  piecesOnRay,
  PIECE_VALUES,
  rankOf,
  slidingDirections,
  squareAt,
  type Motif,
  type MotifKind,
  type PlacedPiece,
} from './motifs';
import { phrase, renderEnglish, type CoachPhrase, type CoachWords } from './words';

/** How far into the line the explanation looks: the learner's first five moves. */
export const LINE_PLIES = 9;

/** One move of the line, with the position before it. */
interface Step {
  ply: number;
  fenBefore: string;
  san: string;
  color: Color;
  after: Chess;
  /** The piece that moved, from where, where it landed, and what it took. */
  piece: PlacedPiece['type'];
  from: Square;
  to: Square;
  captured: PlacedPiece | null;
}

/** The idea of a line: its sentences (as phrases and in English), the motif a title and a nudge are about, and any other idea it names (for the tips). */
export interface LineIdea {
  words: CoachWords;
  text: string;
  kind: MotifKind | null;
  also: MotifKind | null;
}

/** The moves of the line that can be played, each with its position. */
function replay(fen: string, pv: readonly string[]): Step[] {
  const steps: Step[] = [];
  let current = fen;
  for (const [ply, move] of pv.slice(0, LINE_PLIES).entries()) {
    const before = applyMove(current, move);
    if (!before) break;
    const target = before.move.captured ? { square: before.move.to, type: before.move.captured, color: other(before.move.color) } : null;
    const { san, color, piece, from, to } = before.move;
    steps.push({ ply, fenBefore: current, san, color, after: before.chess, piece, from, to, captured: target });
    current = before.chess.fen();
  }
  return steps;
}

/**
 * The enemy piece on `square` pinned to its king (it cannot leave the line between an attacking
 * rook, bishop or queen of `by` and its king): the pinner, or null.
 */
export function pinnedBy(chess: Chess, square: Square, by: Color): PlacedPiece | null {
  const piece = pieceAt(chess, square);
  if (!piece || piece.type === 'k' || piece.color === by) return null;
  for (const direction of slidingDirections('q')) {
    const [toward] = piecesOnRay(chess, square, direction, 1);
    const [away] = piecesOnRay(chess, square, [-direction[0], -direction[1]], 1);
    if (toward?.type !== 'k' || toward.color !== piece.color || !away || away.color !== by) continue;
    if (slidingDirections(away.type).some(([f, r]) => f === direction[0] && r === direction[1])) return away;
  }
  return null;
}

/** Squares a piece attacks from where it stands, pins ignored (chess.js's attackers do the same). */
function guards(chess: Chess, piece: PlacedPiece, square: Square): boolean {
  return chess.attackers(square, piece.color).includes(piece.square);
}

/**
 * A defender that cannot do its job because it is pinned to its king: after the learner's move
 * an enemy piece could take the piece that moved (take back, after a capture), or block or take
 * the mating piece, but is pinned. For a mate, the pinned piece is asked what it could do with its pinner gone: with
 * the king still in check, any move it then has blocks or takes the checker.
 */
function pinnedDefender(step: Step): { defender: PlacedPiece; pinner: PlacedPiece; mate: boolean; moved: PlacedPiece['type']; on: Square } | null {
  const mate = step.after.isCheckmate();
  const enemy = other(step.color);
  const candidates = mate ? allPieces(step.after, enemy) : attackersOf(step.after, step.to, enemy);
  for (const defender of candidates) {
    if (defender.type === 'k') continue;
    const pinner = pinnedBy(step.after, defender.square, step.color);
    if (!pinner || pinner.square === step.to) continue;
    const found = { defender, pinner, mate, moved: step.piece, on: step.to };
    if (!mate) return found;
    const unpinned = copyGame(step.after);
    unpinned.remove(pinner.square);
    if (unpinned.moves({ square: defender.square }).length > 0) return found;
  }
  return null;
}

/**
 * A piece taken because it was pinned: before the learner's capture, the piece on the target
 * square stood pinned to its king (often a piece that had just blocked a check), so it could
 * not get away.
 */
function pinnedVictim(steps: readonly Step[], step: Step): { victim: PlacedPiece; pinner: PlacedPiece } | null {
  if (!step.captured || step.ply === 0) return null;
  const before = applyMove(steps[step.ply - 1]!.fenBefore, steps[step.ply - 1]!.san)?.chess;
  if (!before) return null;
  const pinner = pinnedBy(before, step.to, step.color);
  if (!pinner) return null;
  // The pin matters when another piece does the taking; a pinner taking down its own line (a
  // piece that has just blocked a check, say) is only a capture.
  return pinner.square !== step.from ? { victim: step.captured, pinner } : null;
}

/**
 * A discovered attack across the line: a later move of the learner's rook, bishop or queen
 * (a capture or the mate) runs through the square the first move left.
 */
function openedLine(first: Step, later: readonly Step[]): Step | null {
  for (const step of later) {
    if (!['r', 'b', 'q'].includes(step.piece) || first.from === step.from) continue;
    if (!step.captured && !step.after.isCheckmate()) continue;
    const df = Math.sign(fileOf(step.to) - fileOf(step.from));
    const dr = Math.sign(rankOf(step.to) - rankOf(step.from));
    for (let f = fileOf(step.from) + df, r = rankOf(step.from) + dr; f !== fileOf(step.to) || r !== rankOf(step.to); f += df, r += dr) {
      if (squareAt(f, r) === first.from) return step;
    }
  }
  return null;
}

type MatePattern = 'back-rank' | 'smothered' | null;

/** The pattern of a checkmate: smothered (a knight, the king boxed in by its own pieces) or on the back rank. */
export function matePattern(after: Chess, mover: Color, movedTo: Square): MatePattern {
  const mated = other(mover);
  const king = allPieces(after, mated).find((p) => p.type === 'k');
  if (!king) return null;
  const neighbours: Square[] = [];
  for (let df = -1; df <= 1; df++) {
    for (let dr = -1; dr <= 1; dr++) {
      const square = (df !== 0 || dr !== 0) && squareAt(fileOf(king.square) + df, rankOf(king.square) + dr);
      if (square) neighbours.push(square);
    }
  }
  const mover_ = pieceAt(after, movedTo);
  if (mover_?.type === 'n' && neighbours.every((s) => pieceAt(after, s)?.color === mated)) return 'smothered';
  const home = mated === 'w' ? 0 : 7;
  const forward = mated === 'w' ? 1 : -1;
  if (rankOf(king.square) !== home || rankOf(movedTo) !== home) return null;
  // Trapped behind its own pieces: every square in front of the king is taken by one of them.
  const front = neighbours.filter((s) => rankOf(s) === home + forward);
  return front.length > 0 && front.every((s) => pieceAt(after, s)?.color === mated) ? 'back-rank' : null;
}

/** The kinds worth naming as the idea of a line, most telling first. */
const IDEA_ORDER: readonly MotifKind[] = ['fork', 'skewer', 'pin', 'discovered-attack', 'promotion', 'free-capture'];

function ideaOf(step: Step, steps: readonly Step[]): Motif | null {
  const motifs = findMotifs(step.fenBefore, step.san);
  const previous = step.ply > 0 ? steps[step.ply - 1] : undefined;
  for (const kind of IDEA_ORDER) {
    const motif = motifs.find((m) => {
      if (m.kind !== kind) return false;
      // A pawn pinned is seldom the point of a line (it is usually just in the way).
      if (m.kind === 'pin') return m.pinned.type !== 'p';
      if (m.kind !== 'free-capture' || step.ply === 0) return true;
      // Further into the line, taking back what was just taken is a trade, and a pawn picked up
      // on the way is not the idea.
      return m.captured.type !== 'p' && !(previous?.captured && previous.to === step.to);
    });
    if (motif) return motif;
  }
  return null;
}

/** "lures the king to h7" / "pulls the queen away from d8": a sacrifice taken by the piece it is aimed at. */
function sacrificePhrase(steps: readonly Step[]): CoachPhrase | null {
  const [first, reply, next] = steps;
  if (!first || !reply || !next || reply.to !== first.to || !reply.captured) return null;
  const taker = pieceAt(reply.after, reply.to);
  if (!taker) return null;
  // A sacrifice gives more than it takes (a queen for a pawn), not a trade of equals.
  const given = PIECE_VALUES[reply.captured.type];
  if (given <= 1 || given - (first.captured ? PIECE_VALUES[first.captured.type] : 0) < 2) return null;
  // Deflection: the taker used to guard the square the learner's next move lands on.
  const before = applyMove(reply.fenBefore, reply.san)!.chess;
  before.undo();
  const from = reply.after.history({ verbose: true }).at(-1)?.from;
  const wasGuard = from !== undefined && next.to !== first.to && guards(before, { square: from, type: taker.type, color: taker.color }, next.to);
  if (wasGuard && taker.type !== 'k') return phrase('sacrifice-deflects', { san: first.san, piece: taker.type, square: next.to, next: next.san });
  return phrase('sacrifice-lures', { san: first.san, piece: taker.type, square: first.to, next: next.san });
}

/** The idea with its English text. */
const idea = (words: CoachWords, kind: MotifKind | null, also: MotifKind | null): LineIdea => ({ words, text: renderEnglish(words), kind, also });

/** "Nf3+ is check." or "Nf3 comes first.": the first move of a line whose idea comes later. */
const firstMove = (san: string): CoachPhrase => (san.includes('+') ? phrase('is-check', { san }) : phrase('comes-first', { san }));

/** "It is also a discovered attack: it uncovers ...": the discovered attack a move makes besides its main idea. */
function alsoDiscovered(motif: Extract<Motif, { kind: 'discovered-attack' }>): CoachPhrase {
  const { slider, target } = motif;
  return motif.check
    ? phrase('also-discovered-check', { slider: slider.type, square: slider.square })
    : phrase('also-discovered-attack', { slider: slider.type, square: slider.square, target: target.type, targetSquare: target.square });
}

/**
 * The idea of the engine's line for the side to move, or null when the line shows no named
 * tactic (the hint then explains the first move alone). `mateIn`: the engine's forced mate.
 */
export function explainLine(fen: string, pv: readonly string[], mateIn: number | null): LineIdea | null {
  const steps = replay(fen, pv);
  const mover = fenTurn(fen);
  const ours = steps.filter((s) => s.color === mover);
  const first = ours[0];
  if (!first) return null;
  const last = steps.at(-1)!;
  const pinned = ours.map(pinnedDefender).find((p) => p !== null) ?? null;
  const victim = ours.map((step) => ({ step, found: pinnedVictim(steps, step) })).find((v) => v.found !== null);
  const pinText: CoachPhrase | null = victim?.found
    ? phrase('pinned-victim', { piece: victim.found.victim.type, square: victim.step.to, pinner: victim.found.pinner.type, san: victim.step.san })
    : pinned
      ? pinned.mate
        ? phrase('pinned-cannot-stop-mate', { piece: pinned.defender.type, square: pinned.defender.square, pinner: pinned.pinner.type })
        : phrase('pinned-cannot-take', { piece: pinned.defender.type, square: pinned.defender.square, target: pinned.moved, targetSquare: pinned.on, pinner: pinned.pinner.type })
      : null;
  const sacrifice = sacrificePhrase(steps);
  const opened = openedLine(first, ours.slice(1));
  const openedText = opened ? phrase('opens-line', { piece: first.piece, from: first.from, slider: opened.piece, square: opened.from }) : null;

  if (last.color === mover && last.after.isCheckmate()) {
    const pattern = matePattern(last.after, mover, last.to);
    const sentences: CoachWords = [];
    const freeTake =
      first.captured && first.captured.type !== 'p' && attackersOf(applyMove(first.fenBefore, first.san)!.chess, first.to, other(mover)).length === 0
        ? first.captured.type
        : null;
    if (ours.length === 1) {
      sentences.push(freeTake ? phrase('is-checkmate-taking', { san: first.san, piece: freeTake }) : phrase('is-checkmate', { san: first.san }));
      if (pattern) sentences.push(phrase('mate-pattern-is', { pattern }));
    } else {
      sentences.push(phrase('forced-mate', { moves: mateIn ?? ours.length, san: first.san }));
      const opening = ideaOf(first, steps);
      if (sacrifice) sentences.push(sacrifice);
      else if (openedText) sentences.push(openedText);
      else if (opening?.kind === 'discovered-attack' || opening?.kind === 'fork') sentences.push(motifPhrase(opening, first.san, 'does', mover));
      else if (freeTake) sentences.push(phrase('takes-free', { san: first.san, piece: freeTake }));
      if (pattern) sentences.push(phrase('mate-pattern-ends', { pattern }));
    }
    if (pinText && sentences.length < 3) sentences.push(pinText);
    return idea(sentences, 'checkmate', pinText ? 'pin' : openedText ? 'discovered-attack' : null);
  }

  // A line that wins material: the first of the learner's moves that carries a named tactic.
  for (const step of ours) {
    const motif = ideaOf(step, steps);
    if (!motif) continue;
    const text = motifPhrase(motif, step.san, 'does', mover);
    const sentences: CoachWords = [];
    if (step !== first) sentences.push(sacrifice ?? firstMove(first.san), phrase('after', { san: steps[step.ply - 1]!.san }), text);
    else sentences.push(text);
    if (motif.kind === 'fork' || motif.kind === 'skewer') sentences.push(phrase('that-is', { kind: motif.kind }));
    const also = findMotifs(step.fenBefore, step.san).find((m) => m.kind === 'discovered-attack' && motif.kind !== 'discovered-attack');
    if (also?.kind === 'discovered-attack') sentences.push(alsoDiscovered(also));
    else if (openedText && motif.kind !== 'discovered-attack') sentences.push(openedText);
    // Counted in sentences: 'After Kg8,' leads into the sentence after it.
    const count = sentences.filter((p) => p.id !== 'after').length;
    if (pinText && motif.kind !== 'pin' && count < 4) sentences.push(pinText);
    return idea(sentences, motif.kind, also || (openedText && motif.kind !== 'discovered-attack') ? 'discovered-attack' : pinText && motif.kind !== 'pin' ? 'pin' : null);
  }
  if (openedText) return idea([firstMove(first.san), openedText, phrase('follows', { san: opened!.san })], 'discovered-attack', null);
  if (pinText) return idea([phrase('wins-material', { san: first.san }), pinText], 'pin', null);
  if (sacrifice) return idea([sacrifice], null, null);
  return null;
}
