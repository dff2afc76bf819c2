/**
 * The graph side of the blossom algorithm that BlossomMatching (blossom-matching.ts) runs: the
 * edges and their endpoints, the matching, the nested blossoms, and the labels of the one
 * alternating tree of a stage, with the operations on blossoms (make one from an odd cycle,
 * expand it, augment through it, dissolve it when a vertex inside changes). The duals and slacks
 * stay with the subclasses (wide-matching.ts, incremental-matching.ts), asked through the hooks
 * below.
 */

/** arr[idx] with idx taken round the cycle of a blossom's children (or of their edges: as many). */
function cyclic<T>(arr: readonly T[], idx: number): T {
  const len = arr.length;
  return arr[((idx % len) + len) % len]!;
}

/**
 * The walk from child i round a blossom's cycle to its base (child 0) that takes an even number
 * of steps: the start (made negative to go the other way), the step, and endptrick, which end of
 * each child's edge comes first on the way (as in mwmatching.py).
 */
function walkToBase(i: number, len: number): { j: number; jstep: number; endptrick: number } {
  return i & 1 ? { j: i - len, jstep: 1, endptrick: 0 } : { j: i, jstep: -1, endptrick: 1 };
}

export abstract class Blossoms {
  readonly n: number;
  /** Index of edge {i, j} for i < j is rowBase[i] + j. */
  private readonly rowBase: Int32Array;
  protected readonly endpoint: Int32Array;
  protected readonly mate: Int32Array;
  protected readonly label: Int8Array;
  protected readonly labelend: Int32Array;
  protected readonly inblossom: Int32Array;
  protected readonly blossomparent: Int32Array;
  private readonly blossomchilds: (number[] | null)[];
  protected readonly blossombase: Int32Array;
  private readonly blossomendps: (number[] | null)[];
  protected readonly bestedge: Int32Array;
  protected readonly blossombestedges: (number[] | null)[];
  private readonly unusedblossoms: number[] = [];
  /** addBlossom's least-slack edge to each S-blossom, -1 between uses. */
  private readonly bestedgeto: Int32Array;
  /** Edge k is usable (tight) in the current stage when allowed[k] === stageId. */
  protected readonly allowed: Int32Array;
  protected stageId = 0;
  protected queue: number[] = [];
  /** The vertices whose edges changed since the last solve. */
  protected readonly modified = new Set<number>();
  /**
   * neighbours[v][0..degree[v]) lists the vertices joined to v by an edge of positive weight
   * (where[v * n + u] is u's place in it), so that a scan skips the pairs already settled.
   */
  protected readonly neighbours: Int32Array[];
  protected readonly degree: Int32Array;
  protected readonly where: Int32Array;

  constructor(n: number) {
    this.n = n;
    const m = (n * (n - 1)) / 2;
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
    this.bestedgeto = new Int32Array(2 * n).fill(-1);
    this.allowed = new Int32Array(m);
  }

  /** Is the dual of vertex or blossom x above zero? */
  protected abstract hasDual(x: number): boolean;
  protected abstract zeroDual(x: number): void;
  /** dual[v] += dual[b] (a dissolved blossom's z passed to its vertices). */
  protected abstract addDual(v: number, b: number): void;
  /** Is edge k's slack smaller than edge best's (best = -1: yes)? */
  protected abstract lessSlack(k: number, best: number): boolean;

  /** Index of edge {i, j}, i < j. */
  protected edge(i: number, j: number): number {
    return i < j ? this.rowBase[i]! + j : this.rowBase[j]! + i;
  }

  protected link(v: number, u: number): void {
    const d = this.degree[v]!;
    this.neighbours[v]![d] = u;
    this.where[v * this.n + u] = d;
    this.degree[v] = d + 1;
  }

  protected unlink(v: number, u: number): void {
    const list = this.neighbours[v]!;
    const at = this.where[v * this.n + u]!;
    const last = this.degree[v]! - 1;
    const moved = list[last]!;
    list[at] = moved;
    this.where[v * this.n + moved] = at;
    this.where[v * this.n + u] = -1;
    this.degree[v] = last;
  }

  private leaves(b: number, out: number[] = []): number[] {
    if (b < this.n) out.push(b);
    else for (const t of this.blossomchilds[b]!) this.leaves(t, out);
    return out;
  }

  /** Take v out of every blossom and out of its match. */
  protected detach(v: number): void {
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
    if (this.hasDual(b)) {
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

  protected assignLabel(w: number, t: number, p: number): void {
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

  protected scanBlossom(v0: number, w0: number): number {
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

  protected addBlossom(base: number, k: number): void {
    const { endpoint, inblossom, blossomparent, labelend, label } = this;
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
    const best = this.leastSlackEdges(b, path);
    this.blossombestedges[b] = best;
    this.bestedge[b] = -1;
    for (const ek of best) if (this.lessSlack(ek, this.bestedge[b]!)) this.bestedge[b] = ek;
  }

  /**
   * The least-slack edge from the new blossom b to each other S-blossom, in blossom order, from
   * its children's lists (or their edges where they have none); the children's lists are cleared.
   */
  private leastSlackEdges(b: number, path: number[]): number[] {
    const { endpoint, inblossom, label, bestedgeto } = this;
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
    return best;
  }

  protected expandBlossom(b: number, endstage: boolean): void {
    const { endpoint, label, labelend, inblossom, n } = this;
    const childs = this.blossomchilds[b]!;
    for (const s of childs) {
      this.blossomparent[s] = -1;
      if (s < n) inblossom[s] = s;
      else if (endstage && !this.hasDual(s)) this.expandBlossom(s, endstage);
      else for (const leaf of this.leaves(s)) inblossom[leaf] = s;
    }
    if (!endstage && label[b] === 2) {
      const endps = this.blossomendps[b]!;
      const entrychild = inblossom[endpoint[labelend[b]! ^ 1]!]!;
      const walk = walkToBase(childs.indexOf(entrychild), childs.length);
      const { jstep, endptrick } = walk;
      let j = walk.j;
      let p = labelend[b]!;
      while (j !== 0) {
        label[endpoint[p ^ 1]!] = 0;
        label[endpoint[cyclic(endps, j - endptrick) ^ endptrick ^ 1]!] = 0;
        this.assignLabel(endpoint[p ^ 1]!, 2, p);
        this.allowed[cyclic(endps, j - endptrick) >> 1] = this.stageId;
        j += jstep;
        p = cyclic(endps, j - endptrick) ^ endptrick;
        this.allowed[p >> 1] = this.stageId;
        j += jstep;
      }
      const bv = cyclic(childs, j);
      label[endpoint[p ^ 1]!] = 2;
      label[bv] = 2;
      labelend[endpoint[p ^ 1]!] = p;
      labelend[bv] = p;
      this.bestedge[bv] = -1;
      j += jstep;
      while (cyclic(childs, j) !== entrychild) {
        const bvv = cyclic(childs, j);
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

  protected augmentBlossom(b: number, v: number): void {
    const { endpoint, mate, n } = this;
    let t = v;
    while (this.blossomparent[t] !== b) t = this.blossomparent[t]!;
    if (t >= n) this.augmentBlossom(t, v);
    const childs = this.blossomchilds[b]!;
    const endps = this.blossomendps[b]!;
    const i = childs.indexOf(t);
    const walk = walkToBase(i, childs.length);
    const { jstep, endptrick } = walk;
    let j = walk.j;
    while (j !== 0) {
      j += jstep;
      let tt = cyclic(childs, j);
      const p = cyclic(endps, j - endptrick) ^ endptrick;
      if (tt >= n) this.augmentBlossom(tt, endpoint[p]!);
      j += jstep;
      tt = cyclic(childs, j);
      if (tt >= n) this.augmentBlossom(tt, endpoint[p ^ 1]!);
      mate[endpoint[p]!] = p ^ 1;
      mate[endpoint[p ^ 1]!] = p;
    }
    this.blossomchilds[b] = childs.slice(i).concat(childs.slice(0, i));
    this.blossomendps[b] = endps.slice(i).concat(endps.slice(0, i));
    this.blossombase[b] = this.blossombase[this.blossomchilds[b]![0]!]!;
  }

  /** Match s across endpoint p (or expose it, p = -1) and flip the tree path up to the root. */
  protected augmentFrom(s0: number, p0: number): void {
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
}
