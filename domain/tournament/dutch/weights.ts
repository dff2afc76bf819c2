/**
 * Edge weights for the Dutch system: every criterion of C.04.3 becomes a bit field of one wide
 * integer (a row of limbs, wide.ts), the most important in the highest bits, so that a
 * maximum-weight matching satisfies them in priority order. The fields, their order and their
 * widths follow bbpPairings' dutch.cpp (Apache-2.0, BieremaBoyzProgramming/bbpPairings), which
 * produced the reference pairings.
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
import { LIMB_BITS, addAt, limbsFor, normalise } from '../wide';

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
  /** Bits below the top field (completion and bye eligibility, at most 3) of every weight. */
  readonly width: number;
  /** Limbs of a weight row (wide.ts), with room for the matcher's doubled weights and duals. */
  readonly limbs: number;
  /** Rank of each number of played games among the players with the bye assignee's score (filled once the bye score is known). */
  readonly playedGamesRank: Map<number, number>;
  readonly score: (p: PlayerState) => number;
  readonly float1: (p: PlayerState) => string | null;
  readonly float2: (p: PlayerState) => string | null;
  readonly byeEligible: (p: PlayerState) => boolean;
  /** Writes the weights, one at a time (reused: weights are written by the million). */
  readonly fields: FieldWriter;
}

/** Bits below the top field: the fields of edgeWeight, from C6 down to the bracket ordering room. */
function weightWidth(groupBits: number, groupsShift: number, playedRounds: number): number {
  const gb = groupBits;
  const gs = groupsShift;
  let bits = gb + gs + gb + gs + 2 * gb + 4 * gb;
  if (playedRounds >= 1) bits += 2 * gb + 2 * gs;
  if (playedRounds >= 2) bits += 2 * gb + 2 * gs;
  return bits + 3 * gb + 1;
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
  const groupBits = bitsFor(maxGroup);
  const width = weightWidth(groupBits, groupsShift, state.playedRounds);
  // Weights stay below 4 << width; the matcher stores 2w and duals up to a few times the
  // largest weight: four bits of room.
  const limbs = limbsFor(width + 2 + 4);
  return {
    state,
    groupBits,
    groupsShift,
    groupShift,
    width,
    limbs,
    playedGamesRank: new Map(),
    score,
    float1: memo((p) => (state.playedRounds >= 1 ? floatOf(state, p, 1) : null)),
    float2: memo((p) => (state.playedRounds >= 2 ? floatOf(state, p, 2) : null)),
    byeEligible: (p) => {
      if (!eligible.has(p.id)) eligible.set(p.id, eligibleForBye(p));
      return eligible.get(p.id)!;
    },
    fields: new FieldWriter(limbs),
  };
}

const b = (x: boolean): number => (x ? 1 : 0);

/**
 * Writes a weight field by field, from the most significant down: each field is added at its
 * bit position, so that fields written with a carry (two flags in one field) add up as the sum
 * of shifted fields would. finish() carries between limbs once all fields are in.
 */
export class FieldWriter {
  private row: Float64Array = new Float64Array(0);
  private at = 0;
  /** The lowest bit of the current field. */
  private bit = 0;
  constructor(private readonly limbs: number) {}
  /** Starts a weight in row[at..] (cleared), with its top field at `bit`. */
  start(row: Float64Array, at: number, bit: number): void {
    row.fill(0, at, at + this.limbs);
    this.row = row;
    this.at = at;
    this.bit = bit;
  }
  /** Moves to the next field, `bits` wide. */
  next(bits: number): void {
    this.bit -= bits;
  }
  /** Adds value · 2^offset within the current field. */
  add(value: number, offset = 0): void {
    if (value !== 0) addAt(this.row, this.at, this.limbs, value, this.bit + offset);
  }
  finish(): void {
    normalise(this.row, this.at, this.limbs);
  }
}

/** The four colour fields (C12..C15 in bbpPairings' order), lower player first. */
function colourFields(out: FieldWriter, lower: PlayerState, higher: PlayerState, inCurrent: boolean, bits: number): void {
  const lp = lower.colourPreference;
  const hp = higher.colourPreference;
  const la = absolutePreference(lower);
  const ha = absolutePreference(higher);
  out.next(bits);
  out.add(b(inCurrent && (!absoluteImbalance(lower) || !absoluteImbalance(higher) || lp !== hp)));
  let repeatOk: boolean;
  if (lower.colourImbalance === higher.colourImbalance) {
    repeatOk = lower.repeatedColour === null || lower.repeatedColour !== higher.repeatedColour;
  } else {
    const more = lower.colourImbalance > higher.colourImbalance ? higher : lower;
    repeatOk = more.repeatedColour !== invert(lp);
  }
  out.next(bits);
  out.add(b(inCurrent && (!la || !ha || lp !== hp || repeatOk)));
  out.next(bits);
  out.add(b(inCurrent && coloursCompatible(lp, hp)));
  out.next(bits);
  out.add(b(inCurrent && ((!lower.strongPreference && !la) || (!higher.strongPreference && !ha) || (la && ha) || lp !== hp)));
}

/** May the player take the bye, with a score no higher than the bye's? */
function byeCandidate(ctx: WeightContext, p: PlayerState, byeScore: number): boolean {
  return ctx.byeEligible(p) && ctx.score(p) <= byeScore;
}

/**
 * The weight of pairing `higher` with `lower` (higher earlier in the pairing order) when
 * pairing the current bracket, written into row[at..] (ctx.limbs limbs); false (and a zero row)
 * when they may not meet.
 */
export function edgeWeight(
  ctx: WeightContext,
  higher: PlayerState,
  lower: PlayerState,
  inCurrent: boolean,
  inNext: boolean,
  byeScore: number,
  singleDownfloaterIsByeAssignee: boolean,
  row: Float64Array,
  at: number,
): boolean {
  const { state, score, fields: out } = ctx;
  out.start(row, at, ctx.width);
  if (!compatible(state, higher, lower)) return false;
  const gb = ctx.groupBits;
  const gs = ctx.groupsShift;
  const hs = score(higher);
  const ls = score(lower);
  const hShift = ctx.groupShift.get(hs)!;

  // Completion and bye eligibility (C4, C5).
  out.add(1 + b(!byeCandidate(ctx, higher, byeScore)) + b(!byeCandidate(ctx, lower, byeScore)));
  // Pairs in the current bracket, and their scores (C6, C7).
  out.next(gb);
  out.add(b(inCurrent));
  out.next(gs);
  if (inCurrent) out.add(1, hShift);
  // The same for the next bracket (C8).
  out.next(gb);
  out.add(b(inNext));
  out.next(gs);
  if (inNext) out.add(1, hShift);
  // Unplayed games of the bye assignee (C9): the ranks of both players are added, so the field
  // is two group-size fields wide and their sum never carries into the colour fields.
  out.next(gb * 2);
  if (singleDownfloaterIsByeAssignee) {
    if (hs === byeScore) out.add(ctx.playedGamesRank.get(higher.playedGames) ?? 0);
    if (ls === byeScore) out.add(ctx.playedGamesRank.get(lower.playedGames) ?? 0);
  }
  // Colour preferences (C10..C13).
  colourFields(out, lower, higher, inCurrent, gb);
  const rounds = state.playedRounds;
  // Repeated downfloaters and upfloaters, one and two rounds back (C14..C17).
  for (let back = 1; back <= 2; back++) {
    if (rounds < back) continue;
    const f = back === 1 ? ctx.float1 : ctx.float2;
    out.next(gb);
    if (inCurrent) {
      out.add(b(f(lower) === FLOAT_DOWN));
      out.add(b(hs <= ls && f(higher) === FLOAT_DOWN));
    }
    out.next(gb);
    if (inCurrent) out.add(b(!(hs > ls && f(lower) === FLOAT_UP)));
  }
  // Scores of repeated downfloaters and of the opponents of repeated upfloaters (C18..C21).
  for (let back = 1; back <= 2; back++) {
    if (rounds < back) continue;
    const f = back === 1 ? ctx.float1 : ctx.float2;
    out.next(gs);
    if (inCurrent) {
      out.add(b(f(lower) === FLOAT_DOWN), ctx.groupShift.get(ls)!);
      out.add(b(f(higher) === FLOAT_DOWN), hShift);
    }
    out.next(gs);
    if (inCurrent && !(f(lower) === FLOAT_UP && hs > ls)) out.add(1, hShift);
  }
  // Below: room (3 gb + 1 bits) for the ordering of homogeneous and heterogeneous brackets
  // (exchanges, BSN differences), added by the caller.
  out.finish();
  return true;
}

/**
 * The weight of a pair in the first matching of an odd round, which only settles completion and
 * the bye (C4, C5: the bye goes to an eligible player of the lowest score group possible):
 * completion and eligibility, then the sum of both players' score group offsets, then whether
 * the lower player is in the top score group. Written into row[at..]; false when they may not meet.
 */
export function byeWeight(ctx: WeightContext, higher: PlayerState, lower: PlayerState, topScore: number, row: Float64Array, at: number): boolean {
  const { state, score, fields: out } = ctx;
  const gb = ctx.groupBits;
  const gs = ctx.groupsShift;
  out.start(row, at, gs + gb);
  if (!compatible(state, lower, higher)) return false;
  out.add(1 + b(!ctx.byeEligible(lower)) + b(!ctx.byeEligible(higher)));
  out.next(gs);
  out.add(ctx.groupShift.get(score(lower))! + ctx.groupShift.get(score(higher))!);
  out.next(gb);
  out.add(b(score(lower) >= topScore));
  out.finish();
  return true;
}

/** An upper bound on every weight, (4 << width) - 1, used to lock a chosen pair in place. */
export function topWeight(ctx: WeightContext): Float64Array {
  const row = new Float64Array(ctx.limbs);
  for (let bit = 0; bit < ctx.width + 2; bit += LIMB_BITS) addAt(row, 0, ctx.limbs, 2 ** Math.min(LIMB_BITS, ctx.width + 2 - bit) - 1, bit);
  normalise(row, 0, ctx.limbs);
  return row;
}
