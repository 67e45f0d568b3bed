import { addConst } from "./add-const.js";
import { exprEquals } from "./expr-equals.js";
import type { Expr } from "./expr.js";

const MIN = new Set(["min", "min0"]);
const MAX = new Set(["max", "max0"]);

/**
 * An integer expression that is the least or the greatest of its
 * arguments: Fortran's `min(a, b, ...)` / `max(...)` (MIN0, MAX0), C's
 * `a < b ? a : b` and its mirrors, and either plus or minus a constant
 * (a C loop `i < min(...)` has the upper bound `min(...) - 1`, which is
 * `min(... - 1)`). Blocked loops are bounded this way (`do j = jj,
 * min(jj + bs - 1, n)`): what the value is at most (at least) is what
 * the dependence tests need of such a bound.
 */
export function extremeOf(e: Expr): { op: "min" | "max"; args: Expr[] } | null {
  if (e.kind === "call" && e.intrinsic && e.args.length >= 2) {
    const name = e.name.toLowerCase();
    const op = MIN.has(name) ? "min" : MAX.has(name) ? "max" : null;
    return op && { op, args: e.args };
  }
  if (e.kind === "cond" && e.cond.kind === "binary" && ["<", "<=", ">", ">="].includes(e.cond.op)) {
    const { left, right } = e.cond;
    const less = e.cond.op === "<" || e.cond.op === "<=";
    // `l < r ? l : r` is min(l, r); `l < r ? r : l` is max(l, r); `>` the other way round.
    if (exprEquals(e.then, left) && exprEquals(e.else, right)) return { op: less ? "min" : "max", args: [left, right] };
    if (exprEquals(e.then, right) && exprEquals(e.else, left)) return { op: less ? "max" : "min", args: [left, right] };
    return null;
  }
  if (e.kind === "binary" && (e.op === "+" || e.op === "-") && e.right.kind === "int") {
    const x = extremeOf(e.left);
    const k = e.op === "+" ? e.right.value : -e.right.value;
    return x && { op: x.op, args: x.args.map((a) => addConst(a, k)) };
  }
  return null;
}
