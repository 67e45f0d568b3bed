import { commonLoop, hasGotoCycle, loopWithin, type Cfg, type CfgLoop } from "../cfg/cfg.js";
import { BitSet } from "../dataflow/bitset.js";
import { Region, solve, type FlowGraph, type Solution } from "../dataflow/solver.js";
import type { Ref } from "../refs/ref.js";
import { DependenceGraph } from "./dep-graph.js";
import { depKind, type DepOptions } from "./dependence.js";
import { refFlow, stepRef, type RefFlow } from "./ref-flow.js";

/**
 * The scalar dependence graph of a procedure (seed 002): flow and minimal
 * output dependences from reaching definitions, minimal anti and input
 * dependences from exposed uses, each marked loop-independent or carried by
 * a loop, definite or possible.
 *
 * Carried-ness comes from the CFG, not from line numbers. For each loop L:
 *
 *   1. loop-independent pairs whose innermost common loop is L: solve on
 *      L's blocks without its back edges, nothing flowing in at the header
 *      (one iteration);
 *   2. X, the facts that may survive to the end of an iteration: what
 *      leaves the latches in step 1 (a fact from an earlier iteration
 *      reached a latch in its own iteration first);
 *   3. carried by L: X flows in at the header and, back edges removed, only
 *      kills apply (a fact generated in this iteration did not cross the
 *      back edge). What meets a reference there went around L at least
 *      once while staying inside L, i.e. the sink runs in a later iteration
 *      of the same execution of L.
 *
 * Pairs with no common loop come from one solve on the whole procedure.
 * When a backward GOTO makes a cycle of its own, a pair inside one loop
 * may also meet through a later execution of that loop; then each step
 * also takes pairs whose common loop is nested in its own (conservative:
 * such edges are labelled loop-independent, the cycle being no HIR loop).
 * Each step also runs the must variant (intersection meet) to decide
 * whether the edge is definite. The cost is a few solves per loop over
 * its own blocks: O(depth × blocks × words) per pass.
 */
export function buildDependences(cfg: Cfg, options: DepOptions = {}): DependenceGraph {
  const opts = { input: options.input ?? false, minimalInput: options.minimalInput ?? false };
  cfg.refs.layoutBits(opts.input);
  const flow = refFlow(cfg, opts.minimalInput);
  const graph: FlowGraph = { preds: cfg.preds, succs: cfg.succs };
  const edges = new DependenceGraph(cfg, opts);
  const scanner = new Scanner(cfg, flow, opts.input, edges);
  const gotoCycle = hasGotoCycle(cfg);
  // Pairs a step at loop `l` (-1: the procedure) reports as loop-independent.
  const owns = (l: number) => (s: Ref, t: Ref) => {
    const c = commonLoop(cfg, s.block, t.block);
    return c === l || (gotoCycle && loopWithin(cfg, c, l));
  };

  const whole = Region.reachable(graph, [cfg.entry], "forward");
  const none = new Map([[cfg.entry, new BitSet(flow.width)]]);
  const may = solve(whole, { meet: "union", width: flow.width, gen: flow.gen, kill: flow.kill, boundary: none });
  const must = solve(whole, { meet: "intersection", width: flow.width, gen: flow.mustGen, kill: flow.mustKill, boundary: none });
  scanner.scan(may, must, true, owns(-1), null);

  for (const l of cfg.loops) loopDependences(cfg, l, graph, flow, scanner, owns(l.index));

  return edges;
}

function loopDependences(cfg: Cfg, l: CfgLoop, graph: FlowGraph, flow: RefFlow, scanner: Scanner, owned: (s: Ref, t: Ref) => boolean): void {
  const n = cfg.blocks.length;
  const inL = new Uint8Array(n);
  for (const b of l.blocks) inL[b] = 1;
  const back = (a: number, b: number) => b === l.header && inL[a] === 1;
  // Entries: the header, and any block a jump from outside reaches (seen only in bad or old code).
  const entries = [l.header, ...l.blocks.filter((b) => b !== l.header && cfg.preds[b]!.some((p) => !inL[p]))];
  const region = Region.reachable(graph, entries, "forward", (v) => inL[v] === 1, back);
  const w = flow.width;
  const empty = new BitSet(w);
  const fresh = new Map(entries.map((e) => [e, empty]));

  // 1. One iteration: loop-independent pairs whose innermost common loop is l.
  const may0 = solve(region, { width: w, meet: "union", gen: flow.gen, kill: flow.kill, boundary: fresh });
  const must0 = solve(region, { width: w, meet: "intersection", gen: flow.mustGen, kill: flow.mustKill, boundary: fresh });
  scanner.scan(may0, must0, true, owned, null);
  if (l.latches.length === 0) return; // the body always leaves: no second iteration

  // 2. What may survive to the end of an iteration, and what must. Only facts generated in some
  // iteration reach a latch (the next iteration is entered through a latch), so the one-iteration
  // solution already holds all of them: no solve over the cyclic region is needed.
  const X = new BitSet(w);
  for (const b of l.latches) {
    const a = may0.after(b);
    if (a) X.unionWith(a);
  }
  const M = BitSet.full(w);
  for (const b of l.latches) {
    const a = must0.after(b);
    if (a) M.intersectWith(a);
  }

  // 3. Carried by l: only what came around the back edge, with kills.
  const atHeader = (s: BitSet) => new Map(entries.map((e) => [e, e === l.header ? s : empty]));
  const may2 = solve(region, { width: w, meet: "union", gen: [], kill: flow.kill, boundary: atHeader(X) });
  const must2 = solve(region, { width: w, meet: "intersection", gen: [], kill: flow.mustKill, boundary: atHeader(M) });
  scanner.scan(may2, must2, false, () => true, l.loop.id);
}

/** Walks blocks reference by reference, turning facts that meet a reference of their variable into edges. */
class Scanner {
  private readonly may: BitSet;
  private readonly must: BitSet;

  constructor(
    private readonly cfg: Cfg,
    private readonly flow: RefFlow,
    private readonly input: boolean,
    private readonly edges: DependenceGraph,
  ) {
    this.may = new BitSet(flow.width);
    this.must = new BitSet(flow.width);
  }

  scan(maySol: Solution, mustSol: Solution, generate: boolean, accept: (s: Ref, t: Ref) => boolean, carrier: number | null): void {
    const { cfg, may, must } = this;
    const refs = cfg.refs.refs;
    const table = cfg.refs;
    const mi = this.flow.minimalInput;
    for (const b of maySol.region.order) {
      if (cfg.blocks[b]!.refs.length === 0) continue;
      may.copyFrom(maySol.before(b)!);
      must.copyFrom(mustSol.before(b)!);
      for (const id of cfg.blocks[b]!.refs) {
        const t = refs[id]!;
        if (t.bit < 0) continue;
        const lo = table.varStart[t.var]!;
        // A use meets definitions (flow) and, when input dependences are wanted, uses.
        const hi = t.kind === "use" && !this.input ? table.varUseStart[t.var]! : table.varEnd[t.var]!;
        for (let i = may.nextSetBit(lo); i >= 0 && i < hi; i = may.nextSetBit(i + 1)) {
          const s = refs[table.byBit[i]!]!;
          if (!accept(s, t)) continue;
          this.edges.push(depKind(s.kind, t.kind), s.id, t.id, carrier, t.exact && must.has(i));
        }
        stepRef(cfg, may, t, mi, false, generate);
        stepRef(cfg, must, t, mi, true, generate);
      }
    }
  }
}
