import { evalInt } from "../../ir/const-eval.js";
import type { ElemRef, Expr } from "../../ir/expr.js";
import type { Language } from "../../ir/program.js";
import type { Sym } from "../../ir/symbol.js";
import { walkExpr } from "../../ir/walk.js";
import { exprText } from "../../ir/expr-text.js";
import { affineOf, type Affine } from "../symbolic/affine.js";
import { solveAffine, type Constraints } from "./condition-ranges.js";
import { rangeOf, type RangeEnv } from "./eval-range.js";
import { IntSet } from "./int-set.js";
import type { RangeContext } from "./range-context.js";
import { identicalRange, mergeWhy, type VarRange } from "./var-range.js";

/** One declared dimension as far as seed 003 may use it: an end that cannot be trusted is null. */
export interface DimBounds {
  lower: Expr | null;
  upper: Expr | null;
}

/**
 * The dimensions of an array whose declared bounds a correct program
 * respects (issue 7 §1): Fortran explicit-shape arrays and C fixed-size
 * arrays. Never an assumed-size `*` dimension, a deferred or unknown
 * extent (allocatable, pointer, C pointer parameter), nor a dummy
 * dimension declared with extent 1 (the old `a(1)` idiom, which old
 * Fortran indexes far beyond). A symbolic bound is used only when its
 * variables are locals or dummies the procedure never assigns, so their
 * values at a reference are the values the bounds were evaluated with at
 * entry (Conservative: otherwise that end is unknown).
 */
export function usableDims(sym: Sym, ctx: RangeContext): (DimBounds | null)[] {
  if (sym.attrs.pointer || sym.attrs.allocatable || sym.attrs.assumedShape) return sym.dims.map(() => null);
  return sym.dims.map((d) => {
    if (!d.upper) return null;
    const lo = evalInt(d.lower);
    const hi = evalInt(d.upper);
    if (sym.storage === "dummy" && lo !== undefined && lo === hi) return null;
    return { lower: fixedAtEntry(d.lower, ctx) ? d.lower : null, upper: fixedAtEntry(d.upper, ctx) ? d.upper : null };
  });
}

function fixedAtEntry(e: Expr, ctx: RangeContext): boolean {
  let ok = true;
  walkExpr(e, (x) => {
    if (x.kind === "elem" || x.kind === "call" || x.kind === "deref" || x.kind === "member") ok = false;
    if (x.kind !== "var" || x.sym.storage === "parameter") return;
    const v = ctx.varOf(x.sym);
    if (v === undefined || ctx.defined.has(v) || (x.sym.storage !== "local" && x.sym.storage !== "dummy")) ok = false;
  });
  return ok;
}

/** The set a subscript's value lies in when the reference is in bounds, from the ranges of the bounds. */
export function boundsSet(d: DimBounds, env: RangeEnv): IntSet {
  const lo = d.lower ? rangeOf(d.lower, env).set.min : -Infinity;
  const hi = d.upper ? rangeOf(d.upper, env).set.max : Infinity;
  return IntSet.range(lo === Infinity ? -Infinity : lo, hi === -Infinity ? Infinity : hi);
}

/** A usable dimension of a reference with its subscript as an affine form. */
export interface AffineSubscript {
  dim: number;
  bounds: DimBounds;
  form: Affine;
}

export function affineSubscripts(e: ElemRef, ctx: RangeContext): AffineSubscript[] {
  return ctx.memo(subscriptMemo, e, () => subscriptsOf(e, ctx));
}

const subscriptMemo = Symbol("affine subscripts");

function subscriptsOf(e: ElemRef, ctx: RangeContext): AffineSubscript[] {
  const dims = usableDims(e.sym, ctx);
  const out: AffineSubscript[] = [];
  e.subs.forEach((s, k) => {
    const b = dims[k];
    if (!b || (!b.lower && !b.upper) || e.subs.length !== dims.length) return;
    const form = affineOf(s);
    if (form) out.push({ dim: k, bounds: b, form });
  });
  return out;
}

/**
 * Seed 003 §3, first form: after A(C0·V + C1) executes, A_lb ≤ C0·V + C1 ≤
 * A_ub, hence a range of V; generalized to any affine subscript, where the
 * other variables enter with their ranges (`solveAffine`). Every variable
 * of every usable dimension gets a constraint. Null when no value of the
 * variables keeps the reference in bounds (the point is never reached by
 * a correct execution).
 */
export function referenceFacts(e: ElemRef, env: RangeEnv, ctx: RangeContext): Constraints | null {
  // The facts depend on the ranges of the variables of the subscripts and declared bounds only, and
  // the propagation meets the reference again and again with the same ones (the same range objects):
  // the last answer is kept per reference.
  const reads = ctx.memo(readsMemo, e, () => variablesRead(e, ctx));
  const last = ctx.memo(lastMemo, e, () => ({ ranges: [] as VarRange[], out: undefined as Constraints | null | undefined }));
  const ranges = reads.map(env);
  // Equal ranges (sets and sources) give equal facts: after a narrowing the propagation makes new range
  // objects equal to the old ones, which the identity alone missed (issue 16).
  if (last.out !== undefined && sameRanges(ranges, last.ranges)) return last.out;
  last.ranges = ranges;
  return (last.out = factsOf(e, env, ctx));
}

function sameRanges(a: readonly VarRange[], b: readonly VarRange[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (!identicalRange(a[i]!, b[i]!)) return false;
  return true;
}

const readsMemo = Symbol("variables read by the facts of a reference");
const lastMemo = Symbol("the facts of a reference, last computed");

/** The variables whose ranges `factsOf` reads: those of the affine subscripts and of their dimensions' bounds. */
function variablesRead(e: ElemRef, ctx: RangeContext): Sym[] {
  const out = new Set<Sym>();
  for (const s of affineSubscripts(e, ctx)) {
    for (const t of s.form.terms) out.add(t.sym);
    for (const b of [s.bounds.lower, s.bounds.upper]) if (b) walkExpr(b, (x) => void (x.kind === "var" && out.add(x.sym)));
  }
  return [...out];
}

function factsOf(e: ElemRef, env: RangeEnv, ctx: RangeContext): Constraints | null {
  let out: Constraints = new Map();
  for (const s of affineSubscripts(e, ctx)) {
    const c = solveAffine(s.form, boundsSet(s.bounds, env), env);
    if (!c) return null;
    for (const [sym, r] of c) {
      const prev = out.get(sym);
      out.set(sym, prev ? { set: prev.set.intersect(r.set), why: mergeWhy(prev.why, r.why) } : r);
    }
  }
  return out;
}

/** How a reference and its array's declaration read in a fact: `a(v + 1, v) (declared a(100, 100))`. */
export function referenceText(e: ElemRef, lang: Language): string {
  return `${exprText(e, lang)} (declared ${declarationText(e.sym, lang)})`;
}

export function declarationText(sym: Sym, lang: Language): string {
  if (lang === "c") return sym.name + sym.dims.map((d) => `[${d.upper ? extentText(d.upper) : ""}]`).join("");
  const dim = (d: Sym["dims"][number]) => {
    const up = d.upper ? exprText(d.upper, lang) : "*";
    return evalInt(d.lower) === 1 ? up : `${exprText(d.lower, lang)}:${up}`;
  };
  return `${sym.name}(${sym.dims.map(dim).join(", ")})`;
}

/** A C extent from its inclusive upper bound: `a[n]` was lowered to upper n - 1. */
function extentText(upper: Expr): string {
  const v = evalInt(upper);
  if (v !== undefined) return String(v + 1);
  if (upper.kind === "binary" && upper.op === "-" && evalInt(upper.right) === 1) return exprText(upper.left, "c");
  return `${exprText(upper, "c")} + 1`;
}
