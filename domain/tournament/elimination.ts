/**
 * Single and double elimination brackets. Pure, no side effects.
 *
 * A bracket is a fixed structure: every match names where its two players come from (a seed, or
 * the winner or loser of an earlier match). Results are a map from match id to the winner's id,
 * and the state of every match is derived from the structure and the results, so advancing a
 * winner is recording one result.
 *
 * Seeding: the bracket size is the next power of two; seeds are placed in the standard order
 * (1 v N, 2 v N−1, and 1 and 2 can meet only in the final, the top four only in the semi-finals,
 * and so on). Seeds beyond the entrant count are byes, so the byes go to the top seeds.
 *
 * Double elimination: a loser of winners' round 1 drops into losers' round 1; a loser of winners'
 * round r ≥ 2 drops into losers' round 2(r − 1), where they meet a survivor of the losers'
 * bracket. The drops alternate between reversed order and reversed swapped halves, so a dropped
 * player meets someone from another part of the draw rather than a player they have just beaten. The
 * grand final pits the winners' bracket champion against the losers' bracket champion; if the
 * latter wins, both have one loss and a second final (the bracket reset) decides.
 */
import { err, ok, type Result } from '../result-type';

export type SlotSource =
  | { kind: 'seed'; seed: number }
  | { kind: 'winner'; match: string }
  | { kind: 'loser'; match: string };

export const BRACKET_SIDES = ['winners', 'losers', 'final'] as const;
export type BracketSide = (typeof BRACKET_SIDES)[number];

export interface BracketMatch {
  /** 'W2-1' (winners' round 2, first match from the top), 'L3-2', 'GF1', 'GF2'. */
  id: string;
  side: BracketSide;
  round: number;
  position: number;
  slots: [SlotSource, SlotSource];
  /** The bracket reset: played only when the first slot's player lost this earlier match. */
  onlyIfFirstSlotLost?: string;
}

export interface Bracket {
  format: 'single_elimination' | 'double_elimination';
  /** Entrant ids in seed order: index 0 is seed 1. */
  entrants: string[];
  /** The bracket size, a power of two. */
  size: number;
  /** In an order in which they can be played: every match after the matches it depends on. */
  matches: BracketMatch[];
}

/** Match id → the winner's id. */
export type BracketResults = Readonly<Record<string, string>>;

export const ELIMINATION_ERROR_CODES = [
  'ERR_ELIMINATION_TOO_FEW',
  'ERR_ELIMINATION_DUPLICATE_ENTRANT',
  'ERR_ELIMINATION_UNKNOWN_MATCH',
  'ERR_ELIMINATION_NOT_READY',
  'ERR_ELIMINATION_ALREADY_DECIDED',
  'ERR_ELIMINATION_NOT_IN_MATCH',
] as const;
export type EliminationErrorCode = (typeof ELIMINATION_ERROR_CODES)[number];

export interface EliminationError {
  code: EliminationErrorCode;
  message: string;
  match?: string;
}

/** The seeds of a bracket of `size` (a power of two) from top to bottom. */
export function seedingOrder(size: number): number[] {
  let order = [1];
  while (order.length < size) {
    const next = order.length * 2 + 1;
    order = order.flatMap((seed) => [seed, next - seed]);
  }
  return order;
}

const bracketSize = (entrants: number) => {
  let size = 2;
  while (size < entrants) size *= 2;
  return size;
};

function checkEntrants(entrants: readonly string[]): EliminationError | null {
  if (entrants.length < 2) return { code: 'ERR_ELIMINATION_TOO_FEW', message: 'An elimination bracket needs at least 2 entrants' };
  const seen = new Set<string>();
  for (const id of entrants) {
    if (seen.has(id)) return { code: 'ERR_ELIMINATION_DUPLICATE_ENTRANT', message: `Entrant ${id} is listed twice` };
    seen.add(id);
  }
  return null;
}

const winnerOf = (match: string): SlotSource => ({ kind: 'winner', match });
const loserOf = (match: string): SlotSource => ({ kind: 'loser', match });

/** The winners' bracket: log2(size) rounds, round 1 seeded in the standard order. */
function winnersBracket(size: number): BracketMatch[] {
  const matches: BracketMatch[] = [];
  const order = seedingOrder(size);
  for (let round = 1, count = size / 2; count >= 1; round++, count /= 2) {
    for (let position = 1; position <= count; position++) {
      const slots: [SlotSource, SlotSource] =
        round === 1
          ? [{ kind: 'seed', seed: order[2 * position - 2] as number }, { kind: 'seed', seed: order[2 * position - 1] as number }]
          : [winnerOf(`W${round - 1}-${2 * position - 1}`), winnerOf(`W${round - 1}-${2 * position}`)];
      matches.push({ id: `W${round}-${position}`, side: 'winners', round, position, slots });
    }
  }
  return matches;
}

export function singleElimination(entrants: readonly string[]): Result<Bracket, EliminationError> {
  const problem = checkEntrants(entrants);
  if (problem) return err(problem);
  const size = bracketSize(entrants.length);
  return ok({ format: 'single_elimination', entrants: [...entrants], size, matches: winnersBracket(size) });
}

/**
 * Which winners'-round match's loser drops into each position of a losers' drop round: odd drops
 * (winners' rounds 2, 4, ...) in reversed order, even drops with the halves swapped and then
 * reversed. Of the simple orders tried (reversed, halves swapped, natural, pairs flipped, and
 * mixes) this one left the fewest rematches before the losers' final in simulated brackets of 8
 * to 128 (elimination.test.ts measures it).
 */
function dropOrder(count: number, drop: number): number[] {
  const positions = Array.from({ length: count }, (_, i) => i + 1);
  if (count === 1) return positions;
  if (drop % 2 === 1) return positions.reverse();
  return positions.map((p) => ((p - 1 + count / 2) % count) + 1).reverse();
}

export function doubleElimination(entrants: readonly string[]): Result<Bracket, EliminationError> {
  const problem = checkEntrants(entrants);
  if (problem) return err(problem);
  const size = bracketSize(entrants.length);
  const winners = winnersBracket(size);
  const winnerRounds = Math.log2(size);
  const losers: BracketMatch[] = [];
  const add = (round: number, position: number, slots: [SlotSource, SlotSource]) =>
    losers.push({ id: `L${round}-${position}`, side: 'losers', round, position, slots });

  // Losers' round 1: the losers of winners' round 1, neighbours paired.
  for (let position = 1; position <= size / 4; position++) {
    add(1, position, [loserOf(`W1-${2 * position - 1}`), loserOf(`W1-${2 * position}`)]);
  }
  for (let drop = 1; drop < winnerRounds; drop++) {
    // Losers' round 2·drop: the survivors meet the losers of winners' round drop + 1.
    const count = size / 2 ** (drop + 1);
    const order = dropOrder(count, drop);
    for (let position = 1; position <= count; position++) {
      add(2 * drop, position, [winnerOf(`L${2 * drop - 1}-${position}`), loserOf(`W${drop + 1}-${order[position - 1]}`)]);
    }
    // Losers' round 2·drop + 1: the survivors play each other, except after the last drop.
    if (drop < winnerRounds - 1) {
      for (let position = 1; position <= count / 2; position++) {
        add(2 * drop + 1, position, [winnerOf(`L${2 * drop}-${2 * position - 1}`), winnerOf(`L${2 * drop}-${2 * position}`)]);
      }
    }
  }
  const winnersFinal = `W${winnerRounds}-1`;
  const losersChampion = losers.length > 0 ? winnerOf(`L${2 * (winnerRounds - 1)}-1`) : loserOf(winnersFinal);
  const finals: BracketMatch[] = [
    { id: 'GF1', side: 'final', round: 1, position: 1, slots: [winnerOf(winnersFinal), losersChampion] },
    { id: 'GF2', side: 'final', round: 2, position: 1, slots: [winnerOf(winnersFinal), losersChampion], onlyIfFirstSlotLost: 'GF1' },
  ];
  // Interleave so every match follows the ones it depends on: winners' round r, then the losers'
  // rounds that take its losers.
  const matches: BracketMatch[] = [];
  for (let round = 1; round <= winnerRounds; round++) {
    matches.push(...winners.filter((m) => m.round === round));
    const fromRound = round === 1 ? [1] : round === 2 ? [2, 3] : [2 * round - 2, 2 * round - 1];
    matches.push(...losers.filter((m) => fromRound.includes(m.round)));
  }
  matches.push(...finals);
  return ok({ format: 'double_elimination', entrants: [...entrants], size, matches });
}

/**
 * A slot's occupant: an entrant id, SLOT_EMPTY when no one will come (a bye), or SLOT_PENDING while the
 * match it comes from is undecided.
 */
export const SLOT_EMPTY = null;
export const SLOT_PENDING = undefined;
export type Occupant = string | typeof SLOT_EMPTY | typeof SLOT_PENDING;

/**
 * 'waiting': a player is still to come; 'ready': both known, no result yet; 'decided': result in;
 * 'bye': one player and no opponent, who goes through; 'void': nobody (or a reset not needed).
 */
export type MatchStatus = 'waiting' | 'ready' | 'decided' | 'bye' | 'void';

export interface MatchState {
  match: BracketMatch;
  players: [Occupant, Occupant];
  status: MatchStatus;
  /** Entrant id; SLOT_EMPTY for a void match; SLOT_PENDING until known. */
  winner: Occupant;
  loser: Occupant;
}

export interface BracketState {
  matches: MatchState[];
  /** The winner of the whole bracket, or null while it is undecided. */
  champion: string | null;
}

/** Every match's players and outcome under the results so far. */
export function bracketState(bracket: Bracket, results: BracketResults): BracketState {
  const states = new Map<string, MatchState>();
  const occupant = (source: SlotSource): Occupant => {
    if (source.kind === 'seed') return bracket.entrants[source.seed - 1] ?? SLOT_EMPTY;
    const from = states.get(source.match);
    if (!from) throw new Error(`Bracket bug: ${source.match} is used before it is defined`);
    return source.kind === 'winner' ? from.winner : from.loser;
  };
  for (const match of bracket.matches) {
    const players: [Occupant, Occupant] = [occupant(match.slots[0]), occupant(match.slots[1])];
    const [a, b] = players;
    let state: MatchState;
    const condition = match.onlyIfFirstSlotLost === undefined ? undefined : states.get(match.onlyIfFirstSlotLost);
    if (condition && condition.status !== 'decided') {
      state = { match, players: [SLOT_PENDING, SLOT_PENDING], status: condition.status === 'void' ? 'void' : 'waiting', winner: condition.status === 'void' ? SLOT_EMPTY : SLOT_PENDING, loser: condition.status === 'void' ? SLOT_EMPTY : SLOT_PENDING };
    } else if (condition && condition.winner === condition.players[0]) {
      state = { match, players: [SLOT_EMPTY, SLOT_EMPTY], status: 'void', winner: SLOT_EMPTY, loser: SLOT_EMPTY };
    } else if (a === SLOT_PENDING || b === SLOT_PENDING) {
      state = { match, players, status: 'waiting', winner: SLOT_PENDING, loser: SLOT_PENDING };
    } else if (a === SLOT_EMPTY && b === SLOT_EMPTY) {
      state = { match, players, status: 'void', winner: SLOT_EMPTY, loser: SLOT_EMPTY };
    } else if (a === SLOT_EMPTY || b === SLOT_EMPTY) {
      state = { match, players, status: 'bye', winner: a ?? b, loser: SLOT_EMPTY };
    } else {
      const winner = results[match.id];
      state =
        winner === a || winner === b
          ? { match, players, status: 'decided', winner, loser: winner === a ? b : a }
          : { match, players, status: 'ready', winner: SLOT_PENDING, loser: SLOT_PENDING };
    }
    states.set(match.id, state);
  }
  const matches = bracket.matches.map((m) => states.get(m.id) as MatchState);
  let champion: Occupant;
  if (bracket.format === 'single_elimination') {
    champion = (matches[matches.length - 1] as MatchState).winner;
  } else {
    const first = states.get('GF1') as MatchState;
    const reset = states.get('GF2') as MatchState;
    champion = reset.status === 'void' ? first.winner : reset.winner;
  }
  return { matches, champion: typeof champion === 'string' ? champion : null };
}

/** Records the winner of a ready match; returns the new results. */
export function recordWinner(
  bracket: Bracket,
  results: BracketResults,
  matchId: string,
  winner: string,
): Result<BracketResults, EliminationError> {
  const state = bracketState(bracket, results).matches.find((m) => m.match.id === matchId);
  if (!state) return err({ code: 'ERR_ELIMINATION_UNKNOWN_MATCH', message: `No match ${matchId}`, match: matchId });
  if (state.status === 'decided') {
    return err({ code: 'ERR_ELIMINATION_ALREADY_DECIDED', message: `Match ${matchId} already has a winner`, match: matchId });
  }
  if (state.status !== 'ready') {
    return err({ code: 'ERR_ELIMINATION_NOT_READY', message: `Match ${matchId} cannot be played (${state.status})`, match: matchId });
  }
  if (!state.players.includes(winner)) {
    return err({ code: 'ERR_ELIMINATION_NOT_IN_MATCH', message: `${winner} does not play in match ${matchId}`, match: matchId });
  }
  return ok({ ...results, [matchId]: winner });
}
