/**
 * Moves and positions in words a screen reader reads well (issue 31): 'Black knight takes e5,
 * check', 'White castles kingside', 'White pawn takes d6 en passant'. The move log, the typed
 * commands and speech synthesis all say a move this way. Pure.
 */
import type { Chess, Square } from 'chess.js';
import { parseFen, playMove, type Color, type Move } from './chess';
import { gameEnd, type GameEndReason } from './result';
import { capitalizeStart, ENGLISH_PIECE_WORDS, PIECE_NAMES, PIECE_TYPES, SIDE_NAMES, type PieceType, type PieceWords } from './piece-names';

const PIECE_PLURALS: Record<PieceType, string> = { k: 'kings', q: 'queens', r: 'rooks', b: 'bishops', n: 'knights', p: 'pawns' };
const SAN_PIECES: Record<string, PieceType> = { K: 'k', Q: 'q', R: 'r', B: 'b', N: 'n' };

export type CastlingWing = 'kingside' | 'queenside';
/** A move to an empty square, a capture, or a capture en passant (which the SAN does not show). */
export type MoveKind = 'move' | 'capture' | 'en-passant';

/**
 * The words a move is said in, one language's (issue 28). Each function makes a whole phrase, so
 * a language puts its words in its own order; the sentence's first letter is made a capital here.
 */
export interface MoveWords extends PieceWords {
  /** 'a piece's name (plural when `count` is not 1) without its side: 'queen', 'rooks'. */
  pieceKind(type: PieceType, count: number): string;
  /** 'white knight to f3', 'black pawn takes d5', 'white pawn takes d6 en passant' (`piece` is piece()'s). */
  move(piece: string, square: string, kind: MoveKind): string;
  /** 'white pawn to e8, promotes to queen' (`piece` is pieceKind()'s). */
  promotion(move: string, piece: string): string;
  /** 'Black knight takes e5, check', '…, checkmate'. */
  check(move: string, mate: boolean): string;
  /** 'White castles kingside'. */
  castles(color: Color, wing: CastlingWing): string;
  /** A SAN the words cannot read: 'White plays Xyz'. */
  plays(color: Color, san: string): string;
}

export const ENGLISH_MOVE_WORDS: MoveWords = {
  ...ENGLISH_PIECE_WORDS,
  pieceKind: (type, count) => (count === 1 ? PIECE_NAMES[type] : PIECE_PLURALS[type]),
  move: (piece, square, kind) => `${piece} ${kind === 'move' ? 'to' : 'takes'} ${square}${kind === 'en-passant' ? ' en passant' : ''}`,
  promotion: (move, piece) => `${move}, promotes to ${piece}`,
  check: (move, mate) => `${move}, ${mate ? 'checkmate' : 'check'}`,
  castles: (color, wing) => `${SIDE_NAMES[color]} castles ${wing}`,
  plays: (color, san) => `${SIDE_NAMES[color]} plays ${san}`,
};

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
 * 'White pawn takes d6 en passant'. `words` are English unless a language's are given.
 */
export function speakMove({ color, san, flags = '' }: SpokenMove, words: MoveWords = ENGLISH_MOVE_WORDS): string {
  const withCheck = (move: string) => (san.includes('#') ? words.check(move, true) : san.includes('+') ? words.check(move, false) : move);
  const bare = san.replace(/[+#!?]+$/, '');
  if (bare === 'O-O') return withCheck(words.castles(color, 'kingside'));
  if (bare === 'O-O-O') return withCheck(words.castles(color, 'queenside'));
  const match = /([a-h][1-8])(?:=([QRBN]))?$/.exec(bare);
  if (match === null) return words.plays(color, san);
  const piece = words.piece(color, SAN_PIECES[bare[0] ?? ''] ?? 'p');
  const kind: MoveKind = !bare.includes('x') ? 'move' : flags.includes('e') ? 'en-passant' : 'capture';
  const moved = words.move(piece, match[1]!, kind);
  const promoted = match[2] ? words.promotion(moved, words.pieceKind(SAN_PIECES[match[2]]!, 1)) : moved;
  return capitalizeStart(withCheck(promoted), piece);
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

/** The words a position is read in, one language's (issue 28); the lists' commas and colons are the reader's. */
export interface PositionWords extends PieceWords {
  /** A side's pieces of one kind, by how many: 'white knights', 'white queen'. */
  pieces(color: Color, type: PieceType, count: number): string;
  /** A piece's name in a side's list, by how many: 'king', 'rooks'. */
  pieceKind(type: PieceType, count: number): string;
  /** 'No black queen' (`piece` is piece()'s). */
  noPiece(piece: string): string;
  /** 'a2, b2 and c2'. */
  and(items: readonly string[]): string;
  /** 'White', as a side's list starts: 'White: king e1'. */
  side(color: Color): string;
  /** 'White to move', 'Black to move, in check'. */
  turn(color: Color, inCheck: boolean): string;
  /** 'Checkmate, Black wins'. */
  checkmate(winner: Color): string;
  /** 'Stalemate, a draw', 'Draw by threefold repetition'. */
  draw(reason: Exclude<GameEndReason, 'checkmate'>): string;
  /** What an empty square says: 'empty'. */
  empty(): string;
  /** 'Rank 4', 'File e'. */
  line(kind: 'rank' | 'file', name: string): string;
}

const END_WORDS: Record<Exclude<GameEndReason, 'checkmate'>, string> = {
  stalemate: 'Stalemate, a draw',
  insufficient_material: 'Draw: neither side can checkmate',
  threefold_repetition: 'Draw by threefold repetition',
  fifty_move_rule: 'Draw by the fifty-move rule',
};

export const ENGLISH_POSITION_WORDS: PositionWords = {
  ...ENGLISH_PIECE_WORDS,
  pieces: (color, type, count) => `${SIDE_NAMES[color].toLowerCase()} ${count === 1 ? PIECE_NAMES[type] : PIECE_PLURALS[type]}`,
  pieceKind: ENGLISH_MOVE_WORDS.pieceKind,
  noPiece: (piece) => `No ${piece}`,
  and: (items) => (items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`),
  side: (color) => SIDE_NAMES[color],
  turn: (color, inCheck) => `${SIDE_NAMES[color]} to move${inCheck ? ', in check' : ''}`,
  checkmate: (winner) => `Checkmate, ${SIDE_NAMES[winner]} wins`,
  draw: (reason) => END_WORDS[reason],
  empty: () => 'empty',
  line: (kind, name) => `${kind === 'rank' ? 'Rank' : 'File'} ${name}`,
};

/** Squares in reading order for a list: by file, then by rank ('a1, a2, b1'). */
const byFileThenRank = (a: string, b: string) => (a[0] === b[0] ? Number(a[1]) - Number(b[1]) : FILES.indexOf(a[0]!) - FILES.indexOf(b[0]!));

/** The squares of one side's pieces of one type, sorted. */
function squaresOf(game: Chess, color: Color, type: PieceType): Square[] {
  return game.findPiece({ color, type }).sort(byFileThenRank);
}

/** 'White knights: b1, g1' or 'No black queen'. */
export function readPieces(game: Chess, color: Color, type: PieceType, words: PositionWords = ENGLISH_POSITION_WORDS): string {
  const squares = squaresOf(game, color, type);
  if (squares.length === 0) return words.noPiece(words.piece(color, type));
  const pieces = words.pieces(color, type, squares.length);
  return `${capitalizeStart(pieces, pieces)}: ${squares.join(', ')}`;
}

/** One side's pieces, king first: 'White: king e1, queen d1, rooks a1 and h1, pawns a2, b2'. */
export function readSide(game: Chess, color: Color, words: PositionWords = ENGLISH_POSITION_WORDS): string {
  const parts = PIECE_TYPES.flatMap((type) => {
    const squares = squaresOf(game, color, type);
    if (squares.length === 0) return [];
    return [`${words.pieceKind(type, squares.length)} ${words.and(squares)}`];
  });
  return `${words.side(color)}: ${parts.join(', ')}`;
}

/** The whole position by piece, White then Black, then whose move it is. */
export function readBoard(game: Chess, words: PositionWords = ENGLISH_POSITION_WORDS): string {
  return `${readSide(game, 'w', words)}. ${readSide(game, 'b', words)}. ${readTurn(game, words)}`;
}

/** 'White to move', with ', in check' when the side to move is. */
export function readTurn(game: Chess, words: PositionWords = ENGLISH_POSITION_WORDS): string {
  return words.turn(game.turn(), game.isCheck());
}

/**
 * Where the game stands, for the text view of the board: whose move it is ('White to move, in
 * check') or how it ended ('Checkmate, Black wins', 'Stalemate, a draw').
 */
export function readState(game: Chess, words: PositionWords = ENGLISH_POSITION_WORDS): string {
  const end = gameEnd(game);
  if (end === null) return readTurn(game, words);
  if (end.reason === 'checkmate') return words.checkmate(end.winner ?? game.turn());
  return words.draw(end.reason);
}

/** One rank or file, square by square: 'Rank 4: a4 empty, ..., e4 white pawn'. */
export function readLine(game: Chess, line: string, words: PositionWords = ENGLISH_POSITION_WORDS): string {
  const rank = /^[1-8]$/.test(line);
  const squares = rank ? [...FILES].map((file) => `${file}${line}`) : [1, 2, 3, 4, 5, 6, 7, 8].map((r) => `${line}${r}`);
  const contents = squares.map((square) => {
    const piece = game.get(square as Square);
    return `${square} ${piece ? words.piece(piece.color, piece.type) : words.empty()}`;
  });
  return `${words.line(rank ? 'rank' : 'file', line)}: ${contents.join(', ')}`;
}
