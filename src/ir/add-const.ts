import { evalInt } from "./const-eval.js";
import type { Expr } from "./expr.js";

/** `e - 1`, folded when `e` is a constant or ends in `+ c` / `- c`. */
export function minusOne(e: Expr): Expr {
  return addConst(e, -1);
}

/** `e + k`, folded when `e` is a constant or ends in `+ c` / `- c`. */
export function addConst(e: Expr, k: number): Expr {
  if (k === 0) return e;
  const v = evalInt(e);
  if (v !== undefined && e.kind !== "var") return { kind: "int", value: v + k, span: e.span, type: { base: "integer", bytes: 4 } };
  if (e.kind === "binary" && (e.op === "+" || e.op === "-") && e.right.kind === "int") {
    const c = (e.op === "+" ? e.right.value : -e.right.value) + k;
    if (c === 0) return e.left;
    return { ...e, op: c > 0 ? "+" : "-", right: { kind: "int", value: Math.abs(c), span: e.right.span, type: e.right.type ?? { base: "integer", bytes: 4 } } };
  }
  return { kind: "binary", op: k > 0 ? "+" : "-", left: e, right: { kind: "int", value: Math.abs(k), span: e.span, type: { base: "integer", bytes: 4 } }, span: e.span, type: e.type ?? { base: "integer", bytes: 4 } };
}
