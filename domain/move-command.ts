/**
 * What a learner types beside a board (issue 31), as Lichess's blind mode takes it: a move in
 * SAN or UCI, written loosely ('Nf3', 'nf3', 'g1f3', 'O-O', '0-0', 'e8=Q', 'e8q', 'e2-e4'), or in
 * figurines ('♘f3', issue 28), or a
 * command that reads the position ('board' or 'p', 'p N', 's e', 'turn', 'last', 'help').
 * A move is resolved against the position's legal moves; a refusal says why. Pure.
 */
import type { Chess } from 'chess.js';
import { err, ok, type Result } from './result-type';
import { parseFen, type Color, type MoveInput, type PromotionPiece } from './chess';
import { readBoard, readLine, readPieces, readTurn } from './speak-move';
import type { PieceType } from './piece-names';
import { sanFromFigurines } from './notation';

export type BoardCommand =
  | { kind: 'move'; move: MoveInput; san: string }
  | { kind: 'board' }
  | { kind: 'pieces'; color: Color; piece: PieceType }
  | { kind: 'line'; line: string }
  | { kind: 'turn' }
  | { kind: 'last' }
  | { kind: 'help' };

export type CommandError =
  | { code: 'ERR_EMPTY'; message: string }
  | { code: 'ERR_ILLEGAL_MOVE'; message: string }
  | { code: 'ERR_AMBIGUOUS_MOVE'; message: string }
  | { code: 'ERR_PROMOTION_PIECE'; message: string }
  | { code: 'ERR_UNKNOWN_COMMAND'; message: string };

/** The reading commands alone: what the box says to 'help' beside a board that takes no move (replay). */
export const READING_HELP =
  'Commands: board or p reads every piece; ' +
  'p N reads the white knights and p n the black ones; s e reads the e-file and s 4 the fourth rank; ' +
  'turn says whose move it is; last repeats the last move.';

export const COMMAND_HELP = `Type a move such as Nf3, e4, O-O, e8=Q or g1f3. ${READING_HELP}`;

const WORDS: Record<string, BoardCommand['kind']> = {
  board: 'board', b: 'board', p: 'board', pieces: 'board',
  turn: 'turn', t: 'turn', last: 'last', l: 'last', help: 'help', h: 'help', '?': 'help',
};

/** A typed line: a command, or a legal move of the position `fen`; else why not. */
export function parseBoardCommand(text: string, fen: string): Result<BoardCommand, CommandError> {
  const input = sanFromFigurines(text).trim().replace(/\s+/g, ' ');
  if (input === '') return err({ code: 'ERR_EMPTY', message: 'Type a move or a command. Type help for the list.' });
  const word = WORDS[input.toLowerCase()];
  if (word) return ok({ kind: word } as BoardCommand);
  const pieces = /^p ([kqrbnp])$/i.exec(input);
  if (pieces) {
    const letter = pieces[1]!;
    return ok({ kind: 'pieces', color: letter === letter.toUpperCase() ? 'w' : 'b', piece: letter.toLowerCase() as PieceType });
  }
  const line = /^s ([a-h1-8])$/i.exec(input);
  if (line) return ok({ kind: 'line', line: line[1]!.toLowerCase() });
  const game = parseFen(fen);
  if (!game.ok) return err({ code: 'ERR_ILLEGAL_MOVE', message: `${input} is not a legal move here` });
  return resolveMove(input, game.value);
}

interface Candidate {
  san: string;
  move: MoveInput;
}

const stripSan = (san: string) => san.replace(/[+#!?]/g, '');
/** The letters that matter for comparing: no check marks, no '=', '-' or spaces. */
const key = (text: string) => stripSan(text).replace(/[=\-\s]/g, '');
/** Without the disambiguation a SAN may or may not need ('Nbd2' -> 'Nd2'). */
const loose = (text: string) => text.replace(/^([KQRBN])[a-h]?[1-8]?(?=x?[a-h][1-8])/i, '$1');
const CASTLING = /^[o0]-?[o0](-?[o0])?$/i;
const MOVE_SHAPE = /^([KQRBN]?[a-h]?[1-8]?x?[a-h][1-8]([QRBN])?|[a-h][1-8]x?[a-h][1-8][qrbn]?)$/i;

/** Typed 'Bxc3' names a bishop; typed 'bxc3' may name the pawn or, loosely, the bishop. */
function sameSan(typed: string, san: string): boolean {
  if (typed === san) return true;
  if (/^[KQRBN]/.test(typed) && typed[0] !== san[0]) return false;
  return typed.toLowerCase() === san.toLowerCase();
}

function legalCandidates(game: Chess): Candidate[] {
  return game.moves({ verbose: true }).map((m) => ({
    san: m.san,
    move: m.promotion ? { from: m.from, to: m.to, promotion: m.promotion as PromotionPiece } : { from: m.from, to: m.to },
  }));
}

const single = (found: Candidate[]): Result<BoardCommand, CommandError> | null =>
  found.length === 1 ? ok({ kind: 'move', move: found[0]!.move, san: found[0]!.san }) : null;

function resolveMove(input: string, game: Chess): Result<BoardCommand, CommandError> {
  const legal = legalCandidates(game);
  const typed = key(input);
  if (CASTLING.test(typed)) {
    const san = typed.replace(/-/g, '').length === 3 ? 'O-O-O' : 'O-O';
    return single(legal.filter((c) => stripSan(c.san) === san)) ?? err({ code: 'ERR_ILLEGAL_MOVE', message: `${input} is not a legal move here` });
  }
  const uci = typed.toLowerCase().replace(/^([a-h][1-8])x/, '$1');
  const found =
    single(legal.filter((c) => key(c.san) === typed)) ??
    single(legal.filter((c) => `${c.move.from}${c.move.to}${c.move.promotion ?? ''}` === uci)) ??
    single(legal.filter((c) => sameSan(typed, key(c.san))));
  if (found) return found;
  const loosely = legal.filter((c) => sameSan(loose(typed), loose(key(c.san))));
  if (loosely.length === 1) return single(loosely)!;
  if (loosely.length > 1) {
    const names = loosely.map((c) => c.san).sort();
    return err({ code: 'ERR_AMBIGUOUS_MOVE', message: `${input} could be ${names.slice(0, -1).join(', ')} or ${names[names.length - 1]}` });
  }
  const promotion = legal.find((c) => c.move.promotion === 'q' && (sameSan(typed, key(c.san).slice(0, -1)) || `${c.move.from}${c.move.to}` === uci));
  if (promotion) return err({ code: 'ERR_PROMOTION_PIECE', message: `${input}: say which piece the pawn becomes, such as ${stripSan(promotion.san)}` });
  if (MOVE_SHAPE.test(typed)) return err({ code: 'ERR_ILLEGAL_MOVE', message: `${input} is not a legal move here` });
  return err({ code: 'ERR_UNKNOWN_COMMAND', message: `${input} is not a move or a command. Type help for the list.` });
}

/**
 * The answer to a command that reads the position: the pieces, a rank or file, whose move it
 * is, the last move (`lastMove`: the move log's words for it, null before any).
 */
export function answerCommand(command: Exclude<BoardCommand, { kind: 'move' }>, fen: string, lastMove: string | null): string {
  if (command.kind === 'help') return COMMAND_HELP;
  if (command.kind === 'last') return lastMove === null ? 'No move yet' : `Last move: ${lastMove}`;
  const game = parseFen(fen);
  if (!game.ok) return 'The position cannot be read';
  switch (command.kind) {
    case 'board': return readBoard(game.value);
    case 'pieces': return readPieces(game.value, command.color, command.piece);
    case 'line': return readLine(game.value, command.line);
    case 'turn': return readTurn(game.value);
  }
}
