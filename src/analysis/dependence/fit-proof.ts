import type { Expr } from "../../ir/expr.js";
import { Linear } from "../../ir/linear-form.js";
import type { Stmt } from "../../ir/stmt.js";
import type { Sym } from "../../ir/symbol.js";
import { walkExpr } from "../../ir/walk.js";
import type { Fit } from "../regions/call-regions.js";
import { plainDef } from "./induction.js";
import type { ProcIndex } from "./proc-index.js";

/** The value range of a scalar just before a statement runs (value ranges, ranges/range-analysis.ts); undefined: nothing known. */
export type RangeBefore = (sym: Sym, at: Stmt) => { min?: number; max?: number } | undefined;

/**
 * Whether a call's placement holds wherever the call runs: `fit.lo <=
 * fit.hi` at `at`, proved from the value ranges there. A fit over values
 * that change in the nest (NPB FT's `bls + len - 1 <= n1 + 1`, with `len =
 * ble - bls + 1` just before the call and `ble <= n1` from `if (ble .gt.
 * n1) ble = n1`) cannot be checked before the loop (access.ts), but the
 * ranges may prove it at the call: the scalars assigned earlier in the
 * same statement list, their operands unchanged since, are replaced by
 * what they were assigned (so that `bls` cancels), and the rest is
 * bounded term by term by each scalar's range at the call.
 */
export function fitProved(fit: Fit, at: Stmt, index: ProcIndex, rangeBefore: RangeBefore): boolean {
  const form = new Linear();
  form.add(substituted(fit.hi, at, index, 4), 1);
  form.add(substituted(fit.lo, at, index, 4), -1);
  let low = form.constant;
  for (const t of form.terms.values()) {
    if (t.coef === 0) continue;
    if (t.e.kind !== "var") return false;
    const r = rangeBefore(t.e.sym, at);
    const end = t.coef > 0 ? r?.min : r?.max;
    if (end === undefined) return false;
    low += t.coef * end;
  }
  return low >= 0;
}

/**
 * `e` with each integer scalar that a plain assignment earlier in `at`'s
 * statement list gives its value (nothing in between changing it or what
 * it was computed from) replaced by that right-hand side, `depth` times
 * over. With jumps in the procedure the statements before `at` need not be
 * the ones that ran: nothing is replaced.
 */
function substituted(e: Expr, at: Stmt, index: ProcIndex, depth: number): Expr {
  const pos = index.pos.get(at);
  if (depth === 0 || !pos || index.jumps) return e;
  const map = (x: Expr): Expr => {
    switch (x.kind) {
      case "var":
        return valueOf(x.sym) ?? x;
      case "binary":
        return { ...x, left: map(x.left), right: map(x.right) };
      case "unary":
        return { ...x, operand: map(x.operand) };
      default:
        return x;
    }
  };
  const valueOf = (v: Sym): Expr | null => {
    if (v.dims.length > 0 || v.type.base !== "integer") return null;
    for (let i = pos.index - 1; i >= 0; i--) {
      const s = pos.list[i]!;
      if (!index.modifies(s, v)) continue;
      const d = plainDef(s, v);
      if (d?.kind !== "rhs" || reads(d.rhs, v)) return null;
      // What the right-hand side reads must still hold at `at`.
      let stable = true;
      walkExpr(d.rhs, (y) => {
        if (y.kind === "var") stable &&= y.sym.dims.length === 0 && !index.modifiesRange(pos.list, i + 1, pos.index, y.sym);
        else if (y.kind !== "int" && y.kind !== "binary" && y.kind !== "unary") stable = false;
      });
      return stable ? substituted(d.rhs, s, index, depth - 1) : null;
    }
    return null;
  };
  return map(e);
}

function reads(e: Expr, v: Sym): boolean {
  let hit = false;
  walkExpr(e, (y) => {
    if (y.kind === "var" && y.sym === v) hit = true;
  });
  return hit;
}
