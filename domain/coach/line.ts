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
  describeMotif,
  fileOf,
  findMotifs,
  other,
  pieceAt,
  piecesOnRay,
  PIECE_NAMES,
  PIECE_VALUES,
  rankOf,
  slidingDirections,
  squareAt,
  type Motif,
  type MotifKind,
  type PlacedPiece,
} from './motifs';

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

/** The idea of a line: its sentences, the motif a title and a nudge are about, and any other idea it names (for the tips). */
export interface LineIdea {
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

const PATTERN_TEXT: Readonly<Record<Exclude<MatePattern, null>, string>> = {
  'back-rank': 'a back-rank mate: the king is trapped behind its own pawns',
  smothered: 'a smothered mate: the king is boxed in by its own pieces, and the knight gives check',
};

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
function sacrificeText(steps: readonly Step[]): string | null {
  const [first, reply, next] = steps;
  if (!first || !reply || !next || reply.to !== first.to || !reply.captured) return null;
  const taker = pieceAt(reply.after, reply.to);
  if (!taker) return null;
  const name = PIECE_NAMES[taker.type];
  // A sacrifice gives more than it takes (a queen for a pawn), not a trade of equals.
  const given = PIECE_VALUES[reply.captured.type];
  if (given <= 1 || given - (first.captured ? PIECE_VALUES[first.captured.type] : 0) < 2) return null;
  // Deflection: the taker used to guard the square the learner's next move lands on.
  const before = applyMove(reply.fenBefore, reply.san)!.chess;
  before.undo();
  const from = reply.after.history({ verbose: true }).at(-1)?.from;
  const wasGuard = from !== undefined && next.to !== first.to && guards(before, { square: from, type: taker.type, color: taker.color }, next.to);
  if (wasGuard && taker.type !== 'k') return `${first.san} is a sacrifice that pulls the ${name} away from ${next.to}, so ${next.san} can follow.`;
  return `${first.san} is a sacrifice that lures the ${name} to ${first.to}, where ${next.san} follows.`;
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
  const pinText = victim?.found
    ? `The ${PIECE_NAMES[victim.found.victim.type]} on ${victim.step.to} is pinned to its king by the ${PIECE_NAMES[victim.found.pinner.type]}, so ${victim.step.san} wins it.`
    : pinned
      ? `The ${PIECE_NAMES[pinned.defender.type]} on ${pinned.defender.square} cannot ${pinned.mate ? 'stop the mate' : `take the ${PIECE_NAMES[pinned.moved]} on ${pinned.on}`}: it is pinned to its king by the ${PIECE_NAMES[pinned.pinner.type]}.`
      : null;
  const sacrifice = sacrificeText(steps);
  const opened = openedLine(first, ours.slice(1));
  const openedText = opened
    ? `Moving the ${PIECE_NAMES[first.piece]} from ${first.from} opens the line for the ${PIECE_NAMES[opened.piece]} on ${opened.from}: a discovered attack.`
    : null;

  if (last.color === mover && last.after.isCheckmate()) {
    const pattern = matePattern(last.after, mover, last.to);
    const sentences: string[] = [];
    const freeTake =
      first.captured && first.captured.type !== 'p' && attackersOf(applyMove(first.fenBefore, first.san)!.chess, first.to, other(mover)).length === 0
        ? PIECE_NAMES[first.captured.type]
        : null;
    if (ours.length === 1) {
      sentences.push(`${first.san} is checkmate${freeTake ? `, and it takes a free ${freeTake}` : ''}.`);
      if (pattern) sentences.push(`It is ${PATTERN_TEXT[pattern]}.`);
    } else {
      sentences.push(`You have a forced checkmate in ${mateIn ?? ours.length}. It starts with ${first.san}.`);
      const opening = ideaOf(first, steps);
      if (sacrifice) sentences.push(sacrifice);
      else if (openedText) sentences.push(openedText);
      else if (opening?.kind === 'discovered-attack' || opening?.kind === 'fork') sentences.push(describeMotif(opening, first.san, 'does', mover));
      else if (freeTake) sentences.push(`${first.san} takes a free ${freeTake}.`);
      if (pattern) sentences.push(`It ends with ${PATTERN_TEXT[pattern]}.`);
    }
    if (pinText && sentences.length < 3) sentences.push(pinText);
    return { text: sentences.join(' '), kind: 'checkmate', also: pinText ? 'pin' : openedText ? 'discovered-attack' : null };
  }

  // A line that wins material: the first of the learner's moves that carries a named tactic.
  for (const step of ours) {
    const motif = ideaOf(step, steps);
    if (!motif) continue;
    const text = describeMotif(motif, step.san, 'does', mover);
    const sentences: string[] = [];
    if (step !== first) {
      sentences.push(sacrifice ?? (first.san.includes('+') ? `${first.san} is check.` : `${first.san} comes first.`));
      sentences.push(`After ${steps[step.ply - 1]!.san}, ${text}`);
    } else sentences.push(text);
    if (motif.kind === 'fork' || motif.kind === 'skewer') sentences.push(`That is a ${motif.kind}.`);
    const also = findMotifs(step.fenBefore, step.san).find((m) => m.kind === 'discovered-attack' && motif.kind !== 'discovered-attack');
    if (also) sentences.push(`It is also a discovered attack: it ${describeMotif(also, step.san, 'does', mover).slice(step.san.length + 1)}`);
    else if (openedText && motif.kind !== 'discovered-attack') sentences.push(openedText);
    if (pinText && motif.kind !== 'pin' && sentences.length < 4) sentences.push(pinText);
    return { text: sentences.join(' '), kind: motif.kind, also: also || (openedText && motif.kind !== 'discovered-attack') ? 'discovered-attack' : pinText && motif.kind !== 'pin' ? 'pin' : null };
  }
  if (openedText) return { text: `${first.san}${first.san.includes('+') ? ' is check.' : ' comes first.'} ${openedText} ${opened!.san} follows.`, kind: 'discovered-attack', also: null };
  if (pinText) return { text: `${first.san} wins material. ${pinText}`, kind: 'pin', also: null };
  if (sacrifice) return { text: sacrifice, kind: null, also: null };
  return null;
}
