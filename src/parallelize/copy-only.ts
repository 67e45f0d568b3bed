import type { LoopPlan } from "./loop-plan.js";
import { replaceNested } from "./nested-reasons.js";

/**
 * A loop whose profitability guard pays only with a serial copy to fall
 * back to (profitability.ts `copyOnly`), when its text allows none
 * (emit/serial-copy-lines.ts): no directive, for the reason the guard
 * alone would not pay; the loops inside it, which its region covered,
 * lose the reason that said so and get this one in its place.
 */
export function undoCopyOnly(plans: readonly LoopPlan[], p: LoopPlan): void {
  if (!p.copyOnly) return;
  const why = {
    kind: "not-profitable" as const,
    message: `parallel, not profitable: ${p.copyOnly}; an if() clause would pay with a copy of the loop as written to run when it is false, but the text allows none (a label or a construct name in the loop, other text on its first or last line, or a line past column 72)`,
  };
  p.emitted = false;
  p.profitableIf = null;
  p.schedule = null;
  delete p.copyOnly;
  p.reasons.push(why);
  replaceNested(plans, p.loop.span.line, why);
}
