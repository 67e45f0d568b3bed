/**
 * The extended-modulo-interval test. Seed 000 §3 (Soyama & Kako), in the
 * sound formulation of DESIGN.md ("Soundness first").
 *
 * Subscript form: any integer polynomial equation h(I, I') = f(I) - g(I')
 * = 0 (seed 000 §3.3: quadratic subscripts, exact division already
 * cleared by scaling to an integer polynomial), with loop bounds that may
 * be unknown (seed 000 §3.2: x(j1) as the name X).
 * Equation: the set H = { h(I, I') } under the direction constraints is
 * computed with EMI arithmetic, the two iterations coupled through ψ:
 * for "<" at level k, t'_k = t_k + δ_k with t_k ∈ [0, U_k - 1] and
 * δ_k ∈ [1, U_k]; "=" identifies them; "*" leaves them independent.
 * Every counter, δ and symbol ranges over an EMI (an unknown bound is a
 * name ≥ 0, a symbol of unknown sign P - Q with names P, Q ≥ 0), the
 * polynomial is evaluated with the §2.4.3 shift (evalPolynomial), and the
 * library's exact membership test asks whether 0 ∈ H.
 * Proves: independence for ψ when 0 ∉ H (for every value of the names).
 * This is never the paper's comparison of two separately computed sets
 * with conditions 1-4: the union of accessed sets cannot disprove a
 * self-output dependence, and condition 4 as applied in §3.3 does not hold
 * (DESIGN.md). Coupling through δ and the exact A - B is what works.
 * Unknown: products of symbols and ranges (symbolic steps), names that
 * would need a negative count, or a membership question the library
 * answers "maybe" (its search budget, residues that depend on the names).
 */
import {
  containsZero,
  evalPolynomial,
  isConstant,
  linear,
  point,
  range,
  scale,
  sum,
  variable,
  EmiError,
  type Emi,
  type Linear,
  type Polynomial,
} from "../intervals/index.js";
import { constantOf, isAffinePoly, monomialVars, polyAdd, polySubstitute, polyVar, polyVars, PolyOverflow, type Poly } from "../symbolic/polynomial.js";
import { independent, MAYBE, type TestOutcome } from "./outcome.js";
import { activeTies, equalities, merged, type DepProblem, type Dir } from "./problem.js";
import type { RatAffine } from "./ranges.js";

export interface EmiTestOptions {
  /** Work budget of the membership search (the library's default is 2,000,000). */
  budget?: number;
  /** Also test affine equations (see `worthIt`). */
  affine?: boolean;
}

export function emiTest(p: DepProblem, psi: readonly Dir[], options: EmiTestOptions = {}): TestOutcome {
  // A direction that no two iterations can have (a loop of one iteration and "<"): nothing to test.
  for (let k = 0; k < psi.length; k++) {
    const d = psi[k]!;
    const l = p.levels[k]!;
    if (l.opaque || (d !== "<" && d !== ">")) continue;
    const U = p.counters.get(d === "<" ? l.src : l.snk)!.U;
    const c = U ? constantOf(U.num) : undefined;
    if (U && c !== undefined && Math.floor(c / U.den) < 1) return independent(`loop at line ${l.loop.span.line} has one iteration: no two iterations have direction ${d}`);
  }
  let memo = memos.get(p);
  if (!memo) memos.set(p, (memo = new Map()));
  for (let i = 0; i < p.eqs.length; i++) {
    const e = p.eqs[i]!;
    if (!worthIt(options, e.affine)) continue;
    // The answer depends only on the directions of the levels the equation mentions (and its ties).
    const key = memoKey(p, i, psi);
    let note = memo.get(key);
    if (note === undefined) memo.set(key, (note = decide(p, e.poly, e.label, psi, options)));
    if (note !== null) return independent(note);
  }
  return MAYBE;
}

const memos = new WeakMap<DepProblem, Map<string, string | null>>();

function memoKey(p: DepProblem, i: number, psi: readonly Dir[]): string {
  const vars = new Set(polyVars(p.eqs[i]!.poly));
  const dirs = psi.map((d, k) => (vars.has(p.levels[k]!.src) || vars.has(p.levels[k]!.snk) ? d : "."));
  const ties = activeTies(p, psi).filter((t) => vars.has(t.a) || vars.has(t.b)).map((t) => t.a);
  return `${i}|${dirs.join("")}|${ties.join(",")}`;
}

/** The reason 0 ∉ H, or null. */
function decide(p: DepProblem, poly: Poly, label: string, psi: readonly Dir[], options: EmiTestOptions): string | null {
  try {
    const built = buildSet(p, poly, psi);
    if (built === "empty") return `${label}: no two iterations have this direction`;
    if (!built) return null;
    const value = built.affine ?? evalPolynomial(built.poly, built.ranges).value;
    const r = containsZero(value, { budget: options.budget ?? 200_000 });
    return r.answer === "no" ? `${label}: 0 is not in the set of subscript differences (${r.reason})` : null;
  } catch (err) {
    // Conservative: the set is not representable; no answer.
    if (err instanceof EmiError || err instanceof PolyOverflow) return null;
    throw err;
  }
}

/**
 * In the chain the EMI test runs on polynomial equations (seed 000 §3.3),
 * which no other test handles. On an affine equation the exact test that
 * follows is complete (symbols and unknown bounds are just more integer
 * variables there), so the EMI test would only repeat its work; callers who
 * want it anyway (tests, the FTRVMT example of §3.2) pass `affine: true`.
 */
function worthIt(options: EmiTestOptions, affine: boolean): boolean {
  return !affine || options.affine === true;
}

interface Built {
  poly: Polynomial;
  ranges: Record<string, Emi>;
  /** For an affine h: the set Σ a_v·X_v + c itself (Def. 2 sums and constant multiples are exact). */
  affine?: Emi;
}

/** The polynomial h with ψ substituted and the EMI range of each of its variables. */
function buildSet(p: DepProblem, poly: Poly, psi: readonly Dir[]): Built | "empty" | undefined {
  let h = merged(poly, equalities(p, psi));
  const ranges: Record<string, Emi> = {};
  const emiName = new Map<string, string>();
  const nameOf = (v: string) => {
    let n = emiName.get(v);
    if (!n) emiName.set(v, (n = `v${emiName.size}`));
    return n;
  };
  let fresh = 0;
  const freshName = () => `N${fresh++}`;
  // Symbols: x = c + X when the facts give x ≥ c, else X⁺ - X⁻.
  const lowerOf = lowerBounds(p);
  const symbolLinear = (v: string): Linear => {
    const c = lowerOf.get(v);
    return c !== undefined ? linear(c, { [`L${nameOf(v)}`]: 1 }) : linear(0, { [`P${nameOf(v)}`]: 1, [`M${nameOf(v)}`]: -1 });
  };
  /** U (minus `less`) as an EMI count: a linear expression with non-negative coefficients, else a fresh name. */
  const countOf = (U: RatAffine | null, less: number): Linear | number => {
    if (U) {
      const c = constantOf(U.num);
      if (c !== undefined) return Math.floor(c / U.den) - less;
      if (U.den === 1) {
        let k = (U.num.terms.get("") ?? 0) - less;
        const coefs: Record<string, number> = {};
        let ok = true;
        for (const [m, a] of U.num.terms) {
          if (m === "") continue;
          const base = lowerOf.get(m);
          if (a < 0 || base === undefined || monomialVars(m).length !== 1) ok = false;
          else {
            k += a * base;
            coefs[`L${nameOf(m)}`] = a;
          }
        }
        if (ok && k >= 0) return linear(k, coefs);
      }
    }
    return variable(freshName());
  };
  const counterRange = (U: RatAffine | null, less: number): Emi | undefined => {
    const n = countOf(U, less);
    if (typeof n === "number") return n < 0 ? undefined : range(0, n);
    return range(0, n);
  };
  let empty = false;
  const mentioned = new Set(polyVars(h));
  psi.forEach((d, k) => {
    const l = p.levels[k]!;
    // Only the levels the equation mentions: the answer is memoized on them (memoKey).
    if (empty || l.opaque || (d !== "<" && d !== ">") || !(mentioned.has(l.src) || mentioned.has(l.snk))) return;
    const [early, late] = d === "<" ? [l.src, l.snk] : [l.snk, l.src];
    const delta = `d:${k}`;
    h = polySubstitute(h, late, polyAdd(polyVar(early), polyVar(delta)));
    const U = p.counters.get(early)!.U;
    const n = countOf(U, 1);
    if (typeof n === "number" && n < 0) {
      empty = true;
      return;
    }
    ranges[nameOf(early)] = range(0, n);
    ranges[nameOf(delta)] = typeof n === "number" ? range(1, n + 1) : range(1, linear(n.c + 1, Object.fromEntries(n.terms)));
  });
  if (empty) return "empty";
  for (const v of polyVars(h)) {
    const name = nameOf(v);
    if (ranges[name]) continue;
    const cv = p.counters.get(v);
    if (cv) {
      const r = counterRange(cv.U, 0);
      if (!r) return "empty"; // a loop with no iterations
      ranges[name] = r;
    } else ranges[name] = point(symbolLinear(v));
  }
  const out: Polynomial = [...h.terms].map(([m, c]) => {
    const powers: Record<string, number> = {};
    for (const v of monomialVars(m)) powers[nameOf(v)] = (powers[nameOf(v)] ?? 0) + 1;
    return { coef: c, powers };
  });
  const built: Built = { poly: out, ranges };
  // A product of a symbolic range with anything but a constant is not an EMI (Def. 3 needs constant steps): skip.
  const symbolic = (name: string) => !isConstant(ranges[name]!.lo) || ranges[name]!.terms.some((t) => !isConstant(t.count));
  if (out.some((m) => Object.keys(m.powers).length + Object.values(m.powers).reduce((a, b) => a + b, 0) > 2 && Object.keys(m.powers).some(symbolic))) return undefined;
  if (isAffinePoly(h)) {
    built.affine = sum([...h.terms].map(([m, c]) => (m === "" ? point(c) : scale(ranges[nameOf(m)]!, c))));
  }
  return built;
}

/** Constant lower bounds x ≥ c read off facts of the form x + c' ≥ 0. */
function lowerBounds(p: DepProblem): Map<string, number> {
  const out = new Map<string, number>();
  for (const f of p.facts.list) {
    const vars = [...f.terms.keys()].filter((k) => k !== "");
    if (vars.length !== 1 || f.terms.get(vars[0]!) !== 1) continue;
    const c = -(f.terms.get("") ?? 0);
    const v = vars[0]!;
    out.set(v, Math.max(out.get(v) ?? -Infinity, c));
  }
  return out;
}
