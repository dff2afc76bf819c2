/**
 * The one boundary around chess.js: its throws become coded results here, so the rest of the
 * code never catches. Pure: no side effects, runs in the browser, the worker and Node.
 */
import { Chess, DEFAULT_POSITION, validateFen, type Move, type Square } from 'chess.js';
import { err, ok, type Result } from './result-type';

export { DEFAULT_POSITION as START_FEN };
export type { Move, Square };

export const PROMOTION_PIECES = ['q', 'r', 'b', 'n'] as const;
export type PromotionPiece = (typeof PROMOTION_PIECES)[number];

/** The chess toolkit the rest of the code shares (as chessops' util.ts and types.ts): colours, squares, UCI, position keys. */
export type Color = 'w' | 'b';
export type ByColor<T> = Record<Color, T>;
export const opposite = (color: Color): Color => (color === 'w' ? 'b' : 'w');

const FILES = 'abcdefgh';

/** 'e4' as a Square, or null when it is not one. */
export function parseSquare(text: string): Square | null {
  return /^[a-h][1-8]$/.test(text) ? (text as Square) : null;
}

/** The square on file 0-7 (a-h) and rank 0-7 (1-8), or null off the board. */
export function squareAt(file: number, rank: number): Square | null {
  return file >= 0 && file < 8 && rank >= 0 && rank < 8 ? parseSquare(`${FILES[file]}${rank + 1}`) : null;
}

/** UCI long algebraic ("e7e8q") to a move input; null when it is not UCI. */
export function parseUci(uci: string): MoveInput | null {
  const m = /^([a-h][1-8])([a-h][1-8])([qrbn])?$/.exec(uci);
  if (!m) return null;
  const [, from, to, promotion] = m as unknown as [string, string, string, PromotionPiece | undefined];
  return promotion ? { from, to, promotion } : { from, to };
}

/** A move input to UCI ("e7e8q"). */
export const makeUci = (move: MoveInput): string => `${move.from}${move.to}${move.promotion ?? ''}`;

/**
 * What makes two positions the same for repetition and caches: placement, side to move,
 * castling rights and en passant square (a FEN's first four fields).
 */
export const positionKey = (fen: string): string => fen.split(' ').slice(0, 4).join(' ');

export interface MoveInput {
  from: string;
  to: string;
  promotion?: PromotionPiece;
}

export type ChessError =
  | { code: 'ERR_INVALID_FEN'; message: string }
  | { code: 'ERR_INVALID_MOVE'; message: string };

const invalidFen = (detail: string): ChessError => ({
  code: 'ERR_INVALID_FEN',
  message: detail.startsWith('Invalid FEN: ') ? detail : `Invalid FEN: ${detail}`,
});

/** A game from a position string. Failure messages begin 'Invalid FEN: ...' (spec section 5). */
export function parseFen(fen: string): Result<Chess, ChessError> {
  const check = validateFen(fen);
  if (!check.ok) return err(invalidFen(check.error ?? 'unknown error'));
  try {
    return ok(new Chess(fen));
  } catch (e) {
    return err(invalidFen(e instanceof Error ? e.message : String(e)));
  }
}

/** Plays a move on the game (mutating it). An illegal move is an 'Invalid move: ...' error. */
export function playMove(game: Chess, move: MoveInput | string): Result<Move, ChessError> {
  try {
    return ok(game.move(move));
  } catch (e) {
    const detail = e instanceof Error ? e.message : String(e);
    return err({
      code: 'ERR_INVALID_MOVE',
      message: detail.startsWith('Invalid move: ') ? detail : `Invalid move: ${detail}`,
    });
  }
}

/**
 * Rebuilds a game by replaying SAN moves from a start position. Replaying (rather than loading
 * the last FEN) keeps the position history that threefold repetition is judged on.
 */
export function replayGame(moves: readonly string[], startFen: string = DEFAULT_POSITION): Result<Chess, ChessError> {
  const parsed = parseFen(startFen);
  if (!parsed.ok) return parsed;
  const game = parsed.value;
  for (const san of moves) {
    const played = playMove(game, san);
    if (!played.ok) return played;
  }
  return ok(game);
}

/** True when moving from `from` to `to` is a pawn reaching the last rank, so a piece must be chosen. */
export function isPromotionMove(game: Chess, from: string, to: string): boolean {
  const square = parseSquare(from);
  return square !== null && game.moves({ square, verbose: true }).some((m) => m.to === to && m.promotion !== undefined);
}

/** Squares the piece on `from` can legally move to (empty when it is not the side to move). */
export function legalTargets(game: Chess, from: string): Square[] {
  const square = parseSquare(from);
  return square ? [...new Set(game.moves({ square, verbose: true }).map((m) => m.to))] : [];
}

