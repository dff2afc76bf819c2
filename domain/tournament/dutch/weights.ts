/**
 * Edge weights for the Dutch system: every criterion of C.04.3 becomes a bit field of one bigint,
 * the most important in the highest bits, so that a maximum-weight matching satisfies them in
 * priority order. The fields, their order and their widths follow bbpPairings' dutch.cpp
 * (Apache-2.0, BieremaBoyzProgramming/bbpPairings), which produced the reference pairings.
 */
import {
  FLOAT_DOWN,
  FLOAT_UP,
  absoluteImbalance,
  absolutePreference,
  eligibleForBye,
  floatOf,
  invert,
  scoreOf,
  type DutchState,
  type PlayerState,
} from './state';
import type { Colour } from '../model';

/** Number of bits needed to write x (0 for 0). */
export const bitsFor = (x: number): number => (x <= 0 ? 0 : Math.floor(Math.log2(x)) + 1);

export const coloursCompatible = (a: Colour | null, b: Colour | null): boolean => a !== b || a === null || b === null;

/** May the two players meet without breaking an absolute criterion (C1, C3, forbidden pairs)? */
export function compatible(state: DutchState, a: PlayerState, b: PlayerState): boolean {
  if (a.forbidden.has(b.id)) return false;
  if (!absolutePreference(a) || !absolutePreference(b) || a.colourPreference !== b.colourPreference) return true;
  // Topscorers (more than 50% of the maximum) are exempt in the last round.
  const topScore = (state.playedRounds * 10) >> 1;
  return state.playedRounds >= state.expectedRounds - 1 && (scoreOf(state, a) > topScore || scoreOf(state, b) > topScore);
}

/** Shared facts for one round's weights. */
export interface WeightContext {
  readonly state: DutchState;
  /** Bits to count the players of the largest score group. */
  readonly groupBits: number;
  /** Total bits of the per-score-group fields. */
  readonly groupsShift: number;
  /** Offset of each score's bit within the per-score-group fields. */
  readonly groupShift: ReadonlyMap<number, number>;
  /** Rank of each number of played games among the players with the bye assignee's score (filled once the bye score is known). */
  readonly playedGamesRank: Map<number, number>;
  readonly score: (p: PlayerState) => number;
  readonly float1: (p: PlayerState) => string | null;
  readonly float2: (p: PlayerState) => string | null;
  readonly byeEligible: (p: PlayerState) => boolean;
}

export function makeContext(state: DutchState, sorted: readonly PlayerState[]): WeightContext {
  const scores = new Map<number, number>();
  for (const p of sorted) scores.set(p.id, scoreOf(state, p));
  const score = (p: PlayerState) => scores.get(p.id)!;
  const groupShift = new Map<number, number>();
  let groupsShift = 0;
  let maxGroup = 0;
  let run = 0;
  for (let i = sorted.length - 1; i >= 0; i--) {
    run++;
    const s = score(sorted[i]!);
    if (i === 0 || s < score(sorted[i - 1]!)) {
      groupShift.set(s, groupsShift);
      maxGroup = Math.max(maxGroup, run);
      groupsShift += bitsFor(run);
      run = 0;
    }
  }
  const memo = (f: (p: PlayerState) => string | null) => {
    const cache = new Map<number, string | null>();
    return (p: PlayerState) => {
      if (!cache.has(p.id)) cache.set(p.id, f(p));
      return cache.get(p.id)!;
    };
  };
  const eligible = new Map<number, boolean>();
  return {
    state,
    groupBits: bitsFor(maxGroup),
    groupsShift,
    groupShift,
    playedGamesRank: new Map(),
    score,
    float1: memo((p) => (state.playedRounds >= 1 ? floatOf(state, p, 1) : null)),
    float2: memo((p) => (state.playedRounds >= 2 ? floatOf(state, p, 2) : null)),
    byeEligible: (p) => {
      if (!eligible.has(p.id)) eligible.set(p.id, eligibleForBye(p));
      return eligible.get(p.id)!;
    },
  };
}

const b = (x: boolean): bigint => (x ? 1n : 0n);

/** The four colour fields (C12..C15 in bbpPairings' order), lower player first. */
function colourBits(w: bigint, lower: PlayerState, higher: PlayerState, inCurrent: boolean, bits: bigint): bigint {
  const lp = lower.colourPreference;
  const hp = higher.colourPreference;
  const la = absolutePreference(lower);
  const ha = absolutePreference(higher);
  w = (w << bits) | b(inCurrent && (!absoluteImbalance(lower) || !absoluteImbalance(higher) || lp !== hp));
  let repeatOk: boolean;
  if (lower.colourImbalance === higher.colourImbalance) {
    repeatOk = lower.repeatedColour === null || lower.repeatedColour !== higher.repeatedColour;
  } else {
    const more = lower.colourImbalance > higher.colourImbalance ? higher : lower;
    repeatOk = more.repeatedColour !== invert(lp);
  }
  w = (w << bits) | b(inCurrent && (!la || !ha || lp !== hp || repeatOk));
  w = (w << bits) | b(inCurrent && coloursCompatible(lp, hp));
  w =
    (w << bits) |
    b(inCurrent && ((!lower.strongPreference && !la) || (!higher.strongPreference && !ha) || (la && ha) || lp !== hp));
  return w;
}

/**
 * The weight of pairing `higher` with `lower` (higher earlier in the pairing order) when
 * pairing the current bracket; 0 when they may not meet.
 */
export function edgeWeight(
  ctx: WeightContext,
  higher: PlayerState,
  lower: PlayerState,
  inCurrent: boolean,
  inNext: boolean,
  byeScore: number,
  singleDownfloaterIsByeAssignee: boolean,
): bigint {
  const { state, score } = ctx;
  if (!compatible(state, higher, lower)) return 0n;
  const gb = BigInt(ctx.groupBits);
  const gs = BigInt(ctx.groupsShift);
  const hs = score(higher);
  const ls = score(lower);
  const shiftOf = (s: number) => BigInt(ctx.groupShift.get(s)!);
  const byeCandidate = (p: PlayerState) => ctx.byeEligible(p) && score(p) <= byeScore;

  // Completion and bye eligibility (C4, C5).
  let w = 1n + b(!byeCandidate(higher)) + b(!byeCandidate(lower));
  // Pairs in the current bracket, and their scores (C6, C7).
  w = (w << gb) | b(inCurrent);
  w <<= gs;
  if (inCurrent) w |= 1n << shiftOf(hs);
  // The same for the next bracket (C8).
  w = (w << gb) | b(inNext);
  w <<= gs;
  if (inNext) w |= 1n << shiftOf(hs);
  // Unplayed games of the bye assignee (C9): the ranks of both players are added, so the field
  // is two group-size fields wide and their sum never carries into the colour fields.
  w <<= gb * 2n;
  if (singleDownfloaterIsByeAssignee) {
    if (hs === byeScore) w |= BigInt(ctx.playedGamesRank.get(higher.playedGames) ?? 0);
    if (ls === byeScore) w += BigInt(ctx.playedGamesRank.get(lower.playedGames) ?? 0);
  }
  // Colour preferences (C10..C13).
  w = colourBits(w, lower, higher, inCurrent, gb);
  const rounds = state.playedRounds;
  const floats = [ctx.float1, ctx.float2];
  // Repeated downfloaters and upfloaters, one and two rounds back (C14..C17).
  for (let back = 1; back <= 2; back++) {
    if (rounds < back) continue;
    const f = floats[back - 1]!;
    w <<= gb;
    if (inCurrent) {
      w |= b(f(lower) === FLOAT_DOWN);
      w += b(hs <= ls && f(higher) === FLOAT_DOWN);
    }
    w <<= gb;
    if (inCurrent) w |= b(!(hs > ls && f(lower) === FLOAT_UP));
  }
  // Scores of repeated downfloaters and of the opponents of repeated upfloaters (C18..C21).
  for (let back = 1; back <= 2; back++) {
    if (rounds < back) continue;
    const f = floats[back - 1]!;
    w <<= gs;
    if (inCurrent) {
      w += b(f(lower) === FLOAT_DOWN) << shiftOf(ls);
      w += b(f(higher) === FLOAT_DOWN) << shiftOf(hs);
    }
    w <<= gs;
    if (inCurrent && !(f(lower) === FLOAT_UP && hs > ls)) w |= 1n << shiftOf(hs);
  }
  // Room for the ordering of homogeneous and heterogeneous brackets (exchanges, BSN differences).
  w <<= gb * 3n + 1n;
  return w;
}

/** An upper bound on every weight, used to lock a chosen pair in place. */
export function maxEdgeWeight(ctx: WeightContext): bigint {
  const gb = ctx.groupBits;
  const gs = ctx.groupsShift;
  let bits = gb + gs + gb + gs + 2 * gb + 4 * gb;
  const rounds = ctx.state.playedRounds;
  if (rounds >= 1) bits += 2 * gb + 2 * gs;
  if (rounds >= 2) bits += 2 * gb + 2 * gs;
  bits += 3 * gb + 1;
  // 2 << bits, then room for two more bits, all ones below: (4 << bits) - 1.
  return (4n << BigInt(bits)) - 1n;
}
