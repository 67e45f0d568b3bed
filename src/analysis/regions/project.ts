import type { Expr } from "../../ir/expr.js";
import { evalInt } from "../../ir/const-eval.js";
import { Linear, formExpr, linearForm } from "../../ir/linear-form.js";
import type { Loop } from "../../ir/stmt.js";
import type { Sym } from "../../ir/symbol.js";
import { walkExpr } from "../../ir/walk.js";
import type { Box, Interval } from "./box.js";

/**
 * The values a loop's index takes: [lower, upper] for a positive constant
 * step, [upper, lower] for a negative one (a non-unit step only skips
 * values of it); null when the step's sign is not known or the loop is not
 * a counted one.
 */
export function indexInterval(l: Loop): Interval | null {
  if (l.form !== "do" || !l.index || !l.lower || !l.upper) return null;
  const step = l.step ? evalInt(l.step) : 1;
  if (step === undefined || step === 0) return null;
  return step > 0 ? { lo: l.lower, hi: l.upper } : { lo: l.upper, hi: l.lower };
}

/**
 * The interval of values `e` takes while the indices of `loops` run over
 * their ranges (seed 004 §1.1 Case 3: a region over all iterations), for
 * `e` linear in the indices (Σ c·k + the rest) with the rest made of
 * values fixed throughout (`fixed`): each index is replaced by the end of
 * its range (itself projected over the loops around it, for triangular
 * bounds) that makes the term smallest, or largest. Null when `e` is not
 * of that form.
 */
export function projectExpr(e: Expr, loops: ReadonlyMap<Sym, Interval>, fixed: (s: Sym) => boolean, depth = 0): Interval | null {
  if (depth > 32) return null;
  const f = linearForm(e);
  const lo = new Linear();
  const hi = new Linear();
  lo.constant = hi.constant = f.constant;
  for (const t of f.terms) {
    const k = t.e.kind === "var" ? t.e.sym : null;
    const r = k ? loops.get(k) : undefined;
    if (r) {
      const a = projectExpr(r.lo, loops, fixed, depth + 1);
      const b = projectExpr(r.hi, loops, fixed, depth + 1);
      if (!a || !b) return null;
      lo.add(t.coef > 0 ? a.lo : b.hi, t.coef);
      hi.add(t.coef > 0 ? b.hi : a.lo, t.coef);
    } else if (fixedExpr(t.e, fixed)) {
      lo.add(t.e, t.coef);
      hi.add(t.e, t.coef);
    } else return null;
  }
  return { lo: formExpr(lo, e.span), hi: formExpr(hi, e.span) };
}

/** A box projected over the loops dimension by dimension: a dimension that cannot be becomes null (any). */
export function projectBox(b: Box, loops: ReadonlyMap<Sym, Interval>, fixed: (s: Sym) => boolean): Box {
  return b.map((r) => {
    if (!r) return null;
    const a = projectExpr(r.lo, loops, fixed);
    const z = projectExpr(r.hi, loops, fixed);
    return a && z ? { lo: a.lo, hi: z.hi } : null;
  });
}

/** Built from literals, named constants, fixed scalars and elements of fixed arrays only. */
export function fixedExpr(e: Expr, fixed: (s: Sym) => boolean): boolean {
  let ok = true;
  walkExpr(e, (x) => {
    if ((x.kind === "var" || x.kind === "elem") && !(x.sym.storage === "parameter" || fixed(x.sym))) ok = false;
    if (x.kind === "var" && x.sym.dims.length > 0) ok = false;
    if (x.kind === "section" || (x.kind === "call" && !(x.intrinsic && x.pure)) || x.kind === "assign-expr" || x.kind === "deref" || x.kind === "member" || x.kind === "unknown" || x.kind === "cond") ok = false;
  });
  return ok;
}
