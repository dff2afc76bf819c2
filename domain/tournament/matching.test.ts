import { describe, expect, it } from 'vitest';
import { bruteForceMatchingWeight } from './brute-force-matching';
import { matchingWeight, maxWeightMatching, type WeightedEdge } from './matching';
import { seededRandom } from '../strength';

const e = (u: number, v: number, weight: number | bigint): WeightedEdge => ({ u, v, weight: BigInt(weight) });

/** Best total weight by trying every matching (small graphs only). */
function bruteForce(n: number, edges: WeightedEdge[]): bigint {
  const w = new Map<string, bigint>();
  for (const x of edges) w.set(`${Math.min(x.u, x.v)}-${Math.max(x.u, x.v)}`, x.weight);
  return bruteForceMatchingWeight(n, (a, b) => w.get(`${a}-${b}`) ?? 0n);
}

describe('maxWeightMatching', () => {
  // Cases from mwmatching.py's self-test (van Rantwijk), which exercise blossoms and their expansion.
  it.each([
    { name: 'empty graph', n: 0, edges: [], mate: [] },
    { name: 'single edge', n: 2, edges: [e(0, 1, 1)], mate: [1, 0] },
    { name: 'two edges, heavier wins', n: 4, edges: [e(1, 2, 10), e(2, 3, 11)], mate: [-1, -1, 3, 2] },
    { name: 'path of three', n: 4, edges: [e(1, 2, 5), e(2, 3, 11), e(3, 0, 5)], mate: [-1, -1, 3, 2] },
    { name: 'create S-blossom and use it for augmentation', n: 5, edges: [e(1, 2, 8), e(1, 3, 9), e(2, 3, 10), e(3, 4, 7)], mate: [-1, 2, 1, 4, 3] },
    {
      name: 'create S-blossom, relabel as T-blossom, use for augmentation',
      n: 7,
      edges: [e(1, 2, 9), e(1, 3, 8), e(2, 3, 10), e(1, 4, 5), e(4, 5, 4), e(1, 6, 3)],
      mate: [-1, 6, 3, 2, 5, 4, 1],
    },
    {
      name: 'create nested S-blossom, use for augmentation',
      n: 7,
      edges: [e(1, 2, 9), e(1, 3, 9), e(2, 3, 10), e(2, 4, 8), e(3, 5, 8), e(4, 5, 10), e(5, 6, 6)],
      mate: [-1, 3, 4, 1, 2, 6, 5],
    },
    {
      name: 'create S-blossom, relabel as S, include in nested S-blossom',
      n: 9,
      edges: [e(1, 2, 10), e(1, 7, 10), e(2, 3, 12), e(3, 4, 20), e(3, 5, 20), e(4, 5, 25), e(5, 6, 10), e(6, 7, 10), e(7, 8, 8)],
      mate: [-1, 2, 1, 4, 3, 6, 5, 8, 7],
    },
    {
      name: 'create nested S-blossom, augment, expand recursively',
      n: 9,
      edges: [e(1, 2, 8), e(1, 3, 8), e(2, 3, 10), e(2, 4, 12), e(3, 5, 12), e(4, 5, 14), e(4, 6, 12), e(5, 7, 12), e(6, 7, 14), e(7, 8, 12)],
      mate: [-1, 2, 1, 5, 6, 3, 4, 8, 7],
    },
    {
      name: 'create S-blossom, relabel as T, expand',
      n: 9,
      edges: [e(1, 2, 23), e(1, 5, 22), e(1, 6, 15), e(2, 3, 25), e(3, 4, 22), e(4, 5, 25), e(4, 8, 14), e(5, 7, 13)],
      mate: [-1, 6, 3, 2, 8, 7, 1, 5, 4],
    },
    {
      name: 'create nested S-blossom, relabel as T, expand',
      n: 9,
      edges: [e(1, 2, 19), e(1, 3, 20), e(1, 8, 8), e(2, 3, 25), e(2, 4, 18), e(3, 5, 18), e(4, 5, 13), e(4, 7, 7), e(5, 6, 7)],
      mate: [-1, 8, 3, 2, 7, 6, 5, 4, 1],
    },
    {
      name: 'nasty: blossom expanded while T-labelled with the T-edge to a child other than the base',
      n: 11,
      edges: [e(1, 2, 45), e(1, 5, 45), e(2, 3, 50), e(3, 4, 45), e(4, 5, 50), e(1, 6, 30), e(3, 9, 35), e(4, 8, 35), e(5, 7, 26), e(9, 10, 5)],
      mate: [-1, 6, 3, 2, 8, 7, 1, 5, 4, 10, 9],
    },
    {
      name: 'nasty: blossom with a least-slack edge to an S-vertex ending at a sub-blossom',
      n: 11,
      edges: [e(1, 2, 45), e(1, 5, 45), e(2, 3, 50), e(3, 4, 45), e(4, 5, 50), e(1, 6, 30), e(3, 9, 35), e(4, 8, 26), e(5, 7, 40), e(9, 10, 5)],
      mate: [-1, 6, 3, 2, 8, 7, 1, 5, 4, 10, 9],
    },
    {
      name: 'nested blossom expansion with an S-vertex getting a new least-slack edge',
      n: 11,
      edges: [e(1, 2, 45), e(1, 5, 45), e(2, 3, 50), e(3, 4, 45), e(4, 5, 50), e(1, 6, 30), e(3, 9, 35), e(4, 8, 28), e(5, 7, 26), e(9, 10, 5)],
      mate: [-1, 6, 3, 2, 8, 7, 1, 5, 4, 10, 9],
    },
    {
      name: 'nested T-blossom expanded into blossoms relabelled in the right order',
      n: 13,
      edges: [e(1, 2, 40), e(1, 3, 40), e(2, 3, 60), e(2, 4, 55), e(3, 5, 55), e(4, 5, 50), e(1, 8, 15), e(5, 7, 30), e(7, 6, 10), e(8, 10, 10), e(4, 9, 30)],
      mate: [-1, 2, 1, 5, 9, 3, 7, 6, 10, 4, 8, -1, -1],
    },
  ])('$name', ({ n, edges, mate }) => {
    expect(maxWeightMatching(n, edges)).toEqual(mate);
  });

  it('handles weights far beyond 2^53 (criteria packed as bit fields)', () => {
    const big = 1n << 200n;
    const mate = maxWeightMatching(4, [e(0, 1, big + 1n), e(2, 3, big + 1n), e(1, 2, 2n * big + 1n)]);
    expect(mate).toEqual([1, 0, 3, 2]);
    expect(maxWeightMatching(4, [e(0, 1, big - 1n), e(2, 3, big - 1n), e(1, 2, 2n * big + 1n)])).toEqual([-1, 2, 1, -1]);
  });

  it('matches a brute-force optimum on 300 seeded random graphs', () => {
    const random = seededRandom(2026);
    for (let round = 0; round < 300; round++) {
      const n = 2 + Math.floor(random() * 9);
      const edges: WeightedEdge[] = [];
      for (let u = 0; u < n; u++) {
        for (let v = u + 1; v < n; v++) {
          if (random() < 0.6) edges.push(e(u, v, 1 + Math.floor(random() * 20)));
        }
      }
      const mate = maxWeightMatching(n, edges);
      for (let v = 0; v < n; v++) if (mate[v] !== -1) expect(mate[mate[v]!]).toBe(v);
      const w = new Map(edges.map((x) => [`${x.u}-${x.v}`, x.weight]));
      const got = matchingWeight(mate, (a, b) => w.get(`${Math.min(a, b)}-${Math.max(a, b)}`)!);
      expect(got).toBe(bruteForce(n, edges));
    }
  });

  it('with maxCardinality prefers more pairs over more weight', () => {
    const edges = [e(0, 1, 1), e(1, 2, 10), e(2, 3, 1)];
    expect(maxWeightMatching(4, edges)).toEqual([-1, 2, 1, -1]);
    expect(maxWeightMatching(4, edges, true)).toEqual([1, 0, 3, 2]);
  });
});
