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

/**
 * A loop parallel still, whose directive a decision over the whole run
 * takes away (threadprivate-blocks.ts, nested-across-files.ts): `why`
 * says so, and the loops of its procedure that its region covered get
 * `inside` in place of "nested" (default: `why`).
 */
export function dropDirective(plans: readonly LoopPlan[], plan: LoopPlan, why: Reason, inside: Reason = why): void {
  plan.emitted = false;
  plan.profitableIf = null;
  plan.reasons.push(why);
  replaceNested(
    plans.filter((q) => q.proc === plan.proc),
    plan.loop.span.line,
    inside,
  );
}
