import type { Expr } from "../ir/expr.js";
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
  const slack = conditions.map((c) => (c.kind === "binary" && c.op === "<=" ? { a: c.left, b: c.right } : null));
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
