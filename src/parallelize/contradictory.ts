import type { Expr } from "../ir/expr.js";
import { addConst } from "../ir/add-const.js";
import { constDifference } from "../ir/linear-form.js";

/**
 * Whether comparisons `a <= b` (the run-time conditions the coverage walk
 * assumes) cannot all hold: two of them whose slacks (b - a) sum to a
 * negative constant, as `n <= 0` and `2 <= n - 1` do. A check that never
 * holds would only cost its runtime call on each entry; the array is then
 * not private at all. Conservative in the other direction only: other
 * contradictions (three comparisons together) are not found.
 */
export function contradictory(conditions: readonly Expr[]): boolean {
  const slack = conditions.flatMap(conjuncts).map(lessEqual);
  for (let i = 0; i < slack.length; i++)
    for (let j = i + 1; j < slack.length; j++) {
      const x = slack[i];
      const y = slack[j];
      if (!x || !y) continue;
      // (x.b - x.a) + (y.b - y.a) = (x.b + y.b) - (x.a + y.a): a constant below 0 means one of them fails.
      const sum = (l: Expr, r: Expr): Expr => ({ kind: "binary", op: "+", left: l, right: r, span: l.span, type: l.type }) as Expr;
      const d = constDifference(sum(x.b, y.b), sum(x.a, y.a));
      if (d !== null && d < 0) return true;
    }
  return false;
}

/** The terms of a conjunction (`a .and. b`: a, b). */
function conjuncts(e: Expr): Expr[] {
  return e.kind === "binary" && e.op === "and" ? [...conjuncts(e.left), ...conjuncts(e.right)] : [e];
}

/** An integer comparison as `a <= b` (`x >= y` is `y <= x`, `x < y` is `x + 1 <= y`), or null. */
function lessEqual(c: Expr): { a: Expr; b: Expr } | null {
  if (c.kind !== "binary") return null;
  const int = (e: Expr) => e.type === undefined || e.type.base === "integer";
  if (!int(c.left) || !int(c.right)) return null;
  switch (c.op) {
    case "<=":
      return { a: c.left, b: c.right };
    case ">=":
      return { a: c.right, b: c.left };
    case "<":
      return { a: addConst(c.left, 1), b: c.right };
    case ">":
      return { a: addConst(c.right, 1), b: c.left };
    default:
      return null;
  }
}
