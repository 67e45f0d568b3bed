import { BitSet } from "./bitset.js";
import { depthFirst } from "./order.js";

/**
 * A generic iterative solver for gen/kill bit-vector problems, as in seed
 * 002 (Kanada & Ishida) Fig. 3: visit the nodes in depth-first order,
 * recompute each node's input as the meet of its neighbours' outputs and
 * its output as (input − KILL) ∪ GEN, and repeat until nothing changes.
 * The same loop solves reaching definitions (RIN/ROUT from RGEN/RKILL),
 * exposed uses (EIN/EOUT from EUSE/EBLOCK), their "must" variants
 * (intersection meet) and, backwards, live variables.
 *
 * A problem is posed on a Region: the nodes to solve (a loop's blocks, or
 * all of them) in visiting order, with the edges that count (a loop's
 * back edges can be left out, to get one iteration). Nodes outside the
 * region contribute nothing; the value flowing in from outside is given
 * per node as `boundary`. Several problems on one region share its
 * preparation, and each solve keeps all its sets in one typed array, since
 * the dependence builder solves every loop four times.
 */
export interface FlowGraph {
  /** preds[n]: nodes with an edge to n. */
  readonly preds: readonly (readonly number[])[];
  /** succs[n]: nodes n has an edge to. */
  readonly succs: readonly (readonly number[])[];
}

/** The nodes of a problem in visiting order, with their in-region neighbours. */
export class Region {
  /** Local index of each graph node, -1 outside the region. */
  readonly local: Int32Array;
  /** Neighbours the meet reads (predecessors forward, successors backward), as local indices: node i's are list[start[i] .. start[i+1]). */
  readonly start: Int32Array;
  readonly list: Int32Array;
  /** The nodes whose meet reads node i: out[outStart[i] .. outStart[i+1]). */
  readonly outStart: Int32Array;
  readonly out: Int32Array;
  /** No edge goes backwards in the visiting order: one pass is exact. */
  readonly acyclic: boolean;

  constructor(
    graph: FlowGraph,
    /** Region nodes in visiting order: reverse postorder for a forward problem, for a backward one reverse postorder of the reversed graph. */
    readonly order: readonly number[],
    readonly direction: "forward" | "backward",
    /** Edges to leave out (from, to in the graph's direction of edges). */
    skipEdge?: (from: number, to: number) => boolean,
  ) {
    const n = graph.preds.length;
    this.local = new Int32Array(n).fill(-1);
    order.forEach((v, i) => (this.local[v] = i));
    const forward = direction === "forward";
    const sources = forward ? graph.preds : graph.succs;
    const start = new Int32Array(order.length + 1);
    const list: number[] = [];
    let acyclic = true;
    order.forEach((v, i) => {
      start[i] = list.length;
      for (const s of sources[v]!) {
        const ls = this.local[s]!;
        if (ls < 0) continue;
        if (skipEdge && (forward ? skipEdge(s, v) : skipEdge(v, s))) continue;
        list.push(ls);
        if (ls >= i) acyclic = false;
      }
    });
    start[order.length] = list.length;
    this.start = start;
    this.list = Int32Array.from(list);
    this.acyclic = acyclic;
    // The inverse lists, for the worklist: who must be recomputed when node i changes.
    const k = order.length;
    const outStart = new Int32Array(k + 1);
    for (const x of this.list) outStart[x + 1]!++;
    for (let i = 0; i < k; i++) outStart[i + 1]! += outStart[i]!;
    const fill = outStart.slice(0, k);
    const outs = new Int32Array(this.list.length);
    for (let i = 0; i < k; i++) for (let e = start[i]!; e < start[i + 1]!; e++) outs[fill[this.list[e]!]!++] = i;
    this.outStart = outStart;
    this.out = outs;
  }

  /** The region of every node `roots` reach (following the problem's direction), in the right order. */
  static reachable(graph: FlowGraph, roots: readonly number[], direction: "forward" | "backward", inRegion?: (n: number) => boolean, skipEdge?: (from: number, to: number) => boolean): Region {
    const order = depthFirst(graph, roots, inRegion, skipEdge, direction === "backward").rpo;
    return new Region(graph, order, direction, skipEdge);
  }
}

export interface GenKillProblem {
  /** union: "along some path" (may); intersection: "along every path" (must). */
  meet: "union" | "intersection";
  /** Size of the universe of facts. */
  width: number;
  /** GEN per graph node; null or missing means empty (a kill-only transfer). */
  gen: readonly (BitSet | null | undefined)[];
  /** KILL per graph node; null or missing means empty. */
  kill: readonly (BitSet | null | undefined)[];
  /**
   * Value flowing into a node from outside the region (forward: before it;
   * backward: after it), met with what its in-region neighbours give. A
   * node with no in-region neighbour and no boundary value starts from ∅.
   */
  boundary?: ReadonlyMap<number, BitSet>;
}

/** The solution: all sets of the region in two typed arrays. */
export class Solution {
  constructor(
    readonly region: Region,
    readonly width: number,
    private readonly words: number,
    /** Per node in visiting order: its meet input, then its output. */
    private readonly buf: Uint32Array,
    /** Sweeps over the region (each visits only the nodes whose inputs changed). */
    readonly passes: number,
  ) {}

  /** Facts at the start of node v (forward: its input; backward: its output), or null outside the region. */
  before(v: number): BitSet | null {
    return this.view(v, this.region.direction === "forward" ? 0 : 1);
  }

  /** Facts at the end of node v, or null outside the region. */
  after(v: number): BitSet | null {
    return this.view(v, this.region.direction === "forward" ? 1 : 0);
  }

  /** Copies the facts at the start of node v into `into` (no allocation); false outside the region. */
  copyBefore(v: number, into: BitSet): boolean {
    const i = this.region.local[v]!;
    if (i < 0) return false;
    const at = (2 * i + (this.region.direction === "forward" ? 0 : 1)) * this.words;
    into.words.set(this.buf.subarray(at, at + this.words));
    return true;
  }

  private view(v: number, half: 0 | 1): BitSet | null {
    const i = this.region.local[v]!;
    const at = (2 * i + half) * this.words;
    return i < 0 ? null : new BitSet(this.width, this.buf.subarray(at, at + this.words));
  }
}

/**
 * Solves a problem. `scratch`, when given, holds the sets instead of a new
 * array (it must have at least solveSize(region, width) words and not be
 * in use by a solution still needed): callers that solve many regions of
 * one procedure reuse a few buffers instead of allocating for each.
 */
export function solve(region: Region, p: GenKillProblem, scratch?: Uint32Array): Solution {
  const k = region.order.length;
  const words = (p.width + 31) >>> 5;
  // Node i's input is at [2i·words, (2i+1)·words) and its output right after, all in one buffer, so
  // copying one set to another is a native copyWithin.
  const size = 2 * words * k;
  if (scratch && scratch.length < size) throw new RangeError(`scratch of ${scratch.length} words for a solve of ${size}`);
  const buf = scratch ? scratch.subarray(0, size) : new Uint32Array(size);
  const union = p.meet === "union";
  const last = p.width & 31 ? (1 << (p.width & 31)) - 1 : 0xffffffff;
  // Intersection problems start from the top (everything) and shrink; union ones from ∅ and grow.
  if (!union) for (let i = 0; i < k; i++) fillTop(buf, (2 * i + 1) * words, words, last);
  else if (scratch) buf.fill(0);
  const gens: (Uint32Array | null)[] = new Array(k);
  const kills: (Uint32Array | null)[] = new Array(k);
  const bounds: (Uint32Array | null)[] = new Array(k);
  for (let i = 0; i < k; i++) {
    const v = region.order[i]!;
    gens[i] = p.gen[v]?.words ?? null;
    kills[i] = p.kill[v]?.words ?? null;
    bounds[i] = p.boundary?.get(v)?.words ?? null;
  }
  // One pass over an acyclic region is exact: no need to watch for changes.
  const acyclic = region.acyclic;
  const { start, list, outStart, out: outs } = region;
  // Round-robin in visiting order, but only over nodes whose inputs changed since their last visit
  // (a worklist swept in order): after the first pass only the loops' bodies are revisited.
  const dirty = new Uint8Array(k).fill(1);
  let passes = 0;
  let again = true;
  while (again) {
    again = false;
    passes++;
    for (let i = 0; i < k; i++) {
      if (!dirty[i]) continue;
      dirty[i] = 0;
      const inp = 2 * i * words;
      const b = bounds[i];
      const s0 = start[i]!;
      const s1 = start[i + 1]!;
      if (!b && s1 - s0 === 1) {
        const src = (2 * list[s0]! + 1) * words;
        buf.copyWithin(inp, src, src + words);
      } else if (union) {
        if (b) buf.set(b, inp);
        else buf.fill(0, inp, inp + words);
        for (let e = s0; e < s1; e++) {
          const src = (2 * list[e]! + 1) * words;
          for (let w = 0; w < words; w++) buf[inp + w]! |= buf[src + w]!;
        }
      } else if (s0 === s1 && !b) {
        buf.fill(0, inp, inp + words);
      } else {
        if (b) buf.set(b, inp);
        else fillTop(buf, inp, words, last);
        for (let e = s0; e < s1; e++) {
          const src = (2 * list[e]! + 1) * words;
          for (let w = 0; w < words; w++) buf[inp + w]! &= buf[src + w]!;
        }
      }
      const out = inp + words;
      const g = gens[i];
      const kl = kills[i];
      let diff = 0;
      if (!g && !kl) {
        if (acyclic) buf.copyWithin(out, inp, inp + words);
        else {
          for (let w = 0; w < words; w++) diff |= buf[inp + w]! ^ buf[out + w]!;
          if (diff !== 0) buf.copyWithin(out, inp, inp + words);
        }
      } else if (g && kl) {
        for (let w = 0; w < words; w++) {
          const v = (buf[inp + w]! & ~kl[w]!) | g[w]!;
          diff |= v ^ buf[out + w]!;
          buf[out + w] = v;
        }
      } else if (g) {
        for (let w = 0; w < words; w++) {
          const v = buf[inp + w]! | g[w]!;
          diff |= v ^ buf[out + w]!;
          buf[out + w] = v;
        }
      } else {
        for (let w = 0; w < words; w++) {
          const v = buf[inp + w]! & ~kl![w]!;
          diff |= v ^ buf[out + w]!;
          buf[out + w] = v;
        }
      }
      if (diff !== 0 && !acyclic) {
        for (let e = outStart[i]!; e < outStart[i + 1]!; e++) {
          const j = outs[e]!;
          dirty[j] = 1;
          if (j <= i) again = true;
        }
      }
    }
  }
  return new Solution(region, p.width, words, buf, passes);
}

/** Words of scratch space a solve of `region` over `width` facts needs. */
export function solveSize(region: Region, width: number): number {
  return 2 * ((width + 31) >>> 5) * region.order.length;
}

function fillTop(buf: Uint32Array, base: number, words: number, last: number): void {
  if (words === 0) return;
  buf.fill(0xffffffff, base, base + words - 1);
  buf[base + words - 1] = last;
}
