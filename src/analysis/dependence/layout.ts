import type { Expr } from "../../ir/expr.js";
import type { Sym } from "../../ir/symbol.js";
import { walkExpr } from "../../ir/walk.js";
import { polyAdd, polyConst, polyMul, polySub, polyVars, PolyOverflow, type Poly } from "../symbolic/polynomial.js";
import type { AccessForm } from "./access.js";
import type { Facts } from "./facts.js";
import type { ProcIndex } from "./proc-index.js";
import { extremeOver } from "./ranges.js";
import type { ValueAnalyzer } from "./values.js";

/**
 * Array layout: which subscript equations a pair of references gives.
 *
 * Two references touch the same element when their addresses are equal,
 * address = Σ_j S_j (f_j - lo_j) with strides S_j the products of the
 * extents of the faster dimensions (Fortran: column-major, C: row-major).
 * Testing dimension by dimension (f_j = g_j for each j) is equivalent only
 * when the subscripts of every dimension but the slowest stay within their
 * declared bounds: then |f_j - g_j| < extent_j forces equality dimension
 * by dimension, fastest first. doall does not assume it (legacy code walks
 * off the end of a column on purpose; the value-range issue will add the
 * assumption behind `assumeInBounds`). It proves it where it can and, from
 * the fastest dimension, splits off the dimensions proved in bounds as
 * their own equations; the remaining dimensions are linearized into one
 * equation with the declared bounds (seed 000 §3.1, step 1). When that is
 * impossible (an unknown extent: assumed shape, C pointers; an unknown
 * subscript), the remaining dimensions give no equation at all
 * (Conservative: the element may be anything).
 */
export interface Shape {
  rank: number;
  /** Declared bounds as values at the nest's start (null: unknown). */
  lo: (Poly | null)[];
  up: (Poly | null)[];
  /** Dimension numbers from the fastest-varying to the slowest. */
  fastToSlow: number[];
}

export function shapeOf(sym: Sym, rank: number, va: ValueAnalyzer, index: ProcIndex): Shape {
  const fixed = (e: Expr | null): Poly | null => {
    if (!e) return null;
    // Declared bounds are evaluated on entry; usable only if their variables never change.
    let ok = true;
    walkExpr(e, (x) => {
      if ((x.kind === "var" || x.kind === "elem") && x.sym.storage !== "parameter" && index.modifiesRange(index.proc.body, 0, index.proc.body.length, x.sym)) ok = false;
    });
    return ok ? (va.exprValue(e, va.root) ?? null) : null;
  };
  const order = [...Array(rank).keys()];
  const fastToSlow = sym.layout === "row-major" ? order.reverse() : order;
  if (sym.dims.length !== rank) {
    // A C pointer indexed p[i]: one dimension from 0, extent unknown.
    return { rank, lo: order.map(() => (rank === 1 ? polyConst(0) : null)), up: order.map(() => null), fastToSlow };
  }
  return { rank, lo: sym.dims.map((d) => fixed(d.lower)), up: sym.dims.map((d) => fixed(d.upper)), fastToSlow };
}

/**
 * Whether the subscript of dimension d stays within the declared bounds
 * over all the reference's iterations: "proved", or the affine atoms
 * (p ≥ 0 over symbols `usable` accepts) that would make it so, to be
 * checked at run time; null when neither.
 */
export function inBounds(
  f: AccessForm,
  d: number,
  shape: Shape,
  facts: Facts,
  modelOf: ValueAnalyzer["model"],
  usable: (v: string) => boolean,
): "proved" | Poly[] | null {
  const s = f.dims?.[d];
  const lo = shape.lo[d];
  const up = shape.up[d];
  if (!s || !lo || !up) return null;
  const loops = f.ref.loops;
  try {
    const low = extremeOver(polySub(s, lo), loops, modelOf, "min");
    const high = extremeOver(polySub(up, s), loops, modelOf, "min");
    if (!low || !high) return null;
    const atoms: Poly[] = [];
    for (const r of [low, high]) {
      if (facts.proveRatNonNeg(r)) continue;
      const vars = polyVars(r.num);
      if (vars.length === 0 || vars.length > 2 || !vars.every(usable) || !facts.satisfiable([r.num])) return null;
      atoms.push(r.num);
    }
    return atoms.length === 0 ? "proved" : atoms;
  } catch (e) {
    if (e instanceof PolyOverflow) return null;
    throw e;
  }
}

export interface EquationPair {
  /** Subscript of the source side (over its atoms). */
  src: Poly;
  /** Subscript of the sink side. */
  snk: Poly;
  /** "dim 2" or "dims 1-3 linearized". */
  label: string;
}

export interface PairEquations {
  eqs: EquationPair[];
  /** Dimensions that gave no equation, and why. */
  dropped: string[];
  /** In-bounds atoms (p ≥ 0) the dimension-wise equations rely on, to check at run time. */
  assumes: Poly[];
}

/** "proved", the atoms that would make it so, or null: see `inBounds`. */
export type InBoundsAnswer = "proved" | Poly[] | null;

/** The subscript equations of a pair of references to the same array (see the file comment). */
export function pairEquations(a: AccessForm, b: AccessForm, shape: Shape, inBounds: (f: AccessForm, d: number) => InBoundsAnswer): PairEquations {
  const assumes: Poly[] = [];
  if (!a.dims || !b.dims) return { eqs: [], dropped: [a.dims ? b.why ?? "any element" : a.why ?? "any element"], assumes };
  const eqs: EquationPair[] = [];
  const skipped: string[] = [];
  const order = shape.fastToSlow;
  let i = 0;
  for (; i < order.length - 1; i++) {
    const d = order[i]!;
    const ra = inBounds(a, d);
    // In bounds but not a polynomial: the dimension gives no equation (fewer constraints: more dependences).
    if (ra === "proved" && inBounds(b, d) === "proved" && (!a.dims[d] || !b.dims[d])) {
      skipped.push(`dim ${d + 1}: ${a.dims[d] ? b.why ?? "unknown subscript" : a.why ?? "unknown subscript"}`);
      continue;
    }
    const rb = ra && inBounds(b, d);
    if (!ra || !rb) break;
    for (const r of [ra, rb]) if (r !== "proved") assumes.push(...r);
    eqs.push({ src: a.dims[d]!, snk: b.dims[d]!, label: `dim ${d + 1}` });
  }
  const rest = order.slice(i);
  if (rest.length === 1) {
    const d = rest[0]!;
    const fa = a.dims[d];
    const fb = b.dims[d];
    if (fa && fb) eqs.push({ src: fa, snk: fb, label: `dim ${d + 1}` });
    return { eqs, dropped: [...skipped, ...(fa && fb ? [] : [`dim ${d + 1}: ${a.why ?? b.why ?? "unknown subscript"}`])], assumes };
  }
  const la = linearize(a, shape, rest);
  const lb = linearize(b, shape, rest);
  const label = `dims ${rest.map((d) => d + 1).join(",")} linearized`;
  if (typeof la === "string" || typeof lb === "string") return { eqs, dropped: [...skipped, `${label}: ${typeof la === "string" ? la : lb}`], assumes };
  eqs.push({ src: la, snk: lb, label });
  return { eqs, dropped: skipped, assumes };
}

/** Σ_{j ∈ dims} S_j (f_j - lo_j), strides relative to the fastest of `dims`; or why not. */
export function linearize(f: AccessForm, shape: Shape, dims: readonly number[]): Poly | string {
  try {
    let stride = polyConst(1);
    let sum = polyConst(0);
    for (let k = 0; k < dims.length; k++) {
      const d = dims[k]!;
      const s = f.dims![d];
      const lo = shape.lo[d];
      if (!s) return f.why ?? "unknown subscript";
      if (!lo) return `the lower bound of dimension ${d + 1} is not known`;
      sum = polyAdd(sum, polyMul(stride, polySub(s, lo)));
      if (k < dims.length - 1) {
        const up = shape.up[d];
        if (!up) return `the extent of dimension ${d + 1} is not known`;
        stride = polyMul(stride, polyAdd(polySub(up, lo), polyConst(1)));
      }
    }
    return sum;
  } catch (e) {
    if (e instanceof PolyOverflow) return "linearized subscript too large";
    throw e;
  }
}
