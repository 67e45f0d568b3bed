import type { Expr } from "../../ir/expr.js";
import { exprEquals } from "../../ir/expr-equals.js";
import { exprText } from "../../ir/expr-text.js";
import { constDifference } from "../../ir/linear-form.js";
import type { Sym } from "../../ir/symbol.js";
import { walkExpr } from "../../ir/walk.js";

/**
 * Array regions as rectangular sections ("boxes"): per declared dimension
 * an inclusive interval [lo, hi] of subscript values, or null for any
 * value. Seed 004 §1.1 describes MOD/USE/DDEF/EUSE as sets of data; for an
 * array the set is a list of boxes (seed 001's access patterns reduced to
 * the per-dimension ranges the dependence tests and privatization use).
 * Bounds are expressions compared by their linear forms
 * (ir/linear-form.ts): two bounds are ordered only when they differ by a
 * constant, so every answer below is "yes, proved" or "not known".
 */
export interface Interval {
  lo: Expr;
  hi: Expr;
}

/** One interval per declared dimension; null: any subscript value in that dimension. */
export type Box = (Interval | null)[];

/** A box that is one element: every dimension a single value. */
export function pointBox(subs: readonly Expr[]): Box {
  return subs.map((s) => ({ lo: s, hi: s }));
}

/** The box of every element (rank `n`). */
export function anyBox(n: number): Box {
  return Array.from({ length: n }, () => null);
}

/** `a <= b` proved (their difference is a constant). */
export function provedLe(a: Expr, b: Expr): boolean {
  const d = constDifference(b, a);
  return d !== null && d >= 0;
}

/** Whether every element of `inner` is in `outer` (proved). */
export function boxContains(outer: Box, inner: Box): boolean {
  if (outer.length !== inner.length) return false;
  return outer.every((o, k) => {
    if (o === null) return true;
    const i = inner[k];
    return !!i && provedLe(o.lo, i.lo) && provedLe(i.hi, o.hi);
  });
}

/** Whether the box holds no element for sure (some dimension with hi < lo proved). */
export function boxEmpty(b: Box): boolean {
  return b.some((r) => {
    if (!r) return false;
    const d = constDifference(r.hi, r.lo);
    return d !== null && d < 0;
  });
}

/** Whether the interval is one value (lo and hi the same expression). */
export function singleValue(r: Interval | null): Expr | null {
  if (!r) return null;
  return exprEquals(r.lo, r.hi) || constDifference(r.hi, r.lo) === 0 ? r.lo : null;
}

/**
 * Two boxes as one when the result holds exactly their elements: one
 * contains the other, or they are equal but in one dimension, where their
 * intervals meet or overlap. Null otherwise. Used for both may-regions and
 * must-regions, since it neither adds nor drops an element.
 */
export function exactUnion(a: Box, b: Box): Box | null {
  if (a.length !== b.length) return null;
  if (boxContains(a, b)) return a;
  if (boxContains(b, a)) return b;
  let differ = -1;
  for (let k = 0; k < a.length; k++) {
    const x = a[k]!;
    const y = b[k]!;
    if (x === null && y === null) continue;
    if (x !== null && y !== null && provedLe(x.lo, y.lo) && provedLe(y.lo, x.lo) && provedLe(x.hi, y.hi) && provedLe(y.hi, x.hi)) continue;
    if (differ >= 0 || x === null || y === null) return null;
    differ = k;
  }
  if (differ < 0) return a;
  const x = a[differ]!;
  const y = b[differ]!;
  // The union is [min lo, max hi] when both ends are ordered (proved) and the later start is at
  // most one past the earlier interval's end (no gap between them).
  const lo = provedLe(x.lo, y.lo) ? x.lo : provedLe(y.lo, x.lo) ? y.lo : null;
  const hi = provedLe(y.hi, x.hi) ? x.hi : provedLe(x.hi, y.hi) ? y.hi : null;
  if (!lo || !hi) return null;
  const [first, second] = lo === x.lo ? [x, y] : [y, x];
  const gap = constDifference(second.lo, first.hi);
  if (gap === null || gap > 1) return null;
  const merged: Interval = { lo, hi };
  const out = a.slice();
  out[differ] = merged;
  return out;
}

/** The smallest box holding both (a dimension whose ends cannot be ordered becomes null): more elements, for may-regions only. */
export function hull(a: Box, b: Box): Box {
  return a.map((x, k) => {
    const y = b[k];
    if (!x || !y) return null;
    const lo = provedLe(x.lo, y.lo) ? x.lo : provedLe(y.lo, x.lo) ? y.lo : null;
    const hi = provedLe(y.hi, x.hi) ? x.hi : provedLe(x.hi, y.hi) ? y.hi : null;
    return lo && hi ? { lo, hi } : null;
  });
}

/** How many boxes a region keeps before they are merged (may) or dropped (must). */
export const MAX_BOXES = 8;

/**
 * Adds a box to a may-region (MOD, USE, EUSE: every element it may touch),
 * merging exactly where it can; past MAX_BOXES the boxes become their
 * hull (more elements: Conservative for a may-region).
 */
export function addMay(list: Box[], b: Box): Box[] {
  if (boxEmpty(b)) return list;
  for (let k = 0; k < list.length; k++) {
    const u = exactUnion(list[k]!, b);
    if (u) {
      const rest = list.filter((_, j) => j !== k);
      return addMay(rest, u);
    }
  }
  const out = [...list, b];
  if (out.length <= MAX_BOXES) return out;
  return [out.reduce((h, x) => hull(h, x))];
}

/**
 * Adds a box to a must-region (DDEF: elements surely written), merging
 * exactly where it can; past MAX_BOXES the new box is dropped (fewer
 * elements: Conservative for a must-region).
 */
export function addMust(list: Box[], b: Box): Box[] {
  if (b.some((r) => r === null)) return list;
  for (let k = 0; k < list.length; k++) {
    const u = exactUnion(list[k]!, b);
    if (u) return addMust(list.filter((_, j) => j !== k), u);
  }
  return list.length < MAX_BOXES ? [...list, b] : list;
}

/** Whether some box of the list contains `b`. */
export function covered(list: readonly Box[], b: Box): boolean {
  return list.some((x) => boxContains(x, b));
}

/** Whether a symbol occurs in an expression. */
export function mentions(e: Expr, sym: Sym): boolean {
  let yes = false;
  walkExpr(e, (x) => {
    if (x.kind === "var" && x.sym === sym) yes = true;
  });
  return yes;
}

/** `a(1:5, i)` as the report prints a region of `sym`. */
export function boxText(sym: Sym, b: Box, lang: "fortran" | "c"): string {
  const dims = b.map((r) => {
    if (!r) return lang === "c" ? "*" : ":";
    const one = singleValue(r);
    if (one) return exprText(one, lang);
    return `${exprText(r.lo, lang)}:${exprText(r.hi, lang)}`;
  });
  return lang === "c" ? `${sym.name}${dims.map((d) => `[${d}]`).join("")}` : `${sym.name}(${dims.join(", ")})`;
}
