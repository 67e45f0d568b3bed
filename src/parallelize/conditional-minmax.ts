import type { Cfg } from "../analysis/cfg/cfg.js";
import type { LoopRegionInfo } from "../analysis/regions/loop-regions.js";
import type { VarId } from "../analysis/refs/vars.js";
import type { Expr } from "../ir/expr.js";
import { storedAsIs } from "../ir/stored-as-is.js";
import type { Loop, Stmt } from "../ir/stmt.js";
import { stmtExprs, walkExpr, walkStmts } from "../ir/walk.js";
import { exprEquals } from "../ir/expr-equals.js";
import { implicitRef } from "./loop-refs.js";
import { pureExpr } from "./trip-count.js";

/**
 * The max/min reduction written as a test (seed 004 §1.2's conditional
 * form): every reference to s in the loop is in `if (x > s) s = x` (or
 * `s < x`, `>=`; `<` / `>` the other way for min), the IF having no ELSE
 * and the assignment being its only statement, x the same side-effect-free
 * expression in the test and the assignment, not mentioning s, and
 * stored in s as it is (storedAsIs). Then s ends
 * as max(s0, x over the iterations), which OpenMP's `reduction(max:s)`
 * computes. The max-with-index pair (also keeping the i of the maximum)
 * is not taken: OpenMP has no clause for it, and ties make the index
 * depend on the order.
 */
export function conditionalMinMax(cfg: Cfg, info: LoopRegionInfo, v: VarId, loop: Loop): "max" | "min" | null {
  const vr = cfg.vars.vars[v]!;
  if (vr.syms.length !== 1) return null;
  const sym = vr.syms[0]!;
  if (sym.type.base !== "integer" && sym.type.base !== "real") return null;
  if (implicitRef(cfg, info, v)) return null;
  const isS = (e: Expr) => e.kind === "var" && e.sym === sym;
  const mentions = (e: Expr) => {
    let yes = false;
    walkExpr(e, (x) => {
      if (isS(x)) yes = true;
    });
    return yes;
  };
  let op: "max" | "min" | null = null;
  let ok = true;
  const handled = new Set<Stmt>();
  walkStmts(loop.body, (s) => {
    if (!ok || handled.has(s)) return;
    const here = stmtExprs(s).some(mentions);
    if (s.kind === "if" && here) {
      const c = s.cond;
      const then = s.then.filter((x) => x.kind !== "nop");
      if (s.else.length || then.length !== 1 || then[0]!.kind !== "assign" || !isS(then[0]!.lhs)) return void (ok = false);
      const x = then[0]!.rhs;
      if (mentions(x) || !pureExpr(x) || !storedAsIs(x.type, sym.type)) return void (ok = false);
      const o = comparisonOp(c, isS, x);
      if (!o || (op && o !== op)) return void (ok = false);
      op = o;
      handled.add(then[0]!);
      return;
    }
    if (here) ok = false;
  });
  return ok ? op : null;
}

/**
 * The reduction a test `x > s` (`s < x`, `>=`) that guards `s = x` makes:
 * max; the other way round, min. Null when the test compares anything
 * else. `isTarget` tells s: a scalar here, an element in array-reductions.ts.
 */
export function comparisonOp(c: Expr, isTarget: (e: Expr) => boolean, x: Expr): "max" | "min" | null {
  if (c.kind !== "binary") return null;
  const gt = c.op === ">" || c.op === ">=";
  const lt = c.op === "<" || c.op === "<=";
  if (!gt && !lt) return null;
  if (isTarget(c.right) && exprEquals(c.left, x)) return gt ? "max" : "min";
  if (isTarget(c.left) && exprEquals(c.right, x)) return lt ? "max" : "min";
  return null;
}
