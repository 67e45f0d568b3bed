import { BitSet } from "./bitset.js";

/**
 * A generic iterative solver for gen/kill bit-vector problems, as in seed
 * 002 (Kanada & Ishida) Fig. 3: visit the nodes in depth-first order,
 * recompute each node's input as the meet of its neighbours' outputs and
 * its output as (input − KILL) ∪ GEN, and repeat until nothing changes.
 * The same loop solves reaching definitions (RIN/ROUT from RGEN/RKILL),
 * exposed uses (EIN/EOUT from EUSE/EBLOCK), their "must" variants
 * (intersection meet) and, backwards, live variables.
 *
 * A problem may be posed on a region of the graph (a loop's blocks): only
 * the nodes listed in `order` are solved, edges from other nodes are
 * ignored, and `skipEdge` removes more edges (a loop's back edges, to get
 * one iteration). The value flowing into the region is given per node in
 * `boundary`.
 */
export interface FlowGraph {
  /** preds[n]: nodes with an edge to n. */
  readonly preds: readonly (readonly number[])[];
  /** succs[n]: nodes n has an edge to. */
  readonly succs: readonly (readonly number[])[];
}

export interface GenKillProblem {
  direction: "forward" | "backward";
  /** union: "along some path" (may); intersection: "along every path" (must). */
  meet: "union" | "intersection";
  /** Size of the universe of facts. */
  width: number;
  /** GEN per node; null or missing means empty (a kill-only transfer). */
  gen: readonly (BitSet | null | undefined)[];
  /** KILL per node. */
  kill: readonly BitSet[];
  /**
   * The nodes of the region in visiting order: reverse postorder for a
   * forward problem, postorder for a backward one (the "depth-first" order
   * of Fig. 3, which makes acyclic regions converge in one pass).
   */
  order: readonly number[];
  /**
   * Value flowing into a node from outside the region (forward: before it;
   * backward: after it), met with what its in-region neighbours give. A
   * node with no in-region neighbour and no boundary value starts from ∅.
   */
  boundary?: ReadonlyMap<number, BitSet>;
  /** Edges to leave out (from, to in the graph's direction of edges, not of the problem). */
  skipEdge?: (from: number, to: number) => boolean;
}

export interface Solution {
  /** Facts holding at the start of each solved node (null for nodes outside the region). */
  before: (BitSet | null)[];
  /** Facts holding at the end of each solved node. */
  after: (BitSet | null)[];
  /** Passes over the region until nothing changed (the last pass changes nothing). */
  passes: number;
}

export function solve(graph: FlowGraph, p: GenKillProblem): Solution {
  const n = graph.preds.length;
  const inRegion = new Uint8Array(n);
  for (const v of p.order) inRegion[v] = 1;
  const forward = p.direction === "forward";
  const union = p.meet === "union";
  // The meet input of a node comes from its predecessors (forward) or successors (backward).
  const sources = forward ? graph.preds : graph.succs;
  const skip = p.skipEdge;
  const srcLists: number[][] = new Array(n);
  for (const v of p.order) {
    const list: number[] = [];
    for (const s of sources[v]!) {
      if (!inRegion[s]) continue;
      if (skip && (forward ? skip(s, v) : skip(v, s))) continue;
      list.push(s);
    }
    srcLists[v] = list;
  }

  const meetIn: (BitSet | null)[] = new Array(n).fill(null);
  const result: (BitSet | null)[] = new Array(n).fill(null);
  for (const v of p.order) {
    meetIn[v] = new BitSet(p.width);
    // Intersection problems start from the top (everything) and shrink; union ones from ∅ and grow.
    result[v] = union ? new BitSet(p.width) : BitSet.full(p.width);
  }

  let passes = 0;
  let changed = true;
  while (changed) {
    changed = false;
    passes++;
    for (const v of p.order) {
      const input = meetIn[v]!;
      const list = srcLists[v]!;
      const b = p.boundary?.get(v);
      if (union) {
        if (b) input.copyFrom(b);
        else input.clear();
        for (const s of list) input.unionWith(result[s]!);
      } else if (list.length === 0 && !b) {
        input.clear();
      } else {
        if (b) input.copyFrom(b);
        else input.fill();
        for (const s of list) input.intersectWith(result[s]!);
      }
      const gen = p.gen[v] ?? null;
      if (result[v]!.assignTransfer(input, p.kill[v]!, gen)) changed = true;
    }
  }
  return forward ? { before: meetIn, after: result, passes } : { before: result, after: meetIn, passes };
}
