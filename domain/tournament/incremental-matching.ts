/**
 * Test oracle, never imported by the engine: the bigint form of WideMatching (wide-matching.ts),
 * which follows it step for step with weights as rows of limbs; wide-matching.test.ts checks that
 * both make the same decisions. Kept because bigint arithmetic is easy to read and to trust. The
 * graph side of the algorithm, which both share, is in blossom-matching.ts; this file holds the
 * arithmetic on weights and duals.
 *
 * Maximum-weight matching on a complete graph whose edge weights change a few vertices at a
 * time, re-solved from the previous optimum instead of from scratch (the same idea as
 * bbpPairings' matching computer, which takes O(k n^2) after changes at k vertices).
 *
 * It is Edmonds' primal-dual blossom algorithm (after Galil 1986 and van Rantwijk's
 * public-domain mwmatching.py: slacks u_i + u_j - 2w, blossom duals z), with:
 * - a changed vertex leaves every blossom around it (a dissolved blossom's z is added to its
 *   vertices' duals, which keeps every slack non-negative; its base's outside match, no longer
 *   tight, is undone), loses its match, and gets the smallest feasible dual again;
 * - each stage grows one alternating tree from one exposed vertex with a positive dual; it ends
 *   with an augmenting path to another exposed vertex, or when some vertex of the tree reaches
 *   dual 0: the root itself stays exposed, any other vertex is exposed instead by flipping the
 *   even path to it. With one tree at a time all its vertices keep one parity, so halved slacks
 *   stay integers. When no exposed vertex has a positive dual, the duals prove optimality.
 * Speed: slacks are first compared in floating point and computed exactly (bigint) only when
 * that cannot tell, and scans follow lists of each vertex's positive-weight edges.
 * Weight 0 means no edge. Pure: no side effects outside the instance. Memory grows as n^2, so
 * it suits events up to a few thousand players.
 */
import { BlossomMatching, type EdgeDelta } from './blossom-matching';

export class IncrementalMatching extends BlossomMatching {
  private readonly weight: bigint[];
  /** 2w per edge, so that a slack costs two bigint operations. */
  private readonly weight2: bigint[];
  private readonly dualvar: bigint[];
  /**
   * Doubles that shadow the vertex duals and 2w: a slack far from 0 is told apart in floating
   * point, and only slacks near 0 (or near the value they are compared with) are computed exactly.
   */
  private readonly dualF: Float64Array;
  private readonly weight2F: Float64Array;
  /** The current stage's dual change. */
  private delta = 0n;

  constructor(n: number) {
    super(n);
    const m = (n * (n - 1)) / 2;
    this.weight = new Array<bigint>(m).fill(0n);
    this.weight2 = new Array<bigint>(m).fill(0n);
    this.dualvar = new Array<bigint>(2 * n).fill(0n);
    this.dualF = new Float64Array(n);
    this.weight2F = new Float64Array(m);
  }

  getWeight(a: number, b: number): bigint {
    return this.weight[this.edge(a, b)]!;
  }

  setWeight(a: number, b: number, w: bigint): void {
    const k = this.edge(a, b);
    const before = this.weight[k]!;
    if (before === w) return;
    if (before === 0n) {
      this.link(a, b);
      this.link(b, a);
    } else if (w === 0n) {
      this.unlink(a, b);
      this.unlink(b, a);
    }
    this.weight[k] = w;
    this.weight2[k] = 2n * w;
    this.weight2F[k] = Number(this.weight2[k]);
    this.modified.add(a);
  }

  protected startDuals(): void {
    for (let v = 0; v < this.n; v++) {
      let best = 0n;
      for (let u = 0; u < this.n; u++) if (u !== v && this.weight[this.edge(u, v)]! > best) best = this.weight[this.edge(u, v)]!;
      this.setDual(v, best);
    }
  }

  protected resetDual(v: number): void {
    let best = 0n;
    const list = this.neighbours[v]!;
    for (let i = 0, deg = this.degree[v]!; i < deg; i++) {
      const u = list[i]!;
      const d = this.weight2[this.edge(u, v)]! - this.dualvar[u]!;
      if (d > best) best = d;
    }
    this.setDual(v, best);
  }

  protected hasDual(x: number): boolean {
    return this.dualvar[x]! > 0n;
  }

  protected zeroDual(x: number): void {
    this.dualvar[x] = 0n;
  }

  protected addDual(v: number, b: number): void {
    this.setDual(v, this.dualvar[v]! + this.dualvar[b]!);
  }

  private setDual(v: number, value: bigint): void {
    this.dualvar[v] = value;
    this.dualF[v] = Number(value);
  }

  protected tight(_v: number, _w: number, k: number): boolean {
    return this.compareSlack(k, 0n, 0) <= 0;
  }

  /**
   * Sign of slack(k) - reference (reference given exactly and as a double), computed exactly
   * only when floating point cannot tell.
   */
  private compareSlack(k: number, reference: bigint, referenceF: number): number {
    const a = this.dualF[this.endpoint[2 * k]!]!;
    const b = this.dualF[this.endpoint[2 * k + 1]!]!;
    const c = this.weight2F[k]!;
    const approx = a + b - c - referenceF;
    const tolerance = 1e-13 * (Math.abs(a) + Math.abs(b) + Math.abs(c) + Math.abs(referenceF));
    if (Number.isFinite(approx) && Number.isFinite(tolerance)) {
      if (approx > tolerance) return 1;
      if (approx < -tolerance) return -1;
    }
    const { endpoint, dualvar } = this;
    const left = dualvar[endpoint[2 * k]!]! + dualvar[endpoint[2 * k + 1]!]!;
    const right = this.weight2[k]! + reference;
    return left > right ? 1 : left < right ? -1 : 0;
  }

  private slackF(k: number): number {
    return this.dualF[this.endpoint[2 * k]!]! + this.dualF[this.endpoint[2 * k + 1]!]! - this.weight2F[k]!;
  }

  protected lessSlack(k: number, best: number): boolean {
    if (best === -1) return true;
    const a = this.slackF(k);
    const b = this.slackF(best);
    const tolerance = 1e-13 * (Math.abs(this.dualF[this.endpoint[2 * k]!]!) + Math.abs(this.dualF[this.endpoint[2 * k + 1]!]!) + this.weight2F[k]! + Math.abs(this.dualF[this.endpoint[2 * best]!]!) + Math.abs(this.dualF[this.endpoint[2 * best + 1]!]!) + this.weight2F[best]!);
    if (Number.isFinite(a) && Number.isFinite(b) && Number.isFinite(tolerance)) {
      if (a < b - tolerance) return true;
      if (a > b + tolerance) return false;
    }
    // Exactly; an endpoint shared by both edges cancels out.
    const { endpoint, dualvar, weight2 } = this;
    const k0 = endpoint[2 * k]!;
    const k1 = endpoint[2 * k + 1]!;
    const b0 = endpoint[2 * best]!;
    const b1 = endpoint[2 * best + 1]!;
    const kOther = k0 === b0 || k0 === b1 ? k1 : k1 === b0 || k1 === b1 ? k0 : -1;
    if (kOther === -1) return this.slack(k) < this.slack(best);
    const shared = kOther === k1 ? k0 : k1;
    const bOther = b0 === shared ? b1 : b0;
    return dualvar[kOther]! - weight2[k]! < dualvar[bOther]! - weight2[best]!;
  }

  protected lessSlackAt(_v: number, _w: number, k: number, best: number): boolean {
    return this.lessSlack(k, best);
  }

  private slack(k: number): bigint {
    return this.dualvar[this.endpoint[2 * k]!]! + this.dualvar[this.endpoint[2 * k + 1]!]! - this.weight2[k]!;
  }

  protected dualBelowDelta(x: number): boolean {
    return this.dualvar[x]! < this.delta;
  }

  protected deltaFromDual(x: number): void {
    this.delta = this.dualvar[x]!;
  }

  /** The smallest slack in floating point first, then exactly among the near-ties. */
  protected lowerDeltaToEdges(): EdgeDelta | null {
    const { n, label, inblossom, bestedge, endpoint } = this;
    const candidates: number[] = [];
    const halves: boolean[] = [];
    let bestF = Infinity;
    let scale = 0;
    const offer = (k: number, half: boolean) => {
      const f = half ? this.slackF(k) / 2 : this.slackF(k);
      candidates.push(k);
      halves.push(half);
      if (f < bestF) bestF = f;
      scale = Math.max(scale, Math.abs(this.dualF[endpoint[2 * k]!]!) + Math.abs(this.dualF[endpoint[2 * k + 1]!]!) + this.weight2F[k]!);
    };
    for (let v = 0; v < n; v++) if (label[inblossom[v]!] === 0 && bestedge[v] !== -1) offer(bestedge[v]!, false);
    for (let b = 0; b < 2 * n; b++) if (this.blossomparent[b] === -1 && label[b] === 1 && bestedge[b] !== -1) offer(bestedge[b]!, true);
    const exact = !Number.isFinite(bestF) || !Number.isFinite(scale);
    const tolerance = 1e-13 * scale;
    let found: EdgeDelta | null = null;
    for (let i = 0; i < candidates.length; i++) {
      const k = candidates[i]!;
      const half = halves[i]!;
      if (!exact && (half ? this.slackF(k) / 2 : this.slackF(k)) > bestF + tolerance) continue;
      const d = half ? this.slack(k) / 2n : this.slack(k);
      if (d < this.delta) {
        this.delta = d;
        found = { type: half ? 3 : 2, edge: k };
      }
    }
    return found;
  }

  protected shiftDual(x: number, sign: number): void {
    const value = sign > 0 ? this.dualvar[x]! + this.delta : this.dualvar[x]! - this.delta;
    if (x < this.n) this.setDual(x, value);
    else this.dualvar[x] = value;
  }
}
