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
import type { EquationPair } from "./layout.js";
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

/**
 * The ZIV test on subscripts that are both constants (`u(1,i,j,k)` against
 * `u(2,i,j,k)`), before any problem is built: when the equations up to
 * one whose two sides are different constants all have constant sides,
 * `zivTest` at the root of the hierarchy meets them first, finds c = 0
 * with c ≠ 0 there, and proves the pair independent under every direction
 * vector, with this note. Most pairs of the NPB solvers are these (BT:
 * 4,842 of 7,007 problems), and building their problems was most of the
 * dependence tests' time (issue 16). Null: build the problem and search.
 */
export function constantConflict(eqs: readonly EquationPair[]): string | null {
  for (const e of eqs) {
    const a = constantOf(e.src);
    const b = constantOf(e.snk);
    if (a === undefined || b === undefined) return null;
    const c = a - b;
    // A difference beyond exact integers: the problem drops that equation as too large.
    if (!Number.isSafeInteger(c)) return null;
    if (c !== 0) return `${e.label}: the subscripts differ by the constant ${c}`;
  }
  return null;
}
