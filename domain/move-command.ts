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
import { ENGLISH_POSITION_WORDS, readBoard, readLine, readPieces, readTurn, type PositionWords } from './speak-move';
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

/**
 * The typed box's answers in one language (issue 28); the commands and moves themselves are
 * typed in English letters (or figurines) in every language, as scoresheets write them.
 */
export interface CommandWords extends PositionWords {
  /** Every command and how to type a move (COMMAND_HELP). */
  help(): string;
  /** The reading commands alone (READING_HELP). */
  readingHelp(): string;
  /** 'Last move: White castles kingside', or 'No move yet' when `move` is null. */
  lastMove(move: string | null): string;
  /** 'The position cannot be read'. */
  unreadable(): string;
  /** 'Nd2 could be Nbd2 or Nfd2'. */
  ambiguous(typed: string, moves: readonly string[]): string;
  /** Every other refusal, by its code; `example` is a promotion written in full ('e8=Q'). */
  refusal(code: Exclude<CommandError['code'], 'ERR_AMBIGUOUS_MOVE'>, typed: string, example: string): string;
}

const ENGLISH_REFUSALS: Record<Parameters<CommandWords['refusal']>[0], (typed: string, example: string) => string> = {
  ERR_EMPTY: () => 'Type a move or a command. Type help for the list.',
  ERR_ILLEGAL_MOVE: (typed) => `${typed} is not a legal move here`,
  ERR_PROMOTION_PIECE: (typed, example) => `${typed}: say which piece the pawn becomes, such as ${example}`,
  ERR_UNKNOWN_COMMAND: (typed) => `${typed} is not a move or a command. Type help for the list.`,
};

export const ENGLISH_COMMAND_WORDS: CommandWords = {
  ...ENGLISH_POSITION_WORDS,
  help: () => COMMAND_HELP,
  readingHelp: () => READING_HELP,
  lastMove: (move) => (move === null ? 'No move yet' : `Last move: ${move}`),
  unreadable: () => 'The position cannot be read',
  ambiguous: (typed, moves) => `${typed} could be ${moves.slice(0, -1).join(', ')} or ${moves[moves.length - 1]}`,
  refusal: (code, typed, example) => ENGLISH_REFUSALS[code](typed, example),
};

const WORDS: Record<string, BoardCommand['kind']> = {
  board: 'board', b: 'board', p: 'board', pieces: 'board',
  turn: 'turn', t: 'turn', last: 'last', l: 'last', help: 'help', h: 'help', '?': 'help',
};

/** A typed line: a command, or a legal move of the position `fen`; else why not. */
export function parseBoardCommand(text: string, fen: string, words: CommandWords = ENGLISH_COMMAND_WORDS): Result<BoardCommand, CommandError> {
  const input = sanFromFigurines(text).trim().replace(/\s+/g, ' ');
  if (input === '') return err({ code: 'ERR_EMPTY', message: words.refusal('ERR_EMPTY', input, '') });
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
  if (!game.ok) return err({ code: 'ERR_ILLEGAL_MOVE', message: words.refusal('ERR_ILLEGAL_MOVE', input, '') });
  return resolveMove(input, game.value, words);
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

function resolveMove(input: string, game: Chess, words: CommandWords): Result<BoardCommand, CommandError> {
  const legal = legalCandidates(game);
  const typed = key(input);
  if (CASTLING.test(typed)) {
    const san = typed.replace(/-/g, '').length === 3 ? 'O-O-O' : 'O-O';
    return single(legal.filter((c) => stripSan(c.san) === san)) ?? err({ code: 'ERR_ILLEGAL_MOVE', message: words.refusal('ERR_ILLEGAL_MOVE', input, '') });
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
    return err({ code: 'ERR_AMBIGUOUS_MOVE', message: words.ambiguous(input, names) });
  }
  const promotion = legal.find((c) => c.move.promotion === 'q' && (sameSan(typed, key(c.san).slice(0, -1)) || `${c.move.from}${c.move.to}` === uci));
  if (promotion) return err({ code: 'ERR_PROMOTION_PIECE', message: words.refusal('ERR_PROMOTION_PIECE', input, stripSan(promotion.san)) });
  if (MOVE_SHAPE.test(typed)) return err({ code: 'ERR_ILLEGAL_MOVE', message: words.refusal('ERR_ILLEGAL_MOVE', input, '') });
  return err({ code: 'ERR_UNKNOWN_COMMAND', message: words.refusal('ERR_UNKNOWN_COMMAND', input, '') });
}

/**
 * The answer to a command that reads the position: the pieces, a rank or file, whose move it
 * is, the last move (`lastMove`: the move log's words for it, null before any).
 */
export function answerCommand(
  command: Exclude<BoardCommand, { kind: 'move' }>,
  fen: string,
  lastMove: string | null,
  words: CommandWords = ENGLISH_COMMAND_WORDS,
): string {
  if (command.kind === 'help') return words.help();
  if (command.kind === 'last') return words.lastMove(lastMove);
  const game = parseFen(fen);
  if (!game.ok) return words.unreadable();
  switch (command.kind) {
    case 'board': return readBoard(game.value, words);
    case 'pieces': return readPieces(game.value, command.color, command.piece, words);
    case 'line': return readLine(game.value, command.line, words);
    case 'turn': return readTurn(game.value, words);
  }
}
