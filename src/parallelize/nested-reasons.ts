import type { LoopPlan } from "./loop-plan.js";
import type { Reason } from "./reason.js";

/**
 * A loop at `line` lost its directive after the plans were chosen (a
 * rewrite its text does not allow): the loops inside it, which its region
 * covered ("nested" under it), lose that reason and get `why` in its place.
 */
export function replaceNested(plans: readonly LoopPlan[], line: number, why: Reason): void {
  for (const q of plans) {
    const n = q.reasons.length;
    q.reasons = q.reasons.filter((r) => !(r.kind === "nested" && r.line === line));
    if (q.reasons.length < n) q.reasons.push({ ...why, line });
  }
}
