/**
 * FIDE Tournament Report File, TRF-2026 (TRF-16 is read too): `parseTrf` / `makeTrf`. Player
 * lines (001) use fixed columns; so do the TRF-2026 records of an individual event that carry
 * data (162 point system, 172 starting-rank method, 182 pairing controller, 192 type, 202/212
 * tie-breaks, 222 time control, 240 byes, 250 accelerated rounds, 260 prohibited pairings, 299
 * abnormal points) and the pairing engines' XXR, XXC, XXP and XXA lines. Other lines (012 name,
 * 022 city, ...) are kept as written. Lines may end in CR, LF or CRLF.
 */
import { normalizeName, singleLine } from '../names';
import { err, ok, type Result } from '../result-type';
import {
  RESULT_CODES,
  type Acceleration,
  type AccelerationRecord,
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
  'ERR_TRF_ACCELERATION_LINE',
  'ERR_TRF_POINT_SYSTEM_LINE',
  'ERR_TRF_RANKING_LINE',
  'ERR_TRF_TIEBREAK_LINE',
  'ERR_TRF_TIME_CONTROL_LINE',
  'ERR_TRF_ABNORMAL_POINTS_LINE',
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

/** Result symbols of record 162: W win, D draw, L loss, A absence (zero-point bye, forfeit loss), P pairing-allocated bye, X unknown. */
export const POINT_SYMBOLS = ['W', 'D', 'L', 'A', 'P', 'X'] as const;
export type PointSymbol = (typeof POINT_SYMBOLS)[number];

/** One 299 record: points given outside the normal results (a penalty, a bonus, an abnormal result). */
export interface AbnormalPoints {
  /** W D L F H Z + - or '' (penalty or bonus). */
  readonly type: string;
  /** Points, may be negative (e.g. -1 or 0.5). */
  readonly points: number;
  /** null: every round. */
  readonly round: number | null;
  readonly players: readonly number[];
}

export interface Trf extends Tournament {
  readonly headers: readonly TrfHeader[];
  /** 192, the coded tournament type as written (FIDE_DUTCH_BAKU, ...), null when absent. */
  readonly system: string | null;
  /** 162, in the order written; empty for the default 1 - 0.5 - 0. */
  readonly pointSystem: readonly { readonly symbol: PointSymbol; readonly points: number }[];
  /** 172: federation and coded method (FIDE, NRO, FIDON, NIDOF, HBFN, LBFN, OTHER). */
  readonly rankingMethod: { readonly federation: string; readonly method: string } | null;
  /** 182, the program or person making the pairings. */
  readonly pairingController: string | null;
  /** 202, FIDE tie-break codes breaking ties, in order. */
  readonly tieBreaks: readonly string[];
  /** 212, the codes defining the standings (202 plus PTS). */
  readonly standingsTieBreaks: readonly string[];
  /** 222, the encoded time control (5400+30, 40/6000+30:900+30, W300-B240). */
  readonly timeControl: string | null;
  readonly abnormalPoints: readonly AbnormalPoints[];
  readonly accelerations: readonly AccelerationRecord[];
}

/** The TRF-2026 records of a file that has none (for building a Trf in code). */
export const NO_TRF_RECORDS = {
  system: null,
  pointSystem: [],
  rankingMethod: null,
  pairingController: null,
  tieBreaks: [],
  standingsTieBreaks: [],
  timeControl: null,
  abnormalPoints: [],
  accelerations: [],
} as const satisfies Omit<Trf, keyof Tournament | 'headers'> & { accelerations: readonly AccelerationRecord[] };

/** The Dutch codes of record 192 that ask for Baku acceleration: FIDE's table (TRF-2026) and bbpPairings' spelling. */
const BAKU_SYSTEMS = new Set(['FIDE_DUTCH_BAKU', 'FIDE_DUTCH_2026_BAKU', 'FIDE_DUTCH_2025_BAKU', 'FIDE_DUTCH_2017_BAKU', 'FIDE_BURSTEIN_BAKU', 'FIDE_DUBOV_BAKU']);
/** Dutch codes of the rules in force since February 2026, written back as FIDE's bare code (which bbpPairings 6 also reads). */
const CURRENT_DUTCH: Record<string, string> = {
  FIDE_DUTCH: 'FIDE_DUTCH',
  FIDE_DUTCH_BAKU: 'FIDE_DUTCH_BAKU',
  FIDE_DUTCH_2025: 'FIDE_DUTCH',
  FIDE_DUTCH_2026: 'FIDE_DUTCH',
  FIDE_DUTCH_2025_BAKU: 'FIDE_DUTCH_BAKU',
  FIDE_DUTCH_2026_BAKU: 'FIDE_DUTCH_BAKU',
};

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

/** A points field such as "1.0", " 0.5", "-1.0" or "11.5" (blank is not allowed). */
function parsePoints(text: string, code: TrfErrorCode, column: number, what: string, signed = false): number {
  const t = text.trim();
  const re = signed ? /^-?\d{1,3}(\.\d)?$/ : /^\d{1,3}(\.\d)?$/;
  if (!re.test(t)) throw new TrfFault(code, column, `${what} must be a number like 1.0, not "${t}"`);
  return Number(t);
}

function parse250(line: string): AccelerationRecord {
  const code = 'ERR_TRF_ACCELERATION_LINE';
  if (line.trimEnd().length < 31) throw new TrfFault(code, line.trimEnd().length + 1, 'A 250 record must reach column 31 (the last player)');
  const matchPoints = field(line, 5, 8);
  if (matchPoints !== '' && parsePoints(matchPoints, code, 5, 'The match points') !== 0) {
    throw new TrfFault(code, 5, 'The match points must be empty in an individual event');
  }
  const points = parsePoints(field(line, 10, 13), code, 10, 'The virtual points');
  if (points === 0) throw new TrfFault(code, 10, 'The virtual points must not be 0.0');
  const firstRound = parseInteger(field(line, 15, 17), code, 15, 'The first round');
  const lastRound = parseInteger(field(line, 19, 21), code, 19, 'The last round');
  if (firstRound === 0 || lastRound < firstRound) throw new TrfFault(code, 15, 'The rounds must be 1 or more, first before last');
  const firstPlayer = parseInteger(field(line, 23, 26), code, 23, 'The first player');
  const lastPlayer = parseInteger(field(line, 28, 31), code, 28, 'The last player');
  if (firstPlayer === 0 || lastPlayer < firstPlayer) throw new TrfFault(code, 23, 'The players must be 1 or more, first before last');
  if (line.slice(31).trim() !== '') throw new TrfFault(code, 32, 'Nothing may follow the last player');
  return { kind: '250', points, firstRound, lastRound, firstPlayer, lastPlayer };
}

function parseXxa(line: string): AccelerationRecord {
  const code = 'ERR_TRF_ACCELERATION_LINE';
  const player = parseInteger(field(line, 5, 8), code, 5, 'The player');
  if (player === 0) throw new TrfFault(code, 5, 'The player must be 1 or more');
  const points: number[] = [];
  for (let at = 9; at < line.trimEnd().length; at += 5) {
    if (line[at - 1] !== ' ') throw new TrfFault(code, at, 'Virtual points must be separated by a space');
    const text = line.slice(at, at + 4);
    points.push(text.trim() === '' ? 0 : parsePoints(text, code, at + 1, 'The virtual points'));
  }
  return { kind: 'XXA', player, points };
}

function parse162(line: string): { symbol: PointSymbol; points: number }[] {
  const code = 'ERR_TRF_POINT_SYSTEM_LINE';
  const out: { symbol: PointSymbol; points: number }[] = [];
  const end = line.trimEnd().length;
  if (end < 10) throw new TrfFault(code, end + 1, 'A 162 record needs a result symbol at column 6 and its points at columns 7-10');
  for (let at = 5; at < end; at += 9) {
    const symbol = line[at] ?? ' ';
    if (!(POINT_SYMBOLS as readonly string[]).includes(symbol)) throw new TrfFault(code, at + 1, `The result symbol must be one of W D L A P X, not "${symbol}"`);
    if (out.some((o) => o.symbol === symbol)) throw new TrfFault(code, at + 1, `The result symbol ${symbol} is given twice`);
    out.push({ symbol: symbol as PointSymbol, points: parsePoints(line.slice(at + 1, at + 5), code, at + 2, 'The points') });
    if (line.slice(at + 5, Math.min(at + 9, end)).trim() !== '') throw new TrfFault(code, at + 6, 'The next result symbol must be 9 columns on');
  }
  return out;
}

const RANKING_METHODS = new Set(['FIDE', 'NRO', 'FIDON', 'NIDOF', 'HBFN', 'LBFN', 'OTHER']);

function parse172(line: string): { federation: string; method: string } {
  const federation = field(line, 5, 7);
  const method = field(line, 9, 13);
  if (!/^[A-Z]{3}$/.test(federation)) throw new TrfFault('ERR_TRF_RANKING_LINE', 5, `The federation must be a FIDE code of three capital letters, not "${federation}"`);
  if (!RANKING_METHODS.has(method)) throw new TrfFault('ERR_TRF_RANKING_LINE', 9, `The ranking method must be one of ${[...RANKING_METHODS].join(', ')}, not "${method}"`);
  return { federation, method };
}

function parseTieBreaks(value: string): string[] {
  const codes = value.split(',').map((c) => c.trim());
  codes.forEach((c, i) => {
    if (!/^[A-Za-z][A-Za-z0-9/#+.-]*$/.test(c)) throw new TrfFault('ERR_TRF_TIEBREAK_LINE', 5, `Tie-break ${i + 1} is not a code like BH or BH/C1: "${c}"`);
  });
  return codes;
}

/** 222: periods M/S, M/S+I, S or S+I joined by ':', or Wd-Bd for different times per colour. */
const PERIODS = String.raw`(?:\d+/)?\d+(?:\+\d+)?(?::(?:\d+/)?\d+(?:\+\d+)?)*`;
const TIME_CONTROL = new RegExp(`^(?:${PERIODS}|W${PERIODS}-B${PERIODS})$`);

function parse299(line: string): AbnormalPoints {
  const code = 'ERR_TRF_ABNORMAL_POINTS_LINE';
  const type = (line[4] ?? ' ').trim();
  if (type !== '' && !'WDLFHZ+-'.includes(type)) throw new TrfFault(code, 5, `The type must be one of W D L F H Z + - or blank, not "${type}"`);
  const matchPoints = field(line, 8, 11);
  if (matchPoints !== '' && parsePoints(matchPoints, code, 8, 'The match points', true) !== 0) {
    throw new TrfFault(code, 8, 'The match points must be empty in an individual event');
  }
  const points = parsePoints(field(line, 14, 17), code, 14, 'The points', true);
  const roundText = field(line, 20, 22);
  const round = roundText === '' ? 0 : parseInteger(roundText, code, 20, 'The round');
  const players = parseNumberList(line.slice(23), 24, code);
  if (players.length === 0) throw new TrfFault(code, 24, 'A 299 record needs at least one player');
  return { type, points, round: round === 0 ? null : round, players };
}

/** What parseTrf gathers line by line, before the checks that need the whole file. */
interface TrfDraft {
  readonly players: Player[];
  readonly headers: TrfHeader[];
  readonly forbiddenPairs: number[][];
  readonly prohibitedPairs: ProhibitedPairs[];
  readonly byes: RoundByes[];
  /** The line of each starting rank's 001 record. */
  readonly playerLine: Map<number, number>;
  totalRounds: number | null;
  initialColour: Colour | null;
  system: string | null;
  pointSystem: { symbol: PointSymbol; points: number }[];
  rankingMethod: { federation: string; method: string } | null;
  pairingController: string | null;
  tieBreaks: string[];
  standingsTieBreaks: string[];
  timeControl: string | null;
  readonly abnormalPoints: AbnormalPoints[];
  readonly accelerations: AccelerationRecord[];
  /** Line of each record naming players, checked once every player is known. */
  readonly playerRefs: { line: number; column: number; players: number[]; code: TrfErrorCode }[];
}

/** Reads a player line or one of the lines that steer the pairing; false for any other code. */
function readPairingLine(draft: TrfDraft, code: string, line: string, value: string, lineNumber: number): boolean {
  if (code === '001') {
    const player = parsePlayerLine(line);
    if (draft.playerLine.has(player.startRank)) {
      throw new TrfFault('ERR_TRF_DUPLICATE_PLAYER', 5, `Starting rank ${player.startRank} is already used on line ${draft.playerLine.get(player.startRank)}`);
    }
    draft.playerLine.set(player.startRank, lineNumber);
    draft.players.push(player);
  } else if (code === 'XXR' || code === '142') {
    const n = parseInteger(value.trim(), 'ERR_TRF_ROUNDS_LINE', 5, 'The number of rounds');
    if (n === 0) throw new TrfFault('ERR_TRF_ROUNDS_LINE', 5, 'The number of rounds must be 1 or more');
    draft.totalRounds = n;
  } else if (code === 'XXC') {
    for (const token of value.trim().split(/\s+/)) {
      if (token === 'white1') draft.initialColour = 'w';
      else if (token === 'black1') draft.initialColour = 'b';
      else if (token !== '' && token !== 'rank') throw new TrfFault('ERR_TRF_COLOUR_LINE', 5, `Unknown XXC option "${token}"`);
    }
  } else if (code === '152') {
    const c = value.trim();
    if (c === 'W' || c === 'w') draft.initialColour = 'w';
    else if (c === 'B' || c === 'b') draft.initialColour = 'b';
    else throw new TrfFault('ERR_TRF_COLOUR_LINE', 5, `The initial colour must be W or B, not "${c}"`);
  } else if (code === 'XXP') {
    const group = parseNumberList(value, 5, 'ERR_TRF_PAIRS_LINE');
    if (group.length < 2) throw new TrfFault('ERR_TRF_PAIRS_LINE', 5, 'A forbidden-pairs line needs at least two players');
    draft.forbiddenPairs.push(group);
  } else if (code === '260') {
    const firstRound = parseInteger(field(line, 5, 7), 'ERR_TRF_PAIRS_LINE', 5, 'The first round');
    const lastRound = parseInteger(field(line, 9, 11), 'ERR_TRF_PAIRS_LINE', 9, 'The last round');
    if (firstRound === 0 || lastRound < firstRound) throw new TrfFault('ERR_TRF_PAIRS_LINE', 5, 'The rounds must be 1 or more, first before last');
    const group = parseNumberList(line.slice(12), 13, 'ERR_TRF_PAIRS_LINE');
    if (group.length < 2) throw new TrfFault('ERR_TRF_PAIRS_LINE', 13, 'A prohibited-pairs line needs at least two players');
    draft.prohibitedPairs.push({ firstRound, lastRound, players: group });
  } else if (code === '240') {
    const round = parseInteger(field(line, 7, 9), 'ERR_TRF_BYES_LINE', 7, 'The round');
    if (round === 0) throw new TrfFault('ERR_TRF_BYES_LINE', 7, 'The round must be 1 or more');
    const type = (line[4] ?? ' ').toUpperCase();
    if (type !== 'H' && type !== 'F' && type !== 'Z') throw new TrfFault('ERR_TRF_BYES_LINE', 5, `The bye type must be H, F or Z, not "${line[4] ?? ''}"`);
    draft.byes.push({ round, type, players: parseNumberList(line.slice(10), 11, 'ERR_TRF_BYES_LINE') });
  } else {
    return false;
  }
  return true;
}

/** Reads an acceleration line, a TRF-2026 record of the event, or keeps any other line as a header. */
function readEventLine(draft: TrfDraft, code: string, line: string, value: string, lineNumber: number): void {
  if (code === '250') {
    const a = parse250(line);
    draft.accelerations.push(a);
    if (a.kind === '250') draft.playerRefs.push({ line: lineNumber, column: 28, players: [a.lastPlayer], code: 'ERR_TRF_ACCELERATION_LINE' });
  } else if (code === 'XXA') {
    const a = parseXxa(line);
    draft.accelerations.push(a);
    if (a.kind === 'XXA') draft.playerRefs.push({ line: lineNumber, column: 5, players: [a.player], code: 'ERR_TRF_ACCELERATION_LINE' });
  } else if (code === '162') {
    draft.pointSystem = parse162(line);
  } else if (code === '172') {
    draft.rankingMethod = parse172(line);
  } else if (code === '182') {
    draft.pairingController = singleLine(value).trim();
  } else if (code === '192') {
    draft.system = value.trim();
  } else if (code === '202') {
    draft.tieBreaks = parseTieBreaks(value);
  } else if (code === '212') {
    draft.standingsTieBreaks = parseTieBreaks(value);
  } else if (code === '222') {
    const tc = value.trim();
    if (!TIME_CONTROL.test(tc)) throw new TrfFault('ERR_TRF_TIME_CONTROL_LINE', 5, `The time control must be coded like 5400+30 or 40/6000+30:900+30, not "${tc}"`);
    draft.timeControl = tc;
  } else if (code === '299') {
    const a = parse299(line);
    draft.abnormalPoints.push(a);
    draft.playerRefs.push({ line: lineNumber, column: 24, players: [...a.players], code: 'ERR_TRF_ABNORMAL_POINTS_LINE' });
  } else {
    draft.headers.push({ code, value });
  }
}

/** Reads a TRF. Every malformed line is an error naming its line and column. */
export function parseTrf(text: string): Result<Trf, TrfError> {
  const lines = text.split(/\r\n|\r|\n/);
  const draft: TrfDraft = {
    players: [],
    headers: [],
    forbiddenPairs: [],
    prohibitedPairs: [],
    byes: [],
    playerLine: new Map(),
    totalRounds: null,
    initialColour: null,
    system: null,
    pointSystem: [],
    rankingMethod: null,
    pairingController: null,
    tieBreaks: [],
    standingsTieBreaks: [],
    timeControl: null,
    abnormalPoints: [],
    accelerations: [],
    playerRefs: [],
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.trim() === '') continue;
    const code = line.slice(0, 3);
    const value = line.slice(4);
    try {
      if (!readPairingLine(draft, code, line, value, i + 1)) readEventLine(draft, code, line, value, i + 1);
    } catch (e) {
      if (e instanceof TrfFault) return err({ code: e.code, line: i + 1, column: e.column, message: `Line ${i + 1}, column ${e.column}: ${e.message}.` });
      throw e;
    }
  }
  const { players, playerLine, system } = draft;
  if (players.length === 0) return err({ code: 'ERR_TRF_EMPTY', line: 1, column: 1, message: 'Line 1, column 1: the file has no player (001) lines.' });
  const consistency = checkGames(players, playerLine);
  if (consistency) return err(consistency);
  for (const ref of draft.playerRefs) {
    const missing = ref.players.find((n) => !playerLine.has(n));
    if (missing !== undefined) {
      return err({ code: ref.code, line: ref.line, column: ref.column, message: `Line ${ref.line}, column ${ref.column}: player ${missing} has no player line.` });
    }
  }
  const acceleration: Acceleration = system !== null && BAKU_SYSTEMS.has(system) ? 'baku' : 'none';
  return ok({
    headers: draft.headers,
    players,
    totalRounds: draft.totalRounds,
    initialColour: draft.initialColour,
    forbiddenPairs: draft.forbiddenPairs,
    prohibitedPairs: draft.prohibitedPairs,
    byes: draft.byes,
    acceleration,
    accelerations: draft.accelerations,
    system,
    pointSystem: draft.pointSystem,
    rankingMethod: draft.rankingMethod,
    pairingController: draft.pairingController,
    tieBreaks: draft.tieBreaks,
    standingsTieBreaks: draft.standingsTieBreaks,
    timeControl: draft.timeControl,
    abnormalPoints: draft.abnormalPoints,
  });
}

/**
 * The 192 value to write: the event's own when it has one (the Dutch codes of the current rules
 * as FIDE's bare FIDE_DUTCH / FIDE_DUTCH_BAKU, which bbpPairings 6 reads too), else FIDE_DUTCH_BAKU
 * for a Baku-accelerated event and nothing otherwise.
 */
export function exportSystem(system: string | null, acceleration: Acceleration): string | null {
  if (system !== null) {
    const current = CURRENT_DUTCH[system];
    if (current !== undefined) return acceleration === 'baku' && !current.endsWith('_BAKU') ? 'FIDE_DUTCH_BAKU' : current;
    return system;
  }
  return acceleration === 'baku' ? 'FIDE_DUTCH_BAKU' : null;
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
/** Codes makeTrf writes from the structured fields, never from `headers`. */
const OWN_CODES = new Set(['162', '172', '182', '192', '202', '212', '222', '240', '250', '260', '299', 'XXA', 'XXC', 'XXP', 'XXR', '142', '152', '001']);
/** Points in four columns: " 1.0", "-1.0", "11.5". */
const points4 = (n: number): string => n.toFixed(1).padStart(4, ' ');
const pad3 = (n: number): string => String(n).padStart(3, ' ');
const pad4 = (n: number): string => String(n).padStart(4, ' ');

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
  const full: Partial<Trf> = trf;
  const headers = full.headers ?? [];
  const lines: string[] = headers.filter((h) => HEADER_CODE.test(h.code) && !OWN_CODES.has(h.code)).map((h) => `${h.code} ${singleLine(h.value)}`.trimEnd());
  if (full.pointSystem?.length) lines.push('162 ' + full.pointSystem.map((p) => ` ${p.symbol}${points4(p.points)}`).join('   '));
  if (full.rankingMethod) lines.push(`172 ${pad(full.rankingMethod.federation, 3)} ${full.rankingMethod.method}`);
  if (full.pairingController) lines.push(`182 ${singleLine(full.pairingController)}`);
  const system = exportSystem(full.system ?? null, trf.acceleration);
  if (system !== null) lines.push(`192 ${singleLine(system)}`);
  if (full.tieBreaks?.length) lines.push(`202 ${full.tieBreaks.map((c) => singleLine(c)).join(',')}`);
  if (full.standingsTieBreaks?.length) lines.push(`212 ${full.standingsTieBreaks.map((c) => singleLine(c)).join(',')}`);
  if (full.timeControl) lines.push(`222 ${singleLine(full.timeControl)}`);
  if (trf.totalRounds !== null) lines.push(`XXR ${trf.totalRounds}`);
  if (trf.initialColour !== null) lines.push(`XXC ${trf.initialColour === 'w' ? 'white1' : 'black1'}`);
  for (const p of trf.players) lines.push(makePlayerLine(p));
  for (const group of trf.forbiddenPairs) lines.push(`XXP ${group.join(' ')}`);
  for (const b of trf.byes) lines.push(`240 ${b.type} ${right(String(b.round), 3)} ${b.players.map((n) => right(String(n), 4)).join(' ')}`.trimEnd());
  for (const pp of trf.prohibitedPairs) {
    lines.push(`260 ${right(String(pp.firstRound), 3)} ${right(String(pp.lastRound), 3)} ${pp.players.map((n) => right(String(n), 4)).join(' ')}`);
  }
  for (const a of trf.accelerations ?? []) {
    if (a.kind === '250') {
      lines.push(`250      ${points4(a.points)} ${pad3(a.firstRound)} ${pad3(a.lastRound)} ${pad4(a.firstPlayer)} ${pad4(a.lastPlayer)}`);
    } else {
      lines.push(`XXA ${pad4(a.player)}${a.points.map((p) => ' ' + points4(p)).join('')}`);
    }
  }
  for (const a of full.abnormalPoints ?? []) {
    const round = a.round === null ? '000' : pad3(a.round);
    lines.push(`299 ${a.type || ' '}        ${points4(a.points)}  ${round} ${a.players.map(pad4).join(' ')}`);
  }
  return lines.join('\r\n') + '\r\n';
}
