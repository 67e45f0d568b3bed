import type { Cfg, CfgLoop } from "../cfg/cfg.js";
import { BitSet } from "../dataflow/bitset.js";
import { Region, solve } from "../dataflow/solver.js";
import { allIterations, emptyRegion, type RegionSets } from "./region-sets.js";

/**
 * Region sets computed by dataflow over the CFG, for regions of any shape
 * (GOTOs, EXIT, CYCLE, RETURN inside): DDEF is what a forward must-solve
 * ("written on every path", intersection meet, GEN = the blocks' DDEF)
 * gives at the region's ends, EUSE the uses no such path has written
 * before. This is the meaning the merge rules of seed 004 §1.1 compute on
 * structured regions (structured-regions.ts); the two are checked against
 * each other and against brute force in the tests.
 */
export function regionByDataflow(
  cfg: Cfg,
  blocks: readonly RegionSets[],
  region: readonly number[],
  entries: readonly number[],
  ends: readonly number[],
  skipEdge?: (a: number, b: number) => boolean,
): RegionSets {
  const width = cfg.vars.size;
  const inRegion = new Uint8Array(cfg.blocks.length);
  for (const b of region) inRegion[b] = 1;
  const graph = { preds: cfg.preds, succs: cfg.succs };
  const reg = Region.reachable(graph, entries, "forward", (v) => inRegion[v] === 1, skipEdge);
  const empty = new BitSet(width);
  const sol = solve(reg, {
    meet: "intersection",
    width,
    gen: blocks.map((b) => b.ddef),
    kill: cfg.blocks.map(() => empty),
    boundary: new Map(entries.map((e) => [e, empty])),
  });
  const r = emptyRegion(width);
  for (const b of region) {
    r.mod.unionWith(blocks[b]!.mod);
    r.use.unionWith(blocks[b]!.use);
  }
  for (const b of reg.order) {
    const e = blocks[b]!.euse.clone();
    e.subtract(sol.before(b)!);
    r.euse.unionWith(e);
  }
  let first = true;
  for (const e of ends) {
    const at = sol.after(e);
    if (!at) continue; // an end no path reaches
    if (first) r.ddef.copyFrom(at);
    else r.ddef.intersectWith(at);
    first = false;
  }
  return r;
}

export interface LoopRegions {
  /** One iteration: from the header to the end of the iteration (the latches). */
  one: RegionSets;
  /** All iterations (seed 004 §1.1 Case 3). */
  all: RegionSets;
}

/** One and all iterations of a loop, by dataflow over its blocks without its back edges. */
export function loopRegionsByDataflow(cfg: Cfg, blocks: readonly RegionSets[], l: CfgLoop, minTrips: number): LoopRegions {
  const inL = new Set(l.blocks);
  const back = (a: number, b: number) => b === l.header && inL.has(a);
  const entries = [l.header, ...l.blocks.filter((b) => b !== l.header && cfg.preds[b]!.some((p) => !inL.has(p)))];
  const one = regionByDataflow(cfg, blocks, l.blocks, entries, l.latches, back);
  // Conservative: an exit before the end of an iteration may leave the loop with anything still unwritten.
  const earlyExit = l.blocks.some((b) => b !== l.header && !l.latches.includes(b) && cfg.succs[b]!.some((s) => !inL.has(s)));
  return { one, all: allIterations(one, earlyExit ? 0 : minTrips) };
}

/** The whole procedure as one region: what a call does (seed 004 §1.1 Case 4). */
export function procedureRegion(cfg: Cfg, blocks: readonly RegionSets[]): RegionSets {
  return regionByDataflow(
    cfg,
    blocks,
    cfg.blocks.map((b) => b.id),
    [cfg.entry],
    [cfg.exit],
  );
}
