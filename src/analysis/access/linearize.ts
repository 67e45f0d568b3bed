import { evalInt } from "../../ir/const-eval.js";
import type { Expr } from "../../ir/expr.js";
import { printExpr } from "../../ir/print.js";
import type { Sym } from "../../ir/symbol.js";

/**
 * Offsets from an array's first element (seed 001 §2.1): the position of
 * a(s_1, ..., s_r) is Σ c_d·(s_d − lower_d), with c_1 = 1 and
 * c_{d+1} = c_d·extent_d in Fortran's column-major order, and the mirror
 * image in C's row-major order (the HIR lists subscripts in declared order
 * for both). The slowest-varying dimension's extent is never needed.
 *
 * When an extent is not a compile-time constant (a dummy's `u(n1, n2, n3)`),
 * the coefficients of the dimensions after it are products with it. Those
 * terms, c·ext·…·(s_d − lower_d), become opaque values in the analysis: a
 * loop that moves such a subscript has no pattern ("variable size", as in
 * Table 1), but the loops inside it still have theirs.
 */
export interface DimLayout {
  /** The constant part of the coefficient. */
  readonly coeff: number;
  /** The product of the non-constant extents before this dimension, or null when the coefficient is just `coeff`. */
  readonly sizeFactor: Expr | null;
}

export interface Linearization {
  /** One per dimension, in declared order. */
  readonly dims: readonly DimLayout[];
  /**
   * The extent of each dimension when it may be used to bound the
   * subscript (the in-bounds assumption): constant, and not the last
   * dimension of a dummy argument or a C pointer, where `a(1)` and `a(*)`
   * only say "at least one element".
   */
  readonly boundedExtents: readonly (number | undefined)[];
  /** Why a coefficient is not constant ("the extent of dimension 2 of u (n1) is not a constant"). */
  readonly variable?: string;
}

export type LinearizeResult = { ok: true; lin: Linearization } | { ok: false; message: string };

export function linearize(sym: Sym): LinearizeResult {
  const r = sym.dims.length;
  if (r === 0) return { ok: false, message: `${sym.name} is not an array` };
  if (sym.attrs.allocatable || sym.attrs.pointer) return { ok: false, message: `the bounds of ${sym.name} are set at run time (allocatable or pointer)` };
  const extents = sym.dims.map((dim) => {
    const lo = evalInt(dim.lower);
    const hi = dim.upper ? evalInt(dim.upper) : undefined;
    return lo === undefined || hi === undefined ? undefined : Math.max(0, hi - lo + 1);
  });
  // Fastest-varying dimension first: first in Fortran, last in C.
  const order = sym.layout === "row-major" ? [...Array(r).keys()].reverse() : [...Array(r).keys()];
  const dims: DimLayout[] = new Array<DimLayout>(r);
  let coeff = 1;
  let factor: Expr | null = null;
  let variable: string | undefined;
  for (let n = 0; n < r; n++) {
    const d = order[n]!;
    dims[d] = { coeff, sizeFactor: factor };
    if (n === r - 1) break;
    const ext = extents[d];
    if (ext !== undefined) {
      coeff *= ext;
      if (!Number.isSafeInteger(coeff)) return { ok: false, message: `${sym.name} is too large to linearize` };
      continue;
    }
    const dim = sym.dims[d]!;
    if (!dim.upper) return { ok: false, message: `the extent of dimension ${d + 1} of ${sym.name} is not declared` };
    variable ??= `the extent of dimension ${d + 1} of ${sym.name} (${printExpr(dim.upper)}) is not a constant`;
    const e = extentExpr(dim.lower, dim.upper);
    factor = factor ? { kind: "binary", op: "*", left: factor, right: e, span: e.span, type: { base: "integer" } } : e;
  }
  const slowest = order[r - 1]!;
  const unbounded = sym.storage === "dummy" || sym.type.base === "pointer" || sym.dims[slowest]!.upper === null;
  const boundedExtents = extents.map((e, d) => (d === slowest && unbounded ? undefined : e));
  return { ok: true, lin: variable ? { dims, boundedExtents, variable } : { dims, boundedExtents } };
}

/** upper − lower + 1, or just upper when lower is 1. */
function extentExpr(lower: Expr, upper: Expr): Expr {
  if (evalInt(lower) === 1) return upper;
  const int = { base: "integer" as const };
  const diff: Expr = { kind: "binary", op: "-", left: upper, right: lower, span: upper.span, type: int };
  return { kind: "binary", op: "+", left: diff, right: { kind: "int", value: 1, span: upper.span, type: int }, span: upper.span, type: int };
}

/** The product sizeFactor·(s − lower) of a dimension with a non-constant coefficient, as an expression to name. */
export function sizeTermExpr(factor: Expr, sub: Expr, lower: Expr): Expr {
  const int = { base: "integer" as const };
  const lo = evalInt(lower);
  const shifted: Expr = lo === 0 ? sub : { kind: "binary", op: "-", left: sub, right: lower, span: sub.span, type: int };
  return { kind: "binary", op: "*", left: factor, right: shifted, span: sub.span, type: int };
}
