import type { Loop } from "../../ir/stmt.js";
import type { Cfg, CfgLoop } from "../cfg/cfg.js";
import { BitSet } from "../dataflow/bitset.js";
import type { VarId } from "../refs/vars.js";
import { blockRegions } from "./block-regions.js";
import { loopRegionsByDataflow, type LoopRegions } from "./cfg-regions.js";
import { liveVariables, type Liveness } from "./live-variables.js";
import { reductionOp, type ReductionOp } from "./reductions.js";
import type { RegionSets } from "./region-sets.js";
import { minTrips, StructuredRegions } from "./structured-regions.js";

/**
 * What a scalar is to a loop (seed 004 §1.3 and §2.2):
 *   index        the loop's own DO variable: private by construction
 *   read-only    used, never written in the loop
 *   private      written before any read in every iteration (not in EUSE of one iteration), dead after the loop
 *   lastprivate  private, live after the loop, and written in every iteration (DDEF), so the last iteration's value is the final one
 *   carried      read before written in some iteration (EUSE ∩ MOD): a loop-carried flow dependence;
 *                or written only on some paths yet live after the loop, so the final value depends on which iteration wrote last
 */
export type ScalarClass = "index" | "read-only" | "private" | "lastprivate" | "carried";

export interface ScalarInfo {
  var: VarId;
  name: string;
  class: ScalarClass;
  /** For "carried": an exposed use, or a conditional write that is live after the loop. */
  why?: "exposed-use" | "conditional-last-value";
  /** Live after the loop (at one of its exits). */
  live: boolean;
  /** For a carried scalar updated only as s = s op e: the operator (a reduction candidate). */
  reduction?: ReductionOp;
}

export interface LoopRegionInfo {
  loop: Loop;
  cfgLoop: CfgLoop;
  /** How the sets were computed: seed 004's merge rules on a structured body, or dataflow over the CFG when it jumps. */
  method: "structured" | "dataflow";
  one: RegionSets;
  all: RegionSets;
  /** Variables live after the loop. */
  liveAfter: BitSet;
  /** Every scalar the loop reads or writes, by variable id. */
  scalars: ScalarInfo[];
}

export interface ProcedureRegions {
  blocks: RegionSets[];
  liveness: Liveness;
  loops: LoopRegionInfo[];
}

/** Region sets, liveness and scalar classes for every loop of a procedure. */
export function analyzeRegions(cfg: Cfg): ProcedureRegions {
  const blocks = blockRegions(cfg);
  const liveness = liveVariables(cfg, blocks);
  const byDataflow = (l: Loop) => {
    const cl = cfg.loops[cfg.loopIndex.get(l.id)!]!;
    return loopRegionsByDataflow(cfg, blocks, cl, minTrips(l));
  };
  const structured = new StructuredRegions(cfg, byDataflow);
  const loops = cfg.loops.map((l) => {
    const s = structured.loop(l.loop);
    // A loop merged from a dataflow leaf counts as structured only if the leaf is not the loop itself.
    const own = s && !structured.fromFallback.has(l.loop.id);
    const regions: LoopRegions = s ?? byDataflow(l.loop);
    const liveAfter = new BitSet(cfg.vars.size);
    for (const x of l.exits) liveAfter.unionWith(liveness.liveIn[x]!);
    const info: LoopRegionInfo = { loop: l.loop, cfgLoop: l, method: own ? "structured" : "dataflow", one: regions.one, all: regions.all, liveAfter, scalars: [] };
    info.scalars = classifyScalars(cfg, info);
    return info;
  });
  return { blocks, liveness, loops };
}

export function classifyScalars(cfg: Cfg, info: LoopRegionInfo): ScalarInfo[] {
  const { one, liveAfter, cfgLoop, loop } = info;
  const touched = one.use.clone();
  touched.unionWith(one.mod);
  const index = loop.index ? cfg.vars.lookup(loop.index) : undefined;
  const out: ScalarInfo[] = [];
  touched.forEach((v) => {
    const vr = cfg.vars.vars[v]!;
    if (!vr.scalar || vr.pseudo) return;
    const live = liveAfter.has(v);
    const s: ScalarInfo = { var: v, name: vr.name, class: "private", live };
    if (v === index) s.class = "index";
    else if (!one.mod.has(v)) s.class = "read-only";
    else if (one.euse.has(v)) {
      s.class = "carried";
      s.why = "exposed-use";
      const op = reductionOp(cfg, cfgLoop, v);
      if (op) s.reduction = op;
    } else if (live) {
      if (one.ddef.has(v)) s.class = "lastprivate";
      else {
        s.class = "carried";
        s.why = "conditional-last-value";
      }
    }
    out.push(s);
  });
  return out.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.var - b.var));
}
