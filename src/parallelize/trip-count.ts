import type { Expr } from "../ir/expr.js";
import { evalInt } from "../ir/const-eval.js";
import { Linear, constDifference, type LinearForm } from "../ir/linear-form.js";
import type { Loop } from "../ir/stmt.js";
import { walkExpr } from "../ir/walk.js";

/**
 * Trip counts of counted loops, read from their bounds by structure: the
 * bounds as linear forms (ir/linear-form.ts). A loop
 * `do k = -1, 1`, `do i = n, n + 2` or `for (d = -1; d <= 1; d++)` has a
 * constant trip count even where a bound is not a constant; the
 * profitability guards (profit-guard.ts) are built from the same forms,
 * so a guard can only mention what does not cancel.
 */

/**
 * The trip count when the step is an integer constant and upper - lower
 * is one too: constant bounds, named constants, or the same pure atoms on
 * both sides (evaluating a call twice might give two values).
 */
export function constTrips(loop: Loop): number | null {
  if (loop.form !== "do" || !loop.lower || !loop.upper) return null;
  const st = loop.step ? (evalInt(loop.step) ?? null) : 1;
  if (st === null || st === 0) return null;
  const lo = evalInt(loop.lower);
  const hi = evalInt(loop.upper);
  const d = lo !== undefined && hi !== undefined ? hi - lo : pureExpr(loop.lower) && pureExpr(loop.upper) ? constDifference(loop.upper, loop.lower) : null;
  if (d === null) return null;
  return Math.max(0, Math.floor((d + st) / st));
}

/**
 * The trip count of a loop with a constant step and pure bounds, as
 * `span / step`: span = upper - lower + 1 (lower - upper + 1 counting
 * down) as a linear form, step its magnitude. The loop runs at least T
 * times exactly when span >= step·(T - 1) + 1. Null when the guard could
 * not be written: a symbolic step, or bounds with side effects (the
 * `if()` clause evaluates them once more, before the loop).
 */
export interface TripForm {
  span: LinearForm;
  step: number;
}

export function tripForm(loop: Loop): TripForm | null {
  if (loop.form !== "do" || !loop.lower || !loop.upper) return null;
  const step = loop.step ? (evalInt(loop.step) ?? 0) : 1;
  if (step === 0 || !pureExpr(loop.lower) || !pureExpr(loop.upper)) return null;
  const [hi, lo] = step > 0 ? [loop.upper, loop.lower] : [loop.lower, loop.upper];
  const l = new Linear();
  l.add(hi, 1);
  l.add(lo, -1);
  l.constant += 1;
  return { span: l.form(), step: Math.abs(step) };
}

/** No calls other than pure intrinsics, no C side effects: evaluating it again changes nothing. */
export function pureExpr(e: Expr): boolean {
  let ok = true;
  walkExpr(e, (x) => {
    if (x.kind === "call" && !(x.intrinsic && x.pure !== false)) ok = false;
    if (x.kind === "assign-expr" || x.kind === "unknown") ok = false;
  });
  return ok;
}

