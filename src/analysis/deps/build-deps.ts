import { commonLoop, hasGotoCycle, loopWithin, type Cfg, type CfgLoop } from "../cfg/cfg.js";
import { MAX_NEST_DEPTH } from "../nest-depth.js";
import { BitSet } from "../dataflow/bitset.js";
import { Region, solve, solveSize, type FlowGraph, type Solution } from "../dataflow/solver.js";
import type { Ref } from "../refs/ref.js";
import { DependenceGraph, kindCode } from "./dep-graph.js";
import type { DepOptions } from "./dependence.js";
import { killRange, killVar, refFlow, stepRef, type RefFlow } from "./ref-flow.js";

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
 *      of the same execution of L. Kills being per variable, this step is
 *      solved over variables, not references.
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
  const paths = loopPaths(cfg);
  // Pairs a step at loop `l` (-1: the procedure) reports as loop-independent: both ends are in l
  // (true of every fact and reference a step sees) and not both in one loop nested in l.
  const owns = (l: number) => {
    const d = l < 0 ? 0 : cfg.loops[l]!.depth;
    // Conservative: with a GOTO cycle, pairs inside one nested loop may meet through a later execution
    // of it; they are taken here too (as loop-independent), at the price of some spurious edges.
    // So at the deepest level analyzed: the loops nested deeper get no step of their own.
    if (gotoCycle || d === MAX_NEST_DEPTH) return (s: Ref, t: Ref) => loopWithin(cfg, commonLoop(cfg, s.block, t.block), l);
    return (s: Ref, t: Ref) => {
      const a = paths[s.block]!;
      const b = paths[t.block]!;
      return d >= a.length || d >= b.length || a[d] !== b[d];
    };
  };

  const whole = Region.reachable(graph, [cfg.entry], "forward");
  const none = new Map([[cfg.entry, new BitSet(flow.width)]]);
  const may = solve(whole, { meet: "union", width: flow.width, gen: flow.gen, kill: flow.kill, boundary: none });
  const must = solve(whole, { meet: "intersection", width: flow.width, gen: flow.mustGen, kill: flow.mustKill, boundary: none });
  scanner.scan(may, must, true, owns(-1), -1);

  // Four buffers, reused by every loop: a loop's solutions are dead once its edges are out.
  const biggest = Math.max(0, ...cfg.loops.map((l) => l.blocks.length));
  const widest = Math.max(flow.width, 2 * cfg.refs.slots);
  const scratch = Array.from({ length: 4 }, () => new Uint32Array(2 * ((widest + 31) >>> 5) * biggest));
  // Loops nested deeper than MAX_NEST_DEPTH are not analyzed (nest-depth.ts): a step per level of a
  // 500-deep nest, each over all the blocks inside, took minutes. Their pairs are the deepest analyzed
  // loop's (above); what they carry, which only their own plans would need, is not computed.
  for (const l of cfg.loops) if (l.depth <= MAX_NEST_DEPTH) loopDependences(cfg, l, graph, flow, scanner, owns(l.index), scratch);

  return edges;
}

function loopDependences(cfg: Cfg, l: CfgLoop, graph: FlowGraph, flow: RefFlow, scanner: Scanner, owned: (s: Ref, t: Ref) => boolean, scratch: Uint32Array[]): void {
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
  const may0 = solve(region, { width: w, meet: "union", gen: flow.gen, kill: flow.kill, boundary: fresh }, scratch[0]);
  const must0 = solve(region, { width: w, meet: "intersection", gen: flow.mustGen, kill: flow.mustKill, boundary: fresh }, scratch[1]);
  scanner.scan(may0, must0, true, owned, -1);
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

  // 3. Carried by l: X flowing in at the header with kills only. Kills are per variable, so a fact
  // of X reaches a point exactly when some path from the header keeps its variable (its definitions
  // or its uses): that is a problem over variables, far narrower than over references.
  const vw = 2 * cfg.refs.slots;
  const all = BitSet.full(vw);
  const noVars = new BitSet(vw);
  const atHeader = new Map(entries.map((e) => [e, e === l.header ? all : noVars]));
  const alive = solve(region, { width: vw, meet: "union", gen: [], kill: flow.aliveKill, boundary: atHeader }, scratch[2]);
  const mustAlive = solve(region, { width: vw, meet: "intersection", gen: [], kill: flow.mustAliveKill, boundary: atHeader }, scratch[3]);
  scanner.scanCarried(alive, mustAlive, X, M, l.loop.id);
}

/** Walks blocks reference by reference, turning facts that meet a reference of their variable into edges. */
class Scanner {
  private readonly may: BitSet;
  private readonly must: BitSet;
  private readonly alive: BitSet;
  private readonly mustAlive: BitSet;

  constructor(
    private readonly cfg: Cfg,
    private readonly flow: RefFlow,
    private readonly input: boolean,
    private readonly edges: DependenceGraph,
  ) {
    this.may = new BitSet(flow.width);
    this.must = new BitSet(flow.width);
    this.alive = new BitSet(2 * cfg.refs.slots);
    this.mustAlive = new BitSet(2 * cfg.refs.slots);
  }

  /**
   * Carried edges: at each reference t of variable v, the facts of X (may
   * survive an iteration) of v whose kind of fact (definitions, uses) v
   * keeps on some path from the header to t; definite when in M (must
   * survive) and kept on every path.
   */
  scanCarried(aliveSol: Solution, mustAliveSol: Solution, X: BitSet, M: BitSet, carrier: number): void {
    const { cfg, alive, mustAlive } = this;
    const refs = cfg.refs.refs;
    const table = cfg.refs;
    const mi = this.flow.minimalInput;
    for (const b of aliveSol.region.order) {
      if (cfg.blocks[b]!.refs.length === 0) continue;
      aliveSol.copyBefore(b, alive);
      mustAliveSol.copyBefore(b, mustAlive);
      for (const id of cfg.blocks[b]!.refs) {
        const t = refs[id]!;
        if (t.bit < 0) continue;
        const v = t.var;
        const k = table.varSlot[v]!;
        // The definitions of v (slot bit 2k), then its uses (2k+1) when t may depend on them.
        for (let part = 0; part < 2; part++) {
          if (part === 1 && t.kind === "use" && !this.input) break;
          const a = 2 * k + part;
          if (!alive.has(a)) continue;
          const lo = part === 0 ? table.varStart[v]! : table.varUseStart[v]!;
          const hi = part === 0 ? table.varUseStart[v]! : table.varEnd[v]!;
          const sure = t.exact && mustAlive.has(a);
          for (let i = X.nextSetBit(lo); i >= 0 && i < hi; i = X.nextSetBit(i + 1)) {
            const s = refs[table.byBit[i]!]!;
            this.edges.push(kindCode(s.kind, t.kind), s.id, t.id, carrier, sure && M.has(i));
          }
        }
        // What t kills is no longer kept after it.
        const [klo, khi] = killRange(cfg, t, mi, false);
        if (khi > klo) killVar(cfg, alive, t, false);
        const [mlo, mhi] = killRange(cfg, t, mi, true);
        if (mhi > mlo) killVar(cfg, mustAlive, t, false);
      }
    }
  }

  scan(maySol: Solution, mustSol: Solution, generate: boolean, accept: ((s: Ref, t: Ref) => boolean) | null, carrier: number): void {
    const { cfg, may, must } = this;
    const refs = cfg.refs.refs;
    const table = cfg.refs;
    const mi = this.flow.minimalInput;
    for (const b of maySol.region.order) {
      if (cfg.blocks[b]!.refs.length === 0) continue;
      maySol.copyBefore(b, may);
      mustSol.copyBefore(b, must);
      for (const id of cfg.blocks[b]!.refs) {
        const t = refs[id]!;
        if (t.bit < 0) continue;
        const lo = table.varStart[t.var]!;
        // A use meets definitions (flow) and, when input dependences are wanted, uses.
        const hi = t.kind === "use" && !this.input ? table.varUseStart[t.var]! : table.varEnd[t.var]!;
        for (let i = may.nextSetBit(lo); i >= 0 && i < hi; i = may.nextSetBit(i + 1)) {
          const s = refs[table.byBit[i]!]!;
          if (accept && !accept(s, t)) continue;
          this.edges.push(kindCode(s.kind, t.kind), s.id, t.id, carrier, t.exact && must.has(i));
        }
        stepRef(cfg, may, t, mi, false, generate);
        stepRef(cfg, must, t, mi, true, generate);
      }
    }
  }
}

/** For each block, the loops containing it from the outermost (index d is the loop at depth d + 1). */
function loopPaths(cfg: Cfg): Int32Array[] {
  return cfg.blocks.map((b) => {
    const path: number[] = [];
    for (let l = b.loop; l >= 0; l = cfg.loops[l]!.parent) path.push(l);
    return Int32Array.from(path.reverse());
  });
}
