/**
 * What the server stores beside a saved game (spec: games table): the PGN, final position, move
 * count, opening and the players, computed from the client's saved game payload. Pure, no side
 * effects: the caller supplies the player's name, the date and our Site.
 */
import type { SavedGamePayload } from '../schema';
import { START_FEN, parseFen, playMove } from './chess';
import { fastReplay as replayWithBitboards } from './fast-replay';
import { identifyOpening } from './openings/book';
import { makePgn, type PgnResult } from './pgn';
import { gameEnd, moveNumber, type GameEndReason } from './result';
import { err, ok, type Result } from './result-type';

export interface GameRecordContext {
  playerName: string;
  /** When the game was saved; written as the PGN Date in UTC. */
  date: Date;
  /** Our Site tag, e.g. the server's public address. */
  site: string;
}

export interface GameSummary {
  pgn: string;
  finalFen: string;
  /** Full moves: half the number of half-moves, rounded up (as the status bar counts). */
  totalMoves: number;
  openingEco: string | null;
  openingName: string | null;
  pgnResult: PgnResult;
  white: string;
  black: string;
  /** The PGN Termination text: how the game ended. */
  termination: string;
}

export type GameRecordError = {
  code: 'ERR_GAME_ILLEGAL_MOVE';
  /** 1-based half-move number of the first move that cannot be played. */
  ply: number;
  san: string;
  message: string;
};

/** The Termination tag for a game that ended on the board. */
export const TERMINATION_TEXT: Record<GameEndReason, string> = {
  checkmate: 'Checkmate',
  stalemate: 'Stalemate',
  insufficient_material: 'Insufficient material',
  threefold_repetition: 'Threefold repetition',
  fifty_move_rule: 'Fifty-move rule',
};

/** The PGN result from the player's result and colour; an abandoned game is unfinished ('*'). */
export function pgnResultFor(result: SavedGamePayload['result'], playerColor: SavedGamePayload['playerColor']): PgnResult {
  if (result === 'draw') return '1/2-1/2';
  if (result === 'abandoned') return '*';
  const whiteWon = (result === 'win') === (playerColor === 'white');
  return whiteWon ? '1-0' : '0-1';
}

/** PGN's date format, YYYY.MM.DD, in UTC. */
export function pgnDate(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getUTCFullYear()}.${pad(date.getUTCMonth() + 1)}.${pad(date.getUTCDate())}`;
}

/**
 * Replays the payload's moves from the standard start and summarises the game. The first move
 * that cannot be played is a coded error naming it.
 */
export function summariseGame(payload: SavedGamePayload, ctx: GameRecordContext): Result<GameSummary, GameRecordError> {
  const replayed = fastReplay(payload.moves) ?? replayWithChessJs(payload.moves);
  if (!replayed.ok) return replayed;
  const { moves, finalFen, end } = replayed.value;

  const white = payload.playerColor === 'white' ? ctx.playerName : payload.opponent;
  const black = payload.playerColor === 'white' ? payload.opponent : ctx.playerName;
  const pgnResult = pgnResultFor(payload.result, payload.playerColor);
  const opening = identifyOpening(moves);
  const termination = payload.result === 'abandoned' ? 'Abandoned' : end ? TERMINATION_TEXT[end] : 'Unterminated';

  const pgn = makePgn({
    moves,
    headers: {
      Site: ctx.site,
      Date: pgnDate(ctx.date),
      White: white,
      Black: black,
      Result: pgnResult,
      ECO: opening?.eco,
      Opening: opening?.name,
      Termination: termination,
    },
  });
  return ok({
    pgn,
    finalFen,
    totalMoves: moveNumber(moves.length),
    openingEco: opening?.eco ?? null,
    openingName: opening?.name ?? null,
    pgnResult,
    white,
    black,
    termination,
  });
}

interface Replayed {
  moves: readonly string[];
  finalFen: string;
  end: GameEndReason | null;
}

/** The fast path's answer in `summariseGame`'s terms: every move was already chess.js's SAN. */
function fastReplay(moves: readonly string[]): Result<Replayed, GameRecordError> | null {
  const replayed = replayWithBitboards(moves);
  return replayed === null ? null : ok({ moves, finalFen: replayed.finalFen, end: replayed.end });
}

/** The reference replay, for moves the fast path does not take (loose SAN, illegal moves). */
function replayWithChessJs(sans: readonly string[]): Result<Replayed, GameRecordError> {
  const start = parseFen(START_FEN);
  if (!start.ok) throw new Error(start.error.message); // the standard start always parses
  const game = start.value;
  const moves: string[] = [];
  for (const [i, san] of sans.entries()) {
    const played = playMove(game, san);
    if (!played.ok) {
      return err({
        code: 'ERR_GAME_ILLEGAL_MOVE',
        ply: i + 1,
        san,
        message: `Invalid move: ${san} (move ${moveNumber(i + 1)}${i % 2 === 0 ? '' : '...'})`,
      });
    }
    moves.push(played.value.san);
  }
  return ok({ moves, finalFen: game.fen(), end: gameEnd(game)?.reason ?? null });
}
