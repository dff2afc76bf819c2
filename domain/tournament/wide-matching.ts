/**
 * The engine's one maximum-weight matcher (the Dutch pairing and maxWeightMatching): the
 * algorithm of the test oracle IncrementalMatching, step for step (Edmonds' blossom algorithm
 * re-solved from the previous optimum after the weights at a few vertices change; see
 * incremental-matching.ts; the graph side, which both share, is in blossom-matching.ts), with
 * weights and duals as rows of 48-bit limbs (wide.ts) instead of bigints. Every decision is the
 * same exact comparison in the same order, so both matchers return the same matching, also among
 * equally heavy ones; only the arithmetic is cheaper: no allocation per operation, and a slack is
 * usually told apart from zero or from another slack by its first limbs.
 *
 * Weights are given as rows of the same width as the matcher's (`limbs`), which must leave four
 * bits of room above the largest weight: duals reach twice the largest weight, and the edges
 * store 2w. Weight 0 means no edge. Memory grows as n^2 · limbs.
 */
import { BlossomMatching, type EdgeDelta } from './blossom-matching';
import { LIMB, isZero } from './wide';

/** A carry out of the top limb: a value outgrew the rows (or went below zero), which the callers' room rules out. */
function checkFits(carry: number): void {
  if (carry !== 0) throw new RangeError('WideMatching: a weight or dual does not fit in its limbs');
}

export class WideMatching extends BlossomMatching {
  readonly limbs: number;
  /**
   * 2w of {a, b} at slot(a, b), stored twice (also at slot(b, a)): a scan of a's edges then
   * reads one contiguous stretch of memory instead of a column of a triangle.
   */
  private readonly weight2: Float64Array;
  /** The duals of vertices (0..n-1) and blossoms (n..2n-1), a row each. */
  private readonly dual: Float64Array;
  /** The current stage's dual change, and a row for an incoming weight. */
  private readonly delta: Float64Array;
  private readonly incoming: Float64Array;

  constructor(n: number, limbs: number) {
    super(n);
    this.limbs = limbs;
    this.weight2 = new Float64Array(n * n * limbs);
    this.dual = new Float64Array(2 * n * limbs);
    this.delta = new Float64Array(limbs);
    this.incoming = new Float64Array(limbs);
  }

  /** Where 2w of {a, b} starts in weight2, in a's row. */
  private slot(a: number, b: number): number {
    return (a * this.n + b) * this.limbs;
  }

  /** Sets the weight of {a, b} to row[at..] + addend (a small signed integer; the sum is never negative). */
  setWeight(a: number, b: number, row: Float64Array, at: number, addend = 0): void {
    const { limbs, incoming } = this;
    // incoming = 2 (row + addend), carried from the least significant limb.
    let carry = 2 * addend;
    for (let i = limbs - 1; i >= 0; i--) {
      const x = 2 * row[at + i]! + carry;
      carry = Math.floor(x / LIMB);
      incoming[i] = x - carry * LIMB;
    }
    checkFits(carry);
    this.store(a, b, !isZero(incoming, 0, limbs));
  }

  /** Removes the edge {a, b} (weight 0). */
  clearWeight(a: number, b: number): void {
    this.incoming.fill(0);
    this.store(a, b, false);
  }

  /** Stores `incoming` as 2w of {a, b}; a change marks a for the next solve. */
  private store(a: number, b: number, present: boolean): void {
    const { limbs, weight2, incoming } = this;
    const at = this.slot(a, b);
    let same = true;
    for (let i = 0; i < limbs && same; i++) same = weight2[at + i] === incoming[i];
    if (same) return;
    const before = this.where[a * this.n + b] !== -1;
    if (!before && present) {
      this.link(a, b);
      this.link(b, a);
    } else if (before && !present) {
      this.unlink(a, b);
      this.unlink(b, a);
    }
    weight2.set(incoming, at);
    weight2.set(incoming, this.slot(b, a));
    this.modified.add(a);
  }

  protected startDuals(): void {
    const { n, limbs, weight2, dual } = this;
    for (let v = 0; v < n; v++) {
      let best = -1;
      for (let u = 0; u < n; u++) {
        if (u === v) continue;
        const at = this.slot(v, u);
        if (best === -1 ? !isZero(weight2, at, limbs) : this.compareRows(weight2, at, weight2, best) > 0) best = at;
      }
      // The dual is w, half the stored 2w (even, so the halving is exact).
      if (best !== -1) this.half(weight2, best, dual, v * limbs);
    }
  }

  /** max(0, 2w - u_u) over the edges {v, u}. */
  protected resetDual(v: number): void {
    const { limbs, dual, weight2 } = this;
    const at = v * limbs;
    this.zeroDual(v);
    const list = this.neighbours[v]!;
    for (let i = 0, deg = this.degree[v]!; i < deg; i++) {
      const u = list[i]!;
      const w = this.slot(v, u);
      const x = u * limbs;
      // Is 2w - u_u above the best so far (three terms: settled once |acc| reaches 2)?
      let acc = 0;
      for (let j = 0; j < limbs; j++) {
        acc = acc * LIMB + weight2[w + j]! - dual[x + j]! - dual[at + j]!;
        if (acc >= 2 || acc <= -2) break;
      }
      if (acc <= 0) continue;
      let carry = 0;
      for (let j = limbs - 1; j >= 0; j--) {
        const y = weight2[w + j]! - dual[x + j]! + carry;
        carry = Math.floor(y / LIMB);
        dual[at + j] = y - carry * LIMB;
      }
    }
  }

  protected hasDual(x: number): boolean {
    return !isZero(this.dual, x * this.limbs, this.limbs);
  }

  protected zeroDual(v: number): void {
    this.dual.fill(0, v * this.limbs, (v + 1) * this.limbs);
  }

  protected addDual(v: number, b: number): void {
    const { limbs, dual } = this;
    const at = v * limbs;
    const bt = b * limbs;
    let carry = 0;
    for (let i = limbs - 1; i >= 0; i--) {
      const x = dual[at + i]! + dual[bt + i]! + carry;
      carry = x >= LIMB ? 1 : 0;
      dual[at + i] = x - carry * LIMB;
    }
    checkFits(carry);
  }

  /** Sign of row a minus row b (both normalised). */
  private compareRows(a: Float64Array, at: number, b: Float64Array, bt: number): number {
    for (let i = 0; i < this.limbs; i++) {
      const d = a[at + i]! - b[bt + i]!;
      if (d !== 0) return d > 0 ? 1 : -1;
    }
    return 0;
  }

  /** out = floor(row / 2). */
  private half(row: Float64Array, at: number, out: Float64Array, ot: number): void {
    let high = 0;
    for (let i = 0; i < this.limbs; i++) {
      const x = row[at + i]!;
      const odd = x % 2;
      out[ot + i] = (x - odd) / 2 + high;
      high = odd * (LIMB / 2);
    }
  }

  /**
   * Is edge {v, u} tight (slack u_v + u_u - 2w zero, or below)? Comparisons of wide sums run from the
   * most significant limb with `acc`, the difference so far in units of the current limb: the
   * limbs below add less than one unit per positive term and take less than one per negative
   * term, so once |acc| reaches the number of terms on the other side the sign is settled.
   */
  protected tight(v: number, u: number): boolean {
    const { limbs, dual, weight2 } = this;
    const a = v * limbs;
    const b = u * limbs;
    const w = this.slot(v, u);
    let acc = 0;
    for (let i = 0; i < limbs; i++) {
      acc = acc * LIMB + dual[a + i]! + dual[b + i]! - weight2[w + i]!;
      if (acc >= 1) return false;
      if (acc <= -2) return true;
    }
    return acc <= 0;
  }

  protected lessSlack(k: number, best: number): boolean {
    if (best === -1) return true;
    const { limbs, dual, weight2, endpoint } = this;
    const k0 = endpoint[2 * k]!;
    const k1 = endpoint[2 * k + 1]!;
    const b0 = endpoint[2 * best]!;
    const b1 = endpoint[2 * best + 1]!;
    const kOther = k0 === b0 || k0 === b1 ? k1 : k1 === b0 || k1 === b1 ? k0 : -1;
    if (kOther !== -1) {
      const shared = kOther === k1 ? k0 : k1;
      return this.lessSlackShared(kOther, b0 === shared ? b1 : b0, shared);
    }
    const wk = this.slot(k0, k1);
    const wb = this.slot(b0, b1);
    let acc = 0;
    const p = k0 * limbs;
    const q = k1 * limbs;
    const r = b0 * limbs;
    const s = b1 * limbs;
    for (let i = 0; i < limbs; i++) {
      acc = acc * LIMB + dual[p + i]! + dual[q + i]! + weight2[wb + i]! - dual[r + i]! - dual[s + i]! - weight2[wk + i]!;
      if (acc >= 3) return false;
      if (acc <= -3) return true;
    }
    return acc < 0;
  }

  protected lessSlackAt(v: number, w: number, _k: number, best: number): boolean {
    const { endpoint } = this;
    return best === -1 || this.lessSlackShared(v, endpoint[2 * best]! + endpoint[2 * best + 1]! - w, w);
  }

  /**
   * lessSlack for edges {x, s} and {y, s}: the shared endpoint s cancels out,
   * u_x - 2w_xs < u_y - 2w_ys.
   */
  private lessSlackShared(x: number, y: number, s: number): boolean {
    const { limbs, dual, weight2 } = this;
    const xt = x * limbs;
    const yt = y * limbs;
    const wk = this.slot(x, s);
    const wb = this.slot(y, s);
    let acc = 0;
    for (let i = 0; i < limbs; i++) {
      acc = acc * LIMB + dual[xt + i]! + weight2[wb + i]! - dual[yt + i]! - weight2[wk + i]!;
      if (acc >= 2) return false;
      if (acc <= -2) return true;
    }
    return acc < 0;
  }

  protected dualBelowDelta(x: number): boolean {
    return this.compareRows(this.dual, x * this.limbs, this.delta, 0) < 0;
  }

  protected deltaFromDual(x: number): void {
    const { limbs, dual, delta } = this;
    for (let i = 0; i < limbs; i++) delta[i] = dual[x * limbs + i]!;
  }

  protected lowerDeltaToEdges(): EdgeDelta | null {
    const { n, label, inblossom, bestedge } = this;
    let type: 2 | 3 = 2;
    let edge = -1;
    for (let v = 0; v < n; v++) {
      const k = bestedge[v]!;
      if (label[inblossom[v]!] === 0 && k !== -1 && this.slackBelowDelta(k, false)) {
        this.deltaFromSlack(k, false);
        edge = k;
      }
    }
    for (let b = 0; b < 2 * n; b++) {
      const k = bestedge[b]!;
      if (this.blossomparent[b] === -1 && label[b] === 1 && k !== -1 && this.slackBelowDelta(k, true)) {
        this.deltaFromSlack(k, true);
        type = 3;
        edge = k;
      }
    }
    return edge === -1 ? null : { type, edge };
  }

  /** Is edge k's slack, halved (rounded down) when `halved`, below the stage's delta? */
  private slackBelowDelta(k: number, halved: boolean): boolean {
    const { limbs, dual, weight2, endpoint, delta } = this;
    const a = endpoint[2 * k]! * limbs;
    const b = endpoint[2 * k + 1]! * limbs;
    const w = this.slot(endpoint[2 * k]!, endpoint[2 * k + 1]!);
    // floor(slack / 2) < delta exactly when slack < 2 delta.
    const times = halved ? 2 : 1;
    let acc = 0;
    for (let i = 0; i < limbs; i++) {
      acc = acc * LIMB + dual[a + i]! + dual[b + i]! - weight2[w + i]! - times * delta[i]!;
      if (acc >= 3) return false;
      if (acc <= -3) return true;
    }
    return acc < 0;
  }

  /** delta = the slack of edge k, halved (rounded down) when `halved`. */
  private deltaFromSlack(k: number, halved: boolean): void {
    const { limbs, dual, weight2, endpoint, delta } = this;
    const a = endpoint[2 * k]! * limbs;
    const b = endpoint[2 * k + 1]! * limbs;
    const w = this.slot(endpoint[2 * k]!, endpoint[2 * k + 1]!);
    let carry = 0;
    for (let i = limbs - 1; i >= 0; i--) {
      const x = dual[a + i]! + dual[b + i]! - weight2[w + i]! + carry;
      carry = Math.floor(x / LIMB);
      delta[i] = x - carry * LIMB;
    }
    checkFits(carry);
    if (halved) this.half(delta, 0, delta, 0);
  }

  protected shiftDual(v: number, sign: number): void {
    const { limbs, dual, delta } = this;
    const at = v * limbs;
    let carry = 0;
    for (let i = limbs - 1; i >= 0; i--) {
      const x = dual[at + i]! + sign * delta[i]! + carry;
      carry = Math.floor(x / LIMB);
      dual[at + i] = x - carry * LIMB;
    }
    checkFits(carry);
  }
}
