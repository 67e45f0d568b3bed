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
 * Fourier-Motzkin growth), or coefficients overflow. Most systems are
 * feasible (a pair no test separates is, at every node): a solution found
 * by a quick search (witness.ts) proves that first, and the Omega test
 * runs only when the search finds none.
 */
import { isAffinePoly, polyVars, type Poly } from "../symbolic/polynomial.js";
import { integerFeasible, type Row } from "./omega.js";
import { findWitness } from "./witness.js";
import { independent, MAYBE, type TestOutcome } from "./outcome.js";
import { activeTies, exactModel, type DepProblem, type Dir } from "./problem.js";

/** The system without ψ, as rows over a fixed variable order (built once per problem). */
interface Base {
  index: Map<string, number>;
  n: number;
  eqs: Row[];
  geqs: Row[];
  exact: boolean;
}

const bases = new WeakMap<DepProblem, Base>();

function baseOf(p: DepProblem): Base {
  let b = bases.get(p);
  if (b) return b;
  const eqPolys = p.eqs.filter((e) => e.affine).map((e) => e.poly);
  const geqPolys = [...p.bounds, ...p.facts.list].filter(isAffinePoly);
  const names = new Set([...eqPolys, ...geqPolys].flatMap(polyVars));
  for (const l of p.levels) if (!l.opaque) names.add(l.src).add(l.snk);
  for (const t of p.ties) names.add(t.a).add(t.b);
  const index = new Map([...names].map((n, i) => [n, i + 1]));
  const n = names.size;
  const row = (q: Poly): Row => {
    const r: Row = new Array(n + 1).fill(0);
    for (const [k, v] of q.terms) r[k === "" ? 0 : index.get(k)!] = v;
    return r;
  };
  b = { index, n, eqs: eqPolys.map(row), geqs: geqPolys.map(row), exact: exactModel(p) };
  bases.set(p, b);
  return b;
}

export function exactTest(p: DepProblem, psi: readonly Dir[], budget = 5000): TestOutcome {
  const b = baseOf(p);
  const eqs = b.eqs.slice();
  const geqs = b.geqs.slice();
  // t' - t (+ c): "=" is t' - t = 0, "<" is t' - t - 1 ≥ 0, ">" is t - t' - 1 ≥ 0.
  const diff = (x: string, y: string, sign: number, c: number): Row => {
    const r: Row = new Array(b.n + 1).fill(0);
    r[0] = c;
    r[b.index.get(x)!] = sign;
    r[b.index.get(y)!] = -sign;
    return r;
  };
  // A level counted by offsets (Level.stride): iterations in order are the step S or more apart, t' - t - S ≥ 0.
  const apart = (x: string, y: string, stride: Poly | undefined): Row => {
    if (!stride || stride.den !== 1) return diff(x, y, 1, -1);
    const r = diff(x, y, 1, 0);
    for (const [k, v] of stride.terms) r[k === "" ? 0 : b.index.get(k)!] -= v;
    return r;
  };
  psi.forEach((d, k) => {
    const l = p.levels[k]!;
    if (l.opaque || d === "*") return;
    if (d === "=") eqs.push(diff(l.snk, l.src, 1, 0));
    else if (d === "<") geqs.push(apart(l.snk, l.src, l.stride));
    else geqs.push(apart(l.src, l.snk, l.stride));
  });
  for (const t of activeTies(p, psi)) eqs.push(diff(t.a, t.b, 1, 0));
  const sys = { n: b.n, eqs, geqs };
  const decisive = b.exact && psi.every((d) => d !== "*");
  // A solution found at once (witness.ts) proves what the Omega test would: the system is feasible.
  // (Where its budget would run out first, the solution still proves the dependence.)
  const r = findWitness(sys) ? "feasible" : integerFeasible(sys, { budget });
  if (r === "infeasible") return independent("no integer solution of the dependence system (Omega test)");
  if (r === "feasible" && decisive) return { independent: false, dependent: true, note: "integer solution found (Omega test)" };
  return MAYBE;
}
