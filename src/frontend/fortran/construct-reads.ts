import type { Expr } from "../../ir/expr.js";
import type { Sym } from "../../ir/symbol.js";
import { walkExpr } from "../../ir/walk.js";

/**
 * What a construct's statements store, and whether an expression evaluated
 * once at its start (a WHERE or FORALL mask, FORALL bounds) may read it:
 * then the value the standard uses is not the value the expression would
 * have at each statement, and the callers read it once, up front.
 */

/** The variables assignment targets store into (the base of a component or element). */
export function targetSyms(targets: readonly Expr[]): Sym[] {
  const out: Sym[] = [];
  for (let t of targets) {
    while (t.kind === "member") t = t.base;
    if (t.kind === "var" || t.kind === "elem" || t.kind === "section") out.push(t.sym);
  }
  return out;
}

/**
 * Whether `e` may read what `written` stores: a variable that may share
 * storage with one of them, or anything through a call to a user or
 * statement function, a component or a pointer (Conservative).
 */
export function mayShare(e: Expr, written: readonly Sym[]): boolean {
  let yes = false;
  walkExpr(e, (x) => {
    if (yes) return;
    if (x.kind === "var" || x.kind === "elem" || x.kind === "section") yes = written.some((w) => sameStorage(x.sym, w));
    else if (x.kind === "call") yes = !(x.intrinsic && x.pure);
    else if (x.kind === "member" || x.kind === "deref" || x.kind === "assign-expr") yes = true;
  });
  return yes;
}

/**
 * Whether two symbols may be the same storage: one symbol, an EQUIVALENCE
 * group, a POINTER and what it may point at (a POINTER or TARGET), or two
 * members of one COMMON block (Conservative: disjoint only while every
 * subscript stays in bounds). Dummy arguments are not assumed to alias
 * (F2018 15.5.2.13 forbids changing one through another name).
 */
export function sameStorage(a: Sym, b: Sym): boolean {
  if (a === b) return true;
  if (a.equivalence !== undefined && a.equivalence === b.equivalence) return true;
  const reach = (p: Sym, q: Sym) => p.attrs.pointer === true && (q.attrs.pointer === true || q.attrs.target === true);
  if (reach(a, b) || reach(b, a)) return true;
  return a.storage === "common" && b.storage === "common" && a.common === b.common;
}
