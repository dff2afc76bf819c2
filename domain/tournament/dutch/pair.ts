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
import { IncrementalMatching } from '../incremental-matching';
import type { Colour, Pair, PairingError, RoundPairing, Tournament } from '../model';
import { chooseColour } from './colours';
import { prepare, ranksAbove, type DutchState, type PlayerState, type StateOptions } from './state';
import { compatible, edgeWeight, makeContext, maxEdgeWeight } from './weights';

/** The weights of all pairs, kept between matchings, and the matching re-solved after each change. */
class WeightMatrix {
  private readonly matching: IncrementalMatching;
  constructor(readonly n: number) {
    this.matching = new IncrementalMatching(n);
  }
  set(a: number, b: number, weight: bigint): void {
    this.matching.setWeight(a, b, weight);
  }
  /** mate[v], with v itself for an unmatched vertex. */
  solve(): number[] {
    return this.matching.solve();
  }
  /** Lock a pair: its edge gets the top weight, every other edge at either end goes. */
  lock(a: number, b: number, top: bigint): void {
    for (let u = 0; u < this.n; u++) {
      if (u !== a) this.set(a, u, u === b ? top : 0n);
      if (u !== b) this.set(b, u, u === a ? top : 0n);
    }
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
  const n = sorted.length;
  const ctx = makeContext(state, sorted);
  const score = ctx.score;
  const top = maxEdgeWeight(ctx);
  const gb = BigInt(ctx.groupBits);
  const gs = BigInt(ctx.groupsShift);
  const mc = new WeightMatrix(n);
  const topScore = score(sorted[0]!);
  const odd = n % 2 === 1;

  // First: can everyone (all but one) be paired at all, and who can take the bye?
  for (let pi = 0; pi < n; pi++) {
    const player = sorted[pi]!;
    for (let oi = 0; oi < pi; oi++) {
      const opponent = sorted[oi]!;
      let w = 0n;
      if (odd) {
        if (compatible(state, player, opponent)) {
          w = 1n + (ctx.byeEligible(player) ? 0n : 1n) + (ctx.byeEligible(opponent) ? 0n : 1n);
          w <<= gs;
          w |= BigInt(ctx.groupShift.get(score(player))! + ctx.groupShift.get(score(opponent))!);
          w <<= gb;
          w |= score(player) >= topScore ? 1n : 0n;
        }
      } else {
        w = edgeWeight(ctx, opponent, player, false, false, 0, false);
      }
      mc.set(pi, oi, w);
    }
  }
  let stable = mc.solve();
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

  let byeScore = 0;
  let single = false;
  if (odd) {
    byeScore = score(sorted[byeVertex]!);
    for (let pi = 0; pi < n; pi++) {
      for (let oi = 0; oi < pi; oi++) mc.set(pi, oi, edgeWeight(ctx, sorted[oi]!, sorted[pi]!, false, false, byeScore, false));
    }
    if (byeScore >= topScore) {
      single = true;
      for (let pi = 0; pi < n && score(sorted[pi]!) >= topScore; pi++) {
        if (score(sorted[stable[pi]!]!) < topScore) {
          single = false;
          break;
        }
      }
    }
    const counts = sorted.filter((p) => score(p) === byeScore).map((p) => p.playedGames);
    counts.sort((a, b) => b - a);
    // C9, fewest unplayed games for the bye assignee: pairing a player who has played fewer games weighs more.
    counts.forEach((c, rank) => ctx.playedGamesRank.set(c, rank));
  }

  const partnerOf = new Map<number, PlayerState>();
  let bracket: PlayerState[] = []; // moved-down players, then residents, then the next score group
  let vertex: number[] = [];
  let next = 0;
  while (next < n && score(sorted[next]!) >= topScore) {
    bracket.push(sorted[next]!);
    vertex.push(next);
    next++;
  }
  const matched = new Array<boolean>(n).fill(false);
  let movedDown = 0;
  let residentsVertex = 0;

  while (bracket.length > 1 || next < n) {
    const nextGroup = bracket.length;
    const nextGroupVertex = residentsVertex + (nextGroup - movedDown);
    const groupStart = next;
    while (next < n && score(sorted[next]!) >= score(sorted[groupStart]!)) {
      bracket.push(sorted[next]!);
      vertex.push(next);
      next++;
    }
    const inBracket = (v: number) => v >= residentsVertex && v < nextGroupVertex;

    // base[larger][smaller] for every pair touching the residents or the next group.
    const base: bigint[][] = bracket.map(() => []);
    for (let larger = movedDown; larger < bracket.length; larger++) {
      for (let smaller = 0; smaller < larger; smaller++) {
        base[larger]![smaller] = edgeWeight(ctx, bracket[smaller]!, bracket[larger]!, larger < nextGroup, larger >= nextGroup, byeScore, single);
      }
    }
    for (let larger = movedDown; larger < bracket.length; larger++) {
      for (let smaller = 0; smaller < larger; smaller++) mc.set(vertex[larger]!, vertex[smaller]!, base[larger]![smaller]!);
    }
    const weightWithExchanges = (smaller: number, larger: number, smallerRemainderIndex: number, remainderPairs: number): bigint => {
      let w = base[larger]![smaller]!;
      if (w !== 0n) {
        let addend = smallerRemainderIndex < remainderPairs ? 1n : 0n;
        addend <<= gb;
        addend <<= gb;
        addend -= BigInt(smallerRemainderIndex);
        addend <<= 1n;
        w += addend;
      }
      return w;
    };

    stable = mc.solve();

    // Which moved-down players are paired in this bracket (as many as possible, highest first).
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
          if (inBracket(stable[vertex[j]!]!)) remainingMatched++;
        }
      }
      if (remainingMatched === 0) continue;
      const pv = vertex[pi]!;
      if (remaining <= remainingMatched) {
        matched[pv] = true;
        continue;
      }
      remaining--;
      if (!inBracket(stable[pv]!)) {
        for (let oi = movedDown; oi < nextGroup; oi++) {
          const w = base[oi]![pi]!;
          if (w !== 0n) mc.set(pv, vertex[oi]!, w | 1n);
        }
        stable = mc.solve();
      }
      if (inBracket(stable[pv]!)) {
        matched[pv] = true;
        remainingMatched--;
        for (let oi = movedDown; oi < nextGroup; oi++) {
          const w = base[oi]![pi]!;
          if (w !== 0n) mc.set(pv, vertex[oi]!, (w | BigInt(nextGroup - movedDown)) + 1n);
        }
      }
    }

    // Their opponents: the highest resident each can get, in order.
    for (let pi = 0; pi < movedDown; pi++) {
      const pv = vertex[pi]!;
      if (!matched[pv]) continue;
      let addend = BigInt(bracket.length);
      for (let oi = nextGroup - 1; oi >= movedDown; oi--) {
        const ov = vertex[oi]!;
        if (matched[ov]) continue;
        const w = base[oi]![pi]!;
        if (w !== 0n) {
          mc.set(pv, ov, w + addend);
          addend++;
        }
      }
      stable = mc.solve();
      const mv = stable[pv]!;
      matched[mv] = true;
      mc.lock(pv, mv, top);
    }

    // The remainder: residents not paired with a moved-down player.
    const remainder: number[] = [];
    let remainderPairs = 0;
    for (let pi = movedDown; pi < nextGroup; pi++) {
      const pv = vertex[pi]!;
      if (stable[pv]! < residentsVertex) continue;
      remainder.push(pi);
      if (stable[pv]! < pv) remainderPairs++;
    }
    const firstGroupEnd = remainder[remainderPairs] ?? Infinity;
    for (let c = 0; c < remainder.length; c++) {
      const oi = remainder[c]!;
      for (let a = 0; a < c; a++) mc.set(vertex[remainder[a]!]!, vertex[oi]!, weightWithExchanges(remainder[a]!, oi, a, remainderPairs));
    }
    stable = mc.solve();
    let exchanges = 0;
    for (const pi of remainder) {
      if (pi >= firstGroupEnd) break;
      const pv = vertex[pi]!;
      if (stable[pv]! <= pv || stable[pv]! >= nextGroupVertex) exchanges++;
    }

    // Exchange the lowest S1 players possible.
    let exchangesLeft = exchanges;
    let remainderIndex = remainderPairs;
    for (let pos = remainderPairs; pos > 0 && exchangesLeft > 0; ) {
      const firstOpponent = pos;
      remainderIndex--;
      pos--;
      const pi = remainder[pos]!;
      const pv = vertex[pi]!;
      if (stable[pv]! > pv && stable[pv]! < nextGroupVertex) {
        for (let c = firstOpponent; c < remainder.length; c++) {
          const w = weightWithExchanges(pi, remainder[c]!, remainderIndex, remainderPairs);
          if (w !== 0n) mc.set(pv, vertex[remainder[c]!]!, w - 1n);
        }
        stable = mc.solve();
      }
      const exchange = stable[pv]! <= pv || stable[pv]! >= nextGroupVertex;
      if (exchange) exchangesLeft--;
      for (let c = pos + 1; c < remainder.length; c++) {
        if (exchange) base[remainder[c]!]![pi] = 0n;
        mc.set(pv, vertex[remainder[c]!]!, weightWithExchanges(pi, remainder[c]!, remainderIndex, remainderPairs));
      }
    }

    // Exchange the highest S2 players possible.
    exchangesLeft = exchanges;
    remainderIndex = remainderPairs;
    for (let pos = remainderPairs; pos < remainder.length && exchangesLeft > 1; pos++) {
      const pi = remainder[pos]!;
      const pv = vertex[pi]!;
      const already = stable[pv]! > pv && stable[pv]! < nextGroupVertex;
      if (!already) {
        for (let c = pos + 1; c < remainder.length; c++) {
          const w = weightWithExchanges(pi, remainder[c]!, remainderIndex, remainderPairs);
          if (w !== 0n) mc.set(pv, vertex[remainder[c]!]!, w + 1n);
        }
        stable = mc.solve();
      }
      if (stable[pv]! > pv && stable[pv]! < nextGroupVertex) {
        exchangesLeft--;
        for (let c = 0; c < pos; c++) {
          base[pi]![remainder[c]!] = 0n;
          mc.set(pv, vertex[remainder[c]!]!, 0n);
        }
        for (let oi = nextGroup; oi < bracket.length; oi++) {
          base[oi]![pi] = 0n;
          mc.set(pv, vertex[oi]!, 0n);
        }
      }
      if (!already) {
        for (let c = pos + 1; c < remainder.length; c++) {
          mc.set(pv, vertex[remainder[c]!]!, weightWithExchanges(pi, remainder[c]!, remainderIndex, remainderPairs));
        }
      }
      remainderIndex++;
    }

    // Fix S1 and S2: only S1-to-S2 edges stay in the remainder.
    for (let a = 0; a < remainder.length; a++) {
      const pi = remainder[a]!;
      const pv = vertex[pi]!;
      for (let c = a + 1; c < remainder.length; c++) {
        const oi = remainder[c]!;
        const ov = vertex[oi]!;
        if (stable[pv]! <= pv || stable[pv]! >= nextGroupVertex || (stable[ov]! > ov && stable[ov]! < nextGroupVertex)) base[oi]![pi] = 0n;
        mc.set(pv, ov, base[oi]![pi]!);
      }
    }

    // Each S1 player, in order, takes the highest S2 player that still allows the best pairing.
    for (const pi of remainder) {
      const pv = vertex[pi]!;
      if (!(stable[pv]! > pv && stable[pv]! < nextGroupVertex)) continue;
      let addend = 0n;
      for (let c = remainder.length - 1; c >= 0; c--) {
        const oi = remainder[c]!;
        const ov = vertex[oi]!;
        if (oi <= pi || matched[ov]) continue;
        const w = base[oi]![pi]!;
        if (w !== 0n) mc.set(pv, ov, w + addend);
        addend++;
      }
      stable = mc.solve();
      const mv = stable[pv]!;
      matched[pv] = true;
      matched[mv] = true;
      mc.lock(pv, mv, top);
    }

    // Carry the unpaired players down as the next bracket's moved-down players.
    const nextBracket: PlayerState[] = [];
    const nextVertex: number[] = [];
    movedDown = 0;
    single = odd && groupStart < n && byeScore === score(sorted[groupStart]!);
    for (let pi = 0; pi < bracket.length; pi++) {
      const pv = vertex[pi]!;
      if (pi < nextGroup && matched[pv]) {
        const a = bracket[pi]!;
        const q = sorted[stable[pv]!]!;
        partnerOf.set(a.id, q);
        partnerOf.set(q.id, a);
      } else {
        nextBracket.push(bracket[pi]!);
        nextVertex.push(pv);
        if (pi < nextGroup) movedDown++;
        if (score(sorted[stable[pv]!]!) < byeScore) single = false;
      }
    }
    bracket = nextBracket;
    vertex = nextVertex;
    residentsVertex = nextGroupVertex;
  }
  return ok(partnerOf);
}

