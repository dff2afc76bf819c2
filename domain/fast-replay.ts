/**
 * Replays a saved game's moves from the standard start with chessops' bitboards: a few
 * microseconds a move, where chess.js's move() spends about 50 µs matching the SAN against the
 * SAN of every legal move. The server replays every pushed game (issue 12), so this is its hot
 * path. Pure, no side effects.
 *
 * chess.js stays the rule: the fast path answers only when every move is written exactly as
 * chess.js writes SAN (what the app sends); for anything looser it answers null and the caller
 * replays with chess.js, whose reading of loose SAN ('0-0', 'Pe4', 'e2e4') is then unchanged.
 * `fast-replay.test.ts` checks on random games that both agree on every move, SAN, FEN and ending.
 */
import { Chess as Board } from 'chessops/chess';
import { makeFen, parseFen as parseSetup } from 'chessops/fen';
import { makeSan, parseSan } from 'chessops/san';
import { squareFile } from 'chessops/util';
import { parseFen } from './chess';
import type { GameEndReason } from './result';

export interface FastReplay {
  /** The final position as chess.js writes it (en passant square only when a capture is legal). */
  finalFen: string;
  end: GameEndReason | null;
}

/**
 * The part of a position chess.js counts for threefold repetition: board, side to move, castling
 * rights, and the en passant square whenever an enemy pawn stands beside the pawn that just
 * advanced two squares (chess.js hashes it so, legal capture or not). With the white pieces and
 * each kind's squares, the black pieces follow, so they need no field of their own.
 */
function repetitionKey(board: Board): string {
  let ep = -1;
  if (board.epSquare !== undefined) {
    const pushed = board.epSquare + (board.turn === 'white' ? -8 : 8);
    const file = squareFile(pushed);
    const ours = board.board.pieces(board.turn, 'pawn');
    if ((file > 0 && ours.has(pushed - 1)) || (file < 7 && ours.has(pushed + 1))) ep = board.epSquare;
  }
  // The bitboards themselves (a string of their halves): no FEN written on every move.
  const { white, pawn, knight, bishop, rook, queen, king } = board.board;
  const rights = board.castles.castlingRights;
  return [white, pawn, knight, bishop, rook, queen, king, rights].map((set) => `${set.lo},${set.hi}`).join(',') + `,${board.turn},${ep}`;
}

/**
 * The position (EPD: FEN without the move counters, as chess.js writes it) after each of `moves`
 * played from `fen`; null when a move is not chess.js's own SAN or the FEN does not load (the
 * caller then plays with chess.js). The opening lookup's slow path (domain/openings/book.ts).
 */
export function epdsAfter(fen: string, moves: readonly string[]): string[] | null {
  const setup = parseSetup(fen);
  if (setup.isErr) return null;
  const loaded = Board.fromSetup(setup.value);
  if (loaded.isErr) return null;
  const board = loaded.value;
  const epds: string[] = [];
  for (const san of moves) {
    const move = parseSan(board, san);
    if (move === undefined || makeSan(board, move) !== san) return null;
    board.play(move);
    epds.push(makeFen(board.toSetup()).split(' ', 4).join(' '));
  }
  return epds;
}

/** Replays `moves` (SAN, from the standard start); null when a move is not chess.js's own SAN. */
export function fastReplay(moves: readonly string[]): FastReplay | null {
  const board = Board.default();
  const seen = new Map<string, number>([[repetitionKey(board), 1]]);
  let threefold = false;
  for (const san of moves) {
    const move = parseSan(board, san);
    if (move === undefined || makeSan(board, move) !== san) return null;
    board.play(move);
    const key = repetitionKey(board);
    const count = (seen.get(key) ?? 0) + 1;
    seen.set(key, count);
    threefold = count >= 3;
  }
  const finalFen = makeFen(board.toSetup());
  return { finalFen, end: endOf(board, finalFen, threefold) };
}

/**
 * How the game stands at its final position, in `gameEnd`'s order (domain/result.ts): checkmate
 * and stalemate mean the same in both libraries, and the fifty-move rule is the half-move clock;
 * insufficient material is chess.js's own rule (e.g. king and bishop against king and bishop on
 * the same colour), so chess.js judges it from the final FEN, in the rare position with no pawn,
 * rook or queen left; repetition comes from the replay.
 */
function endOf(board: Board, finalFen: string, threefold: boolean): GameEndReason | null {
  if (board.isCheckmate()) return 'checkmate';
  if (board.isStalemate()) return 'stalemate';
  const { pawn, rook, queen } = board.board;
  if (pawn.union(rook).union(queen).isEmpty() && insufficientForChessJs(finalFen)) return 'insufficient_material';
  if (threefold) return 'threefold_repetition';
  if (board.halfmoves >= 100) return 'fifty_move_rule';
  return null;
}

function insufficientForChessJs(fen: string): boolean {
  const loaded = parseFen(fen);
  if (!loaded.ok) throw new Error(`chessops wrote a FEN chess.js refuses: ${fen}`);
  return loaded.value.isInsufficientMaterial();
}
