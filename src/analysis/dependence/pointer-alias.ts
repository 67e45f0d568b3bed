import { exprEquals } from "../../ir/expr-equals.js";
import type { Sym } from "../../ir/symbol.js";
import { walkExpr } from "../../ir/walk.js";
import type { AliasKind } from "./alias.js";
import type { ParamBindings } from "./param-bindings.js";
import { isNamedObject, type PointerBases } from "./pointer-bases.js";

/**
 * Two C pointers (or a pointer and an array) that alias.ts says "may
 * alias", decided again from what they point into (pointer-bases.ts):
 *
 * - "disjoint" when their bases are different objects for certain:
 *   - one base is a `restrict` parameter and the other is not based on
 *     it (C99 6.7.3.1 ¶4: during the function, an object reached through
 *     a restrict pointer and modified is reached only through pointers
 *     based on it; a dependence needs a write, so two references of a
 *     pair that touched the same element would break that rule). A
 *     different base is never based on it: a base is a named object or a
 *     parameter the function never changes;
 *   - two distinct named objects (a pointer cannot leave the object it
 *     points into, C99 6.5.6 ¶8);
 *   - parameters of a static function bound to different objects at
 *     every call (param-bindings.ts).
 * - "same" when both are exactly their bases (no offset), the bases are
 *   parameters that hold the same address or different objects at every
 *   call (param-bindings.ts `sameOrDisjoint`), and the two have the same
 *   shape: one array seen through two names. Treating two different
 *   arrays as one only adds dependences, so "same" is sound in both cases.
 * - "same-start" when they are so but for their shapes (one element
 *   type): their accesses are then compared by address, each linearized
 *   in its own shape (analyze.ts), sound in both cases for the same reason.
 * - "may-alias" otherwise.
 */
export function pointerAlias(a: Sym, b: Sym, bases: PointerBases, bindings?: ParamBindings): AliasKind {
  const ra = bases.base(a);
  const rb = bases.base(b);
  if (!ra || !rb) return "may-alias";
  if (ra !== rb) {
    if (isRestrictParam(ra) || isRestrictParam(rb)) return "disjoint";
    if (isNamedObject(ra) && isNamedObject(rb)) return "disjoint";
    if (bindings?.disjoint(ra, rb)) return "disjoint";
  }
  const va = bases.exactView(a);
  const vb = bases.exactView(b);
  if (va && vb && (va === vb || bindings?.sameOrDisjoint(va, vb))) {
    if (sameShape(a, b, bases)) return "same";
    // The same start and element type, shapes of their own (NPB-C FT's x[n3][n2][n1+1] and xout[(n1+1)*n2*n3]).
    if (sameElement(a, b)) return "same-start";
  }
  return "may-alias";
}

/** One element type, of a known size or a struct of one name. */
function sameElement(a: Sym, b: Sym): boolean {
  if (a.type.base !== b.type.base) return false;
  if (a.type.base === "derived") return a.type.typeName !== undefined && a.type.typeName === b.type.typeName;
  return a.type.bytes !== undefined && a.type.bytes === b.type.bytes;
}

/** A parameter declared restrict that its function never points elsewhere (then it is its own base). */
function isRestrictParam(s: Sym): boolean {
  return s.storage === "dummy" && s.attrs.restrict === true;
}

/**
 * Same element type and the same dimensions, written with the same
 * expressions of values that do not change in the procedure (a VLA
 * type's sizes are taken where it is declared).
 */
function sameShape(a: Sym, b: Sym, bases: PointerBases): boolean {
  if (a.type.base !== b.type.base || a.type.bytes !== b.type.bytes || a.dims.length !== b.dims.length) return false;
  return a.dims.every((d, k) => {
    const e = b.dims[k]!;
    if (!exprEquals(d.lower, e.lower)) return false;
    if (d.upper === null || e.upper === null) return d.upper === e.upper;
    if (!exprEquals(d.upper, e.upper)) return false;
    let fixed = true;
    walkExpr(d.upper, (x) => {
      if (x.kind === "var" && x.sym.storage !== "parameter" && !(x.sym.storage === "dummy" && !bases.isChanged(x.sym))) fixed = false;
      if (x.kind !== "var" && x.kind !== "int" && x.kind !== "binary" && x.kind !== "unary") fixed = false;
    });
    return fixed;
  });
}
