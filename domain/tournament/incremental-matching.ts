/**
 * Test oracle, never imported by the engine: the bigint form of WideMatching (wide-matching.ts),
 * which follows it step for step with weights as rows of limbs; wide-matching.test.ts checks that
 * both make the same decisions. Kept because bigint arithmetic is easy to read and to trust.
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
export class IncrementalMatching {
  readonly n: number;
  private readonly weight: bigint[];
  /** 2w per edge, so that a slack costs two bigint operations. */
  private readonly weight2: bigint[];
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
  private readonly dualvar: bigint[];
  /**
   * Doubles that shadow the vertex duals and 2w: a slack far from 0 is told apart in floating
   * point, and only slacks near 0 (or near the value they are compared with) are computed exactly.
   */
  private readonly dualF: Float64Array;
  private readonly weight2F: Float64Array;
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

  constructor(n: number) {
    this.n = n;
    const m = (n * (n - 1)) / 2;
    this.weight = new Array<bigint>(m).fill(0n);
    this.weight2 = new Array<bigint>(m).fill(0n);
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
    this.blossomchilds = new Array(2 * n).fill(null);
    this.blossombase = new Int32Array(2 * n).fill(-1);
    for (let v = 0; v < n; v++) this.blossombase[v] = v;
    this.blossomendps = new Array(2 * n).fill(null);
    this.bestedge = new Int32Array(2 * n).fill(-1);
    this.blossombestedges = new Array(2 * n).fill(null);
    for (let b = 2 * n - 1; b >= n; b--) this.unusedblossoms.push(b);
    this.dualvar = new Array<bigint>(2 * n).fill(0n);
    this.dualF = new Float64Array(n);
    this.weight2F = new Float64Array(m);
    this.allowed = new Int32Array(m);
  }

  /** Index of edge {i, j}, i < j. */
  private edge(i: number, j: number): number {
    return i < j ? this.rowBase[i]! + j : this.rowBase[j]! + i;
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
      // Start from each vertex's heaviest edge as its dual, matching the edges that are
      // the heaviest at both ends (tight from the start).
      this.started = true;
      for (let v = 0; v < this.n; v++) {
        let best = 0n;
        for (let u = 0; u < this.n; u++) if (u !== v && this.weight[this.edge(u, v)]! > best) best = this.weight[this.edge(u, v)]!;
        this.setDual(v, best);
      }
      for (let v = 0; v < this.n; v++) {
        if (this.mate[v] !== -1) continue;
        for (let u = v + 1; u < this.n; u++) {
          const k = this.edge(v, u);
          if (this.mate[u] === -1 && this.weight[k] !== 0n && this.slack(k) === 0n) {
            this.mate[v] = 2 * k + 1;
            this.mate[u] = 2 * k;
            break;
          }
        }
      }
    } else {
      for (const v of this.modified) this.detach(v);
      for (const v of this.modified) this.resetDual(v);
    }
    this.modified.clear();
    for (;;) {
      let root = -1;
      for (let v = 0; v < this.n; v++) {
        if (this.mate[v] === -1 && this.dualvar[v]! > 0n) {
          root = v;
          break;
        }
      }
      if (root === -1) break;
      this.stage(root);
    }
    return Array.from(this.mate, (p, v) => (p === -1 ? v : this.endpoint[p]!));
  }

  private setDual(v: number, value: bigint): void {
    this.dualvar[v] = value;
    this.dualF[v] = Number(value);
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

  /** Is edge k's slack smaller than edge best's (best = -1: yes)? */
  private lessSlack(k: number, best: number): boolean {
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

  private slack(k: number): bigint {
    return this.dualvar[this.endpoint[2 * k]!]! + this.dualvar[this.endpoint[2 * k + 1]!]! - this.weight2[k]!;
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
    const z = this.dualvar[b]!;
    if (z > 0n) {
      for (const leaf of this.leaves(b)) this.setDual(leaf, this.dualvar[leaf]! + z);
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
    this.dualvar[b] = 0n;
    this.unusedblossoms.push(b);
  }

  /** The smallest non-negative dual that keeps every edge at v feasible (v is in no blossom). */
  private resetDual(v: number): void {
    let best = 0n;
    const list = this.neighbours[v]!;
    for (let i = 0, deg = this.degree[v]!; i < deg; i++) {
      const u = list[i]!;
      const d = this.weight2[this.edge(u, v)]! - this.dualvar[u]!;
      if (d > best) best = d;
    }
    this.setDual(v, best);
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
      this.queue.push(...this.leaves(b));
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
    const { endpoint, inblossom, blossomparent, labelend } = this;
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
    this.label[b] = 1;
    labelend[b] = labelend[bb]!;
    this.dualvar[b] = 0n;
    for (const leaf of this.leaves(b)) {
      if (this.label[inblossom[leaf]!] === 2) this.queue.push(leaf);
      inblossom[leaf] = b;
    }
    const bestedgeto = new Int32Array(2 * this.n).fill(-1);
    for (const sub of path) {
      const consider = (ek: number) => {
        const j = inblossom[endpoint[2 * ek + 1]!] === b ? endpoint[2 * ek]! : endpoint[2 * ek + 1]!;
        const bj = inblossom[j]!;
        if (bj !== b && this.label[bj] === 1 && this.lessSlack(ek, bestedgeto[bj]!)) bestedgeto[bj] = ek;
      };
      const own = this.blossombestedges[sub] ?? null;
      if (own === null) {
        for (const leaf of this.leaves(sub)) {
          const list = this.neighbours[leaf]!;
          for (let i = 0, d = this.degree[leaf]!; i < d; i++) {
            const u = list[i]!;
            if (this.label[inblossom[u]!] === 1) consider(this.edge(leaf, u));
          }
        }
      } else {
        for (const ek of own) consider(ek);
      }
      this.blossombestedges[sub] = null;
      this.bestedge[sub] = -1;
    }
    const best: number[] = [];
    for (const ek of bestedgeto) if (ek !== -1) best.push(ek);
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
      else if (endstage && this.dualvar[s] === 0n) this.expandBlossom(s, endstage);
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
    const { n, label, inblossom, endpoint, bestedge, dualvar } = this;
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
          const k = this.edge(v, w);
          if (inblossom[v] === inblossom[w]) continue;
          const p = endpoint[2 * k] === w ? 2 * k : 2 * k + 1; // the endpoint at w
          if (this.allowed[k] !== this.stageId && this.compareSlack(k, 0n, 0) <= 0) this.allowed[k] = this.stageId;
          if (this.allowed[k] === this.stageId) {
            const bw = inblossom[w]!;
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
          } else if (label[inblossom[w]!] === 1) {
            const b = inblossom[v]!;
            if (this.lessSlack(k, bestedge[b]!)) bestedge[b] = k;
          } else if (label[w] === 0) {
            if (this.lessSlack(k, bestedge[w]!)) bestedge[w] = k;
          }
        }
      }

      let deltatype = 1;
      let delta = -1n;
      let zeroVertex = -1;
      for (let v = 0; v < n; v++) {
        if (label[inblossom[v]!] === 1 && (delta < 0n || dualvar[v]! < delta)) {
          delta = dualvar[v]!;
          zeroVertex = v;
        }
      }
      let deltaedge = -1;
      let deltablossom = -1;
      // delta2 (edges to unlabeled vertices) and delta3 (half the slack between S-blossoms):
      // the smallest in floating point first, then exactly among the near-ties.
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
      for (let i = 0; i < candidates.length; i++) {
        const k = candidates[i]!;
        const half = halves[i]!;
        if (!exact && (half ? this.slackF(k) / 2 : this.slackF(k)) > bestF + tolerance) continue;
        const d = half ? this.slack(k) / 2n : this.slack(k);
        if (d < delta) {
          delta = d;
          deltatype = half ? 3 : 2;
          deltaedge = k;
        }
      }
      for (let b = n; b < 2 * n; b++) {
        if (this.blossombase[b]! >= 0 && this.blossomparent[b] === -1 && label[b] === 2 && dualvar[b]! < delta) {
          delta = dualvar[b]!;
          deltatype = 4;
          deltablossom = b;
        }
      }
      for (let v = 0; v < n; v++) {
        const lb = label[inblossom[v]!];
        if (lb === 1) this.setDual(v, dualvar[v]! - delta);
        else if (lb === 2) this.setDual(v, dualvar[v]! + delta);
      }
      for (let b = n; b < 2 * n; b++) {
        if (this.blossombase[b]! >= 0 && this.blossomparent[b] === -1) {
          if (label[b] === 1) dualvar[b] = dualvar[b]! + delta;
          else if (label[b] === 2) dualvar[b] = dualvar[b]! - delta;
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
      if (this.blossomparent[b] === -1 && this.blossombase[b]! >= 0 && this.label[b] === 1 && this.dualvar[b] === 0n) this.expandBlossom(b, true);
    }
  }
}
