import type { Cfg } from "../cfg/cfg.js";
import { BitSet } from "../dataflow/bitset.js";
import { Region, solve } from "../dataflow/solver.js";
import type { RegionSets } from "./region-sets.js";

export interface Liveness {
  /** Variables that may be read, before being written, after the start of each block. */
  liveIn: BitSet[];
  /** ... after the end of each block. */
  liveOut: BitSet[];
}

/**
 * Live variables: backward, union, GEN = the block's EUSE, KILL = its DDEF.
 * At the normal exit the variables the caller can see are live (dummies,
 * COMMON, module and global variables, SAVEd locals, the result); after
 * STOP, and at the end of a main program, nothing is.
 *
 * Seed 004 §1.1 defines LIVE as "data that may be used in the execution
 * after the given path" and merges it bottom-up: sequence
 * LIVE = (LIVE1 − DDEF2) ∪ LIVE2, loop LIVE = ∪i (LIVE(i) − ∪(j>i) DDEF(j)).
 * Those rules compute the variables whose value leaving some part of the
 * region may reach past the region's end, assuming each part's LIVE was
 * "live after that part". Read that way they are sound but not exact: a
 * variable live after node1 only because node2 reads it stays in the
 * result although nothing reads it after node2 (in `t = a(i); b(i) = t`
 * inside a loop, t is "LIVE" for the rule but dead after the loop), which
 * would ask for a needless last-value copy — and, for WHILE loops, block
 * privatization (§2.2). Liveness at the region's exit is what §2.2 needs
 * ("if in LIVE, the final value must be kept"), and what a backward
 * solve over the CFG gives exactly; regions use it instead of the rules.
 */
export function liveVariables(cfg: Cfg, blocks: readonly RegionSets[]): Liveness {
  const width = cfg.vars.size;
  const atExit = new BitSet(width);
  // After the end of a main program nothing runs: nothing is live there either.
  if (cfg.proc.kind !== "program") for (const v of cfg.vars.vars) if (v.liveAtExit) atExit.add(v.id);
  const graph = { preds: cfg.preds, succs: cfg.succs };
  const all = cfg.blocks.map((b) => b.id);
  const region = Region.reachable(graph, [cfg.exit, cfg.halt, ...all], "backward");
  const sol = solve(region, {
    meet: "union",
    width,
    gen: blocks.map((b) => b.euse),
    kill: blocks.map((b) => b.ddef),
    boundary: new Map([
      [cfg.exit, atExit],
      [cfg.halt, new BitSet(width)],
    ]),
  });
  return { liveIn: all.map((b) => sol.before(b)!), liveOut: all.map((b) => sol.after(b)!) };
}
