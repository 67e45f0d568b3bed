import type { Loop } from "../../ir/stmt.js";
import { gcd } from "../symbolic/affine.js";
import {
  constantOf,
  isAffinePoly,
  monomialVars,
  polyAdd,
  polyConst,
  polyEquals,
  polyScale,
  PolyOverflow,
  type Poly,
} from "../symbolic/polynomial.js";
import type { LoopModel } from "./values.js";

/**
 * A bound num/den with num affine and den > 0: what the extreme of an
 * affine subscript over an iteration space is, in the remaining symbols.
 * Rational because a counter t of a loop with step s ranges over
 * 0..span/|s| in the real relaxation, which is all a bound needs.
 */
export interface RatAffine {
  readonly num: Poly;
  readonly den: number;
}

export function ratOf(p: Poly, den = 1): RatAffine {
  let g = den;
  for (const v of p.terms.values()) g = gcd(g, v);
  if (g <= 1) return { num: p, den };
  const terms = new Map<string, number>();
  for (const [k, v] of p.terms) terms.set(k, v / g);
  return { num: { terms, den: 1 }, den: den / g };
}

/**
 * The least (or greatest) value of an affine polynomial over the iterations
 * of `loops` (outermost first), as a bound in the other variables; null when
 * unbounded (an unknown or non-affine loop bound) or not affine.
 *
 * Counters are eliminated innermost first: a term c·t with t in
 * [0, span/|s|] is replaced by its extreme, and span may mention outer
 * counters, which are eliminated next. This is Banerjee's bound
 * computation extended to triangular (affine) bounds (Banerjee 1988,
 * ch. 4). It is sound even when an inner loop may be empty for some outer
 * iterations: those points only add candidates, so the result is a bound
 * of a superset (min ≤ true min, max ≥ true max).
 */
export function extremeOver(p: Poly, loops: readonly Loop[], modelOf: (l: Loop) => LoopModel, dir: "min" | "max"): RatAffine | null {
  if (!isAffinePoly(p)) return null;
  try {
    let num = p;
    let den = 1;
    for (let k = loops.length - 1; k >= 0; k--) {
      const m = modelOf(loops[k]!);
      const c = num.terms.get(m.counter) ?? 0;
      if (c === 0) continue;
      // A loop of no model whose counter still shows (a strided loop taken without its model, analyze.ts):
      // its offsets may go either way.
      if (m.kind === "opaque") return null;
      const terms = new Map(num.terms);
      terms.delete(m.counter);
      const without: Poly = { terms, den: 1 };
      const toUpper = dir === "max" ? c > 0 : c < 0;
      if (!toUpper) {
        num = without;
        continue;
      }
      if (!m.span || !isAffinePoly(m.span)) return null; // Conservative: unbounded above
      const s = Math.abs(m.step);
      num = polyAdd(polyScale(without, s), polyScale(m.span, c * den));
      den *= s;
    }
    for (const key of num.terms.keys()) if (monomialVars(key).length > 1) return null;
    return ratOf(num, den);
  } catch (e) {
    if (e instanceof PolyOverflow) return null;
    throw e;
  }
}

/** The constant value of a bound, if it has no symbols (rounded inward is not done here). */
export function ratConstant(r: RatAffine): number | undefined {
  const c = constantOf(r.num);
  return c === undefined ? undefined : c / r.den;
}

export function ratConst(c: number): RatAffine {
  return { num: polyConst(c), den: 1 };
}

/** a + b (common denominator). */
export function ratAdd(a: RatAffine, b: RatAffine): RatAffine {
  const l = (a.den / gcd(a.den, b.den)) * b.den;
  return ratOf(polyAdd(polyScale(a.num, l / a.den), polyScale(b.num, l / b.den)), l);
}

/** k·a for an integer k. */
export function ratScale(a: RatAffine, k: number): RatAffine {
  return ratOf(polyScale(a.num, k), a.den);
}

export function ratEquals(a: RatAffine, b: RatAffine): boolean {
  return a.den === b.den && polyEquals(a.num, b.num);
}
