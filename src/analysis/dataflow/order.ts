import type { FlowGraph } from "./solver.js";

/**
 * Depth-first orders of a graph or of a region of it. Reverse postorder
 * visits a node after all its predecessors except along back edges, which
 * is why the iterative solver of seed 002 Fig. 3 converges in few passes
 * when it walks the graph "depth first".
 */
export interface DepthFirst {
  /** Reachable nodes in reverse postorder. */
  rpo: number[];
  /** Position of each node in `rpo`, -1 when unreachable. */
  rpoIndex: Int32Array;
}

/**
 * Depth-first search from `roots` following successor edges, iteratively
 * (procedures with thousands of blocks must not overflow the stack).
 * `inRegion` and `skipEdge` restrict the search to a subgraph.
 */
export function depthFirst(
  graph: FlowGraph,
  roots: readonly number[],
  inRegion?: (n: number) => boolean,
  skipEdge?: (from: number, to: number) => boolean,
  reverse = false,
): DepthFirst {
  const n = graph.succs.length;
  const next = reverse ? graph.preds : graph.succs;
  const state = new Uint8Array(n); // 0 new, 1 on stack, 2 done
  const post: number[] = [];
  const stackNode: number[] = [];
  const stackEdge: number[] = [];
  for (const r of roots) {
    if (state[r] || (inRegion && !inRegion(r))) continue;
    state[r] = 1;
    stackNode.push(r);
    stackEdge.push(0);
    while (stackNode.length) {
      const top = stackNode.length - 1;
      const v = stackNode[top]!;
      const out = next[v]!;
      const e = stackEdge[top]!;
      if (e < out.length) {
        stackEdge[top] = e + 1;
        const w = out[e]!;
        if (state[w] || (inRegion && !inRegion(w))) continue;
        if (skipEdge && (reverse ? skipEdge(w, v) : skipEdge(v, w))) continue;
        state[w] = 1;
        stackNode.push(w);
        stackEdge.push(0);
      } else {
        state[v] = 2;
        post.push(v);
        stackNode.pop();
        stackEdge.pop();
      }
    }
  }
  const rpo = post.reverse();
  const rpoIndex = new Int32Array(n).fill(-1);
  rpo.forEach((v, i) => (rpoIndex[v] = i));
  return { rpo, rpoIndex };
}
