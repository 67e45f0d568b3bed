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
  /** KILL per graph node. */
  kill: readonly BitSet[];
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
    private readonly meetIn: Uint32Array,
    private readonly out: Uint32Array,
    /** Passes over the region (the last confirms nothing changed, unless the region is acyclic). */
    readonly passes: number,
  ) {}

  /** Facts at the start of node v (forward: its input; backward: its output), or null outside the region. */
  before(v: number): BitSet | null {
    return this.view(v, this.region.direction === "forward" ? this.meetIn : this.out);
  }

  /** Facts at the end of node v, or null outside the region. */
  after(v: number): BitSet | null {
    return this.view(v, this.region.direction === "forward" ? this.out : this.meetIn);
  }

  private view(v: number, buf: Uint32Array): BitSet | null {
    const i = this.region.local[v]!;
    return i < 0 ? null : new BitSet(this.width, buf.subarray(i * this.words, (i + 1) * this.words));
  }
}

export function solve(region: Region, p: GenKillProblem): Solution {
  const k = region.order.length;
  const words = (p.width + 31) >>> 5;
  const meetIn = new Uint32Array(words * k);
  const out = new Uint32Array(words * k);
  const union = p.meet === "union";
  const last = p.width & 31 ? (1 << (p.width & 31)) - 1 : 0xffffffff;
  // Intersection problems start from the top (everything) and shrink; union ones from ∅ and grow.
  if (!union) for (let i = 0; i < k; i++) fillTop(out, i * words, words, last);
  const gens = region.order.map((v) => p.gen[v]?.words ?? null);
  const kills = region.order.map((v) => p.kill[v]!.words);
  const bounds = region.order.map((v) => p.boundary?.get(v)?.words ?? null);
  const { start, list } = region;
  let passes = 0;
  let changed = true;
  while (changed) {
    changed = false;
    passes++;
    for (let i = 0; i < k; i++) {
      const base = i * words;
      const b = bounds[i];
      const s0 = start[i]!;
      const s1 = start[i + 1]!;
      if (union) {
        if (b) meetIn.set(b, base);
        else meetIn.fill(0, base, base + words);
        for (let e = s0; e < s1; e++) {
          const src = list[e]! * words;
          for (let w = 0; w < words; w++) meetIn[base + w]! |= out[src + w]!;
        }
      } else if (s0 === s1 && !b) {
        meetIn.fill(0, base, base + words);
      } else {
        if (b) meetIn.set(b, base);
        else fillTop(meetIn, base, words, last);
        for (let e = s0; e < s1; e++) {
          const src = list[e]! * words;
          for (let w = 0; w < words; w++) meetIn[base + w]! &= out[src + w]!;
        }
      }
      const g = gens[i];
      const kl = kills[i]!;
      let diff = 0;
      if (g) {
        for (let w = 0; w < words; w++) {
          const v = (meetIn[base + w]! & ~kl[w]!) | g[w]!;
          diff |= v ^ out[base + w]!;
          out[base + w] = v;
        }
      } else {
        for (let w = 0; w < words; w++) {
          const v = meetIn[base + w]! & ~kl[w]!;
          diff |= v ^ out[base + w]!;
          out[base + w] = v;
        }
      }
      if (diff !== 0) changed = true;
    }
    if (region.acyclic) break;
  }
  return new Solution(region, p.width, words, meetIn, out, passes);
}

function fillTop(buf: Uint32Array, base: number, words: number, last: number): void {
  if (words === 0) return;
  buf.fill(0xffffffff, base, base + words - 1);
  buf[base + words - 1] = last;
}
