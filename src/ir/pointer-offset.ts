import { evalInt } from "./const-eval.js";
import { addConst } from "./add-const.js";
import type { Expr } from "./expr.js";

/**
 * C's `&a[j][0] + k` (what `a[j] + k` lowers to) as the address it is,
 * `&a[j][k]`: an offset from an element's address moves along the
 * fastest dimension, so the call that receives it starts there (issue
 * 15's "pointer parameters bound to their actuals"). `- k` too. Anything
 * else is returned as it is.
 */
export function offsetElement(a: Expr): Expr {
  if (a.kind !== "binary" || (a.op !== "+" && a.op !== "-")) return a;
  const [p, k] = a.left.kind === "addr" ? [a.left, a.right] : a.op === "+" && a.right.kind === "addr" ? [a.right, a.left] : [null, null];
  if (!p || p.kind !== "addr" || p.operand.kind !== "elem" || p.operand.subs.length === 0) return a;
  // Only integer offsets (a pointer difference or a cast could mean something else).
  if (k.type && k.type.base !== "integer") return a;
  const el = p.operand;
  const last = el.subs[el.subs.length - 1]!;
  const c = evalInt(k);
  const moved: Expr =
    c !== undefined
      ? addConst(last, a.op === "+" ? c : -c)
      : { kind: "binary", op: a.op, left: last, right: k, span: last.span, type: last.type ?? { base: "integer", bytes: 4 } };
  return { ...p, operand: { ...el, subs: [...el.subs.slice(0, -1), moved] } };
}
