import type { ProcedureDeps } from "../analysis/dependence/analyze.js";
import type { ProcedureFlow } from "../analysis/flow-analysis.js";
import { arrayVerdict, checkText } from "../analysis/dependence/verdict.js";
import type { Procedure } from "../ir/program.js";
import type { Loop } from "../ir/stmt.js";
import { exclusions, type CallVerdict } from "../parallelize/exclusions.js";
import { carriedReasons } from "../parallelize/array-reasons.js";
import type { Reason } from "../parallelize/reason.js";

/**
 * The dependence-only verdict that `scripts/bench-deps.js` counts (the
 * parallelizer's `planProgram` decides for `doall analyze --json`): a loop is parallel when it has
 * none of seed 004 §0's exclusions and carries no dependence at all:
 * no array dependence (verdict.ts) and no scalar of class "carried" in
 * the dataflow issue's regions (an exposed use, or a conditional last value
 * live after the loop); its index, read-only, private and lastprivate
 * scalars are fine. Reductions are not recognized here (they are carried),
 * nor are arrays privatized. Reasons use the parallelizer's `Reason` shape.
 */
export interface InterimVerdict {
  parallel: boolean;
  reasons: Reason[];
  /** The condition under which the loop would be parallel, in the program's language; null if none. */
  runtimeCheck: string | null;
}

/** Until call summaries exist: intrinsics and known-pure calls are harmless, every other call blocks. */
const callVerdict = (): CallVerdict => ({ kind: "unknown", why: "its effects are not known" });

export function interimVerdict(proc: Procedure, loop: Loop, deps: ProcedureDeps | null, flow: ProcedureFlow | null): InterimVerdict {
  const reasons: Reason[] = [...exclusions(loop, proc, callVerdict)];
  const region = flow?.regions.loops.find((l) => l.loop === loop);
  if (!deps || !region) {
    reasons.push({ kind: "unanalyzable", message: "the dependence analysis of the procedure failed" });
    return { parallel: false, reasons, runtimeCheck: null };
  }
  for (const s of region.scalars) {
    if (s.class !== "carried") continue;
    const message =
      s.why === "conditional-last-value"
        ? `${s.name} is written in some iterations only and is live after the loop: the last value depends on the order`
        : `${s.name} is read before it is written in an iteration, and written in the loop${s.reduction ? ` (a ${s.reduction} reduction candidate)` : ""}`;
    reasons.push({ kind: "scalar", var: s.name, message });
  }
  const simple = reasons.length === 0;
  const arrays = arrayVerdict(deps, loop);
  const lang = proc.language;
  reasons.push(...carriedReasons(arrays.carried, lang));
  if (arrays.carried.length === 0 && arrays.assumes.length > 0) {
    reasons.push({ kind: "unknown-bound", message: "independent only while subscripts stay within their declared bounds, which is not proved" });
  }
  const runtimeCheck = simple && arrays.runtimeCheck ? checkText(arrays.runtimeCheck, lang) : null;
  return { parallel: reasons.length === 0, reasons, runtimeCheck };
}
