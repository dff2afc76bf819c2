/**
 * The engine's one maximum-weight matcher (the Dutch pairing and maxWeightMatching): the
 * algorithm of the test oracle IncrementalMatching, step for step (Edmonds' blossom algorithm
 * re-solved from the previous optimum after the weights at a few vertices change; see
 * incremental-matching.ts), with weights and duals as rows of 48-bit limbs
 * (wide.ts) instead of bigints. Every decision is the same exact comparison in the same order, so
 * both matchers return the same matching, also among equally heavy ones; only the arithmetic is
 * cheaper: no allocation per operation, and a slack is usually told apart from zero or from
 * another slack by its first limbs.
 *
 * Weights are given as rows of the same width as the matcher's (`limbs`), which must leave four
 * bits of room above the largest weight: duals reach twice the largest weight, and the edges
 * store 2w. Weight 0 means no edge. Memory grows as n^2 · limbs.
 */
import { LIMB, isZero } from './wide';

/** A carry out of the top limb: a value outgrew the rows (or went below zero), which the callers' room rules out. */
function checkFits(carry: number): void {
  if (carry !== 0) throw new RangeError('WideMatching: a weight or dual does not fit in its limbs');
}

export class WideMatching {
  readonly n: number;
  readonly limbs: number;
  /**
   * 2w of {a, b} at slot(a, b), stored twice (also at slot(b, a)): a scan of a's edges then
   * reads one contiguous stretch of memory instead of a column of a triangle.
   */
  private readonly weight2: Float64Array;
  /** Index of edge {i, j} for i < j is rowBase[i] + j. */
  private readonly rowBase: Int32Array;
  private readonly endpoint: Int32Array;
  private readonly mate: Int32Array;
  private readonly label: Int8Array;
  private readonly labelend: Int32Array;
  private readonly inblossom: Int32Array;
  private readonly blossomparent: Int32Array;
  private readonly blossomchilds: (number[] | null)[];
  private readonly blossombase: Int32Array;
  private readonly blossomendps: (number[] | null)[];
  private readonly bestedge: Int32Array;
  private readonly blossombestedges: (number[] | null)[];
  private readonly unusedblossoms: number[] = [];
  /** The duals of vertices (0..n-1) and blossoms (n..2n-1), a row each. */
  private readonly dual: Float64Array;
  /** The current stage's dual change, and a row for an incoming weight. */
  private readonly delta: Float64Array;
  private readonly incoming: Float64Array;
  /** addBlossom's least-slack edge to each S-blossom, -1 between uses. */
  private readonly bestedgeto: Int32Array;
  /** Edge k is usable (tight) in the current stage when allowed[k] === stageId. */
  private readonly allowed: Int32Array;
  private stageId = 0;
  private queue: number[] = [];
  private readonly modified = new Set<number>();
  /**
   * neighbours[v][0..degree[v]) lists the vertices joined to v by an edge of positive weight
   * (where[v * n + u] is u's place in it), so that a scan skips the pairs already settled.
   */
  private readonly neighbours: Int32Array[];
  private readonly degree: Int32Array;
  private readonly where: Int32Array;
  private started = false;

  constructor(n: number, limbs: number) {
    this.n = n;
    this.limbs = limbs;
    const m = (n * (n - 1)) / 2;
    this.weight2 = new Float64Array(n * n * limbs);
    this.rowBase = new Int32Array(n);
    for (let i = 0; i < n; i++) this.rowBase[i] = i * n - (i * (i + 1)) / 2 - i - 1;
    this.endpoint = new Int32Array(2 * m);
    for (let i = 0; i < n; i++) {
      for (let j = i + 1; j < n; j++) {
        const k = this.edge(i, j);
        this.endpoint[2 * k] = i;
        this.endpoint[2 * k + 1] = j;
      }
    }
    this.neighbours = Array.from({ length: n }, () => new Int32Array(Math.max(0, n - 1)));
    this.degree = new Int32Array(n);
    this.where = new Int32Array(n * n).fill(-1);
    this.mate = new Int32Array(n).fill(-1);
    this.label = new Int8Array(2 * n);
    this.labelend = new Int32Array(2 * n).fill(-1);
    this.inblossom = new Int32Array(n);
    for (let v = 0; v < n; v++) this.inblossom[v] = v;
    this.blossomparent = new Int32Array(2 * n).fill(-1);
    this.blossomchilds = new Array<number[] | null>(2 * n).fill(null);
    this.blossombase = new Int32Array(2 * n).fill(-1);
    for (let v = 0; v < n; v++) this.blossombase[v] = v;
    this.blossomendps = new Array<number[] | null>(2 * n).fill(null);
    this.bestedge = new Int32Array(2 * n).fill(-1);
    this.blossombestedges = new Array<number[] | null>(2 * n).fill(null);
    for (let b = 2 * n - 1; b >= n; b--) this.unusedblossoms.push(b);
    this.dual = new Float64Array(2 * n * limbs);
    this.delta = new Float64Array(limbs);
    this.incoming = new Float64Array(limbs);
    this.bestedgeto = new Int32Array(2 * n).fill(-1);
    this.allowed = new Int32Array(m);
  }

  /** Index of edge {i, j}, i < j. */
  private edge(i: number, j: number): number {
    return i < j ? this.rowBase[i]! + j : this.rowBase[j]! + i;
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

  private link(v: number, u: number): void {
    const d = this.degree[v]!;
    this.neighbours[v]![d] = u;
    this.where[v * this.n + u] = d;
    this.degree[v] = d + 1;
  }

  private unlink(v: number, u: number): void {
    const list = this.neighbours[v]!;
    const at = this.where[v * this.n + u]!;
    const last = this.degree[v]! - 1;
    const moved = list[last]!;
    list[at] = moved;
    this.where[v * this.n + moved] = at;
    this.where[v * this.n + u] = -1;
    this.degree[v] = last;
  }

  /** mate[v], or v itself when v is unmatched. */
  solve(): number[] {
    if (!this.started) {
      this.started = true;
      this.startDuals();
    } else {
      for (const v of this.modified) this.detach(v);
      for (const v of this.modified) this.resetDual(v);
    }
    this.modified.clear();
    for (;;) {
      let root = -1;
      for (let v = 0; v < this.n; v++) {
        if (this.mate[v] === -1 && !isZero(this.dual, v * this.limbs, this.limbs)) {
          root = v;
          break;
        }
      }
      if (root === -1) break;
      this.stage(root);
    }
    return Array.from(this.mate, (p, v) => (p === -1 ? v : this.endpoint[p]!));
  }

  /**
   * The first solve: each vertex's heaviest edge as its dual, and the edges that are the
   * heaviest at both ends (tight from the start) matched.
   */
  private startDuals(): void {
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
    for (let v = 0; v < n; v++) {
      if (this.mate[v] !== -1) continue;
      for (let u = v + 1; u < n; u++) {
        const k = this.edge(v, u);
        if (this.mate[u] === -1 && this.where[v * n + u] !== -1 && this.tight(v, u)) {
          this.mate[v] = 2 * k + 1;
          this.mate[u] = 2 * k;
          break;
        }
      }
    }
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
  private tight(v: number, u: number): boolean {
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

  /** Is edge k's slack smaller than edge best's (best = -1: yes)? */
  private lessSlack(k: number, best: number): boolean {
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

  /** delta = the dual of vertex or blossom x. */
  private deltaFromDual(x: number): void {
    const { limbs, dual, delta } = this;
    for (let i = 0; i < limbs; i++) delta[i] = dual[x * limbs + i]!;
  }

  /** dual[v] += sign · delta (sign ±1; the result stays non-negative). */
  private shiftDual(v: number, sign: number): void {
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

  /** dual[v] += dual[b] (a dissolved blossom's z passed to its vertices). */
  private addDual(v: number, b: number): void {
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

  private zeroDual(v: number): void {
    this.dual.fill(0, v * this.limbs, (v + 1) * this.limbs);
  }

  private leaves(b: number, out: number[] = []): number[] {
    if (b < this.n) out.push(b);
    else for (const t of this.blossomchilds[b]!) this.leaves(t, out);
    return out;
  }

  /** Take v out of every blossom and out of its match. */
  private detach(v: number): void {
    while (this.inblossom[v] !== v) this.dissolve(this.topOf(v));
    this.unmatch(v);
  }

  private topOf(v: number): number {
    let b = v;
    while (this.blossomparent[b] !== -1) b = this.blossomparent[b]!;
    return b;
  }

  private unmatch(v: number): void {
    const p = this.mate[v]!;
    if (p === -1) return;
    this.mate[this.endpoint[p]!] = -1;
    this.mate[v] = -1;
  }

  /** Dissolve a top-level blossom into its children, keeping all slacks non-negative. */
  private dissolve(b: number): void {
    if (!isZero(this.dual, b * this.limbs, this.limbs)) {
      for (const leaf of this.leaves(b)) this.addDual(leaf, b);
      this.unmatch(this.blossombase[b]!);
    }
    for (const s of this.blossomchilds[b]!) {
      this.blossomparent[s] = -1;
      if (s < this.n) this.inblossom[s] = s;
      else for (const leaf of this.leaves(s)) this.inblossom[leaf] = s;
    }
    this.freeBlossom(b);
  }

  private freeBlossom(b: number): void {
    this.label[b] = 0;
    this.labelend[b] = -1;
    this.blossomchilds[b] = null;
    this.blossomendps[b] = null;
    this.blossombase[b] = -1;
    this.blossombestedges[b] = null;
    this.bestedge[b] = -1;
    this.zeroDual(b);
    this.unusedblossoms.push(b);
  }

  /** The smallest non-negative dual that keeps every edge at v feasible (v is in no blossom): max(0, 2w - u_u). */
  private resetDual(v: number): void {
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

  private assignLabel(w: number, t: number, p: number): void {
    const b = this.inblossom[w]!;
    this.label[w] = t;
    this.label[b] = t;
    this.labelend[w] = p;
    this.labelend[b] = p;
    this.bestedge[w] = -1;
    this.bestedge[b] = -1;
    if (t === 1) {
      if (b < this.n) this.queue.push(b);
      else this.queue.push(...this.leaves(b));
    } else {
      const base = this.blossombase[b]!;
      this.assignLabel(this.endpoint[this.mate[base]!]!, 1, this.mate[base]! ^ 1);
    }
  }

  private scanBlossom(v0: number, w0: number): number {
    const path: number[] = [];
    let base = -1;
    let v = v0;
    let w = w0;
    while (v !== -1 || w !== -1) {
      let b = this.inblossom[v]!;
      if (this.label[b]! & 4) {
        base = this.blossombase[b]!;
        break;
      }
      path.push(b);
      this.label[b] = 5;
      if (this.labelend[b] === -1) {
        v = -1;
      } else {
        v = this.endpoint[this.labelend[b]!]!;
        b = this.inblossom[v]!;
        v = this.endpoint[this.labelend[b]!]!;
      }
      if (w !== -1) [v, w] = [w, v];
    }
    for (const b of path) this.label[b] = 1;
    return base;
  }

  private addBlossom(base: number, k: number): void {
    const { endpoint, inblossom, blossomparent, labelend, label, bestedgeto } = this;
    let v = endpoint[2 * k]!;
    let w = endpoint[2 * k + 1]!;
    const bb = inblossom[base]!;
    let bv = inblossom[v]!;
    let bw = inblossom[w]!;
    const b = this.unusedblossoms.pop()!;
    this.blossombase[b] = base;
    blossomparent[b] = -1;
    blossomparent[bb] = b;
    const path: number[] = [];
    const endps: number[] = [];
    while (bv !== bb) {
      blossomparent[bv] = b;
      path.push(bv);
      endps.push(labelend[bv]!);
      v = endpoint[labelend[bv]!]!;
      bv = inblossom[v]!;
    }
    path.push(bb);
    path.reverse();
    endps.reverse();
    endps.push(2 * k);
    while (bw !== bb) {
      blossomparent[bw] = b;
      path.push(bw);
      endps.push(labelend[bw]! ^ 1);
      w = endpoint[labelend[bw]!]!;
      bw = inblossom[w]!;
    }
    this.blossomchilds[b] = path;
    this.blossomendps[b] = endps;
    label[b] = 1;
    labelend[b] = labelend[bb]!;
    this.zeroDual(b);
    for (const leaf of this.leaves(b)) {
      if (label[inblossom[leaf]!] === 2) this.queue.push(leaf);
      inblossom[leaf] = b;
    }
    // The least-slack edge from the new blossom to each other S-blossom bj (bestedgeto[bj]).
    const reached: number[] = [];
    const consider = (ek: number, bj: number): void => {
      const current = bestedgeto[bj]!;
      if (current === -1) {
        reached.push(bj);
        bestedgeto[bj] = ek;
      } else if (this.lessSlack(ek, current)) {
        bestedgeto[bj] = ek;
      }
    };
    for (const sub of path) {
      const own = this.blossombestedges[sub] ?? null;
      if (own === null) {
        for (const leaf of this.leaves(sub)) {
          const list = this.neighbours[leaf]!;
          for (let i = 0, d = this.degree[leaf]!; i < d; i++) {
            const u = list[i]!;
            const bj = inblossom[u]!;
            if (bj !== b && label[bj] === 1) consider(this.edge(leaf, u), bj);
          }
        }
      } else {
        for (const ek of own) {
          const j = inblossom[endpoint[2 * ek + 1]!] === b ? endpoint[2 * ek]! : endpoint[2 * ek + 1]!;
          const bj = inblossom[j]!;
          if (bj !== b && label[bj] === 1) consider(ek, bj);
        }
      }
      this.blossombestedges[sub] = null;
      this.bestedge[sub] = -1;
    }
    // In blossom order, as a scan of bestedgeto would list them; then reset for the next use.
    reached.sort((x, y) => x - y);
    const best: number[] = [];
    for (const bj of reached) {
      best.push(bestedgeto[bj]!);
      bestedgeto[bj] = -1;
    }
    this.blossombestedges[b] = best;
    this.bestedge[b] = -1;
    for (const ek of best) if (this.lessSlack(ek, this.bestedge[b]!)) this.bestedge[b] = ek;
  }

  private expandBlossom(b: number, endstage: boolean): void {
    const { endpoint, label, labelend, inblossom, n } = this;
    const childs = this.blossomchilds[b]!;
    for (const s of childs) {
      this.blossomparent[s] = -1;
      if (s < n) inblossom[s] = s;
      else if (endstage && isZero(this.dual, s * this.limbs, this.limbs)) this.expandBlossom(s, endstage);
      else for (const leaf of this.leaves(s)) inblossom[leaf] = s;
    }
    if (!endstage && label[b] === 2) {
      const endps = this.blossomendps[b]!;
      const len = childs.length;
      const at = <T>(arr: T[], idx: number): T => arr[((idx % len) + len) % len]!;
      const entrychild = inblossom[endpoint[labelend[b]! ^ 1]!]!;
      let j = childs.indexOf(entrychild);
      let jstep: number;
      let endptrick: number;
      if (j & 1) {
        j -= len;
        jstep = 1;
        endptrick = 0;
      } else {
        jstep = -1;
        endptrick = 1;
      }
      let p = labelend[b]!;
      while (j !== 0) {
        label[endpoint[p ^ 1]!] = 0;
        label[endpoint[at(endps, j - endptrick) ^ endptrick ^ 1]!] = 0;
        this.assignLabel(endpoint[p ^ 1]!, 2, p);
        this.allowed[at(endps, j - endptrick) >> 1] = this.stageId;
        j += jstep;
        p = at(endps, j - endptrick) ^ endptrick;
        this.allowed[p >> 1] = this.stageId;
        j += jstep;
      }
      const bv = at(childs, j);
      label[endpoint[p ^ 1]!] = 2;
      label[bv] = 2;
      labelend[endpoint[p ^ 1]!] = p;
      labelend[bv] = p;
      this.bestedge[bv] = -1;
      j += jstep;
      while (at(childs, j) !== entrychild) {
        const bvv = at(childs, j);
        if (label[bvv] === 1) {
          j += jstep;
          continue;
        }
        let found = -1;
        for (const leaf of this.leaves(bvv)) {
          if (label[leaf] !== 0) {
            found = leaf;
            break;
          }
        }
        if (found !== -1) {
          label[found] = 0;
          label[endpoint[this.mate[this.blossombase[bvv]!]!]!] = 0;
          this.assignLabel(found, 2, labelend[found]!);
        }
        j += jstep;
      }
    }
    this.freeBlossom(b);
  }

  private augmentBlossom(b: number, v: number): void {
    const { endpoint, mate, n } = this;
    let t = v;
    while (this.blossomparent[t] !== b) t = this.blossomparent[t]!;
    if (t >= n) this.augmentBlossom(t, v);
    const childs = this.blossomchilds[b]!;
    const endps = this.blossomendps[b]!;
    const len = childs.length;
    const at = <T>(arr: T[], idx: number): T => arr[((idx % len) + len) % len]!;
    const i = childs.indexOf(t);
    let j = i;
    let jstep: number;
    let endptrick: number;
    if (i & 1) {
      j -= len;
      jstep = 1;
      endptrick = 0;
    } else {
      jstep = -1;
      endptrick = 1;
    }
    while (j !== 0) {
      j += jstep;
      let tt = at(childs, j);
      const p = at(endps, j - endptrick) ^ endptrick;
      if (tt >= n) this.augmentBlossom(tt, endpoint[p]!);
      j += jstep;
      tt = at(childs, j);
      if (tt >= n) this.augmentBlossom(tt, endpoint[p ^ 1]!);
      mate[endpoint[p]!] = p ^ 1;
      mate[endpoint[p ^ 1]!] = p;
    }
    this.blossomchilds[b] = childs.slice(i).concat(childs.slice(0, i));
    this.blossomendps[b] = endps.slice(i).concat(endps.slice(0, i));
    this.blossombase[b] = this.blossombase[this.blossomchilds[b]![0]!]!;
  }

  /** Match s across endpoint p (or expose it, p = -1) and flip the tree path up to the root. */
  private augmentFrom(s0: number, p0: number): void {
    const { endpoint, inblossom, labelend, mate, n } = this;
    let s = s0;
    let p = p0;
    for (;;) {
      const bs = inblossom[s]!;
      if (bs >= n) this.augmentBlossom(bs, s);
      mate[s] = p;
      if (labelend[bs] === -1) break;
      const t = endpoint[labelend[bs]!]!;
      const bt = inblossom[t]!;
      s = endpoint[labelend[bt]!]!;
      const j = endpoint[labelend[bt]! ^ 1]!;
      if (bt >= n) this.augmentBlossom(bt, j);
      mate[j] = labelend[bt]!;
      p = labelend[bt]! ^ 1;
    }
  }

  private stage(root: number): void {
    const { n, limbs, label, inblossom, endpoint, bestedge, dual, delta, allowed } = this;
    label.fill(0);
    bestedge.fill(-1);
    for (let b = n; b < 2 * n; b++) this.blossombestedges[b] = null;
    this.stageId++;
    this.queue = [];
    this.assignLabel(root, 1, -1);
    for (;;) {
      while (this.queue.length > 0) {
        const v = this.queue.pop()!;
        const list = this.neighbours[v]!;
        for (let i = 0, d = this.degree[v]!; i < d; i++) {
          const w = list[i]!;
          const bw = inblossom[w]!;
          if (inblossom[v] === bw) continue;
          const k = this.edge(v, w);
          if (allowed[k] !== this.stageId) {
            if (!this.tight(v, w)) {
              // Keep the least-slack edges: between S-blossoms, and from S to each free vertex.
              if (label[bw] === 1) {
                const b = inblossom[v]!;
                if (this.lessSlack(k, bestedge[b]!)) bestedge[b] = k;
              } else if (label[w] === 0) {
                const best = bestedge[w]!;
                if (best === -1 || this.lessSlackShared(v, endpoint[2 * best]! + endpoint[2 * best + 1]! - w, w)) bestedge[w] = k;
              }
              continue;
            }
            allowed[k] = this.stageId;
          }
          const p = endpoint[2 * k] === w ? 2 * k : 2 * k + 1; // the endpoint at w
          if (label[bw] === 0) {
            if (this.mate[this.blossombase[bw]!] === -1) {
              // An augmenting path from the root to another exposed vertex.
              this.augmentFrom(v, p);
              if (bw >= n) this.augmentBlossom(bw, w);
              this.mate[w] = p ^ 1;
              this.endStage();
              return;
            }
            this.assignLabel(w, 2, p ^ 1);
          } else if (label[bw] === 1) {
            const base = this.scanBlossom(v, w);
            if (base < 0) throw new Error('two alternating trees in a one-root stage');
            this.addBlossom(base, k);
          } else if (label[w] === 0) {
            label[w] = 2;
            this.labelend[w] = p ^ 1;
          }
        }
      }

      // delta1: the smallest dual of an S-vertex (one is always there: the root's blossom).
      let deltatype = 1;
      let zeroVertex = -1;
      for (let v = 0; v < n; v++) {
        if (label[inblossom[v]!] === 1 && (zeroVertex === -1 || this.compareRows(dual, v * limbs, delta, 0) < 0)) {
          zeroVertex = v;
          this.deltaFromDual(v);
        }
      }
      // delta2 (edges to unlabeled vertices), then delta3 (half the slack between S-blossoms);
      // the first strictly smaller one wins.
      let deltaedge = -1;
      let deltablossom = -1;
      for (let v = 0; v < n; v++) {
        const k = bestedge[v]!;
        if (label[inblossom[v]!] === 0 && k !== -1 && this.slackBelowDelta(k, false)) {
          this.deltaFromSlack(k, false);
          deltatype = 2;
          deltaedge = k;
        }
      }
      for (let b = 0; b < 2 * n; b++) {
        const k = bestedge[b]!;
        if (this.blossomparent[b] === -1 && label[b] === 1 && k !== -1 && this.slackBelowDelta(k, true)) {
          this.deltaFromSlack(k, true);
          deltatype = 3;
          deltaedge = k;
        }
      }
      // delta4: the smallest z of a T-blossom.
      for (let b = n; b < 2 * n; b++) {
        if (this.blossombase[b]! >= 0 && this.blossomparent[b] === -1 && label[b] === 2 && this.compareRows(dual, b * limbs, delta, 0) < 0) {
          this.deltaFromDual(b);
          deltatype = 4;
          deltablossom = b;
        }
      }
      for (let v = 0; v < n; v++) {
        const lb = label[inblossom[v]!];
        if (lb === 1) this.shiftDual(v, -1);
        else if (lb === 2) this.shiftDual(v, 1);
      }
      for (let b = n; b < 2 * n; b++) {
        if (this.blossombase[b]! >= 0 && this.blossomparent[b] === -1) {
          if (label[b] === 1) this.shiftDual(b, 1);
          else if (label[b] === 2) this.shiftDual(b, -1);
        }
      }
      if (deltatype === 1) {
        // A vertex of the tree reached dual 0: it may stay exposed.
        if (this.mate[zeroVertex] !== -1) this.augmentFrom(zeroVertex, -1);
        this.endStage();
        return;
      } else if (deltatype === 2) {
        this.allowed[deltaedge] = this.stageId;
        let i = endpoint[2 * deltaedge]!;
        if (label[inblossom[i]!] === 0) i = endpoint[2 * deltaedge + 1]!;
        this.queue.push(i);
      } else if (deltatype === 3) {
        this.allowed[deltaedge] = this.stageId;
        this.queue.push(endpoint[2 * deltaedge]!);
      } else {
        this.expandBlossom(deltablossom, false);
      }
    }
  }

  private endStage(): void {
    for (let b = this.n; b < 2 * this.n; b++) {
      if (this.blossomparent[b] === -1 && this.blossombase[b]! >= 0 && this.label[b] === 1 && isZero(this.dual, b * this.limbs, this.limbs)) this.expandBlossom(b, true);
    }
  }
}
