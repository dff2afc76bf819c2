/**
 * Maximum-weight matching on a general graph given as a list of edges, for callers that solve
 * one matching from scratch. It runs the engine's one matcher, IncrementalMatching (Edmonds'
 * blossom algorithm with dual variables and bigint weights, so that a weight can hold many
 * criteria as bit fields in strict priority order). Pure: no side effects.
 */
import { IncrementalMatching } from './incremental-matching';

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
  const m = new IncrementalMatching(n);
  // With maxCardinality every edge gets a bonus larger than any difference of total weights, so
  // one more pair always outweighs any choice among the weights.
  const bonus = maxCardinality ? spread : 0n;
  for (const e of edges) {
    const w = e.weight + bonus;
    if (w > 0n && w > m.getWeight(e.u, e.v)) m.setWeight(e.u, e.v, w);
  }
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
