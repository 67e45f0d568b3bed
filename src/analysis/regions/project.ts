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
 * values fixed throughout (`fixed`): each index, innermost first, is
 * replaced by the end of its range that makes the term smallest, or
 * largest (an end that names outer indices, for triangular bounds, is
 * then projected with the rest, so the indices it shares with them
 * cancel); a min or max of changing values is bounded by one argument
 * (bySide). Null when `e` is not of that form.
 */
export function projectExpr(e: Expr, loops: ReadonlyMap<Sym, Interval>, fixed: (s: Sym) => boolean, depth = 0): Interval | null {
  const lo = projectSide(e, "lo", loops, fixed, depth);
  const hi = lo && projectSide(e, "hi", loops, fixed, depth);
  return lo && hi ? { lo, hi } : null;
}

/** One end of projectExpr's interval, each found on its own (a bound of one end needs nothing of the other). */
export function projectSide(e: Expr, side: "lo" | "hi", loops: ReadonlyMap<Sym, Interval>, fixed: (s: Sym) => boolean, depth: number): Expr | null {
  if (depth > 32) return null;
  const f = linearForm(e);
  // A min or max of values that change (NPB LU's blts_vec: i from max(l - jend, ist) to min(l - jst, iend), j = l - i):
  // the end from one argument, where the bound holds for it whatever the others (bySide).
  const choice = f.terms.find((t) => minMax(t.e) && !fixedExpr(t.e, fixed));
  if (choice) return bySide(e, choice, side, loops, fixed, depth);
  // The innermost loop's index first: its bounds may name the outer ones (triangular, or i from l - jend
  // in blts_vec), which the substitution keeps together (l - i at i = l - jst is jst).
  const order = [...loops.keys()];
  let idx: { e: Expr; coef: number } | undefined;
  for (const t of f.terms) if (t.e.kind === "var" && loops.has(t.e.sym) && (!idx || order.indexOf(t.e.sym) > order.indexOf((idx.e as { sym: Sym }).sym))) idx = t;
  if (idx) {
    const r = loops.get((idx.e as { sym: Sym }).sym)!;
    // The end of the index's range that makes the term smallest (lo) or largest (hi).
    const low = (side === "lo") === idx.coef > 0;
    const rest = new Linear();
    rest.add(e, 1);
    rest.add(idx.e, -idx.coef);
    rest.add(low ? r.lo : r.hi, idx.coef);
    return projectSide(formExpr(rest, e.span), side, loops, fixed, depth + 1);
  }
  if (!f.terms.every((t) => fixedExpr(t.e, fixed))) return null;
  // In its linear form: terms that cancelled (0·l) are gone.
  const out = new Linear();
  out.add(e, 1);
  return formExpr(out, e.span);
}

/** An intrinsic min or max of two or more values. */
function minMax(e: Expr): e is Extract<Expr, { kind: "call" }> {
  return e.kind === "call" && !!e.intrinsic && (e.name === "min" || e.name === "max" || e.name === "min0" || e.name === "max0") && e.args.length >= 2;
}

/**
 * One end of `e`'s values, for a term c·min(x, y, ...) or c·max(...) of
 * it: c·max(x, y) >= c·x for c > 0 (and c·min(x, y) >= c·x for c < 0),
 * so for that end `e` with the term as c·x is a bound, for any argument x.
 * The other end of such a term has no bound of this form (null).
 */
function bySide(e: Expr, t: { e: Expr; coef: number }, side: "lo" | "hi", loops: ReadonlyMap<Sym, Interval>, fixed: (s: Sym) => boolean, depth: number): Expr | null {
  const call = t.e as Extract<Expr, { kind: "call" }>;
  const isMax = call.name === "max" || call.name === "max0";
  // lo: c·max with c > 0, c·min with c < 0; hi: the other two.
  if ((side === "lo") !== (isMax === t.coef > 0)) return null;
  // Any argument gives a bound; the one whose expression has the fewest loop indices left is the tightest
  // in practice (ist for max(l - jend, ist); jst for l - min(l - jst, iend), where the l's cancel).
  const candidates = call.args.map((x) => {
    const rest = new Linear();
    rest.add(e, 1);
    rest.add(t.e, -t.coef);
    rest.add(x, t.coef);
    const indices = [...rest.terms.values()].filter((u) => u.coef !== 0 && u.e.kind === "var" && loops.has(u.e.sym)).length;
    return { rest, indices };
  });
  for (const c of candidates.sort((a, b) => a.indices - b.indices)) {
    const r = projectSide(formExpr(c.rest, e.span), side, loops, fixed, depth + 1);
    if (r) return r;
  }
  return null;
}

/** A box projected over the loops dimension by dimension: a dimension that cannot be becomes null (any). */
export function projectBox(b: Box, loops: ReadonlyMap<Sym, Interval>, fixed: (s: Sym) => boolean): Box {
  return b.map((r) => {
    if (!r) return null;
    const a = projectExpr(r.lo, loops, fixed);
    // A point (most dimensions of a reference's box): one projection is both (issue 16).
    const z = r.hi === r.lo ? a : projectExpr(r.hi, loops, fixed);
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
