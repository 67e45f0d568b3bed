import type { Cfg } from "../cfg/cfg.js";
import { emptyRegion, type RegionSets } from "./region-sets.js";

/**
 * The region sets of each basic block (seed 004 §1.1 A: "inside a basic
 * block control does not branch, so MOD and DDEF are equal" — for exact
 * accesses; an element write is in MOD only). Equivalent to folding the
 * block's accesses with the sequence rule, done in one pass.
 */
export function blockRegions(cfg: Cfg): RegionSets[] {
  const width = cfg.vars.size;
  return cfg.blocks.map((b) => {
    const r = emptyRegion(width);
    for (const id of b.refs) {
      const ref = cfg.refs.refs[id]!;
      const v = ref.var;
      if (ref.rmw) continue; // a read that only models a call's possible write
      if (ref.kind === "use") {
        r.use.add(v);
        if (!r.ddef.has(v)) r.euse.add(v);
      } else {
        r.mod.add(v);
        if (ref.exact) r.ddef.add(v);
      }
    }
    return r;
  });
}
