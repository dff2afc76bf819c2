/**
 * Maximum-weight matching on a general graph (Edmonds' blossom algorithm with dual variables,
 * O(n^3)), with bigint weights so that a weight can hold many criteria as bit fields in strict
 * priority order. Written after Galil's "Efficient algorithms for finding maximum matching in
 * graphs" (1986) and Joris van Rantwijk's public-domain mwmatching.py. Pure: no side effects.
 *
 * Slacks are u_i + u_j - 2w, so with integer weights every dual stays an integer.
 */

export interface WeightedEdge {
  readonly u: number;
  readonly v: number;
  readonly weight: bigint;
}

/**
 * Returns mate[v] (the partner of v, or -1). The matching maximises the total weight; when
 * maxCardinality is set, it maximises the weight among the matchings of maximum size.
 * Edges with weight 0 or less never help and may be left out by the caller.
 */
export function maxWeightMatching(vertexCount: number, edges: readonly WeightedEdge[], maxCardinality = false): number[] {
  const n = vertexCount;
  const m = edges.length;
  if (m === 0 || n === 0) return new Array<number>(n).fill(-1);

  let maxWeight = 0n;
  for (const e of edges) {
    if (e.u === e.v || e.u < 0 || e.v < 0 || e.u >= n || e.v >= n) throw new Error(`bad edge ${e.u}-${e.v}`);
    if (e.weight > maxWeight) maxWeight = e.weight;
  }

  // endpoint[2k] and endpoint[2k+1] are the two ends of edge k; "p" below names an endpoint.
  const endpoint = new Int32Array(2 * m);
  const weight: bigint[] = new Array<bigint>(m);
  for (let k = 0; k < m; k++) {
    const e = edges[k]!;
    endpoint[2 * k] = e.u;
    endpoint[2 * k + 1] = e.v;
    weight[k] = e.weight;
  }
  // neighbend[v]: the remote endpoints of the edges incident to v.
  const neighbend: number[][] = Array.from({ length: n }, () => []);
  for (let k = 0; k < m; k++) {
    neighbend[endpoint[2 * k]!]!.push(2 * k + 1);
    neighbend[endpoint[2 * k + 1]!]!.push(2 * k);
  }

  const mate = new Int32Array(n).fill(-1); // remote endpoint of the matched edge, or -1
  const label = new Int8Array(2 * n); // 0 free, 1 S, 2 T (per top-level blossom)
  const labelend = new Int32Array(2 * n).fill(-1);
  const inblossom = new Int32Array(n);
  for (let v = 0; v < n; v++) inblossom[v] = v;
  const blossomparent = new Int32Array(2 * n).fill(-1);
  const blossomchilds: (number[] | null)[] = new Array(2 * n).fill(null);
  const blossombase = new Int32Array(2 * n).fill(-1);
  for (let v = 0; v < n; v++) blossombase[v] = v;
  const blossomendps: (number[] | null)[] = new Array(2 * n).fill(null);
  const bestedge = new Int32Array(2 * n).fill(-1);
  const blossombestedges: (number[] | null)[] = new Array(2 * n).fill(null);
  const unusedblossoms: number[] = [];
  for (let b = 2 * n - 1; b >= n; b--) unusedblossoms.push(b);
  const dualvar: bigint[] = new Array<bigint>(2 * n);
  for (let v = 0; v < n; v++) dualvar[v] = maxWeight;
  for (let b = n; b < 2 * n; b++) dualvar[b] = 0n;
  const allowedge = new Uint8Array(m);
  let queue: number[] = [];

  const slack = (k: number): bigint => dualvar[endpoint[2 * k]!]! + dualvar[endpoint[2 * k + 1]!]! - 2n * weight[k]!;

  const blossomLeaves = (b: number, out: number[]): number[] => {
    if (b < n) out.push(b);
    else for (const t of blossomchilds[b]!) blossomLeaves(t, out);
    return out;
  };

  const assignLabel = (w: number, t: number, p: number): void => {
    const b = inblossom[w]!;
    label[w] = t;
    label[b] = t;
    labelend[w] = p;
    labelend[b] = p;
    bestedge[w] = -1;
    bestedge[b] = -1;
    if (t === 1) {
      queue.push(...blossomLeaves(b, []));
    } else {
      const base = blossombase[b]!;
      assignLabel(endpoint[mate[base]!]!, 1, mate[base]! ^ 1);
    }
  };

  // Trace back from v and w to find a new blossom's base, or -1 for an augmenting path.
  const scanBlossom = (v0: number, w0: number): number => {
    const path: number[] = [];
    let base = -1;
    let v = v0;
    let w = w0;
    while (v !== -1 || w !== -1) {
      let b = inblossom[v]!;
      if (label[b]! & 4) {
        base = blossombase[b]!;
        break;
      }
      path.push(b);
      label[b] = 5;
      if (labelend[b] === -1) {
        v = -1;
      } else {
        v = endpoint[labelend[b]!]!;
        b = inblossom[v]!;
        v = endpoint[labelend[b]!]!;
      }
      if (w !== -1) {
        const t = v;
        v = w;
        w = t;
      }
    }
    for (const b of path) label[b] = 1;
    return base;
  };

  const addBlossom = (base: number, k: number): void => {
    let v = endpoint[2 * k]!;
    let w = endpoint[2 * k + 1]!;
    const bb = inblossom[base]!;
    let bv = inblossom[v]!;
    let bw = inblossom[w]!;
    const b = unusedblossoms.pop()!;
    blossombase[b] = base;
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
    blossomchilds[b] = path;
    blossomendps[b] = endps;
    label[b] = 1;
    labelend[b] = labelend[bb]!;
    dualvar[b] = 0n;
    for (const leaf of blossomLeaves(b, [])) {
      if (label[inblossom[leaf]!] === 2) queue.push(leaf);
      inblossom[leaf] = b;
    }
    // Best edge from the new blossom to every other S-blossom.
    const bestedgeto = new Int32Array(2 * n).fill(-1);
    for (const sub of path) {
      let nblists: number[][];
      const own = blossombestedges[sub] ?? null;
      if (own === null) {
        nblists = blossomLeaves(sub, []).map((leaf) => neighbend[leaf]!.map((p) => p >> 1));
      } else {
        nblists = [own];
      }
      for (const nblist of nblists) {
        for (const ek of nblist) {
          // The end outside the new blossom.
          const j = inblossom[endpoint[2 * ek + 1]!] === b ? endpoint[2 * ek]! : endpoint[2 * ek + 1]!;
          const bj = inblossom[j]!;
          if (bj !== b && label[bj] === 1 && (bestedgeto[bj] === -1 || slack(ek) < slack(bestedgeto[bj]!))) {
            bestedgeto[bj] = ek;
          }
        }
      }
      blossombestedges[sub] = null;
      bestedge[sub] = -1;
    }
    const best: number[] = [];
    for (const ek of bestedgeto) if (ek !== -1) best.push(ek);
    blossombestedges[b] = best;
    bestedge[b] = -1;
    for (const ek of best) {
      if (bestedge[b] === -1 || slack(ek) < slack(bestedge[b]!)) bestedge[b] = ek;
    }
  };

  const expandBlossom = (b: number, endstage: boolean): void => {
    const childs = blossomchilds[b]!;
    for (const s of childs) {
      blossomparent[s] = -1;
      if (s < n) inblossom[s] = s;
      else if (endstage && dualvar[s] === 0n) expandBlossom(s, endstage);
      else for (const leaf of blossomLeaves(s, [])) inblossom[leaf] = s;
    }
    if (!endstage && label[b] === 2) {
      const endps = blossomendps[b]!;
      const len = childs.length;
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
      const at = <T>(arr: T[], idx: number): T => arr[((idx % len) + len) % len]!;
      let p = labelend[b]!;
      while (j !== 0) {
        label[endpoint[p ^ 1]!] = 0;
        label[endpoint[at(endps, j - endptrick) ^ endptrick ^ 1]!] = 0;
        assignLabel(endpoint[p ^ 1]!, 2, p);
        allowedge[at(endps, j - endptrick) >> 1] = 1;
        j += jstep;
        p = at(endps, j - endptrick) ^ endptrick;
        allowedge[p >> 1] = 1;
        j += jstep;
      }
      const bv = at(childs, j);
      label[endpoint[p ^ 1]!] = 2;
      label[bv] = 2;
      labelend[endpoint[p ^ 1]!] = p;
      labelend[bv] = p;
      bestedge[bv] = -1;
      j += jstep;
      while (at(childs, j) !== entrychild) {
        const bvv = at(childs, j);
        if (label[bvv] === 1) {
          j += jstep;
          continue;
        }
        let found = -1;
        for (const leaf of blossomLeaves(bvv, [])) {
          if (label[leaf] !== 0) {
            found = leaf;
            break;
          }
        }
        if (found !== -1) {
          label[found] = 0;
          label[endpoint[mate[blossombase[bvv]!]!]!] = 0;
          assignLabel(found, 2, labelend[found]!);
        }
        j += jstep;
      }
    }
    label[b] = 0;
    labelend[b] = -1;
    blossomchilds[b] = null;
    blossomendps[b] = null;
    blossombase[b] = -1;
    blossombestedges[b] = null;
    bestedge[b] = -1;
    unusedblossoms.push(b);
  };

  // Swap matched and unmatched edges along the alternating path inside blossom b from v to its base.
  const augmentBlossom = (b: number, v: number): void => {
    let t = v;
    while (blossomparent[t] !== b) t = blossomparent[t]!;
    if (t >= n) augmentBlossom(t, v);
    const childs = blossomchilds[b]!;
    const endps = blossomendps[b]!;
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
      if (tt >= n) augmentBlossom(tt, endpoint[p]!);
      j += jstep;
      tt = at(childs, j);
      if (tt >= n) augmentBlossom(tt, endpoint[p ^ 1]!);
      mate[endpoint[p]!] = p ^ 1;
      mate[endpoint[p ^ 1]!] = p;
    }
    blossomchilds[b] = childs.slice(i).concat(childs.slice(0, i));
    blossomendps[b] = endps.slice(i).concat(endps.slice(0, i));
    blossombase[b] = blossombase[blossomchilds[b]![0]!]!;
  };

  const augmentMatching = (k: number): void => {
    const v = endpoint[2 * k]!;
    const w = endpoint[2 * k + 1]!;
    for (const [s0, p0] of [
      [v, 2 * k + 1],
      [w, 2 * k],
    ] as const) {
      let s = s0;
      let p = p0;
      for (;;) {
        const bs = inblossom[s]!;
        if (bs >= n) augmentBlossom(bs, s);
        mate[s] = p;
        if (labelend[bs] === -1) break;
        const t = endpoint[labelend[bs]!]!;
        const bt = inblossom[t]!;
        s = endpoint[labelend[bt]!]!;
        const j = endpoint[labelend[bt]! ^ 1]!;
        if (bt >= n) augmentBlossom(bt, j);
        mate[j] = labelend[bt]!;
        p = labelend[bt]! ^ 1;
      }
    }
  };

  for (let stage = 0; stage < n; stage++) {
    label.fill(0);
    bestedge.fill(-1);
    for (let b = n; b < 2 * n; b++) blossombestedges[b] = null;
    allowedge.fill(0);
    queue = [];
    for (let v = 0; v < n; v++) {
      if (mate[v] === -1 && label[inblossom[v]!] === 0) assignLabel(v, 1, -1);
    }
    let augmented = false;
    for (;;) {
      while (queue.length > 0 && !augmented) {
        const v = queue.pop()!;
        for (const p of neighbend[v]!) {
          const k = p >> 1;
          const w = endpoint[p]!;
          if (inblossom[v] === inblossom[w]) continue;
          let kslack = 0n;
          if (!allowedge[k]) {
            kslack = slack(k);
            if (kslack <= 0n) allowedge[k] = 1;
          }
          if (allowedge[k]) {
            if (label[inblossom[w]!] === 0) {
              assignLabel(w, 2, p ^ 1);
            } else if (label[inblossom[w]!] === 1) {
              const base = scanBlossom(v, w);
              if (base >= 0) {
                addBlossom(base, k);
              } else {
                augmentMatching(k);
                augmented = true;
                break;
              }
            } else if (label[w] === 0) {
              label[w] = 2;
              labelend[w] = p ^ 1;
            }
          } else if (label[inblossom[w]!] === 1) {
            const b = inblossom[v]!;
            if (bestedge[b] === -1 || kslack < slack(bestedge[b]!)) bestedge[b] = k;
          } else if (label[w] === 0) {
            if (bestedge[w] === -1 || kslack < slack(bestedge[w]!)) bestedge[w] = k;
          }
        }
      }
      if (augmented) break;

      // No augmenting path: change the duals.
      let deltatype = -1;
      let delta = 0n;
      let deltaedge = -1;
      let deltablossom = -1;
      if (!maxCardinality) {
        deltatype = 1;
        delta = dualvar[0]!;
        for (let v = 1; v < n; v++) if (dualvar[v]! < delta) delta = dualvar[v]!;
      }
      for (let v = 0; v < n; v++) {
        if (label[inblossom[v]!] === 0 && bestedge[v] !== -1) {
          const d = slack(bestedge[v]!);
          if (deltatype === -1 || d < delta) {
            delta = d;
            deltatype = 2;
            deltaedge = bestedge[v]!;
          }
        }
      }
      for (let b = 0; b < 2 * n; b++) {
        if (blossomparent[b] === -1 && label[b] === 1 && bestedge[b] !== -1) {
          const kslack = slack(bestedge[b]!);
          const d = kslack / 2n;
          if (deltatype === -1 || d < delta) {
            delta = d;
            deltatype = 3;
            deltaedge = bestedge[b]!;
          }
        }
      }
      for (let b = n; b < 2 * n; b++) {
        if (blossombase[b]! >= 0 && blossomparent[b] === -1 && label[b] === 2 && (deltatype === -1 || dualvar[b]! < delta)) {
          delta = dualvar[b]!;
          deltatype = 4;
          deltablossom = b;
        }
      }
      if (deltatype === -1) {
        // Only with maxCardinality: no further improvement possible; do a final delta update.
        deltatype = 1;
        delta = dualvar[0]!;
        for (let v = 1; v < n; v++) if (dualvar[v]! < delta) delta = dualvar[v]!;
        if (delta < 0n) delta = 0n;
      }
      for (let v = 0; v < n; v++) {
        const lb = label[inblossom[v]!];
        if (lb === 1) dualvar[v] = dualvar[v]! - delta;
        else if (lb === 2) dualvar[v] = dualvar[v]! + delta;
      }
      for (let b = n; b < 2 * n; b++) {
        if (blossombase[b]! >= 0 && blossomparent[b] === -1) {
          if (label[b] === 1) dualvar[b] = dualvar[b]! + delta;
          else if (label[b] === 2) dualvar[b] = dualvar[b]! - delta;
        }
      }
      if (deltatype === 1) {
        break;
      } else if (deltatype === 2) {
        allowedge[deltaedge] = 1;
        let i = endpoint[2 * deltaedge]!;
        if (label[inblossom[i]!] === 0) i = endpoint[2 * deltaedge + 1]!;
        queue.push(i);
      } else if (deltatype === 3) {
        allowedge[deltaedge] = 1;
        queue.push(endpoint[2 * deltaedge]!);
      } else {
        expandBlossom(deltablossom, false);
      }
    }
    if (!augmented) break;
    for (let b = n; b < 2 * n; b++) {
      if (blossomparent[b] === -1 && blossombase[b]! >= 0 && label[b] === 1 && dualvar[b] === 0n) expandBlossom(b, true);
    }
  }

  const result = new Array<number>(n).fill(-1);
  for (let v = 0; v < n; v++) if (mate[v] !== -1) result[v] = endpoint[mate[v]!]!;
  return result;
}

/** The total weight of a matching given as mate[] (for tests and checks). */
export function matchingWeight(mate: readonly number[], weightOf: (u: number, v: number) => bigint): bigint {
  let total = 0n;
  for (let v = 0; v < mate.length; v++) {
    const w = mate[v]!;
    if (w > v) total += weightOf(v, w);
  }
  return total;
}
