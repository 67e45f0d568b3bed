import type { Expr } from "../../ir/expr.js";
import { exprEquals } from "../../ir/expr-equals.js";
import { exprText } from "../../ir/expr-text.js";
import { constDifference } from "../../ir/linear-form.js";
import type { Sym } from "../../ir/symbol.js";
import { childExprs } from "../../ir/walk.js";

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
 * Two boxes equal but in one dimension, where the second starts at most
 * one past the first's end: [first.lo, second.hi] there holds only their
 * elements (an element up to the first's end is the first's, one past it
 * is the second's), whatever the order of the other ends. Written boxes
 * chain this way: lhsinit's lhs(.., 0) and lhs(.., n), and a loop's
 * lhs(.., 1:n-1), cover lhs(.., 0:n). Null when they are not so.
 */
export function chainedUnion(first: Box, second: Box): Box | null {
  if (first.length !== second.length) return null;
  let differ = -1;
  for (let k = 0; k < first.length; k++) {
    const x = first[k]!;
    const y = second[k]!;
    if (!x || !y) return null;
    if (provedLe(x.lo, y.lo) && provedLe(y.lo, x.lo) && provedLe(x.hi, y.hi) && provedLe(y.hi, x.hi)) continue;
    if (differ >= 0) return null;
    differ = k;
  }
  if (differ < 0) return null;
  const x = first[differ]!;
  const y = second[differ]!;
  const gap = constDifference(y.lo, x.hi);
  if (gap === null || gap > 1) return null;
  const out = first.slice();
  out[differ] = { lo: x.lo, hi: y.hi };
  return out;
}

/** How many boxes a must-region keeps (its chained unions count). */
export const MAX_MUST_BOXES = 16;

/**
 * Adds a box to a must-region (DDEF: elements surely written), merging
 * exactly where it can, and adding the chained unions it makes with the
 * boxes there (chainedUnion); past MAX_MUST_BOXES the oldest are dropped
 * (fewer elements: Conservative for a must-region).
 */
export function addMust(list: Box[], b: Box): Box[] {
  if (b.some((r) => r === null)) return list;
  for (let k = 0; k < list.length; k++) {
    const u = exactUnion(list[k]!, b);
    if (u) return addMust(list.filter((_, j) => j !== k), u);
  }
  const out = [...list, b];
  for (const a of list)
    for (const u of [chainedUnion(a, b), chainedUnion(b, a)]) if (u && !covered(out, u)) out.push(u);
  return out.length <= MAX_MUST_BOXES ? out : out.slice(out.length - MAX_MUST_BOXES);
}

/** Whether some box of the list contains `b`. */
export function covered(list: readonly Box[], b: Box): boolean {
  return list.some((x) => boxContains(x, b));
}

/** Whether a symbol occurs in an expression. */
export function mentions(e: Expr, sym: Sym): boolean {
  // Stops at the first use (issue 16: the coverage walks ask it of every remembered value at each assignment).
  switch (e.kind) {
    case "var":
      return e.sym === sym;
    case "int":
    case "real":
    case "logical":
    case "string":
      return false;
    case "binary":
      return mentions(e.left, sym) || mentions(e.right, sym);
    case "elem":
      for (const x of e.subs) if (mentions(x, sym)) return true;
      return false;
    default:
      // Loops, not `some` and a closure: a closure over `sym` made V8 allocate this function's context
      // on every call, the `var` ones too.
      for (const x of childExprs(e)) if (mentions(x, sym)) return true;
      return false;
  }
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
