/**
 * The FIDE Dutch system (C.04.3, rules from February 2026): pairs the next round bracket by
 * bracket, from the top score group down. Each bracket is settled by a series of maximum-weight
 * matchings over all the players still to pair (so that later brackets stay completable): first
 * which moved-down players are paired and with whom, then how many and which players are
 * exchanged between S1 and S2, then S1's opponents in order. The sequence of matchings and the
 * weight tweaks between them follow bbpPairings' dutch.cpp (Apache-2.0, Bierema Boyz
 * Programming), the engine that produced our reference pairings; the code is our own.
 */
import { err, ok, type Result } from '../../result-type';
import type { Colour, Pair, PairingError, RoundPairing, Tournament } from '../model';
import { chooseColour } from './colours';
import { prepare, ranksAbove, type DutchState, type PlayerState, type StateOptions } from './state';
import { byeWeight, edgeWeight, makeContext, topWeight, type WeightContext } from './weights';
import { WideMatching } from '../wide-matching';

/** The weights of all pairs, kept between matchings, and the matching re-solved after each change. */
class WeightMatrix {
  private readonly matching: WideMatching;
  constructor(
    readonly n: number,
    limbs: number,
  ) {
    this.matching = new WideMatching(n, limbs);
  }
  /** The weight of {a, b} becomes row[at..] + addend. */
  set(a: number, b: number, row: Float64Array, at: number, addend = 0): void {
    this.matching.setWeight(a, b, row, at, addend);
  }
  /** {a, b} may not be paired (weight 0). */
  clear(a: number, b: number): void {
    this.matching.clearWeight(a, b);
  }
  /** mate[v], with v itself for an unmatched vertex. */
  solve(): number[] {
    return this.matching.solve();
  }
  /** Lock a pair: its edge gets the top weight, every other edge at either end goes. */
  lock(a: number, b: number, top: Float64Array): void {
    for (let u = 0; u < this.n; u++) {
      if (u !== a) {
        if (u === b) this.set(a, u, top, 0);
        else this.clear(a, u);
      }
      if (u !== b) {
        if (u === a) this.set(b, u, top, 0);
        else this.clear(b, u);
      }
    }
  }
}

/**
 * The base weights of a bracket's pairs (bracket indices larger > smaller), a row each, and
 * which are present (0 when the pair may not meet, or no longer may in this bracket).
 */
class BaseWeights {
  readonly rows: Float64Array;
  readonly present: Uint8Array;
  constructor(
    size: number,
    readonly limbs: number,
  ) {
    const pairs = (size * (size - 1)) / 2;
    this.rows = new Float64Array(pairs * limbs);
    this.present = new Uint8Array(pairs);
  }
  index(larger: number, smaller: number): number {
    return (larger * (larger - 1)) / 2 + smaller;
  }
  has(larger: number, smaller: number): boolean {
    return this.present[this.index(larger, smaller)] === 1;
  }
  remove(larger: number, smaller: number): void {
    this.present[this.index(larger, smaller)] = 0;
  }
}

export type DutchOptions = StateOptions;

/** Pairs the next round of a Dutch Swiss tournament. */
export function pairDutchRound(t: Tournament, options: DutchOptions = {}): Result<RoundPairing, PairingError> {
  const prepared = prepare(t, options);
  if (!prepared.ok) return prepared;
  return pairState(prepared.value);
}

export function pairState(state: DutchState): Result<RoundPairing, PairingError> {
  const round = state.playedRounds + 1;
  const sorted = state.players
    .filter((p) => p.valid && p.matches.length <= state.playedRounds)
    .sort((a, b) => (ranksAbove(state, a, b) ? -1 : ranksAbove(state, b, a) ? 1 : 0));
  if (sorted.length === 0) return ok({ round, pairs: [], bye: null });
  const partner = computeMatching(state, sorted);
  if (!partner.ok) return partner;
  const pairs: Pair[] = [];
  let bye: number | null = null;
  for (const p of sorted) {
    const q = partner.value.get(p.id);
    if (q === undefined) {
      bye = p.id + 1;
    } else if (p.id < q.id) {
      const colour: Colour = chooseColour(state, p, q);
      pairs.push(colour === 'w' ? { white: p.id + 1, black: q.id + 1 } : { white: q.id + 1, black: p.id + 1 });
    }
  }
  return ok({ round, pairs: boardOrder(state, pairs), bye });
}

/** Published order: higher player's score, then the lower player's score, then the higher's rank. */
function boardOrder(state: DutchState, pairs: Pair[]): Pair[] {
  const key = (pair: Pair) => {
    const a = state.players[pair.white - 1]!;
    const b = state.players[pair.black - 1]!;
    const aAbove = a.score !== b.score ? a.score > b.score : a.rankIndex < b.rankIndex;
    const [hi, lo] = aAbove ? [a, b] : [b, a];
    return [hi.score, lo.score, -hi.rankIndex] as const;
  };
  return pairs
    .map((pair) => ({ pair, k: key(pair) }))
    .sort((x, y) => y.k[0] - x.k[0] || y.k[1] - x.k[1] || y.k[2] - x.k[2])
    .map((x) => x.pair);
}

function noPairing(message: string): Result<never, PairingError> {
  return err({ code: 'ERR_NO_VALID_PAIRING', message });
}

function computeMatching(state: DutchState, sorted: PlayerState[]): Result<Map<number, PlayerState>, PairingError> {
  const matcher = new DutchMatcher(state, sorted);
  const completable = matcher.settleCompletionAndBye();
  if (!completable.ok) return completable;
  return ok(matcher.pairBrackets());
}

/**
 * One round's sequence of matchings, phase by phase:
 * 1. settleCompletionAndBye: can all players but one be paired, and with which bye score (C4, C5, C9);
 * 2. per bracket (pairBrackets), with the players moved down from above, then the residents,
 *    then the next score group:
 *    a. pairMovedDown: which moved-down players are paired in the bracket (as many as
 *       possible, highest first), then pickMovedDownOpponents: their opponents, in order;
 *    b. settleRemainder: the residents left, how many S1 players are exchanged with S2 and
 *       which (exchangeInS1, exchangeInS2);
 *    c. pairS1: each S1 player in order takes the highest S2 player that keeps the best pairing;
 *    d. carryDown: the players left move down to the next bracket.
 * Every matching is over all the players still to pair, so later brackets stay completable.
 */
class DutchMatcher {
  private readonly n: number;
  private readonly ctx: WeightContext;
  private readonly score: (p: PlayerState) => number;
  private readonly top: Float64Array;
  private readonly mc: WeightMatrix;
  /** A scratch weight row. */
  private readonly row: Float64Array;
  private readonly topScore: number;
  private readonly odd: boolean;
  private stable: number[] = [];
  private byeScore = 0;
  /** C9 applies in the current bracket: the bye assignee is its single downfloater. */
  private single = false;
  private readonly partnerOf = new Map<number, PlayerState>();
  private readonly matched: boolean[];

  // The current bracket: moved-down players, then residents, then the next score group.
  private bracket: PlayerState[] = [];
  /** Each bracket player's vertex (index in sorted). */
  private vertex: number[] = [];
  private next = 0;
  private movedDown = 0;
  private residentsVertex = 0;
  private nextGroup = 0;
  private nextGroupVertex = 0;
  private groupStart = 0;
  /** The weights of the pairs touching the residents or the next group. */
  private base = new BaseWeights(0, 0);

  constructor(
    private readonly state: DutchState,
    private readonly sorted: PlayerState[],
  ) {
    this.n = sorted.length;
    this.ctx = makeContext(state, sorted);
    this.score = this.ctx.score;
    this.top = topWeight(this.ctx);
    this.mc = new WeightMatrix(this.n, this.ctx.limbs);
    this.row = new Float64Array(this.ctx.limbs);
    this.topScore = this.score(sorted[0]!);
    this.odd = this.n % 2 === 1;
    this.matched = new Array<boolean>(this.n).fill(false);
  }

  /** Phase 1: everyone but at most one paired without breaking an absolute criterion; the bye's score. */
  settleCompletionAndBye(): Result<true, PairingError> {
    const { state, ctx, sorted, n, score, mc, row, topScore, odd } = this;
    for (let pi = 0; pi < n; pi++) {
      const player = sorted[pi]!;
      for (let oi = 0; oi < pi; oi++) {
        const opponent = sorted[oi]!;
        const present = odd ? byeWeight(ctx, opponent, player, topScore, row, 0) : edgeWeight(ctx, opponent, player, false, false, 0, false, row, 0);
        if (present) mc.set(pi, oi, row, 0);
        else mc.clear(pi, oi);
      }
    }
    this.stable = mc.solve();
    const stable = this.stable;
    const unmatched = stable.filter((m, v) => m === v).length;
    if (unmatched > 1) {
      return noPairing(
        `No pairing of round ${state.playedRounds + 1} satisfies the absolute criteria: every possible pairing leaves ` +
          `${unmatched} players unpaired (rematches, forbidden pairs, colour limits or bye eligibility).`,
      );
    }

    const byeVertex = stable.findIndex((m, v) => m === v);
    if (odd && !ctx.byeEligible(sorted[byeVertex]!)) {
      return noPairing(
        `No pairing of round ${state.playedRounds + 1} satisfies the absolute criteria: the player left over for the bye, ` +
          `${sorted[byeVertex]!.id + 1}, has already had a bye or a point without playing, and no other player can take it.`,
      );
    }

    if (odd) {
      this.byeScore = score(sorted[byeVertex]!);
      if (this.byeScore >= topScore) {
        this.single = true;
        for (let pi = 0; pi < n && score(sorted[pi]!) >= topScore; pi++) {
          if (score(sorted[stable[pi]!]!) < topScore) {
            this.single = false;
            break;
          }
        }
      }
      // C9, fewest unplayed games for the bye assignee: pairing a player who has played fewer
      // games weighs more. The ranks are known before any weight uses them.
      const counts = sorted.filter((p) => score(p) === this.byeScore).map((p) => p.playedGames);
      counts.sort((a, b) => b - a);
      counts.forEach((c, rank) => ctx.playedGamesRank.set(c, rank));
      for (let pi = 0; pi < n; pi++) {
        for (let oi = 0; oi < pi; oi++) {
          if (edgeWeight(ctx, sorted[oi]!, sorted[pi]!, false, false, this.byeScore, this.single, row, 0)) mc.set(pi, oi, row, 0);
          else mc.clear(pi, oi);
        }
      }
    }
    return ok(true);
  }

  /** Phase 2: the brackets from the top score group down; the partner of every paired player. */
  pairBrackets(): Map<number, PlayerState> {
    const { sorted, n, score, topScore } = this;
    while (this.next < n && score(sorted[this.next]!) >= topScore) {
      this.bracket.push(sorted[this.next]!);
      this.vertex.push(this.next);
      this.next++;
    }
    while (this.bracket.length > 1 || this.next < n) {
      this.openBracket();
      this.pairMovedDown();
      this.pickMovedDownOpponents();
      const remainder = this.settleRemainder();
      this.pairS1(remainder);
      this.carryDown();
    }
    return this.partnerOf;
  }

  private inBracket(v: number): boolean {
    return v >= this.residentsVertex && v < this.nextGroupVertex;
  }

  /** Adds the next score group and sets the bracket's base weights. */
  private openBracket(): void {
    const { sorted, n, score, ctx, mc } = this;
    this.nextGroup = this.bracket.length;
    this.nextGroupVertex = this.residentsVertex + (this.nextGroup - this.movedDown);
    this.groupStart = this.next;
    while (this.next < n && score(sorted[this.next]!) >= score(sorted[this.groupStart]!)) {
      this.bracket.push(sorted[this.next]!);
      this.vertex.push(this.next);
      this.next++;
    }
    const { bracket, movedDown, nextGroup } = this;
    const base = new BaseWeights(bracket.length, ctx.limbs);
    this.base = base;
    for (let larger = movedDown; larger < bracket.length; larger++) {
      for (let smaller = 0; smaller < larger; smaller++) {
        const index = base.index(larger, smaller);
        const present = edgeWeight(
          ctx,
          bracket[smaller]!,
          bracket[larger]!,
          larger < nextGroup,
          larger >= nextGroup,
          this.byeScore,
          this.single,
          base.rows,
          index * base.limbs,
        );
        base.present[index] = present ? 1 : 0;
      }
    }
    for (let larger = movedDown; larger < bracket.length; larger++) {
      for (let smaller = 0; smaller < larger; smaller++) this.setBase(larger, smaller);
    }
    this.stable = mc.solve();
  }

  /**
   * The edge between bracket players `from` and `to` gets their base weight plus `addend`, or
   * none when the pair has no base weight. The matcher re-solves around `from`.
   */
  private setBase(from: number, to: number, addend = 0): void {
    const { base, mc, vertex } = this;
    const larger = Math.max(from, to);
    const smaller = Math.min(from, to);
    if (base.has(larger, smaller)) mc.set(vertex[from]!, vertex[to]!, base.rows, base.index(larger, smaller) * base.limbs, addend);
    else mc.clear(vertex[from]!, vertex[to]!);
  }

  /** What the remainder's exchange preferences (fewest exchanges, lowest indices) add to a base weight. */
  private exchangeAddend(smallerRemainderIndex: number, remainderPairs: number): number {
    const fewest = smallerRemainderIndex < remainderPairs ? 2 ** (2 * this.ctx.groupBits) : 0;
    return (fewest - smallerRemainderIndex) * 2;
  }

  /** Phase 2a: which moved-down players are paired in this bracket (as many as possible, highest first). */
  private pairMovedDown(): void {
    const { bracket, vertex, base, matched, mc, score, movedDown, nextGroup } = this;
    const residents = nextGroup - movedDown;
    let movedDownScore = 0;
    let remaining = 0;
    let remainingMatched = 0;
    for (let pi = 0; pi < movedDown; pi++) {
      if (pi === 0 || score(bracket[pi]!) < movedDownScore) {
        movedDownScore = score(bracket[pi]!);
        remaining = 0;
        remainingMatched = 0;
        for (let j = pi; j < bracket.length && score(bracket[j]!) >= movedDownScore; j++) {
          remaining++;
          if (this.inBracket(this.stable[vertex[j]!]!)) remainingMatched++;
        }
      }
      if (remainingMatched === 0) continue;
      const pv = vertex[pi]!;
      if (remaining <= remainingMatched) {
        matched[pv] = true;
        continue;
      }
      remaining--;
      // The base weights' lowest fields are free: adding sets them.
      if (!this.inBracket(this.stable[pv]!)) {
        for (let oi = movedDown; oi < nextGroup; oi++) if (base.has(oi, pi)) this.setBase(pi, oi, 1);
        this.stable = mc.solve();
      }
      if (this.inBracket(this.stable[pv]!)) {
        matched[pv] = true;
        remainingMatched--;
        for (let oi = movedDown; oi < nextGroup; oi++) if (base.has(oi, pi)) this.setBase(pi, oi, residents + 1);
      }
    }
  }

  /** Phase 2a, continued: the highest resident each paired moved-down player can get, in order. */
  private pickMovedDownOpponents(): void {
    const { bracket, vertex, base, matched, mc, movedDown, nextGroup } = this;
    for (let pi = 0; pi < movedDown; pi++) {
      const pv = vertex[pi]!;
      if (!matched[pv]) continue;
      let addend = bracket.length;
      for (let oi = nextGroup - 1; oi >= movedDown; oi--) {
        if (matched[vertex[oi]!] || !base.has(oi, pi)) continue;
        this.setBase(pi, oi, addend);
        addend++;
      }
      this.stable = mc.solve();
      const mv = this.stable[pv]!;
      matched[mv] = true;
      mc.lock(pv, mv, this.top);
    }
  }

  /** Is bracket player pi (vertex pv) in S1: matched, in the optimum, to a later player of the bracket? */
  private inS1(pv: number): boolean {
    return this.stable[pv]! > pv && this.stable[pv]! < this.nextGroupVertex;
  }

  /**
   * Phase 2b: the remainder (residents not paired with a moved-down player), and how many and
   * which of its players are exchanged between S1 and S2. Returns the remainder's bracket indices.
   */
  private settleRemainder(): number[] {
    const { vertex, mc, movedDown, nextGroup, residentsVertex, nextGroupVertex } = this;
    const remainder: number[] = [];
    let remainderPairs = 0;
    for (let pi = movedDown; pi < nextGroup; pi++) {
      const pv = vertex[pi]!;
      if (this.stable[pv]! < residentsVertex) continue;
      remainder.push(pi);
      if (this.stable[pv]! < pv) remainderPairs++;
    }
    const firstGroupEnd = remainder[remainderPairs] ?? Infinity;
    for (let c = 0; c < remainder.length; c++) {
      const oi = remainder[c]!;
      for (let a = 0; a < c; a++) this.setBase(remainder[a]!, oi, this.exchangeAddend(a, remainderPairs));
    }
    this.stable = mc.solve();
    let exchanges = 0;
    for (const pi of remainder) {
      if (pi >= firstGroupEnd) break;
      const pv = vertex[pi]!;
      if (this.stable[pv]! <= pv || this.stable[pv]! >= nextGroupVertex) exchanges++;
    }
    this.exchangeInS1(remainder, remainderPairs, exchanges);
    this.exchangeInS2(remainder, remainderPairs, exchanges);
    return remainder;
  }

  /** Exchange the lowest S1 players possible. */
  private exchangeInS1(remainder: readonly number[], remainderPairs: number, exchanges: number): void {
    const { vertex, base, mc } = this;
    let exchangesLeft = exchanges;
    let remainderIndex = remainderPairs;
    for (let pos = remainderPairs; pos > 0 && exchangesLeft > 0; ) {
      const firstOpponent = pos;
      remainderIndex--;
      pos--;
      const pi = remainder[pos]!;
      const pv = vertex[pi]!;
      const addend = this.exchangeAddend(remainderIndex, remainderPairs);
      if (this.inS1(pv)) {
        for (let c = firstOpponent; c < remainder.length; c++) if (base.has(remainder[c]!, pi)) this.setBase(pi, remainder[c]!, addend - 1);
        this.stable = mc.solve();
      }
      const exchange = !this.inS1(pv);
      if (exchange) exchangesLeft--;
      for (let c = pos + 1; c < remainder.length; c++) {
        if (exchange) base.remove(remainder[c]!, pi);
        this.setBase(pi, remainder[c]!, addend);
      }
    }
  }

  /** Exchange the highest S2 players possible. */
  private exchangeInS2(remainder: readonly number[], remainderPairs: number, exchanges: number): void {
    const { vertex, base, mc, nextGroup, bracket } = this;
    let exchangesLeft = exchanges;
    let remainderIndex = remainderPairs;
    for (let pos = remainderPairs; pos < remainder.length && exchangesLeft > 1; pos++) {
      const pi = remainder[pos]!;
      const pv = vertex[pi]!;
      const already = this.inS1(pv);
      const addend = this.exchangeAddend(remainderIndex, remainderPairs);
      if (!already) {
        for (let c = pos + 1; c < remainder.length; c++) if (base.has(remainder[c]!, pi)) this.setBase(pi, remainder[c]!, addend + 1);
        this.stable = mc.solve();
      }
      if (this.inS1(pv)) {
        exchangesLeft--;
        for (let c = 0; c < pos; c++) {
          base.remove(pi, remainder[c]!);
          mc.clear(pv, vertex[remainder[c]!]!);
        }
        for (let oi = nextGroup; oi < bracket.length; oi++) {
          base.remove(oi, pi);
          mc.clear(pv, vertex[oi]!);
        }
      }
      if (!already) {
        for (let c = pos + 1; c < remainder.length; c++) this.setBase(pi, remainder[c]!, addend);
      }
      remainderIndex++;
    }
  }

  /** Phase 2c: S1 and S2 fixed; each S1 player, in order, takes the highest S2 player that keeps the best pairing. */
  private pairS1(remainder: readonly number[]): void {
    const { vertex, base, mc, matched } = this;
    // Only S1-to-S2 edges stay in the remainder.
    for (let a = 0; a < remainder.length; a++) {
      const pi = remainder[a]!;
      const pv = vertex[pi]!;
      for (let c = a + 1; c < remainder.length; c++) {
        const oi = remainder[c]!;
        if (!this.inS1(pv) || this.inS1(vertex[oi]!)) base.remove(oi, pi);
        this.setBase(pi, oi);
      }
    }
    for (const pi of remainder) {
      const pv = vertex[pi]!;
      if (!this.inS1(pv)) continue;
      let addend = 0;
      for (let c = remainder.length - 1; c >= 0; c--) {
        const oi = remainder[c]!;
        if (oi <= pi || matched[vertex[oi]!]) continue;
        if (base.has(oi, pi)) this.setBase(pi, oi, addend);
        addend++;
      }
      this.stable = mc.solve();
      const mv = this.stable[pv]!;
      matched[pv] = true;
      matched[mv] = true;
      mc.lock(pv, mv, this.top);
    }
  }

  /** Phase 2d: record the bracket's pairs; the unpaired players become the next bracket's moved-down players. */
  private carryDown(): void {
    const { sorted, n, score, bracket, vertex, matched, nextGroup, groupStart } = this;
    const nextBracket: PlayerState[] = [];
    const nextVertex: number[] = [];
    this.movedDown = 0;
    // C9 applies to the next bracket when the bye assignee's score reaches that bracket's
    // residents and no carried player is matched lower in the current optimum.
    const residentScore = groupStart < n ? score(sorted[groupStart]!) : -1;
    this.single = this.odd && groupStart < n && this.byeScore >= residentScore;
    for (let pi = 0; pi < bracket.length; pi++) {
      const pv = vertex[pi]!;
      if (pi < nextGroup && matched[pv]) {
        const a = bracket[pi]!;
        const q = sorted[this.stable[pv]!]!;
        this.partnerOf.set(a.id, q);
        this.partnerOf.set(q.id, a);
      } else {
        nextBracket.push(bracket[pi]!);
        nextVertex.push(pv);
        if (pi < nextGroup) this.movedDown++;
        if (score(sorted[this.stable[pv]!]!) < residentScore) this.single = false;
      }
    }
    this.bracket = nextBracket;
    this.vertex = nextVertex;
    this.residentsVertex = this.nextGroupVertex;
  }
}
