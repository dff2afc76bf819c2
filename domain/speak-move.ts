/**
 * Moves and positions in words a screen reader reads well (issue 31): 'Black knight takes e5,
 * check', 'White castles kingside', 'White pawn takes d6 en passant'. The move log, the typed
 * commands and speech synthesis all say a move this way. Pure.
 */
import type { Chess, Square } from 'chess.js';
import { parseFen, playMove, type Color, type Move } from './chess';
import { gameEnd, type GameEndReason } from './result';
import { PIECE_NAMES, PIECE_TYPES, pieceName, SIDE_NAMES, type PieceType } from './piece-names';

const PIECE_PLURALS: Record<PieceType, string> = { k: 'kings', q: 'queens', r: 'rooks', b: 'bishops', n: 'knights', p: 'pawns' };
const SAN_PIECES: Record<string, PieceType> = { K: 'k', Q: 'q', R: 'r', B: 'b', N: 'n' };

/** What a move says beyond its SAN: an en passant capture cannot be read from the SAN alone. */
export interface SpokenMove {
  color: Color;
  san: string;
  /** chess.js's flags ('e' for en passant), when known. */
  flags?: string;
}

/**
 * A move in words, without a full stop: 'White knight to f3', 'Black pawn takes d5',
 * 'White pawn to e8, promotes to queen, checkmate', 'Black castles queenside, check',
 * 'White pawn takes d6 en passant'.
 */
export function speakMove({ color, san, flags = '' }: SpokenMove): string {
  const side = SIDE_NAMES[color];
  const suffix = san.includes('#') ? ', checkmate' : san.includes('+') ? ', check' : '';
  const bare = san.replace(/[+#!?]+$/, '');
  if (bare === 'O-O') return `${side} castles kingside${suffix}`;
  if (bare === 'O-O-O') return `${side} castles queenside${suffix}`;
  const match = /([a-h][1-8])(?:=([QRBN]))?$/.exec(bare);
  if (match === null) return `${side} plays ${san}`;
  const piece = PIECE_NAMES[SAN_PIECES[bare[0] ?? ''] ?? 'p'];
  const verb = bare.includes('x') ? 'takes' : 'to';
  const enPassant = flags.includes('e') ? ' en passant' : '';
  const promotion = match[2] ? `, promotes to ${PIECE_NAMES[SAN_PIECES[match[2]]!]}` : '';
  return `${side} ${piece} ${verb} ${match[1]}${enPassant}${promotion}${suffix}`;
}

/**
 * The move that took `fenBefore` to `fenAfter` going from `from` to `to`, or null when no legal
 * move does (a new puzzle, a reset, an undo, several moves at once): the board then says nothing.
 */
export function moveBetween(fenBefore: string, fenAfter: string, from: string, to: string): Move | null {
  const before = parseFen(fenBefore);
  if (!before.ok) return null;
  const target = fenAfter.split(' ').slice(0, 2).join(' ');
  for (const candidate of before.value.moves({ verbose: true })) {
    if (candidate.from !== from || candidate.to !== to) continue;
    const copy = parseFen(fenBefore);
    if (!copy.ok) return null;
    const played = playMove(copy.value, candidate.san);
    if (played.ok && copy.value.fen().split(' ').slice(0, 2).join(' ') === target) return played.value;
  }
  return null;
}

const FILES = 'abcdefgh';

/** Squares in reading order for a list: by file, then by rank ('a1, a2, b1'). */
const byFileThenRank = (a: string, b: string) => (a[0] === b[0] ? Number(a[1]) - Number(b[1]) : FILES.indexOf(a[0]!) - FILES.indexOf(b[0]!));

/** The squares of one side's pieces of one type, sorted. */
function squaresOf(game: Chess, color: Color, type: PieceType): Square[] {
  return game.findPiece({ color, type }).sort(byFileThenRank);
}

/** 'White knights: b1, g1' or 'No black queen'. */
export function readPieces(game: Chess, color: Color, type: PieceType): string {
  const squares = squaresOf(game, color, type);
  if (squares.length === 0) return `No ${pieceName(color, type)}`;
  const name = squares.length === 1 ? PIECE_NAMES[type] : PIECE_PLURALS[type];
  return `${SIDE_NAMES[color]} ${name}: ${squares.join(', ')}`;
}

/** One side's pieces, king first: 'White: king e1, queen d1, rooks a1 and h1, pawns a2, b2'. */
export function readSide(game: Chess, color: Color): string {
  const parts = PIECE_TYPES.flatMap((type) => {
    const squares = squaresOf(game, color, type);
    if (squares.length === 0) return [];
    const name = squares.length === 1 ? PIECE_NAMES[type] : PIECE_PLURALS[type];
    const list = squares.length === 1 ? squares[0] : `${squares.slice(0, -1).join(', ')} and ${squares[squares.length - 1]}`;
    return [`${name} ${list}`];
  });
  return `${SIDE_NAMES[color]}: ${parts.join(', ')}`;
}

/** The whole position by piece, White then Black, then whose move it is. */
export function readBoard(game: Chess): string {
  return `${readSide(game, 'w')}. ${readSide(game, 'b')}. ${readTurn(game)}`;
}

/** 'White to move', with ', in check' when the side to move is. */
export function readTurn(game: Chess): string {
  return `${SIDE_NAMES[game.turn()]} to move${game.isCheck() ? ', in check' : ''}`;
}

const END_WORDS: Record<Exclude<GameEndReason, 'checkmate'>, string> = {
  stalemate: 'Stalemate, a draw',
  insufficient_material: 'Draw: neither side can checkmate',
  threefold_repetition: 'Draw by threefold repetition',
  fifty_move_rule: 'Draw by the fifty-move rule',
};

/**
 * Where the game stands, for the text view of the board: whose move it is ('White to move, in
 * check') or how it ended ('Checkmate, Black wins', 'Stalemate, a draw').
 */
export function readState(game: Chess): string {
  const end = gameEnd(game);
  if (end === null) return readTurn(game);
  if (end.reason === 'checkmate') return `Checkmate, ${SIDE_NAMES[end.winner ?? game.turn()]} wins`;
  return END_WORDS[end.reason];
}

/** One rank or file, square by square: 'Rank 4: a4 empty, ..., e4 white pawn'. */
export function readLine(game: Chess, line: string): string {
  const rank = /^[1-8]$/.test(line);
  const squares = rank ? [...FILES].map((file) => `${file}${line}`) : [1, 2, 3, 4, 5, 6, 7, 8].map((r) => `${line}${r}`);
  const words = squares.map((square) => {
    const piece = game.get(square as Square);
    return `${square} ${piece ? pieceName(piece.color, piece.type) : 'empty'}`;
  });
  return `${rank ? 'Rank' : 'File'} ${line}: ${words.join(', ')}`;
}
