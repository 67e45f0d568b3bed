import { evalInt } from "../../ir/const-eval.js";
import { printExpr } from "../../ir/print.js";
import type { Sym } from "../../ir/symbol.js";
import { addScaled, constant, type Affine } from "../symbolic/affine.js";

/**
 * Offsets from an array's first element (seed 001 §2.1): the position of
 * a(s_1, ..., s_r) is Σ c_d·(s_d − lower_d), with c_1 = 1 and
 * c_{d+1} = c_d·extent_d in Fortran's column-major order, and the mirror
 * image in C's row-major order (the HIR lists subscripts in declared order
 * for both). Every lower bound and every extent but the slowest-varying
 * dimension's must be compile-time constants (PARAMETERs fold); otherwise
 * the reference fails with "variable size", as in Table 1.
 */
export interface Linearization {
  /** c_d for each dimension, in declared order. */
  readonly coeffs: readonly number[];
  readonly lowers: readonly number[];
  /**
   * The extent of each dimension when it may be used to bound the
   * subscript (the in-bounds assumption): constant, and not the last
   * dimension of a dummy argument or a C pointer, where `a(1)` and `a(*)`
   * only say "at least one element".
   */
  readonly boundedExtents: readonly (number | undefined)[];
}

export type LinearizeResult = { ok: true; lin: Linearization } | { ok: false; message: string };

export function linearize(sym: Sym): LinearizeResult {
  const r = sym.dims.length;
  if (r === 0) return { ok: false, message: `${sym.name} is not an array` };
  if (sym.attrs.allocatable || sym.attrs.pointer) return { ok: false, message: `the bounds of ${sym.name} are set at run time (allocatable or pointer)` };
  const lowers: number[] = [];
  const extents: (number | undefined)[] = [];
  for (let d = 0; d < r; d++) {
    const dim = sym.dims[d]!;
    const lo = evalInt(dim.lower);
    if (lo === undefined) return { ok: false, message: `the lower bound of dimension ${d + 1} of ${sym.name} (${printExpr(dim.lower)}) is not a constant` };
    lowers.push(lo);
    const hi = dim.upper ? evalInt(dim.upper) : undefined;
    extents.push(hi === undefined ? undefined : Math.max(0, hi - lo + 1));
  }
  // The slowest-varying dimension's extent is not needed: last in Fortran, first in C.
  const rowMajor = sym.layout === "row-major";
  const order = rowMajor ? [...Array(r).keys()].reverse() : [...Array(r).keys()];
  const coeffs: number[] = new Array<number>(r).fill(0);
  let c = 1;
  for (let n = 0; n < r; n++) {
    const d = order[n]!;
    coeffs[d] = c;
    if (n === r - 1) break;
    const ext = extents[d];
    if (ext === undefined) {
      const up = sym.dims[d]!.upper;
      return { ok: false, message: `the extent of dimension ${d + 1} of ${sym.name} (${up ? printExpr(up) : "*"}) is not a constant` };
    }
    c *= ext;
    if (!Number.isSafeInteger(c)) return { ok: false, message: `${sym.name} is too large to linearize` };
  }
  const slowest = order[r - 1]!;
  const unbounded = sym.storage === "dummy" || sym.type.base === "pointer" || sym.dims[slowest]!.upper === null;
  const boundedExtents = extents.map((e, d) => (d === slowest && unbounded ? undefined : e));
  return { ok: true, lin: { coeffs, lowers, boundedExtents } };
}

/** Σ c_d·(s_d − lower_d), or undefined on overflow. */
export function offsetOf(lin: Linearization, subs: readonly Affine[]): Affine | undefined {
  let off: Affine | undefined = constant(0);
  for (let d = 0; d < subs.length && off; d++) {
    off = addScaled(off, subs[d]!, lin.coeffs[d]!);
    if (off) off = addScaled(off, constant(lin.lowers[d]!), -lin.coeffs[d]!);
  }
  return off;
}
