/**
 * The facts the Dutch rules need about each player before a round: score (in tenths of a
 * point, plus any acceleration), colour history and preference, unplayed games, floats and who
 * they may not meet. Follows how bbpPairings (Apache-2.0, BieremaBoyzProgramming/bbpPairings,
 * src/tournament and src/fileformats/trf.cpp) reads a tournament, so that both engines see the
 * same players, the same round to pair and the same effective pairing numbers.
 */
import { err, ok, type Result } from '../../result-type';
import type { AccelerationRecord, Colour, PairingError, ResultCode, Tournament } from '../model';

export const WIN = 10;
export const DRAW = 5;

export interface MatchRecord {
  /** The opponent's id, or the player's own id when there was none. */
  readonly opponent: number;
  readonly colour: Colour | null;
  readonly outcome: 'W' | 'D' | 'L';
  /** A game over the board (forfeits and byes are not). */
  readonly played: boolean;
  /** Paired, or given the pairing-allocated bye (a requested bye or an absence is not). */
  readonly participated: boolean;
}

export interface PlayerState {
  /** 0-based: the starting rank minus one. */
  readonly id: number;
  /** Effective pairing number among the players still in the event (0-based). */
  rankIndex: number;
  readonly matches: MatchRecord[];
  readonly accelerations: number[];
  readonly forbidden: Set<number>;
  valid: boolean;
  /** Score without acceleration, in tenths of a point. */
  score: number;
  playedGames: number;
  colourImbalance: number;
  colourPreference: Colour | null;
  /** The colour of the last two played games when they are the same, else null. */
  repeatedColour: Colour | null;
  strongPreference: boolean;
}

export interface DutchState {
  readonly players: PlayerState[];
  /** Rounds already paired; the round to pair is playedRounds + 1. */
  readonly playedRounds: number;
  readonly expectedRounds: number;
  readonly initialColour: Colour;
}

export const invert = (c: Colour | null): Colour | null => (c === 'w' ? 'b' : c === 'b' ? 'w' : null);

export const absoluteImbalance = (p: PlayerState): boolean => p.colourImbalance > 1;
export const absolutePreference = (p: PlayerState): boolean => p.colourImbalance > 1 || p.repeatedColour !== null;

export function pointsOf(m: MatchRecord): number {
  return m.outcome === 'W' ? WIN : m.outcome === 'D' ? DRAW : 0;
}

/** Score with acceleration, as it stood roundsBack rounds ago. */
export function scoreOf(state: DutchState, p: PlayerState, roundsBack = 0): number {
  let score = p.score;
  let round = state.playedRounds;
  for (let i = 0; i < roundsBack; i++) {
    round--;
    score -= pointsOf(p.matches[round]!);
  }
  return score + (p.accelerations[round] ?? 0);
}

/** Higher in the pairing order: more (accelerated) points, then the smaller pairing number. */
export function ranksAbove(state: DutchState, a: PlayerState, b: PlayerState): boolean {
  const sa = scoreOf(state, a);
  const sb = scoreOf(state, b);
  return sa !== sb ? sa > sb : a.rankIndex < b.rankIndex;
}

const outcomeOf = (r: ResultCode): 'W' | 'D' | 'L' => ('D=H'.includes(r) ? 'D' : '+W1FU'.includes(r) ? 'W' : 'L');

/** No earlier round gave the player a point without playing (bye, forfeit win). */
export function eligibleForBye(p: PlayerState): boolean {
  return p.matches.every((m) => m.played || pointsOf(m) < WIN);
}

export const FLOAT_DOWN = 'down';
export const FLOAT_UP = 'up';
export type Float = typeof FLOAT_DOWN | typeof FLOAT_UP | null;

/** The float of the player roundsBack rounds ago (1 = the last round). */
export function floatOf(state: DutchState, p: PlayerState, roundsBack: number): Float {
  const m = p.matches[state.playedRounds - roundsBack]!;
  // An unplayed round is a downfloat when it gave points (a bye, a forfeit win), else no float:
  // a forfeit loss or an absence says nothing about the scores the player met.
  if (!m.played) return pointsOf(m) > 0 ? FLOAT_DOWN : null;
  const own = scoreOf(state, p, roundsBack);
  const theirs = scoreOf(state, state.players[m.opponent]!, roundsBack);
  return own > theirs ? FLOAT_DOWN : own < theirs ? FLOAT_UP : null;
}

export interface StateOptions {
  /** Used when the tournament does not say (no XXR). */
  readonly totalRounds?: number;
  /** Used when the tournament does not say and round 1 does not show it; default white. */
  readonly initialColour?: Colour;
}

const invalid = (message: string) => err<PairingError>({ code: 'ERR_TOURNAMENT_INVALID', message });

/** Reads the tournament into the engine's view of it, for pairing the next round. */
export function buildState(t: Tournament, options: StateOptions = {}): Result<DutchState, PairingError> {
  const read = readPlayers(t);
  if (!read.ok) return read;
  const { players } = read.value;
  let { playedRounds } = read.value;
  // When every player already has an entry for the round after the last paired one, that round
  // is over too (everyone absent) and the next one is to be paired.
  if (players.every((p) => p.matches.length > playedRounds)) playedRounds++;
  for (const p of players) {
    while (p.matches.length < playedRounds) p.matches.push({ opponent: p.id, colour: null, outcome: 'L', played: false, participated: false });
  }
  const expectedRounds = t.totalRounds ?? options.totalRounds ?? null;
  if (expectedRounds === null) return invalid('The total number of rounds must be given (XXR).');
  if (playedRounds >= expectedRounds) {
    return err({ code: 'ERR_TOURNAMENT_FINISHED', message: `All ${expectedRounds} rounds have been paired.` });
  }
  const unknownBye = addRequestedByes(t, players, playedRounds);
  if (unknownBye !== null) return invalid(`A bye is requested for unknown player ${unknownBye}.`);
  const records = t.accelerations ?? [];
  if (records.length > 0) {
    const unknown = applyRecords(players, records);
    if (unknown !== null) return invalid(`Virtual points are given to unknown player ${unknown}.`);
  } else if (t.acceleration === 'baku') {
    applyBaku(players, playedRounds, expectedRounds);
  }
  checkGamesAgree(players);
  let rankIndex = 0;
  for (const p of players) {
    p.valid = p.matches.length <= playedRounds || p.matches.some((m) => m.participated);
    if (p.valid) p.rankIndex = rankIndex++;
    tallyRounds(p, playedRounds);
  }
  const forbid = (group: readonly number[]) => {
    for (const a of group) for (const b of group) if (a !== b) players[a - 1]?.forbidden.add(b - 1);
  };
  t.forbiddenPairs.forEach(forbid);
  for (const pp of t.prohibitedPairs) if (pp.firstRound <= playedRounds + 1 && playedRounds + 1 <= pp.lastRound) forbid(pp.players);

  const initialColour = t.initialColour ?? inferInitialColour(players) ?? options.initialColour ?? 'w';
  return ok({ players, playedRounds, expectedRounds, initialColour });
}

class InvalidTournament extends Error {}

/**
 * Each player's rounds as match records (a skipped round as an absence), and the rounds paired so
 * far: up to the last entry that took part, or one before any later entry.
 */
function readPlayers(t: Tournament): Result<{ players: PlayerState[]; playedRounds: number }, PairingError> {
  const n = t.players.length;
  const byId: (PlayerState | undefined)[] = new Array(n);
  let playedRounds = 0;
  for (const pl of t.players) {
    const id = pl.startRank - 1;
    if (id < 0 || id >= n) return invalid(`Starting ranks must run from 1 to ${n}; ${pl.startRank} is out of range.`);
    if (byId[id]) return invalid(`Starting rank ${pl.startRank} is used twice.`);
    const matches: MatchRecord[] = [];
    let skipped = 0;
    for (const entry of pl.rounds) {
      if (entry === null) {
        skipped++;
        continue;
      }
      for (; skipped > 0; skipped--) matches.push({ opponent: id, colour: null, outcome: 'L', played: false, participated: false });
      const opponent = entry.opponent === null ? id : entry.opponent - 1;
      if (opponent < 0 || opponent >= n) return invalid(`Player ${pl.startRank} meets unknown player ${entry.opponent}.`);
      const played = opponent !== id && entry.colour !== null && !'+-HFUZ'.includes(entry.result);
      const participated = opponent !== id || entry.result === 'U' || entry.result === '+';
      playedRounds = Math.max(playedRounds, matches.length);
      matches.push({ opponent, colour: opponent === id ? null : entry.colour, outcome: outcomeOf(entry.result), played, participated });
      if (participated) playedRounds = Math.max(playedRounds, matches.length);
    }
    byId[id] = {
      id,
      rankIndex: id,
      matches,
      accelerations: [],
      forbidden: new Set(),
      valid: true,
      score: 0,
      playedGames: 0,
      colourImbalance: 0,
      colourPreference: null,
      repeatedColour: null,
      strongPreference: false,
    };
  }
  return ok({ players: byId as PlayerState[], playedRounds });
}

/** Adds the byes requested for the round to pair; returns an unknown player's rank. */
function addRequestedByes(t: Tournament, players: PlayerState[], playedRounds: number): number | null {
  for (const b of t.byes) {
    if (b.round !== playedRounds + 1) continue;
    for (const rank of b.players) {
      const p = players[rank - 1];
      if (!p) return rank;
      if (p.matches.length <= playedRounds) p.matches.push({ opponent: p.id, colour: null, outcome: b.type === 'F' ? 'W' : b.type === 'H' ? 'D' : 'L', played: false, participated: false });
    }
  }
  return null;
}

/** Played games must agree on both sides (opponent and opposite colours); throws InvalidTournament. */
function checkGamesAgree(players: readonly PlayerState[]): void {
  for (const p of players) {
    p.matches.forEach((m, r) => {
      if (!m.played) return;
      const o = players[m.opponent]!.matches[r];
      if (!o || !o.played || o.opponent !== p.id || o.colour === m.colour) {
        throw new InvalidTournament(`Round ${r + 1} of player ${p.id + 1} contradicts the entry of player ${m.opponent + 1}.`);
      }
    });
  }
}

/** Score, games, colour history and preference, and the opponents met, over the paired rounds. */
function tallyRounds(p: PlayerState, playedRounds: number): void {
  let white = 0;
  let black = 0;
  let run = 0;
  let last: Colour | null = null;
  for (let r = 0; r < playedRounds; r++) {
    const m = p.matches[r]!;
    p.score += pointsOf(m);
    if (!m.played) continue;
    p.playedGames++;
    if (m.colour === 'w') white++;
    else black++;
    run = run === 0 || m.colour !== last ? 1 : run + 1;
    last = m.colour;
    p.forbidden.add(m.opponent);
  }
  const lower: Colour = white > black ? 'b' : 'w';
  p.colourImbalance = Math.abs(white - black);
  p.colourPreference =
    p.colourImbalance > 1 ? lower : run > 1 ? invert(last) : p.colourImbalance > 0 ? lower : run > 0 ? invert(last) : null;
  p.repeatedColour = run > 1 ? last : null;
  p.strongPreference = !absolutePreference(p) && p.colourImbalance > 0;
}

/** Wraps buildState so that a contradiction found deep inside becomes a value. */
export function prepare(t: Tournament, options: StateOptions = {}): Result<DutchState, PairingError> {
  try {
    return buildState(t, options);
  } catch (e) {
    if (e instanceof InvalidTournament) return err({ code: 'ERR_TOURNAMENT_INVALID', message: e.message });
    throw e;
  }
}

/**
 * Virtual points from 250 records and XXA lines, in file order as bbpPairings reads them: a 250
 * record sets rounds firstRound..lastRound of each player in its range (earlier rounds not yet
 * given stay 0); an XXA line appends its values to the player's list. Returns an unknown player.
 */
function applyRecords(players: PlayerState[], records: readonly AccelerationRecord[]): number | null {
  const tenths = (points: number) => Math.round(points * 10);
  for (const a of records) {
    if (a.kind === 'XXA') {
      const p = players[a.player - 1];
      if (!p) return a.player;
      for (const points of a.points) p.accelerations.push(tenths(points));
      continue;
    }
    for (let rank = a.firstPlayer; rank <= a.lastPlayer; rank++) {
      const acc = players[rank - 1]?.accelerations;
      if (!acc) return rank;
      while (acc.length < a.firstRound - 1) acc.push(0);
      for (let r = a.firstRound - 1; r < a.lastRound; r++) acc[r] = tenths(a.points);
    }
  }
  return null;
}

/** Baku acceleration (C.04.3 annex): the top half gets virtual points in the first rounds. */
function applyBaku(players: PlayerState[], playedRounds: number, expectedRounds: number): void {
  const lastRank = Math.floor((players.length - 1) / 2);
  const lastRound = Math.floor((expectedRounds - 1) / 2);
  const lastFullRound = Math.floor(lastRound / 2);
  for (let rank = 0; rank <= lastRank; rank++) {
    const acc = players[rank]!.accelerations;
    for (let r = 0; r <= lastRound && r <= playedRounds; r++) acc.push(r <= lastFullRound ? WIN : DRAW);
  }
}

/** The colour the top player had in the first round with colours, when not configured. */
function inferInitialColour(players: readonly PlayerState[]): Colour | null {
  let firstRound = Infinity;
  for (const p of players) {
    if (!p.valid) continue;
    p.matches.forEach((m, r) => {
      if (m.colour !== null) firstRound = Math.min(firstRound, r);
    });
  }
  if (firstRound === Infinity) return null;
  let counted = 0;
  for (const p of players) {
    if (!p.matches.slice(0, firstRound + 1).some((m) => m.participated)) continue;
    const c = p.matches[firstRound]?.colour ?? null;
    if (c !== null) return counted % 2 === 1 ? invert(c) : c;
    counted++;
  }
  return null;
}
