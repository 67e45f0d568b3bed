import type { Cfg } from "../analysis/cfg/cfg.js";
import type { LoopRegionInfo } from "../analysis/regions/loop-regions.js";
import type { Ref } from "../analysis/refs/ref.js";
import type { VarId } from "../analysis/refs/vars.js";
import type { Stmt } from "../ir/stmt.js";

/** Every reference to variable v made inside a loop (nested loops included), from the dataflow issue's CFG. */
export function loopRefs(cfg: Cfg, info: LoopRegionInfo, v: VarId): Ref[] {
  const out: Ref[] = [];
  for (const b of info.cfgLoop.blocks)
    for (const id of cfg.blocks[b]!.refs) {
      const r = cfg.refs.refs[id]!;
      if (r.var === v) out.push(r);
    }
  return out;
}

/** The first reference to v in the loop that is not written in a statement (a callee's, an opaque statement's, ...), if any. */
export function implicitRef(cfg: Cfg, info: LoopRegionInfo, v: VarId): Ref | undefined {
  return loopRefs(cfg, info, v).find((r) => r.origin !== "explicit");
}

/**
 * The variables a loop writes (nested loops and callees included), and
 * whether it writes through a pointer; with `skip`, not counting the
 * writes of the statements it names.
 */
export function loopWrites(cfg: Cfg, info: LoopRegionInfo, skip?: ReadonlySet<Stmt>): { written: Set<VarId>; throughPointers: boolean } {
  const written = new Set<VarId>();
  let throughPointers = false;
  for (const b of info.cfgLoop.blocks)
    for (const id of cfg.blocks[b]!.refs) {
      const r = cfg.refs.refs[id]!;
      if (r.kind !== "def" || (skip && r.stmt && skip.has(r.stmt))) continue;
      written.add(r.var);
      if (cfg.vars.vars[r.var]!.pseudo === "memory") throughPointers = true;
    }
  return { written, throughPointers };
}
