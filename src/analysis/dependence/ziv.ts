/**
 * ZIV test (zero index variables). Allen & Kennedy, "Optimizing Compilers
 * for Modern Architectures" §3.3.1; Goff, Kennedy & Tseng, "Practical
 * dependence testing" (PLDI 1991) §4.1.
 *
 * Subscript form: an equation f(I) - g(I') = 0 in which no loop counter
 * remains once the direction vector's "=" levels are merged (t'_k := t_k)
 * and tied per-instance atoms are identified: c + Σ a_s·s over symbols.
 * Equation: c + Σ a_s·s = 0.
 * Proves: independence when c ≠ 0 and there are no symbols, or when the
 * facts about the symbols (IF guards, loops that must run) prove the left
 * side ≥ 1 or ≤ -1.
 * Unknown: when symbols remain and the facts do not settle the sign.
 * Paper: seed 004 §1.2 a ("does the subscript range touch the same
 * element?"), the degenerate case of the Diophantine system of seed 000 §3.
 */
import { constantOf, isAffinePoly, polyAdd, polyConst, polyNeg, polyVars } from "../symbolic/polynomial.js";
import { independent, MAYBE, type TestOutcome } from "./outcome.js";
import { equalities, merged, type DepProblem, type Dir } from "./problem.js";

export function zivTest(p: DepProblem, psi: readonly Dir[]): TestOutcome {
  const eq = equalities(p, psi);
  for (const e of p.eqs) {
    const m = merged(e.poly, eq);
    if (polyVars(m).some((v) => p.counters.has(v))) continue;
    const c = constantOf(m);
    if (c !== undefined) {
      if (c !== 0) return independent(`${e.label}: the subscripts differ by the constant ${c}`);
      continue;
    }
    if (!isAffinePoly(m)) continue;
    if (p.facts.proveNonNeg(polyAdd(m, polyConst(-1))) || p.facts.proveNonNeg(polyAdd(polyNeg(m), polyConst(-1)))) {
      return independent(`${e.label}: the subscripts differ by a non-zero amount for every value of the symbols`);
    }
  }
  return MAYBE;
}
