import { describe, expect, it } from 'vitest';
import { bruteForceMatchingWeight } from './brute-force-matching';
import { matchingWeight } from './matching';
import { IncrementalMatching } from './incremental-matching';
import { seededRandom } from '../strength';


/** The optimum by trying every matching, for comparison. */
function coldOptimum(m: IncrementalMatching): bigint {
  return bruteForceMatchingWeight(m.n, (a, b) => m.getWeight(a, b));
}

function check(m: IncrementalMatching): void {
  const mate = m.solve();
  for (let v = 0; v < m.n; v++) {
    expect(mate[mate[v]!]).toBe(v);
    if (mate[v] !== v) expect(m.getWeight(v, mate[v]!)).toBeGreaterThan(0n);
  }
  const total = matchingWeight(
    mate.map((x, v) => (x === v ? -1 : x)),
    (a, b) => m.getWeight(a, b),
  );
  expect(total).toBe(coldOptimum(m));
}

describe('IncrementalMatching', () => {
  it.each([
    { name: 'small weights, dense', seed: 1, n: 8, max: 10, density: 0.9 },
    { name: 'small weights, sparse (odd cycles and blossoms)', seed: 2, n: 11, max: 6, density: 0.4 },
    { name: 'huge weights (bit fields far beyond 2^53)', seed: 3, n: 10, max: 1000, density: 0.7, shift: 300n },
    { name: 'many ties', seed: 4, n: 12, max: 2, density: 0.6 },
  ])('stays optimal through 150 rounds of weight changes: $name', ({ seed, n, max, density, shift }) => {
    const random = seededRandom(seed);
    const m = new IncrementalMatching(n);
    const weight = () => (random() < density ? (BigInt(1 + Math.floor(random() * max)) << (shift ?? 0n)) + BigInt(Math.floor(random() * 4)) : 0n);
    for (let u = 0; u < n; u++) for (let v = u + 1; v < n; v++) m.setWeight(u, v, weight());
    check(m);
    for (let round = 0; round < 150; round++) {
      // Change the edges of one to three vertices, as the Dutch engine does between matchings.
      const changed = 1 + Math.floor(random() * 3);
      for (let c = 0; c < changed; c++) {
        const v = Math.floor(random() * n);
        for (let u = 0; u < n; u++) if (u !== v && random() < 0.5) m.setWeight(v, u, weight());
      }
      check(m);
    }
  });

  it('keeps a locked pair (top weight, no other edges) matched', () => {
    const m = new IncrementalMatching(4);
    m.setWeight(0, 1, 5n);
    m.setWeight(2, 3, 5n);
    m.setWeight(1, 2, 100n);
    expect(m.solve()).toEqual([0, 2, 1, 3]);
    for (const [a, b] of [[0, 2], [0, 3], [1, 2], [1, 3]] as const) m.setWeight(a, b, 0n);
    m.setWeight(0, 1, 1000n);
    expect(m.solve()).toEqual([1, 0, 3, 2]);
  });
});
