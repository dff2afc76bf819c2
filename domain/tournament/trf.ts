/**
 * FIDE Tournament Report File (TRF-16, with the TRF-2026 lines a pairing program needs):
 * `parseTrf` / `makeTrf`. Player lines (001) use fixed columns; the other lines are a three-
 * character code, a space and a value. Lines may end in CR, LF or CRLF.
 */
import { normalizeName, singleLine } from '../names';
import { err, ok, type Result } from '../result-type';
import {
  RESULT_CODES,
  type Acceleration,
  type Colour,
  type Player,
  type ProhibitedPairs,
  type ResultCode,
  type RoundByes,
  type RoundEntry,
  type Tournament,
} from './model';

export const TRF_ERROR_CODES = [
  'ERR_TRF_EMPTY',
  'ERR_TRF_PLAYER_LINE',
  'ERR_TRF_START_RANK',
  'ERR_TRF_DUPLICATE_PLAYER',
  'ERR_TRF_RATING',
  'ERR_TRF_POINTS',
  'ERR_TRF_ROUND_ENTRY',
  'ERR_TRF_UNKNOWN_OPPONENT',
  'ERR_TRF_INCONSISTENT_GAME',
  'ERR_TRF_ROUNDS_LINE',
  'ERR_TRF_COLOUR_LINE',
  'ERR_TRF_PAIRS_LINE',
  'ERR_TRF_BYES_LINE',
] as const;
export type TrfErrorCode = (typeof TRF_ERROR_CODES)[number];

export interface TrfError {
  readonly code: TrfErrorCode;
  /** 1-based line and column of the fault. */
  readonly line: number;
  readonly column: number;
  readonly message: string;
}

/** A header line kept as written (012 tournament name, 022 city, 092 system, ...). */
export interface TrfHeader {
  readonly code: string;
  readonly value: string;
}

export interface Trf extends Tournament {
  readonly headers: readonly TrfHeader[];
}

const ROUND_START = 91; // 0-based index of column 92, where round 1 starts
const ROUND_WIDTH = 10;

class TrfFault {
  constructor(
    readonly code: TrfErrorCode,
    readonly column: number,
    readonly message: string,
  ) {}
}

const field = (line: string, from: number, to: number): string => line.slice(from - 1, to).trim();

function parseInteger(text: string, code: TrfErrorCode, column: number, what: string): number {
  if (!/^\d+$/.test(text)) throw new TrfFault(code, column, `${what} must be a whole number, not "${text}"`);
  return Number(text);
}

function parseRoundEntry(segment: string, column: number): RoundEntry | null {
  if (segment.trim() === '') return null;
  const opp = segment.slice(0, 4).trim();
  const colourChar = segment[5] ?? ' ';
  const resultChar = (segment[7] ?? ' ').toUpperCase();
  let opponent: number | null = null;
  if (opp !== '' && opp !== '0000' && opp !== '0') {
    opponent = parseInteger(opp, 'ERR_TRF_ROUND_ENTRY', column, 'The opponent');
    if (opponent === 0) opponent = null;
  }
  let colour: Colour | null;
  if (colourChar === 'w' || colourChar === 'b') colour = colourChar;
  else if (colourChar === '-' || colourChar === ' ') colour = null;
  else throw new TrfFault('ERR_TRF_ROUND_ENTRY', column + 5, `The colour must be w, b or -, not "${colourChar}"`);
  if (!(RESULT_CODES as readonly string[]).includes(resultChar)) {
    throw new TrfFault('ERR_TRF_ROUND_ENTRY', column + 7, `Unknown result code "${segment[7] ?? ' '}"`);
  }
  const result = resultChar as ResultCode;
  if ('HFUZ'.includes(result) && opponent !== null) {
    throw new TrfFault('ERR_TRF_ROUND_ENTRY', column, `A bye (${result}) cannot have an opponent`);
  }
  if ('10=WDL'.includes(result) && (opponent === null || colour === null)) {
    throw new TrfFault('ERR_TRF_ROUND_ENTRY', column, `A played game (${result}) needs an opponent and a colour`);
  }
  if (opponent === null && colour !== null) {
    throw new TrfFault('ERR_TRF_ROUND_ENTRY', column + 5, 'A colour is given without an opponent');
  }
  return { opponent, colour, result };
}

function parsePlayerLine(line: string): Player {
  if (line.length < 84) throw new TrfFault('ERR_TRF_PLAYER_LINE', line.length + 1, 'A player line must reach column 84 (points)');
  const startRank = parseInteger(field(line, 5, 8), 'ERR_TRF_START_RANK', 5, 'The starting rank');
  if (startRank === 0) throw new TrfFault('ERR_TRF_START_RANK', 5, 'The starting rank must be 1 or more');
  const ratingText = field(line, 49, 52);
  const rating = ratingText === '' ? 0 : parseInteger(ratingText, 'ERR_TRF_RATING', 49, 'The rating');
  const pointsText = field(line, 81, 84);
  if (!/^\d+(\.\d)?$/.test(pointsText)) throw new TrfFault('ERR_TRF_POINTS', 81, `The points must be a number like 3.5, not "${pointsText}"`);
  const rankText = field(line, 86, 89);
  const rank = rankText === '' ? 0 : parseInteger(rankText, 'ERR_TRF_PLAYER_LINE', 86, 'The rank');
  const rounds: (RoundEntry | null)[] = [];
  for (let start = ROUND_START; start < line.length; start += ROUND_WIDTH) {
    const gap = line.slice(start - 2, start);
    if (gap.trim() !== '') throw new TrfFault('ERR_TRF_ROUND_ENTRY', start - 1, 'Round entries must be separated by two spaces');
    rounds.push(parseRoundEntry(line.slice(start, start + 8).padEnd(8, ' '), start + 1));
  }
  while (rounds.length > 0 && rounds[rounds.length - 1] === null) rounds.pop();
  return {
    startRank,
    name: field(line, 15, 47),
    rating,
    sex: field(line, 10, 10),
    title: field(line, 11, 13),
    federation: field(line, 54, 56),
    fideId: field(line, 58, 68),
    birthDate: field(line, 70, 79),
    points: Number(pointsText),
    rank,
    rounds,
  };
}

function parseNumberList(text: string, column: number, code: TrfErrorCode): number[] {
  const out: number[] = [];
  const re = /\S+/g;
  for (let m = re.exec(text); m !== null; m = re.exec(text)) {
    const n = parseInteger(m[0], code, column + m.index, 'A starting rank');
    if (n === 0) throw new TrfFault(code, column + m.index, 'A starting rank must be 1 or more');
    out.push(n);
  }
  return out;
}

/** Reads a TRF. Every malformed line is an error naming its line and column. */
export function parseTrf(text: string): Result<Trf, TrfError> {
  const lines = text.split(/\r\n|\r|\n/);
  const players: Player[] = [];
  const headers: TrfHeader[] = [];
  const forbiddenPairs: number[][] = [];
  const prohibitedPairs: ProhibitedPairs[] = [];
  const byes: RoundByes[] = [];
  const playerLine = new Map<number, number>();
  let totalRounds: number | null = null;
  let initialColour: Colour | null = null;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.trim() === '') continue;
    const code = line.slice(0, 3);
    const value = line.slice(4);
    try {
      if (code === '001') {
        const player = parsePlayerLine(line);
        if (playerLine.has(player.startRank)) {
          throw new TrfFault('ERR_TRF_DUPLICATE_PLAYER', 5, `Starting rank ${player.startRank} is already used on line ${playerLine.get(player.startRank)}`);
        }
        playerLine.set(player.startRank, i + 1);
        players.push(player);
      } else if (code === 'XXR' || code === '142') {
        const n = parseInteger(value.trim(), 'ERR_TRF_ROUNDS_LINE', 5, 'The number of rounds');
        if (n === 0) throw new TrfFault('ERR_TRF_ROUNDS_LINE', 5, 'The number of rounds must be 1 or more');
        totalRounds = n;
      } else if (code === 'XXC') {
        for (const token of value.trim().split(/\s+/)) {
          if (token === 'white1') initialColour = 'w';
          else if (token === 'black1') initialColour = 'b';
          else if (token !== '' && token !== 'rank') throw new TrfFault('ERR_TRF_COLOUR_LINE', 5, `Unknown XXC option "${token}"`);
        }
      } else if (code === '152') {
        const c = value.trim();
        if (c === 'W' || c === 'w') initialColour = 'w';
        else if (c === 'B' || c === 'b') initialColour = 'b';
        else throw new TrfFault('ERR_TRF_COLOUR_LINE', 5, `The initial colour must be W or B, not "${c}"`);
      } else if (code === 'XXP') {
        const group = parseNumberList(value, 5, 'ERR_TRF_PAIRS_LINE');
        if (group.length < 2) throw new TrfFault('ERR_TRF_PAIRS_LINE', 5, 'A forbidden-pairs line needs at least two players');
        forbiddenPairs.push(group);
      } else if (code === '260') {
        const firstRound = parseInteger(field(line, 5, 7), 'ERR_TRF_PAIRS_LINE', 5, 'The first round');
        const lastRound = parseInteger(field(line, 9, 11), 'ERR_TRF_PAIRS_LINE', 9, 'The last round');
        if (firstRound === 0 || lastRound < firstRound) throw new TrfFault('ERR_TRF_PAIRS_LINE', 5, 'The rounds must be 1 or more, first before last');
        const group = parseNumberList(line.slice(12), 13, 'ERR_TRF_PAIRS_LINE');
        if (group.length < 2) throw new TrfFault('ERR_TRF_PAIRS_LINE', 13, 'A prohibited-pairs line needs at least two players');
        prohibitedPairs.push({ firstRound, lastRound, players: group });
      } else if (code === '240') {
        const round = parseInteger(field(line, 7, 9), 'ERR_TRF_BYES_LINE', 7, 'The round');
        if (round === 0) throw new TrfFault('ERR_TRF_BYES_LINE', 7, 'The round must be 1 or more');
        const type = (line[4] ?? ' ').toUpperCase();
        if (type !== 'H' && type !== 'F' && type !== 'Z') throw new TrfFault('ERR_TRF_BYES_LINE', 5, `The bye type must be H, F or Z, not "${line[4] ?? ''}"`);
        byes.push({ round, type, players: parseNumberList(line.slice(10), 11, 'ERR_TRF_BYES_LINE') });
      } else {
        headers.push({ code, value });
      }
    } catch (e) {
      if (e instanceof TrfFault) return err({ code: e.code, line: i + 1, column: e.column, message: `Line ${i + 1}, column ${e.column}: ${e.message}.` });
      throw e;
    }
  }
  if (players.length === 0) return err({ code: 'ERR_TRF_EMPTY', line: 1, column: 1, message: 'Line 1, column 1: the file has no player (001) lines.' });
  const consistency = checkGames(players, playerLine);
  if (consistency) return err(consistency);
  const system = headers.find((h) => h.code === '192' || h.code === '092')?.value.trim() ?? '';
  const acceleration: Acceleration = system.endsWith('_BAKU') ? 'baku' : 'none';
  return ok({ headers, players, totalRounds, initialColour, forbiddenPairs, prohibitedPairs, byes, acceleration });
}

/** Every opponent exists, and both players of a game record each other with opposite colours. */
function checkGames(players: readonly Player[], playerLine: ReadonlyMap<number, number>): TrfError | null {
  const byRank = new Map(players.map((p) => [p.startRank, p]));
  for (const p of players) {
    for (let r = 0; r < p.rounds.length; r++) {
      const entry = p.rounds[r];
      if (!entry || entry.opponent === null) continue;
      const line = playerLine.get(p.startRank)!;
      const column = ROUND_START + 1 + r * ROUND_WIDTH;
      const fail = (code: TrfErrorCode, message: string): TrfError => ({ code, line, column, message: `Line ${line}, column ${column}: ${message}.` });
      const opponent = byRank.get(entry.opponent);
      if (!opponent) return fail('ERR_TRF_UNKNOWN_OPPONENT', `Round ${r + 1} names opponent ${entry.opponent}, who has no player line`);
      if (entry.opponent === p.startRank) return fail('ERR_TRF_ROUND_ENTRY', `Round ${r + 1} pairs player ${p.startRank} with themself`);
      const other = opponent.rounds[r];
      const isGame = '10=WDL'.includes(entry.result);
      if (isGame && (!other || other.opponent !== p.startRank || other.colour === entry.colour || !'10=WDL'.includes(other.result))) {
        return fail('ERR_TRF_INCONSISTENT_GAME', `Round ${r + 1} of player ${p.startRank} contradicts the entry of player ${entry.opponent}`);
      }
    }
  }
  return null;
}

// A field holds one line of visible text cut to its columns, so a name can neither end the line
// nor push the columns after it (columns count UTF-16 units, as parseTrf reads them).
const pad = (text: string, width: number): string => normalizeName(text, width).padEnd(width, ' ');
const right = (text: string, width: number): string => normalizeName(text, width).padStart(width, ' ');
/** A header line: a three-character code and the rest of the line, whatever the value holds. */
const HEADER_CODE = /^[\x21-\x7E]{3}$/u;

function makeRoundEntry(entry: RoundEntry | null): string {
  if (!entry) return '        ';
  return `${right(entry.opponent === null ? '0000' : String(entry.opponent), 4)} ${entry.colour ?? '-'} ${entry.result}`;
}

function makePlayerLine(p: Player): string {
  const head =
    '001 ' +
    right(String(p.startRank), 4) +
    ' ' +
    pad(p.sex, 1) +
    right(p.title, 3) +
    ' ' +
    pad(p.name, 33) +
    ' ' +
    right(p.rating ? String(p.rating) : '', 4) +
    ' ' +
    pad(p.federation, 3) +
    ' ' +
    right(p.fideId, 11) +
    ' ' +
    pad(p.birthDate, 10) +
    ' ' +
    right(p.points.toFixed(1), 4) +
    ' ' +
    right(p.rank ? String(p.rank) : '', 4);
  const rounds = p.rounds.map((r) => '  ' + makeRoundEntry(r)).join('');
  return (head + ' ' + rounds.slice(1)).trimEnd();
}

/**
 * Writes a TRF that `parseTrf` reads back unchanged. Lines end in CR LF; no value can start a
 * line of its own (line breaks in names and headers become spaces, invisible characters go).
 */
export function makeTrf(trf: Trf | Tournament): string {
  const headers = 'headers' in trf ? trf.headers : [];
  const lines: string[] = headers.filter((h) => HEADER_CODE.test(h.code)).map((h) => `${h.code} ${singleLine(h.value)}`.trimEnd());
  const hasBaku = headers.some((h) => (h.code === '192' || h.code === '092') && h.value.trim().endsWith('_BAKU'));
  if (trf.acceleration === 'baku' && !hasBaku) lines.push('192 FIDE_DUTCH_2026_BAKU');
  if (trf.totalRounds !== null) lines.push(`XXR ${trf.totalRounds}`);
  if (trf.initialColour !== null) lines.push(`XXC ${trf.initialColour === 'w' ? 'white1' : 'black1'}`);
  for (const p of trf.players) lines.push(makePlayerLine(p));
  for (const group of trf.forbiddenPairs) lines.push(`XXP ${group.join(' ')}`);
  for (const b of trf.byes) lines.push(`240 ${b.type} ${right(String(b.round), 3)} ${b.players.map((n) => right(String(n), 4)).join(' ')}`.trimEnd());
  for (const pp of trf.prohibitedPairs) {
    lines.push(`260 ${right(String(pp.firstRound), 3)} ${right(String(pp.lastRound), 3)} ${pp.players.map((n) => right(String(n), 4)).join(' ')}`);
  }
  return lines.join('\r\n') + '\r\n';
}
