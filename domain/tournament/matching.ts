/**
 * Maximum-weight matching on a general graph given as a list of edges, for callers that solve
 * one matching from scratch. It runs the engine's one matcher, WideMatching (Edmonds' blossom
 * algorithm with dual variables and weights as wide integers, so that a weight can hold many
 * criteria as bit fields in strict priority order). Pure: no side effects.
 */
import { limbsFor, rowOf } from './wide';
import { WideMatching } from './wide-matching';

export interface WeightedEdge {
  readonly u: number;
  readonly v: number;
  readonly weight: bigint;
}

/**
 * Returns mate[v] (the partner of v, or -1). The matching maximises the total weight; when
 * maxCardinality is set, it maximises the weight among the matchings of maximum size (then
 * edges of weight 0 or less count too). Otherwise edges of weight 0 or less never help.
 */
export function maxWeightMatching(vertexCount: number, edges: readonly WeightedEdge[], maxCardinality = false): number[] {
  const n = vertexCount;
  let spread = 1n;
  for (const e of edges) {
    if (e.u === e.v || e.u < 0 || e.v < 0 || e.u >= n || e.v >= n) throw new Error(`bad edge ${e.u}-${e.v}`);
    spread += e.weight < 0n ? -e.weight : e.weight;
  }
  if (n === 0) return [];
  // With maxCardinality every edge gets a bonus larger than any difference of total weights, so
  // one more pair always outweighs any choice among the weights.
  const bonus = maxCardinality ? spread : 0n;
  const weights = new Map<number, bigint>();
  for (const e of edges) {
    const w = e.weight + bonus;
    const key = Math.min(e.u, e.v) * n + Math.max(e.u, e.v);
    if (w > 0n && w > (weights.get(key) ?? 0n)) weights.set(key, w);
  }
  let top = 0n;
  for (const w of weights.values()) if (w > top) top = w;
  // The matcher needs four bits of room above the largest weight (it stores 2w, duals reach twice it).
  const limbs = limbsFor(top.toString(2).length + 4);
  const m = new WideMatching(n, limbs);
  for (const [key, w] of weights) m.setWeight(Math.floor(key / n), key % n, rowOf(w, limbs), 0);
  return m.solve().map((mate, v) => (mate === v ? -1 : mate));
}

/** The total weight of a matching given as mate[] (for tests and checks). */
export function matchingWeight(mate: readonly number[], weightOf: (u: number, v: number) => bigint): bigint {
  let total = 0n;
  for (let v = 0; v < mate.length; v++) {
    const w = mate[v]!;
    if (w > v) total += weightOf(v, w);
  }
  return total;
}
