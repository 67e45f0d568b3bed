import type { Expr } from "../ir/expr.js";
import { evalInt } from "../ir/const-eval.js";
import { exprKey } from "../ir/expr-key.js";
import type { Loop } from "../ir/stmt.js";
import { walkExpr } from "../ir/walk.js";

/**
 * Trip counts of counted loops, read from their bounds by structure: the
 * bounds as linear forms Σ coef·atom + constant, the atoms being the
 * non-constant, non-additive subexpressions compared by exprKey. A loop
 * `do k = -1, 1`, `do i = n, n + 2` or `for (d = -1; d <= 1; d++)` has a
 * constant trip count even where a bound is not a constant; the
 * profitability guards (profit-guard.ts) are built from the same forms,
 * so a guard can only mention what does not cancel.
 */
export interface LinearForm {
  terms: { e: Expr; coef: number }[];
  constant: number;
}

/** `e` as Σ coef·atom + constant (atoms with coefficient 0 dropped). */
export function linearForm(e: Expr): LinearForm {
  const l = new Linear();
  l.add(e, 1);
  return l.form();
}

/** a - b when it is an integer constant (the same atoms cancel), else null. */
export function constDifference(a: Expr, b: Expr): number | null {
  const l = new Linear();
  l.add(a, 1);
  l.add(b, -1);
  const f = l.form();
  return f.terms.length === 0 ? f.constant : null;
}

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

/** A linear form under construction: atoms by structural key, in the order first met. */
class Linear {
  terms = new Map<string, { e: Expr; coef: number }>();
  constant = 0;

  add(e: Expr, sign: number): void {
    const c = evalInt(e);
    if (c !== undefined) {
      this.constant += sign * c;
      return;
    }
    if (e.kind === "binary" && (e.op === "+" || e.op === "-")) {
      this.add(e.left, sign);
      this.add(e.right, e.op === "+" ? sign : -sign);
      return;
    }
    if (e.kind === "unary" && (e.op === "-" || e.op === "+")) return this.add(e.operand, e.op === "-" ? -sign : sign);
    if (e.kind === "binary" && e.op === "*") {
      const a = evalInt(e.left);
      if (a !== undefined) return this.add(e.right, sign * a);
      const b = evalInt(e.right);
      if (b !== undefined) return this.add(e.left, sign * b);
    }
    const key = exprKey(e);
    const t = this.terms.get(key) ?? { e, coef: 0 };
    t.coef += sign;
    this.terms.set(key, t);
  }

  form(): LinearForm {
    return { terms: [...this.terms.values()].filter((t) => t.coef !== 0), constant: this.constant };
  }
}
