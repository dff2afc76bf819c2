/**
 * The maximum-weight matcher without its arithmetic, shared by the engine's WideMatching
 * (wide-matching.ts: weights and duals as rows of limbs) and its test oracle IncrementalMatching
 * (incremental-matching.ts: bigints). Both are Edmonds' blossom algorithm re-solved from the
 * previous optimum (see incremental-matching.ts); with the stages here and the blossoms
 * (blossoms.ts) written once, the two differ only in how they store and compare numbers, which
 * is just what the oracle is there to check.
 *
 * A subclass keeps the weights and duals and answers the questions below about them (is an edge
 * tight, which of two slacks is smaller, ...), always exactly.
 */
import { Blossoms } from './blossoms';

/** An edge that sets a stage's delta: type 2 (its slack) or 3 (half its slack). */
export interface EdgeDelta {
  readonly type: 2 | 3;
  readonly edge: number;
}

export abstract class BlossomMatching extends Blossoms {
  private started = false;

  /** The first solve: each vertex's dual is its heaviest edge's weight. */
  protected abstract startDuals(): void;
  /** The smallest non-negative dual that keeps every edge at v feasible (v is in no blossom). */
  protected abstract resetDual(v: number): void;
  /** Is edge k = {v, w} tight (slack zero)? */
  protected abstract tight(v: number, w: number, k: number): boolean;
  /** lessSlack for edge k = {v, w} and edge best, both at w (best = -1: yes). */
  protected abstract lessSlackAt(v: number, w: number, k: number, best: number): boolean;
  /** Is the dual of vertex or blossom x below the stage's delta? */
  protected abstract dualBelowDelta(x: number): boolean;
  /** delta = the dual of vertex or blossom x. */
  protected abstract deltaFromDual(x: number): void;
  /**
   * Lowers delta to the least slack of an edge from an S-vertex to a free vertex (type 2) or
   * half the least slack between S-blossoms (type 3), the first strictly smaller one winning,
   * and says which edge set it (null: none did).
   */
  protected abstract lowerDeltaToEdges(): EdgeDelta | null;
  /** dual[x] += sign · delta (sign ±1; the result stays non-negative). */
  protected abstract shiftDual(x: number, sign: number): void;

  /** mate[v], or v itself when v is unmatched. */
  solve(): number[] {
    if (!this.started) {
      this.started = true;
      this.startDuals();
      this.matchTightEdges();
    } else {
      for (const v of this.modified) this.detach(v);
      for (const v of this.modified) this.resetDual(v);
    }
    this.modified.clear();
    for (;;) {
      let root = -1;
      for (let v = 0; v < this.n; v++) {
        if (this.mate[v] === -1 && this.hasDual(v)) {
          root = v;
          break;
        }
      }
      if (root === -1) break;
      this.stage(root);
    }
    return Array.from(this.mate, (p, v) => (p === -1 ? v : this.endpoint[p]!));
  }

  /** After startDuals: match the edges that are the heaviest at both ends (tight from the start). */
  private matchTightEdges(): void {
    const { n } = this;
    for (let v = 0; v < n; v++) {
      if (this.mate[v] !== -1) continue;
      for (let u = v + 1; u < n; u++) {
        const k = this.edge(v, u);
        if (this.mate[u] === -1 && this.where[v * n + u] !== -1 && this.tight(v, u, k)) {
          this.mate[v] = 2 * k + 1;
          this.mate[u] = 2 * k;
          break;
        }
      }
    }
  }

  /** One alternating tree from the exposed root, grown and re-dualled until the stage ends. */
  private stage(root: number): void {
    this.label.fill(0);
    this.bestedge.fill(-1);
    for (let b = this.n; b < 2 * this.n; b++) this.blossombestedges[b] = null;
    this.stageId++;
    this.queue = [];
    this.assignLabel(root, 1, -1);
    for (;;) if (this.grow() || this.adjustDuals()) return;
  }

  /**
   * Scans the edges of the queued S-vertices: tight ones grow the tree or make blossoms, the
   * others are kept as least-slack candidates. True when an augmenting path ended the stage.
   */
  private grow(): boolean {
    const { n, label, inblossom, endpoint, bestedge, allowed } = this;
    while (this.queue.length > 0) {
      const v = this.queue.pop()!;
      const list = this.neighbours[v]!;
      for (let i = 0, d = this.degree[v]!; i < d; i++) {
        const w = list[i]!;
        const bw = inblossom[w]!;
        if (inblossom[v] === bw) continue;
        const k = this.edge(v, w);
        if (allowed[k] !== this.stageId) {
          if (!this.tight(v, w, k)) {
            // Keep the least-slack edges: between S-blossoms, and from S to each free vertex.
            if (label[bw] === 1) {
              const b = inblossom[v]!;
              if (this.lessSlack(k, bestedge[b]!)) bestedge[b] = k;
            } else if (label[w] === 0) {
              if (this.lessSlackAt(v, w, k, bestedge[w]!)) bestedge[w] = k;
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
            return true;
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
    return false;
  }

  /**
   * Changes the duals by the largest delta that keeps every slack non-negative and acts on
   * what set it. True when that ended the stage.
   */
  private adjustDuals(): boolean {
    const { n, label, inblossom, endpoint } = this;
    // delta1: the smallest dual of an S-vertex (one is always there: the root's blossom).
    let deltatype = 1;
    let zeroVertex = -1;
    for (let v = 0; v < n; v++) {
      if (label[inblossom[v]!] === 1 && (zeroVertex === -1 || this.dualBelowDelta(v))) {
        zeroVertex = v;
        this.deltaFromDual(v);
      }
    }
    let deltaedge = -1;
    let deltablossom = -1;
    const byEdge = this.lowerDeltaToEdges();
    if (byEdge !== null) {
      deltatype = byEdge.type;
      deltaedge = byEdge.edge;
    }
    // delta4: the smallest z of a T-blossom.
    for (let b = n; b < 2 * n; b++) {
      if (this.blossombase[b]! >= 0 && this.blossomparent[b] === -1 && label[b] === 2 && this.dualBelowDelta(b)) {
        this.deltaFromDual(b);
        deltatype = 4;
        deltablossom = b;
      }
    }
    this.shiftDuals();
    if (deltatype === 1) {
      // A vertex of the tree reached dual 0: it may stay exposed.
      if (this.mate[zeroVertex] !== -1) this.augmentFrom(zeroVertex, -1);
      this.endStage();
      return true;
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
    return false;
  }

  /** S-vertices and S-blossoms' duals move by -delta and +delta, T ones the other way. */
  private shiftDuals(): void {
    const { n, label, inblossom } = this;
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
  }

  private endStage(): void {
    for (let b = this.n; b < 2 * this.n; b++) {
      if (this.blossomparent[b] === -1 && this.blossombase[b]! >= 0 && this.label[b] === 1 && !this.hasDual(b)) this.expandBlossom(b, true);
    }
  }
}
