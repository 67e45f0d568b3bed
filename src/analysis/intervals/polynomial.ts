/**
 * Values of a polynomial whose variables range over EMIs, seed 000 §2.4.3.
 *
 * EMI arithmetic treats every operand as independent, so the distributive
 * law fails: for one variable X, X·X + b·X computed naively multiplies and
 * adds X's steps as if they were unrelated values. §2.4.3 therefore rewrites
 * the polynomial before evaluating it: each variable X with lower bound L is
 * replaced by L + X' where X' has lower bound 0, the product is expanded,
 * and like powers are collected. Then
 *   - the lower bounds meet only in the (exact) coefficients,
 *   - each power X'^k contributes once, scaled by one coefficient, instead
 *     of several independent copies with steps L·α, b·α, ...,
 *   - X'^2 is evaluated by `square` (x is one value, so cross terms ρ_iρ_j
 *     come once with step 2α_iα_j).
 * E.g. aX² + bX + c becomes aX'² + (2aL + b)X' + (aL² + bL + c) (§2.4.3).
 *
 * The result contains every value of the polynomial. It is the exact set
 * when the polynomial is affine and each variable occurs in one monomial
 * only; otherwise it is a superset. Degrees are kept ≤ maxDegree after each
 * operation (reduce.ts). Cost: O(expanded monomials × product cost).
 */
import { add, mul, scale, square } from "./arithmetic.js";
import { EmiError } from "./errors.js";
import { asConstant, linearToString, mulLinear, addLinear, toLinear, type Linear, type LinearLike } from "./linear.js";
import { point, type Emi } from "./emi.js";
import { reduce, type ReduceOptions } from "./reduce.js";

export interface Monomial {
  /** An integer, or a linear expression in names for the constant monomial. */
  coef: LinearLike;
  /** Variable → exponent (≥ 1). An empty record is the constant monomial. */
  powers: Readonly<Record<string, number>>;
}

export type Polynomial = readonly Monomial[];

export interface PolynomialValue {
  value: Emi;
  /** True when `value` is exactly the set of values of the polynomial. */
  exact: boolean;
}

type Expanded = Map<string, { coef: Linear; powers: Record<string, number> }>;

const keyOf = (powers: Record<string, number>) =>
  Object.keys(powers)
    .sort()
    .map((v) => `${v}^${powers[v]}`)
    .join("*");

function addTo(out: Expanded, coef: Linear, powers: Record<string, number>): void {
  const k = keyOf(powers);
  const prev = out.get(k);
  out.set(k, { coef: prev ? addLinear(prev.coef, coef) : coef, powers });
}

function binomial(n: number, k: number): number {
  let r = 1;
  for (let i = 1; i <= k; i++) r = (r * (n - k + i)) / i;
  return r;
}

/** Substitutes v = L_v + v' in every monomial and collects like terms (§2.4.3). */
function shiftPolynomial(p: Polynomial, lows: Readonly<Record<string, Linear>>): Expanded {
  const out: Expanded = new Map();
  for (const m of p) {
    let terms: { coef: Linear; powers: Record<string, number> }[] = [{ coef: toLinear(m.coef), powers: {} }];
    for (const [v, e] of Object.entries(m.powers)) {
      if (!Number.isInteger(e) || e < 1) throw new EmiError("invalid", `exponent of ${v} must be a positive integer`);
      const L = lows[v];
      if (L === undefined) throw new EmiError("invalid", `no range for variable ${v}`);
      const next: typeof terms = [];
      for (const t of terms) {
        // (L + v')^e = Σ_k C(e,k) L^(e-k) v'^k
        let lPow: Linear = toLinear(1);
        const byK: Linear[] = [];
        for (let j = 0; j <= e; j++) {
          byK[e - j] = lPow; // L^j goes with v'^(e-j)
          if (j < e) lPow = mulLinear(lPow, L);
        }
        for (let k = 0; k <= e; k++) {
          const c = mulLinear(mulLinear(t.coef, binomial(e, k)), byK[k]!);
          next.push({ coef: c, powers: k > 0 ? { ...t.powers, [v]: k } : { ...t.powers } });
        }
      }
      terms = next;
    }
    for (const t of terms) addTo(out, t.coef, t.powers);
  }
  return out;
}

/**
 * A superset of { p(x) | x_v ∈ ranges[v] } (exact in the affine,
 * one-occurrence case), computed with the shift of seed 000 §2.4.3.
 */
export function evalPolynomial(
  p: Polynomial,
  ranges: Readonly<Record<string, Emi>>,
  options: ReduceOptions = {},
): PolynomialValue {
  const lows: Record<string, Linear> = {};
  const shifted: Record<string, Emi> = {};
  for (const [v, r] of Object.entries(ranges)) {
    lows[v] = r.lo;
    shifted[v] = { lo: toLinear(0), terms: r.terms };
  }
  let exact = true;
  const keep = (e: Emi): Emi => {
    const r = reduce(e, options);
    if (!r.exact) exact = false;
    return r.value;
  };
  const uses = new Map<string, number>();
  let total: Emi = point(0);
  for (const { coef, powers } of shiftPolynomial(p, lows).values()) {
    const vars = Object.keys(powers);
    if (vars.length === 0) {
      total = add(total, point(coef));
      continue;
    }
    const k = asConstant(coef);
    if (k === undefined) {
      throw new EmiError("symbolic-step", `the coefficient ${linearToString(coef)} of a non-constant monomial is symbolic`);
    }
    if (k === 0) continue;
    let term: Emi = point(1);
    for (const v of vars) {
      uses.set(v, (uses.get(v) ?? 0) + 1);
      const e = powers[v]!;
      // Conservative: powers and products of ranges are supersets (Def. 3, square).
      if (e > 1 || vars.length > 1) exact = false;
      term = keep(mul(term, power(shifted[v]!, e, keep)));
    }
    total = keep(add(total, scale(term, k)));
  }
  // Conservative: a variable in two monomials is treated as two independent values.
  if ([...uses.values()].some((n) => n > 1)) exact = false;
  return { value: total, exact };
}

/** X^e ⊇ { x^e }: squares by `square`, odd powers by one more product. */
function power(x: Emi, e: number, keep: (e: Emi) => Emi): Emi {
  if (e === 1) return x;
  const half = power(x, Math.floor(e / 2), keep);
  const sq = keep(square(half));
  return e % 2 === 0 ? sq : keep(mul(sq, x));
}
