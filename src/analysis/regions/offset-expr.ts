import type { Expr } from "../../ir/expr.js";
import { constDifference } from "../../ir/linear-form.js";

/**
 * `base + (x - from)`: where a callee's index x, counted from its dummy's
 * lower bound `from`, lands in the caller's array that the dummy starts at
 * `base` (call-regions.ts, section-actual.ts). Folded when x - from is a
 * constant.
 */
export function offset(base: Expr, x: Expr, from: Expr): Expr {
  const span = base.span;
  const d = constDifference(x, from);
  if (d !== null) return plus(base, d);
  const int = { base: "integer" as const, bytes: 4 };
  return { kind: "binary", op: "+", left: base, right: { kind: "binary", op: "-", left: x, right: from, span, type: int }, span, type: int };
}

/** `e + c`, folded when e is a literal. */
export function plus(e: Expr, c: number): Expr {
  if (c === 0) return e;
  if (e.kind === "int") return { ...e, value: e.value + c };
  return { kind: "binary", op: c > 0 ? "+" : "-", left: e, right: { kind: "int", value: Math.abs(c), span: e.span }, span: e.span, type: { base: "integer", bytes: 4 } } as Expr;
}
