/**
 * Fork, pin and skewer as Lichess's puzzle tagger defines them (lichess-puzzler, tagger/cook.py
 * and util.py, re-implemented from their published definitions), so that our tags mean what
 * Lichess's do. The coach's detectors (domain/coach/motifs) answer a different question, "what
 * does this one move threaten?", for hints; a puzzle's theme is about the whole line:
 * - fork: a solver's move (not the last, not a king move) whose piece, not left where it can be
 *   won, attacks two pieces (pawns aside) each worth more than it, or undefended and unable to
 *   take it back;
 * - skewer: a solver's sliding piece takes, on a later move, a piece that stood behind the one
 *   the opponent has just moved out of its line, the moved piece worth more than the taken one;
 * - pin: after a solver's move, a piece pinned to its king cannot take a solver's piece off its
 *   line (worth more than it, or undefended), or cannot escape an attack along its line.
 * Pure: chess.js positions, read only (a scratch copy where a piece must be lifted).
 */
import type { Chess, Color, PieceSymbol } from 'chess.js';
import { squareAt, type Move, type Square } from '../chess';
import { copyGame, fileOf, other, rankOf } from '../coach/motifs/board';

/** One move of a puzzle line and the position after it; the solver's moves are the odd plies. */
export interface LinePly {
  move: Move;
  after: Chess;
}

/** lichess-puzzler's piece values; the king is worth more than anything it could win. */
const VALUES: Readonly<Record<PieceSymbol, number>> = { p: 1, n: 3, b: 3, r: 5, q: 9, k: 99 };
const KNIGHT_JUMPS = [[1, 2], [2, 1], [2, -1], [1, -2], [-1, -2], [-2, -1], [-2, 1], [-1, 2]] as const;
const KING_STEPS = [[1, 0], [1, 1], [0, 1], [-1, 1], [-1, 0], [-1, -1], [0, -1], [1, -1]] as const;
const ORTHOGONAL = KING_STEPS.filter(([f, r]) => f === 0 || r === 0);
const DIAGONAL = KING_STEPS.filter(([f, r]) => f !== 0 && r !== 0);

function step(square: Square, df: number, dr: number): Square | null {
  return squareAt(fileOf(square) + df, rankOf(square) + dr);
}

function slides(type: PieceSymbol): readonly (readonly [number, number])[] {
  if (type === 'r') return ORTHOGONAL;
  if (type === 'b') return DIAGONAL;
  if (type === 'q') return KING_STEPS;
  return [];
}

/** The squares the piece on `from` attacks (its own pieces included, pins ignored), as chess counts attacks. */
export function attacksFrom(game: Chess, from: Square): Square[] {
  const piece = game.get(from);
  if (!piece) return [];
  const out: Square[] = [];
  const add = (sq: Square | null) => sq && out.push(sq);
  if (piece.type === 'p') {
    const forward = piece.color === 'w' ? 1 : -1;
    add(step(from, -1, forward));
    add(step(from, 1, forward));
  } else if (piece.type === 'n' || piece.type === 'k') {
    for (const [df, dr] of piece.type === 'n' ? KNIGHT_JUMPS : KING_STEPS) add(step(from, df, dr));
  } else {
    for (const [df, dr] of slides(piece.type)) {
      for (let sq = step(from, df, dr); sq; sq = step(sq, df, dr)) {
        out.push(sq);
        if (game.get(sq)) break;
      }
    }
  }
  return out;
}

/** The unit step from `a` toward `b` when they share a rank, file or diagonal, else null. */
function direction(a: Square, b: Square): [number, number] | null {
  const df = fileOf(b) - fileOf(a);
  const dr = rankOf(b) - rankOf(a);
  if (a === b || (df !== 0 && dr !== 0 && Math.abs(df) !== Math.abs(dr))) return null;
  return [Math.sign(df), Math.sign(dr)];
}

/** The squares strictly between `a` and `b` on their common line (none when they share no line). */
export function squaresBetween(a: Square, b: Square): Square[] {
  const dir = direction(a, b);
  const out: Square[] = [];
  if (!dir) return out;
  for (let sq = step(a, ...dir); sq && sq !== b; sq = step(sq, ...dir)) out.push(sq);
  return out;
}

/**
 * lichess-puzzler's "defended": an own piece covers the square, or would once an enemy sliding
 * piece that attacks it has taken (an x-ray defence through the attacker).
 */
export function isDefended(game: Chess, square: Square): boolean {
  const piece = game.get(square);
  if (!piece) return false;
  if (game.attackers(square, piece.color).length > 0) return true;
  return game.attackers(square, other(piece.color)).some((from) => {
    if (slides(game.get(from)!.type).length === 0) return false;
    const lifted = copyGame(game);
    lifted.remove(from);
    return lifted.attackers(square, piece.color).length > 0;
  });
}

/** lichess-puzzler's "bad spot": the piece is attacked and undefended, or can be taken by a cheaper piece (not the king). */
export function isInBadSpot(game: Chess, square: Square): boolean {
  const piece = game.get(square);
  if (!piece) return false;
  const attackers = game.attackers(square, other(piece.color));
  if (attackers.length === 0) return false;
  if (!isDefended(game, square)) return true;
  return attackers.some((from) => {
    const attacker = game.get(from)!;
    return attacker.type !== 'k' && VALUES[attacker.type] < VALUES[piece.type];
  });
}

/**
 * The line (every square of it, edge to edge) along which the piece on `square` is pinned to
 * its own king by an enemy rook, bishop or queen; null when it is not pinned (or is the king).
 */
export function pinLine(game: Chess, square: Square): Square[] | null {
  const piece = game.get(square);
  if (!piece || piece.type === 'k') return null;
  const king = game.findPiece({ type: 'k', color: piece.color })[0];
  const dir = king && direction(king, square);
  if (!king || !dir) return null;
  if (squaresBetween(king, square).some((sq) => game.get(sq))) return null;
  let sniper: Square | null = step(square, ...dir);
  while (sniper && !game.get(sniper)) sniper = step(sniper, ...dir);
  const pinner = sniper && game.get(sniper);
  const diagonal = dir[0] !== 0 && dir[1] !== 0;
  if (!pinner || pinner.color === piece.color || !(pinner.type === 'q' || pinner.type === (diagonal ? 'b' : 'r'))) return null;
  const line: Square[] = [king];
  for (const sign of [1, -1]) {
    for (let sq = step(king, sign * dir[0], sign * dir[1]); sq; sq = step(sq, sign * dir[0], sign * dir[1])) line.push(sq);
  }
  return line;
}

/** Can the piece on `square` move somewhere off `line` (ignoring the pin itself), as a pseudo-legal move? */
function canLeaveLine(game: Chess, square: Square, line: readonly Square[]): boolean {
  const piece = game.get(square)!;
  const off = (sq: Square) => !line.includes(sq);
  if (piece.type === 'p') {
    const push = step(square, 0, piece.color === 'w' ? 1 : -1);
    if (push && !game.get(push) && off(push)) return true;
    return attacksFrom(game, square).some((sq) => off(sq) && game.get(sq)?.color === other(piece.color));
  }
  return attacksFrom(game, square).some((sq) => off(sq) && game.get(sq)?.color !== piece.color);
}

/** The solver's plies (odd indices: ply 0 is the opponent's first move), with their index. */
function solverPlies(plies: readonly LinePly[]): { ply: LinePly; index: number }[] {
  return plies.flatMap((ply, index) => (index % 2 === 1 ? [{ ply, index }] : []));
}

/** Lichess's fork: on a solver's move before the last (see the module's comment). */
export function hasFork(plies: readonly LinePly[]): boolean {
  return solverPlies(plies)
    .slice(0, -1)
    .some(({ ply: { move, after } }) => {
      const mover = after.get(move.to);
      if (!mover || mover.type === 'k' || isInBadSpot(after, move.to)) return false;
      const forked = attacksFrom(after, move.to).filter((sq) => {
        const target = after.get(sq);
        if (!target || target.color === mover.color || target.type === 'p') return false;
        if (VALUES[target.type] > VALUES[mover.type]) return true;
        return !isDefended(after, sq) && !after.attackers(move.to, target.color).includes(sq);
      });
      return forked.length >= 2;
    });
}

/** Lichess's skewer: on a solver's capture after the first move (see the module's comment). */
export function hasSkewer(plies: readonly LinePly[]): boolean {
  return solverPlies(plies)
    .slice(1)
    .some(({ ply: { move, after }, index }) => {
      const before = plies[index - 1]!;
      const taken = before.after.get(move.to);
      const mover = after.get(move.to);
      if (!taken || !mover || slides(mover.type).length === 0 || after.isCheckmate()) return false;
      const opponentMove = before.move;
      if (opponentMove.to === move.to || !squaresBetween(move.from, move.to).includes(opponentMove.from)) return false;
      const front = before.after.get(opponentMove.to)!;
      return VALUES[front.type] > VALUES[taken.type] && isInBadSpot(before.after, move.to);
    });
}

/** After a solver's move: a pinned enemy piece cannot take a solver's piece off its line. */
function pinPreventsAttack(game: Chess, pinned: Square, line: readonly Square[], solver: Color): boolean {
  const piece = game.get(pinned)!;
  return attacksFrom(game, pinned).some((sq) => {
    const target = game.get(sq);
    if (!target || target.color !== solver || line.includes(sq)) return false;
    return VALUES[target.type] > VALUES[piece.type] || !isDefended(game, sq);
  });
}

/** After a solver's move: a pinned enemy piece is attacked along its line and cannot step out of the attack. */
function pinPreventsEscape(game: Chess, pinned: Square, line: readonly Square[], solver: Color): boolean {
  const piece = game.get(pinned)!;
  return game.attackers(pinned, solver).some((from) => {
    if (!line.includes(from)) return false;
    if (VALUES[piece.type] > VALUES[game.get(from)!.type]) return true;
    return !isDefended(game, pinned) && !game.attackers(from, piece.color).includes(pinned) && canLeaveLine(game, pinned, line);
  });
}

/** Lichess's pin: after any solver's move, a pin that stops an attack or an escape. */
export function hasPin(plies: readonly LinePly[]): boolean {
  return solverPlies(plies).some(({ ply: { move, after } }) => {
    const solver = move.color;
    for (const row of after.board()) {
      for (const cell of row) {
        if (!cell || cell.color === solver) continue;
        const line = pinLine(after, cell.square);
        if (line && (pinPreventsAttack(after, cell.square, line, solver) || pinPreventsEscape(after, cell.square, line, solver))) return true;
      }
    }
    return false;
  });
}

/** lichess-puzzler's material count (pawn 1, knight and bishop 3, rook 5, queen 9): `color`'s lead. */
export function materialDiff(game: Chess, color: Color): number {
  let lead = 0;
  for (const row of game.board()) {
    for (const cell of row) {
      if (!cell || cell.type === 'k') continue;
      lead += cell.color === color ? VALUES[cell.type] : -VALUES[cell.type];
    }
  }
  return lead;
}

/**
 * Lichess's hanging piece (cook.py hanging_piece): the solver's first move takes a piece, not a
 * pawn, that no one defends (x-ray defence counted); not when the solver was in check and takes
 * nothing or a pawn; not when it only takes back on the square where the opponent's move has
 * just taken something worth as much; and, when the line goes on, the material won is kept two
 * plies later. `plies[0]` is the opponent's first move.
 */
export function hasHangingPiece(plies: readonly LinePly[]): boolean {
  const [opponent, first, , next] = plies;
  if (!opponent || !first) return false;
  const board = opponent.after;
  const captured = board.get(first.move.to);
  if (board.inCheck() && (!captured || captured.type === 'p')) return false;
  if (!captured || captured.type === 'p' || captured.color === first.move.color) return false;
  if (isDefended(board, first.move.to)) return false;
  const opponentTook = opponent.move.captured;
  if (opponentTook && opponent.move.to === first.move.to && VALUES[opponentTook] >= VALUES[captured.type]) return false;
  if (!next) return true;
  return materialDiff(next.after, first.move.color) >= materialDiff(first.after, first.move.color);
}

const isCastling = (move: Move): boolean => move.flags.includes('k') || move.flags.includes('q');

/** The squares of the pieces giving check in `game` (to the side to move). */
function checkers(game: Chess): Square[] {
  const turn = game.turn();
  const king = game.findPiece({ type: 'k', color: turn })[0];
  return king ? game.attackers(king, other(turn)) : [];
}

/**
 * Lichess's discovered attack (cook.py discovered_attack): a solver's move gives check and the
 * piece that moved is not among the checkers (a discovered check; a double check is not one); or a later solver's capture passes
 * over the square the solver's previous move left (that move uncovered it), neither taking the
 * piece that moved nor moving it, the previous move not castling. A capture that takes back on
 * the square of the opponent's last move ends the search (Lichess returns there).
 */
export function hasDiscoveredAttack(plies: readonly LinePly[]): boolean {
  const solverMoves = solverPlies(plies);
  const discoveredCheck = ({ ply: { move, after } }: { ply: LinePly }) => {
    const giving = checkers(after);
    return giving.length > 0 && !giving.includes(move.to);
  };
  if (solverMoves.some(discoveredCheck)) return true;
  for (const { ply, index } of solverMoves.slice(1)) {
    if (!ply.move.captured) continue;
    const opponent = plies[index - 1]!;
    if (opponent.move.to === ply.move.to) return false;
    const previous = plies[index - 2]!.move;
    if (
      squaresBetween(ply.move.from, ply.move.to).includes(previous.from) &&
      ply.move.to !== previous.to &&
      ply.move.from !== previous.to &&
      !isCastling(previous)
    ) {
      return true;
    }
  }
  return false;
}

/**
 * Lichess's back-rank mate (cook.py back_rank_mate): the line ends in mate with the mated king on
 * its first rank, every square in front of it (straight and diagonally) holding one of its own
 * pieces that the solver does not attack, and a checking piece on that rank.
 */
export function isBackRankMate(plies: readonly LinePly[]): boolean {
  const last = plies.at(-1);
  if (!last || !last.after.isCheckmate()) return false;
  const game = last.after;
  const loser = game.turn();
  const king = game.findPiece({ type: 'k', color: loser })[0];
  if (!king) return false;
  const backRank = loser === 'w' ? 0 : 7;
  if (rankOf(king) !== backRank) return false;
  const forward = loser === 'w' ? 1 : -1;
  const front = [-1, 0, 1].map((df) => step(king, df, forward)).filter((sq): sq is Square => sq !== null);
  const winner = other(loser);
  const walled = front.every((sq) => {
    const piece = game.get(sq);
    return piece !== undefined && piece !== null && piece.color === loser && game.attackers(sq, winner).length === 0;
  });
  return walled && checkers(game).some((sq) => rankOf(sq) === backRank);
}

/** The rank a move reaches, counted from the mover's side (1 to 8). */
const relativeRank = (move: Move): number => (move.color === 'w' ? rankOf(move.to) + 1 : 8 - rankOf(move.to));

/** lichess-puzzler's advanced pawn move: a promotion, or a pawn reaching its 6th rank or beyond. */
const isAdvancedPawnMove = (move: Move): boolean => move.promotion !== undefined || (move.piece === 'p' && relativeRank(move) >= 6);

/** Its very advanced pawn move: a promotion, or a pawn reaching its 7th rank. */
const isVeryAdvancedPawnMove = (move: Move): boolean => move.promotion !== undefined || (move.piece === 'p' && relativeRank(move) >= 7);

/** The opponent's pieces the piece on `square` attacks after the move. */
const attackedOpponentPieces = (after: Chess, square: Square, solver: Color): Square[] =>
  attacksFrom(after, square).filter((sq) => after.get(sq)?.color === other(solver));

/** Lichess's advanced pawn: a solver's move takes a pawn to its 7th rank or promotes. */
export const hasAdvancedPawn = (plies: readonly LinePly[]): boolean => solverPlies(plies).some(({ ply }) => isVeryAdvancedPawnMove(ply.move));

/**
 * Lichess's quiet move (cook.py quiet_move): a solver's move before the last that neither gives
 * nor escapes check, takes nothing, attacks none of the opponent's pieces, is no advanced pawn
 * move and no king move.
 */
export function hasQuietMove(plies: readonly LinePly[]): boolean {
  return solverPlies(plies)
    .filter(({ index }) => index < plies.length - 1)
    .some(
      ({ ply: { move, after }, index }) =>
        !after.inCheck() &&
        !plies[index - 1]!.after.inCheck() &&
        move.captured === undefined &&
        attackedOpponentPieces(after, move.to, move.color).length === 0 &&
        !isAdvancedPawnMove(move) &&
        move.piece !== 'k',
    );
}

/**
 * Lichess's defensive move (cook.py defensive_move or check_escape): the last solver move, chosen
 * among three legal moves or more, gives no check, takes nothing, attacks nothing and pushes no
 * advanced pawn; or, before any solver move gives check or takes, one (from three choices or
 * more) gets out of check.
 */
export function hasDefensiveMove(plies: readonly LinePly[]): boolean {
  const last = plies.at(-1);
  const before = plies.at(-2);
  if (!last || !before || plies.length % 2 !== 0) return false;
  const defensive =
    before.after.moves().length >= 3 &&
    !last.after.inCheck() &&
    last.move.captured === undefined &&
    attackedOpponentPieces(last.after, last.move.to, last.move.color).length === 0 &&
    !isAdvancedPawnMove(last.move);
  if (defensive) return true;
  for (const { ply, index } of solverPlies(plies)) {
    const previous = plies[index - 1]!.after;
    if (ply.after.inCheck() || ply.move.captured !== undefined || previous.moves().length < 3) return false;
    if (previous.inCheck()) return true;
  }
  return false;
}
