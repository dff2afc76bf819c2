/**
 * Game notation (PGN): makePgn writes a game in the export format, parsePgn reads one back
 * through chess.js. Pure, no side effects.
 *
 * Export format as the PGN standard has it: the Seven Tag Roster first and in order, with the
 * spec's defaults ('?' for unknown, '????.??.??' for the date, '*' for the result), then SetUp
 * and FEN for a game that starts elsewhere, then our extra tags; movetext wrapped at 80
 * columns and ending with the result.
 */
import { Chess } from 'chess.js';
import { START_FEN, parseFen } from './chess';
import { normalizeName } from './names';
import { err, ok, type Result } from './result-type';

export const SEVEN_TAG_ROSTER = ['Event', 'Site', 'Date', 'Round', 'White', 'Black', 'Result'] as const;
export type RosterTag = (typeof SEVEN_TAG_ROSTER)[number];

export const PGN_RESULTS = ['1-0', '0-1', '1/2-1/2', '*'] as const;
export type PgnResult = (typeof PGN_RESULTS)[number];

/** The spec's defaults ("Game headers"). */
export const ROSTER_DEFAULTS: Record<RosterTag, string> = {
  Event: '?',
  Site: '?',
  Date: '????.??.??',
  Round: '?',
  White: '?',
  Black: '?',
  Result: '*',
};

/** Extra tags we write, in this order after SetUp/FEN; any other tag follows in the given order. */
export const EXTRA_TAGS = ['ECO', 'Opening', 'PlyCount', 'TimeControl', 'Termination'] as const;

export const PGN_LINE_WIDTH = 80;

export interface PgnGame {
  /** SAN moves, legal from the start position (replayGame checks them). */
  moves: readonly string[];
  /** Omitted or the standard start position: no SetUp/FEN tags. */
  startingFen?: string;
  headers: Partial<Record<string, string>>;
  /** Comment text by the number of half-moves played before it (0: before the first move). */
  comments?: Readonly<Record<number, string>>;
}

const isPgnResult = (value: string | undefined): value is PgnResult =>
  (PGN_RESULTS as readonly string[]).includes(value ?? '');

/**
 * The standard's longest string (section 7), counted before escaping; a longer value is cut.
 * Its strings hold printing characters only, so a tag value is a normalised name (no tabs, line
 * breaks or invisible characters), with quotes and backslashes escaped.
 */
export const PGN_STRING_MAX = 255;

const tagLine = (name: string, value: string): string =>
  `[${name} "${normalizeName(value, PGN_STRING_MAX).replace(/[\\"]/gu, (c) => `\\${c}`)}"]`;

/** Braces would end a PGN comment early; the spec replaces them with brackets. */
export const sanitizeComment = (text: string): string =>
  text.replace(/\{/gu, '[').replace(/\}/gu, ']').replace(/\s+/gu, ' ').trim();

const sameEpd = (a: string, b: string): boolean => a.split(' ', 4).join(' ') === b.split(' ', 4).join(' ');

/** Writes a game as PGN text (lines end with \n, the text with a newline). */
export function makePgn(game: PgnGame): string {
  const { moves, headers } = game;
  const startingFen = game.startingFen && !sameEpd(game.startingFen, START_FEN) ? game.startingFen : undefined;
  const result: PgnResult = isPgnResult(headers.Result) ? headers.Result : '*';

  const tags: Array<[string, string]> = SEVEN_TAG_ROSTER.map((tag) => [
    tag,
    tag === 'Result' ? result : headers[tag] || ROSTER_DEFAULTS[tag],
  ]);
  if (startingFen) tags.push(['SetUp', '1'], ['FEN', startingFen]);
  const extras: Record<string, string | undefined> = { ...headers, PlyCount: String(moves.length) };
  for (const tag of EXTRA_TAGS) {
    const value = extras[tag];
    if (value) tags.push([tag, value]);
  }
  const written = new Set<string>([...SEVEN_TAG_ROSTER, 'SetUp', 'FEN', ...EXTRA_TAGS]);
  for (const [tag, value] of Object.entries(headers)) {
    if (!written.has(tag) && value && /^[A-Za-z0-9_]+$/u.test(tag)) tags.push([tag, value]);
  }

  const movetext = wrap(movetextTokens(moves, startingFen ?? START_FEN, game.comments ?? {}, result));
  return `${tags.map(([name, value]) => tagLine(name, value)).join('\n')}\n\n${movetext}\n`;
}

function movetextTokens(
  moves: readonly string[],
  startingFen: string,
  comments: Readonly<Record<number, string>>,
  result: PgnResult,
): string[] {
  const [, turn = 'w', , , , fullmove = '1'] = startingFen.split(' ');
  const firstMoveNumber = Math.max(1, Number.parseInt(fullmove, 10) || 1);
  const blackStarts = turn === 'b';
  const tokens: string[] = [];
  const pushComment = (ply: number): boolean => {
    const text = comments[ply] === undefined ? '' : sanitizeComment(comments[ply]);
    if (!text) return false;
    const words = `{${text}}`.split(' ');
    tokens.push(...words);
    return true;
  };

  let afterComment = pushComment(0);
  moves.forEach((san, i) => {
    const ply = i + (blackStarts ? 1 : 0);
    const number = firstMoveNumber + Math.floor(ply / 2);
    const whiteMove = ply % 2 === 0;
    if (whiteMove) tokens.push(`${number}.`);
    else if (i === 0 || afterComment) tokens.push(`${number}...`);
    tokens.push(san);
    afterComment = pushComment(i + 1);
  });
  tokens.push(result);
  return tokens;
}

/** Joins tokens with spaces into lines of at most PGN_LINE_WIDTH characters. */
function wrap(tokens: readonly string[]): string {
  const lines: string[] = [];
  let line = '';
  for (const token of tokens) {
    if (line && line.length + 1 + token.length > PGN_LINE_WIDTH) {
      lines.push(line);
      line = token;
    } else {
      line = line ? `${line} ${token}` : token;
    }
  }
  if (line) lines.push(line);
  return lines.join('\n');
}

export type PgnError =
  | { code: 'ERR_PGN_SYNTAX'; message: string }
  | { code: 'ERR_PGN_SETUP_WITHOUT_FEN'; message: string }
  | { code: 'ERR_PGN_INVALID_FEN'; message: string }
  | { code: 'ERR_PGN_ILLEGAL_MOVE'; message: string; san: string };

export interface ParsedPgn {
  headers: Record<string, string>;
  moves: string[];
  startingFen: string;
  result: PgnResult;
  comments: Record<number, string>;
}

export interface ParsePgnOptions {
  /**
   * Strict (the default): a SetUp tag needs a FEN tag, and moves must be in exact SAN.
   * Permissive: a FEN tag alone sets the position, and moves such as "Nge2" for "Ne2" are read.
   */
  strict?: boolean;
}

/** One tag pair, its value a string token with \" and \\ escapes (standard, section 7). */
const TAG_PAIR = /\s*\[\s*([A-Za-z0-9_]+)\s+"((?:[^"\\]|\\["\\])*)"\s*\]/uy;

/** The tag pair section, unescaped, and the movetext after it. */
function readTags(text: string): { tags: Record<string, string>; movetext: string } {
  const tags: Record<string, string> = {};
  let at = 0;
  for (;;) {
    TAG_PAIR.lastIndex = at;
    const match = TAG_PAIR.exec(text);
    if (!match) break;
    tags[match[1]!] = match[2]!.replace(/\\(["\\])/gu, '$1');
    at = TAG_PAIR.lastIndex;
  }
  return { tags, movetext: text.slice(at) };
}

/**
 * Reads one game; expected failures are coded errors. The tags are read here, as the standard
 * escapes them (chess.js reads neither \" nor \\); chess.js reads the moves from the SetUp and
 * FEN tags and the movetext.
 */
export function parsePgn(text: string, { strict = true }: ParsePgnOptions = {}): Result<ParsedPgn, PgnError> {
  const { tags, movetext } = readTags(text);
  const declared = tags.FEN;
  if (strict && tags.SetUp === '1' && declared === undefined) {
    return err({ code: 'ERR_PGN_SETUP_WITHOUT_FEN', message: 'Invalid PGN: a SetUp tag needs a FEN tag' });
  }
  if (declared !== undefined) {
    const position = parseFen(declared);
    if (!position.ok) return err({ code: 'ERR_PGN_INVALID_FEN', message: position.error.message });
  }

  const game = new Chess();
  try {
    const setUp = tags.SetUp === undefined ? '' : `[SetUp "${tags.SetUp}"]\n`;
    const fen = declared === undefined ? '' : `[FEN "${declared}"]\n`;
    game.loadPgn(`${setUp}${fen}\n${movetext}`, { strict });
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    const illegal = /^Invalid move in PGN: (.*)$/u.exec(message);
    if (illegal) return err({ code: 'ERR_PGN_ILLEGAL_MOVE', message: `Invalid move: ${illegal[1]}`, san: illegal[1] ?? '' });
    if (/FEN tag must be supplied/u.test(message)) return err({ code: 'ERR_PGN_SETUP_WITHOUT_FEN', message });
    return err({ code: 'ERR_PGN_SYNTAX', message: `Invalid PGN: ${message}` });
  }

  const history = game.history({ verbose: true });
  const startingFen = history[0]?.before ?? game.fen();
  const plyAfter = new Map<string, number>([[startingFen, 0]]);
  history.forEach((move, i) => plyAfter.set(move.after, i + 1));
  const comments: Record<number, string> = {};
  for (const { fen, comment } of game.getComments()) {
    const ply = plyAfter.get(fen);
    if (ply !== undefined) comments[ply] = comment.trim();
  }
  const result = /(1-0|0-1|1\/2-1\/2|\*)\s*$/u.exec(text)?.[1];
  return ok({
    headers: tags,
    moves: history.map((move) => move.san),
    startingFen,
    result: isPgnResult(result) ? result : isPgnResult(tags.Result) ? tags.Result : '*',
    comments,
  });
}
