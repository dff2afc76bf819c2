import { describe, expect, it } from 'vitest';
import { seededRandom } from '../strength';
import { bruteForceMatchingWeight } from './brute-force-matching';
import { IncrementalMatching } from './incremental-matching';
import { LIMB_BITS, addAt, bigintOf, limbsFor, normalise, rowOf } from './wide';
import { WideMatching } from './wide-matching';

describe('wide rows', () => {
  it('add fields at any bit and carry like bigint sums', () => {
    const random = seededRandom(7);
    for (let trial = 0; trial < 200; trial++) {
      const limbs = 1 + Math.floor(random() * 6);
      const row = new Float64Array(limbs);
      let expected = 0n;
      for (let add = 0; add < 30; add++) {
        const value = Math.floor(random() * 2 ** (1 + Math.floor(random() * 47)));
        const bit = Math.floor(random() * (limbs * LIMB_BITS - 48));
        addAt(row, 0, limbs, value, bit);
        expected += BigInt(value) << BigInt(bit);
      }
      normalise(row, 0, limbs);
      expect(bigintOf(row)).toBe(expected);
    }
  });
});

describe('WideMatching', () => {
  it.each([
    { name: 'small weights, dense', seed: 1, n: 8, max: 10, density: 0.9, shift: 0n },
    { name: 'small weights, sparse (odd cycles and blossoms)', seed: 2, n: 11, max: 6, density: 0.4, shift: 0n },
    { name: 'huge weights (bit fields far beyond 2^53)', seed: 3, n: 10, max: 1000, density: 0.7, shift: 300n },
    { name: 'many ties', seed: 4, n: 12, max: 2, density: 0.6, shift: 0n },
    { name: 'many ties, huge weights', seed: 5, n: 14, max: 3, density: 0.8, shift: 200n },
  ])('solves as IncrementalMatching does, step for step, and optimally: $name', { timeout: 30_000 }, ({ seed, n, max, density, shift }) => {
    const random = seededRandom(seed);
    const limbs = limbsFor(Math.ceil(Math.log2(max + 1)) + Number(shift) + 2 + 4);
    const wide = new WideMatching(n, limbs);
    const reference = new IncrementalMatching(n);
    const weight = () => (random() < density ? (BigInt(1 + Math.floor(random() * max)) << shift) + BigInt(Math.floor(random() * 4)) : 0n);
    const set = (u: number, v: number, w: bigint) => {
      // Half the changes come with a small addend, as the Dutch engine adds its tie-breaks.
      const addend = w > 4n && random() < 0.5 ? Math.floor(random() * 9) - 4 : 0;
      wide.setWeight(u, v, rowOf(w - BigInt(addend), limbs), 0, addend);
      reference.setWeight(u, v, w);
    };
    const check = () => {
      const mate = wide.solve();
      expect(mate).toEqual(reference.solve());
      let total = 0n;
      for (let v = 0; v < n; v++) if (mate[v]! > v) total += reference.getWeight(v, mate[v]!);
      expect(total).toBe(bruteForceMatchingWeight(n, (a, b) => reference.getWeight(a, b)));
    };
    for (let u = 0; u < n; u++) for (let v = u + 1; v < n; v++) set(u, v, weight());
    check();
    for (let round = 0; round < 150; round++) {
      // Change the edges of one to three vertices, as the Dutch engine does between matchings.
      const changed = 1 + Math.floor(random() * 3);
      for (let c = 0; c < changed; c++) {
        const v = Math.floor(random() * n);
        for (let u = 0; u < n; u++) {
          if (u === v || random() >= 0.5) continue;
          const w = weight();
          if (w !== 0n) {
            set(v, u, w);
          } else {
            wide.clearWeight(v, u);
            reference.setWeight(v, u, 0n);
          }
        }
      }
      check();
    }
  });

  it('refuses a weight that leaves no room in its limbs', () => {
    const m = new WideMatching(2, 1);
    expect(() => m.setWeight(0, 1, rowOf(1n << 47n, 1), 0)).toThrow(RangeError);
  });
});
