import { evalCondition } from "../ir/const-eval.js";
import type { Expr } from "../ir/expr.js";
import type { Language } from "../ir/program.js";
import type { Loop } from "../ir/stmt.js";
import type { Span } from "../source/span.js";
import { exprText } from "../ir/expr-text.js";
import type { LinearForm } from "../ir/linear-form.js";
import { tripForm } from "./trip-count.js";
import { capSource, type TripLimit } from "./profitability.js";

/**
 * The `if()` clause that asks, before a parallel region starts, whether
 * the loops' trip counts multiply to at least `threshold` (profitability.ts
 * chooses the loops and the threshold). The guard is built as an IR
 * expression from the loops' trip forms (trip-count.ts) and folded
 * before it is printed:
 * - factors with a constant trip count multiply into the threshold, and
 *   a product of constants is decided now;
 * - factors whose value ranges cap them (`most`, trip-bounds.ts) decide
 *   it when even their caps cannot reach the threshold;
 * - whatever remains is folded once more as an expression (evalCondition).
 * A guard decided false means no directive: OpenMP still enters the
 * region on every execution of a false `if()` (about 2 µs each with
 * libgomp, at one thread too), so a constant false clause is pure cost;
 * a guard decided true is left out.
 */
export type Guard = { kind: "always" } | { kind: "never"; why: string } | { kind: "test"; expr: Expr; text: string };

/** Null when some loop's trip count cannot be written before the loop (see tripForm). */
export function profitGuard(loops: readonly Loop[], threshold: number, lang: Language, most: TripLimit): Guard | null {
  const span = loops[0]!.span;
  let known = 1;
  let cap: number | null = 1;
  const factors: { span: LinearForm; step: number }[] = [];
  // The first loop of a symbolic trip count: what a cap is said to come from.
  let capped: Loop | null = null;
  for (const l of loops) {
    const f = tripForm(l);
    if (!f) return null;
    if (f.span.terms.length === 0) {
      known *= Math.max(0, Math.floor((f.span.constant - 1 + f.step) / f.step));
      continue;
    }
    factors.push(f);
    capped ??= l;
    const m = most(l);
    cap = cap === null || m === null ? null : cap * m;
  }
  const what = loops.length === 1 ? "it runs" : `with the loop at line ${loops[1]!.span.line} inside it, it runs`;
  const pays = `and a region pays only from ${threshold} iterations on`;
  const iterations = (n: number) => `${n} iteration${n === 1 ? "" : "s"}`;
  if (factors.length === 0) return known >= threshold ? { kind: "always" } : { kind: "never", why: `${what} only ${iterations(known)}, ${pays}` };
  if (known === 0) return { kind: "never", why: `${what} no iteration` };
  const need = Math.ceil(threshold / known);
  if (cap !== null && cap < need) return { kind: "never", why: `${what} at most ${iterations(cap * known)} (${capSource(most, capped!)}), ${pays}` };
  let left: Expr;
  let right: number;
  if (factors.length === 1) {
    // span >= step·(need - 1) + 1, the span's constant moved to the right: `n >= 200`, not `n - 1 + 1 >= 200`.
    const f = factors[0]!;
    left = sum({ terms: f.span.terms, constant: 0 }, span);
    right = f.step * (need - 1) + 1 - f.span.constant;
  } else {
    left = factors.map((f) => sum(f.span, span)).reduce((a, b) => ({ kind: "binary", op: "*", left: a, right: b, span }));
    right = factors.reduce((p, f) => p * f.step, need);
  }
  const expr: Expr = { kind: "binary", op: ">=", left, right: int(right, span), span, type: { base: "logical", bytes: 4 } };
  const folded = evalCondition(expr);
  if (folded !== undefined) return folded ? { kind: "always" } : { kind: "never", why: `its if() condition ${exprText(expr, lang)} is never true` };
  return { kind: "test", expr, text: exprText(expr, lang) };
}

/** Σ coef·atom + constant as an expression, terms in the order of the form: `m - 2`, `-n + 5`, `2 * n`. */
function sum(f: LinearForm, span: Span): Expr {
  let e: Expr | null = null;
  for (const { e: atom, coef } of f.terms) {
    const mag = Math.abs(coef);
    const term: Expr = mag === 1 ? atom : { kind: "binary", op: "*", left: int(mag, span), right: atom, span };
    if (!e) e = coef < 0 ? { kind: "unary", op: "-", operand: term, span } : term;
    else e = { kind: "binary", op: coef < 0 ? "-" : "+", left: e, right: term, span };
  }
  if (!e) return int(f.constant, span);
  if (f.constant === 0) return e;
  return { kind: "binary", op: f.constant < 0 ? "-" : "+", left: e, right: int(Math.abs(f.constant), span), span };
}

function int(value: number, span: Span): Expr {
  return { kind: "int", value, span, type: { base: "integer", bytes: 4 } };
}
