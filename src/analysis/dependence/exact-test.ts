/**
 * The exact integer test: the whole dependence problem as one integer
 * linear program, decided by the Omega test's core (omega.ts; Pugh,
 * Supercomputing 1991; seed 000 ref. [7]).
 *
 * Subscript form: affine equations in counters and symbols; loop bounds
 * affine in outer counters and symbols, triangular ones included, with
 * non-unit and negative steps already normalized into counters.
 * Equation: all f_j(I) - g_j(I') = 0, 0 ≤ t_k, |s_k|·t_k ≤ span_k on each
 * side, the guards, the facts about symbols, and ψ's constraints and ties,
 * over the integers. Non-affine equations are left out (a relaxation).
 * Proves: independence when the system has no integer solution; a
 * dependence with direction vector ψ when it has one and the model is
 * exact (every equation affine and present, every bound known, no
 * symbols: the problem is then exactly the program's).
 * Unknown: the budget of the Omega core is exceeded (splintering or
 * Fourier-Motzkin growth), or coefficients overflow.
 */
import { isAffinePoly, polyVars, type Poly } from "../symbolic/polynomial.js";
import { integerFeasible, type Row } from "./omega.js";
import { independent, MAYBE, type TestOutcome } from "./outcome.js";
import { directionConstraints, exactModel, type DepProblem, type Dir } from "./problem.js";

export function exactTest(p: DepProblem, psi: readonly Dir[], budget = 5000): TestOutcome {
  const dir = directionConstraints(p, psi);
  const eqs = [...p.eqs.filter((e) => e.affine).map((e) => e.poly), ...dir.eqs];
  const geqs = [...p.bounds, ...p.facts.list, ...dir.geqs].filter(isAffinePoly);
  const r = feasible(eqs, geqs, budget);
  if (r === "infeasible") return independent("no integer solution of the dependence system (Omega test)");
  const full = psi.every((d) => d !== "*");
  if (r === "feasible" && full && exactModel(p)) return { independent: false, dependent: true, note: "integer solution found (Omega test)" };
  return MAYBE;
}

function feasible(eqs: Poly[], geqs: Poly[], budget: number) {
  const names = [...new Set([...eqs, ...geqs].flatMap(polyVars))];
  const at = new Map(names.map((n, i) => [n, i + 1]));
  const row = (p: Poly): Row => {
    const r: Row = new Array(names.length + 1).fill(0);
    for (const [k, v] of p.terms) r[k === "" ? 0 : at.get(k)!] = v;
    return r;
  };
  return integerFeasible({ n: names.length, eqs: eqs.map(row), geqs: geqs.map(row) }, { budget });
}
