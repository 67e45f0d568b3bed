import type { NestRanges } from "../analysis/ranges/nest-ranges.js";
import { evalInt } from "../ir/const-eval.js";
import type { Procedure } from "../ir/program.js";
import type { Loop, Stmt } from "../ir/stmt.js";
import type { Expr } from "../ir/expr.js";
import type { Sym } from "../ir/symbol.js";
import { collectLoops, stmtExprs, walkExpr } from "../ir/walk.js";
import { assignedIn } from "../analysis/assigned-in.js";
import { linearForm } from "../ir/linear-form.js";
import { constTrips } from "./trip-count.js";

/** At most how many iterations a loop runs, when known; null otherwise. */
export type TripBound = (loop: Loop) => number | null;

/** The tighter of two trip-count caps, either of which may be unknown (null). */
export function tighter(a: number | null, b: number | null): number | null {
  return a === null ? b : b === null ? a : Math.min(a, b);
}

/**
 * Upper bounds of trip counts from the value ranges (issue 7) where each
 * nest starts: `do ix = kx1, kx2` with kx1, kx2 in 1..5 runs at most 5
 * times. Only for constant steps and bounds linear in scalars the nest never
 * assigns (the range at the nest's start then holds for every entry of the
 * loop), or in indices of enclosing loops with constant bounds (a
 * triangular `do j = 1, i` inside `do i = 1, 120` runs at most 120 times).
 * Profitability uses them instead of its guess: NPB UA's facev sweeps one
 * face of a 5×5×5 element, and guessed at 100×100 iterations it got a
 * directive that started 262,000 regions of 125 statements.
 * A heuristic's input, not a proof: nothing correct depends on it.
 */
export function tripBounds(proc: Procedure, ranges: NestRanges | null): TripBound {
  if (!ranges) return (loop) => constTrips(loop) ?? subscriptExtent(loop);
  const root = new Map<Loop, Loop>();
  const parentOf = new Map<Loop, Loop | null>();
  for (const { loop, parent } of collectLoops(proc.body)) {
    root.set(loop, parent ? (root.get(parent) ?? parent) : loop);
    parentOf.set(loop, parent);
  }
  /** The values the index of an enclosing loop takes, when that loop's bounds are constants: `j < i` inside `do i = 1, 120`. */
  const enclosingIndex = (loop: Loop, sym: Sym): { min: number; max: number } | undefined => {
    for (let p = parentOf.get(loop) ?? null; p; p = parentOf.get(p) ?? null) {
      if (p.index !== sym) continue;
      const a = p.form === "do" && p.lower ? evalInt(p.lower) : undefined;
      const b = p.form === "do" && p.upper ? evalInt(p.upper) : undefined;
      return a === undefined || b === undefined ? undefined : { min: Math.min(a, b), max: Math.max(a, b) };
    }
    return undefined;
  };
  const written = new Map<Loop, Set<Sym>>();
  const writtenIn = (r: Loop): Set<Sym> => {
    let w = written.get(r);
    if (!w) written.set(r, (w = assignedIn(r)));
    return w;
  };
  const fromRanges = (loop: Loop): number | null => {
    if (loop.form !== "do" || !loop.lower || !loop.upper) return null;
    // A constant step: the span over its size (odd-even sorts' `do i = 1 + mod(pass, 2), n - 1, 2`).
    const step = loop.step ? evalInt(loop.step) : 1;
    if (step === undefined || step === 0) return null;
    const r = root.get(loop) ?? loop;
    const w = writtenIn(r);
    const hi = linearForm(step > 0 ? loop.upper : loop.lower);
    const lo = linearForm(step > 0 ? loop.lower : loop.upper);
    let max = hi.constant - lo.constant;
    for (const [sign, form] of [[1, hi] as const, [-1, lo] as const])
      for (const t of form.terms) {
        const coef = sign * t.coef;
        if (t.e.kind !== "var" || t.e.sym.dims.length > 0) return null;
        const range = enclosingIndex(loop, t.e.sym) ?? (w.has(t.e.sym) ? undefined : ranges.peek(t.e.sym, r));
        const end = coef > 0 ? range?.max : range?.min;
        if (end === undefined) return null;
        max += coef * end;
      }
    // As with no ranges at all when they could not be computed (here only enclosing indices were read).
    if (!ranges.available()) return null;
    return Math.max(0, Math.floor(max / Math.abs(step)) + 1);
  };
  return (loop) => {
    const c = constTrips(loop);
    if (c !== null) return c;
    return tighter(fromRanges(loop), subscriptExtent(loop));
  };
}

/**
 * At most the extent of an array dimension that the loop's index
 * subscripts (as `i + c`) in a reference every iteration makes: in its
 * body (an IF's condition too), or in inner loops, not under a condition. Subscripts are assumed
 * to stay within their declared bounds, as the value ranges assume them
 * (analysis-options.ts). NPB LU's `do j = jst, jend` over `d(1,1,i,j)`
 * with d(5,5,isiz1,isiz2) runs at most isiz2 times; guessed at 100 it
 * weighed each of jacld's 18,600 region starts at ten times its work.
 */
export function subscriptExtent(loop: Loop, evaluate: (e: Expr) => number | undefined = evalInt): number | null {
  // With constants only, remembered per loop: the plan asks it of every loop, and of each again for the
  // work of the loops around it (issue 16: each question walked the loop's whole body).
  if (evaluate !== evalInt) return extentBy(loop, evaluate);
  let n = constantExtents.get(loop);
  if (n === undefined) constantExtents.set(loop, (n = extentBy(loop, evalInt)));
  return n;
}
const constantExtents = new WeakMap<Loop, number | null>();

function extentBy(loop: Loop, evaluate: (e: Expr) => number | undefined): number | null {
  const idx = loop.index;
  if (!idx || loop.form !== "do") return null;
  let best: number | null = null;
  const ref = (e: Expr) =>
    walkExpr(e, (x) => {
      if (x.kind !== "elem") return;
      x.subs.forEach((sub, d) => {
        const dim = x.sym.dims[d];
        if (!dim?.upper) return;
        const lo = evaluate(dim.lower);
        const hi = evaluate(dim.upper);
        if (lo === undefined || hi === undefined) return;
        const f = linearForm(sub);
        if (f.terms.length !== 1 || f.terms[0]!.e.kind !== "var" || (f.terms[0]!.e as { sym: Sym }).sym !== idx || Math.abs(f.terms[0]!.coef) !== 1) return;
        const n = Math.max(0, hi - lo + 1);
        if (best === null || n < best) best = n;
      });
    });
  const visit = (stmts: readonly Stmt[]) => {
    for (const s of stmts) {
      if (s.kind === "loop") {
        visit(s.body);
        continue;
      }
      // An IF's condition runs every iteration (its branches may not).
      if (s.kind === "if") ref(s.cond);
      if (s.kind === "if" || s.kind === "switch" || s.kind === "block") continue;
      for (const e of stmtExprs(s)) ref(e);
    }
  };
  visit(loop.body);
  return best;
}
