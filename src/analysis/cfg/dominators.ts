import { depthFirst } from "../dataflow/order.js";
import type { Cfg } from "./cfg.js";

/**
 * A dominator tree: a dominates b when every path from the root to b goes
 * through a. Post-dominators are the dominators of the reversed graph
 * rooted at the procedure's ends. Seed 004 §1.2 uses both for its
 * "definite/possible" attribute (whether the ends of a dependence dominate
 * the loop exit); the parallelizer uses them to place code.
 */
export class DomTree {
  constructor(
    /** Immediate dominator of each node; -1 for the root and for nodes the root does not reach. */
    readonly idom: Int32Array,
    private readonly pre: Int32Array,
    private readonly post: Int32Array,
  ) {}

  /** Whether a dominates b (every node dominates itself). False when either is unreachable. */
  dominates(a: number, b: number): boolean {
    if (this.pre[a]! < 0 || this.pre[b]! < 0) return false;
    return this.pre[a]! <= this.pre[b]! && this.post[b]! <= this.post[a]!;
  }

  reachable(a: number): boolean {
    return this.pre[a]! >= 0;
  }
}

/**
 * Immediate dominators by the iterative algorithm of Cooper, Harvey and
 * Kennedy ("A Simple, Fast Dominance Algorithm", 2001): in reverse
 * postorder, intersect the dominators of the processed predecessors by
 * walking up the partial tree until a fixed point.
 */
export function immediateDominators(succs: readonly (readonly number[])[], preds: readonly (readonly number[])[], root: number): DomTree {
  const n = succs.length;
  const { rpo, rpoIndex } = depthFirst({ succs, preds }, [root]);
  const idom = new Int32Array(n).fill(-1);
  idom[root] = root;
  const intersect = (a: number, b: number): number => {
    while (a !== b) {
      while (rpoIndex[a]! > rpoIndex[b]!) a = idom[a]!;
      while (rpoIndex[b]! > rpoIndex[a]!) b = idom[b]!;
    }
    return a;
  };
  let changed = true;
  while (changed) {
    changed = false;
    for (const v of rpo) {
      if (v === root) continue;
      let d = -1;
      for (const p of preds[v]!) {
        if (idom[p] === -1) continue;
        d = d === -1 ? p : intersect(p, d);
      }
      if (d !== idom[v]) {
        idom[v] = d;
        changed = true;
      }
    }
  }
  idom[root] = -1;
  // Pre/post numbers of the tree make dominance queries O(1).
  const children: number[][] = Array.from({ length: n }, () => []);
  for (let v = 0; v < n; v++) if (idom[v]! >= 0) children[idom[v]!]!.push(v);
  const pre = new Int32Array(n).fill(-1);
  const post = new Int32Array(n).fill(-1);
  let clock = 0;
  const stack: [number, number][] = [[root, 0]];
  pre[root] = clock++;
  while (stack.length) {
    const top = stack[stack.length - 1]!;
    const [v, i] = top;
    if (i < children[v]!.length) {
      top[1] = i + 1;
      const c = children[v]![i]!;
      pre[c] = clock++;
      stack.push([c, 0]);
    } else {
      post[v] = clock++;
      stack.pop();
    }
  }
  return new DomTree(idom, pre, post);
}

export function dominators(cfg: Cfg): DomTree {
  return immediateDominators(cfg.succs, cfg.preds, cfg.entry);
}

/**
 * Post-dominators: dominators of the reversed CFG from a virtual end that
 * both the normal exit and the STOP block flow into. Blocks that cannot
 * reach either (an endless loop) post-dominate nothing.
 */
export function postDominators(cfg: Cfg): DomTree {
  const n = cfg.blocks.length;
  const end = n;
  const rsuccs: number[][] = cfg.preds.map((p) => [...p]);
  const rpreds: number[][] = cfg.succs.map((s) => [...s]);
  rsuccs.push([cfg.exit, cfg.halt]);
  rpreds.push([]);
  rpreds[cfg.exit]!.push(end);
  rpreds[cfg.halt]!.push(end);
  const full = immediateDominators(rsuccs, rpreds, end);
  const idom = full.idom.slice(0, n).map((d) => (d === end ? -1 : d));
  return new DomTreeView(full, idom);
}

/** The post-dominator tree without its virtual end node. */
class DomTreeView extends DomTree {
  constructor(
    private readonly full: DomTree,
    idom: Int32Array,
  ) {
    super(idom, new Int32Array(0), new Int32Array(0));
  }
  override dominates(a: number, b: number): boolean {
    return this.full.dominates(a, b);
  }
  override reachable(a: number): boolean {
    return this.full.reachable(a);
  }
}
