/**
 * Test oracle: the weight of a maximum-weight matching found by trying every matching (dynamic
 * programming over the subsets of vertices, so up to about 16 vertices). Used by the matching
 * tests only; the engine never imports it.
 */
export function bruteForceMatchingWeight(n: number, weightOf: (u: number, v: number) => bigint): bigint {
  if (n > 20) throw new Error('bruteForceMatchingWeight is for small graphs');
  const best = new Array<bigint>(1 << n).fill(0n);
  for (let mask = 1; mask < 1 << n; mask++) {
    const i = 31 - Math.clz32(mask & -mask); // the lowest vertex left
    const rest = mask & ~(1 << i);
    let b = best[rest]!; // i stays unmatched
    for (let j = i + 1; j < n; j++) {
      if (!(rest & (1 << j))) continue;
      const w = weightOf(i, j);
      if (w <= 0n) continue;
      const t = w + best[rest & ~(1 << j)]!;
      if (t > b) b = t;
    }
    best[mask] = b;
  }
  return best[(1 << n) - 1]!;
}
