/**
 * A position's "material key": where the pawns and kings stand, how many other pieces each side
 * has and who is to move. Two equal positions have equal keys, so a game position whose key belongs to
 * no book position is certainly not in the book. The keys of a game can be read from its SAN
 * alone, without playing the moves, which is what makes the opening search fast: chess.js only
 * plays moves up to the last ply whose key could be a book position. Pure, no side effects.
 */

type Side = 'w' | 'b';

interface ScanState {
  /** Pawn squares per side as a 64-bit set in two 32-bit halves (a1 = bit 0 of [0], a5 = bit 0 of [1]). */
  pawns: Record<Side, [number, number]>;
  /** Knights, bishops, rooks and queens per side. */
  pieces: Record<Side, number>;
  kings: Record<Side, number>;
  turn: Side;
  /** The square a pawn skipped with a double step on the last move, for en passant. */
  skipped: number | null;
}

const squareIndex = (file: number, rank: number): number => rank * 8 + file;
const fileOf = (file: string): number => file.charCodeAt(0) - 97;

function hasPawn(set: [number, number], square: number): boolean {
  if (square < 0 || square > 63) return false;
  return ((square < 32 ? set[0] >>> square : set[1] >>> (square - 32)) & 1) === 1;
}

function togglePawn(set: [number, number], square: number): void {
  if (square < 32) set[0] = (set[0] ^ (1 << square)) >>> 0;
  else set[1] = (set[1] ^ (1 << (square - 32))) >>> 0;
}

function keyOf(state: ScanState): string {
  const { pawns, pieces, kings, turn } = state;
  return `${pawns.w[0]},${pawns.w[1]},${pawns.b[0]},${pawns.b[1]},${pieces.w},${pieces.b},${kings.w},${kings.b},${turn}`;
}

function stateOf(epd: string): ScanState {
  const [placement = '', turn = 'w'] = epd.split(' ');
  const state: ScanState = {
    pawns: { w: [0, 0], b: [0, 0] },
    pieces: { w: 0, b: 0 },
    kings: { w: -1, b: -1 },
    turn: turn === 'b' ? 'b' : 'w',
    skipped: null,
  };
  placement.split('/').forEach((row, i) => {
    let file = 0;
    for (const ch of row) {
      if (ch >= '1' && ch <= '8') {
        file += Number(ch);
        continue;
      }
      if (ch === 'P' || ch === 'p') togglePawn(state.pawns[ch === 'P' ? 'w' : 'b'], squareIndex(file, 7 - i));
      else if (ch === 'K' || ch === 'k') state.kings[ch === 'K' ? 'w' : 'b'] = squareIndex(file, 7 - i);
      else if ('NBRQ'.includes(ch)) state.pieces.w++;
      else if ('nbrq'.includes(ch)) state.pieces.b++;
      file++;
    }
  });
  return state;
}

/** The material key of a position given as EPD or FEN. */
export function materialKey(epd: string): string {
  return keyOf(stateOf(epd));
}

const PAWN_MOVE = /^([a-h])(?:x([a-h]))?([1-8])(?:=?[NBRQ])?$/u;
const PIECE_MOVE = /^([NBRQK])[a-h]?[1-8]?(x?)([a-h])([1-8])$/u;

/** Applies one SAN move to the state; false when the move cannot be read this way. */
function apply(state: ScanState, san: string): boolean {
  const side = state.turn;
  const enemy: Side = side === 'w' ? 'b' : 'w';
  const forward = side === 'w' ? 1 : -1;
  const move = san.replace(/[+#!?]+$/u, '');
  let skipped: number | null = null;

  const pawnMove = PAWN_MOVE.exec(move);
  const pieceMove = pawnMove ? null : PIECE_MOVE.exec(move);
  if (pawnMove) {
    const [, fromFileLetter = '', toFileLetter, rankDigit = ''] = pawnMove;
    const rank = Number(rankDigit) - 1;
    const toFile = fileOf(toFileLetter ?? fromFileLetter);
    const to = squareIndex(toFile, rank);
    const own = state.pawns[side];
    if (toFileLetter === undefined) {
      const oneBack = squareIndex(toFile, rank - forward);
      const twoBack = squareIndex(toFile, rank - 2 * forward);
      if (hasPawn(own, oneBack)) togglePawn(own, oneBack);
      else if (hasPawn(own, twoBack)) {
        togglePawn(own, twoBack);
        skipped = oneBack;
      } else return false;
    } else {
      const from = squareIndex(fileOf(fromFileLetter), rank - forward);
      if (!hasPawn(own, from)) return false;
      togglePawn(own, from);
      capture(state, enemy, to, to === state.skipped);
    }
    const promotes = rank === 0 || rank === 7;
    if (promotes) state.pieces[side]++;
    else togglePawn(own, to);
  } else if (pieceMove) {
    const [, piece, takes, toFileLetter = '', rankDigit = ''] = pieceMove;
    const to = squareIndex(fileOf(toFileLetter), Number(rankDigit) - 1);
    if (takes) capture(state, enemy, to, false);
    if (piece === 'K') state.kings[side] = to;
  } else if (/^(?:O-O|0-0)$/u.test(move)) {
    state.kings[side] = squareIndex(6, side === 'w' ? 0 : 7);
  } else if (/^(?:O-O-O|0-0-0)$/u.test(move)) {
    state.kings[side] = squareIndex(2, side === 'w' ? 0 : 7);
  } else {
    return false;
  }
  state.turn = enemy;
  state.skipped = skipped;
  return true;
}

/** Removes what was taken on `square`: a pawn if one stands there (or behind it, en passant), else a piece. */
function capture(state: ScanState, enemy: Side, square: number, enPassant: boolean): void {
  const theirs = state.pawns[enemy];
  const victim = enPassant ? square + (enemy === 'b' ? -8 : 8) : square;
  if (hasPawn(theirs, victim)) togglePawn(theirs, victim);
  else state.pieces[enemy]--;
}

/**
 * The material key after each move, from the position `startEpd`. The list ends early, before
 * the first move that cannot be read as plain SAN (those are left to chess.js).
 */
export function materialKeys(startEpd: string, sanMoves: readonly string[]): string[] {
  const state = stateOf(startEpd);
  const keys: string[] = [];
  for (const san of sanMoves) {
    if (!apply(state, san)) break;
    keys.push(keyOf(state));
  }
  return keys;
}
