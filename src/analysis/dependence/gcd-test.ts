/**
 * GCD test. Banerjee, "Dependence Analysis for Supercomputing" (1988)
 * §5.3; Wolfe, "High Performance Compilers for Parallel Computing" §7.2;
 * seed 004 §1.2 a (GCD test for "is there a dependence at all").
 *
 * Subscript form: any equation whose monomials have integer coefficients:
 * affine in the counters t, t' and symbols, or polynomial (seed 000 §3.3
 * subscripts, each monomial being an integer).
 * Equation: c + Σ a_m·m = 0 over the monomials m, after merging the
 * counters of "=" levels (t'_k := t_k), which can only raise the gcd.
 * Proves: independence when gcd(a_m) does not divide c: no integers at all
 * satisfy the equation, whatever the loop bounds.
 * Unknown: whenever the gcd divides c (bounds and directions are ignored).
 */
import { gcd } from "../symbolic/affine.js";
import { independent, MAYBE, type TestOutcome } from "./outcome.js";
import { equalities, merged, type DepProblem, type Dir } from "./problem.js";

export function gcdTest(p: DepProblem, psi: readonly Dir[]): TestOutcome {
  const eq = equalities(p, psi);
  for (const e of p.eqs) {
    const m = merged(e.poly, eq);
    let g = 0;
    for (const [k, v] of m.terms) if (k !== "") g = gcd(g, v);
    const c = m.terms.get("") ?? 0;
    if (g > 1 && c % g !== 0) return independent(`${e.label}: gcd ${g} of the coefficients does not divide ${-c}`);
  }
  return MAYBE;
}
