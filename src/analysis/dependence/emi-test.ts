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
  linear,
  point,
  range,
  variable,
  EmiError,
  type Emi,
  type Linear,
  type Polynomial,
} from "../intervals/index.js";
import { constantOf, monomialVars, polyAdd, polySubstitute, polyVar, polyVars, PolyOverflow, type Poly } from "../symbolic/polynomial.js";
import { independent, MAYBE, type TestOutcome } from "./outcome.js";
import { equalities, merged, type DepProblem, type Dir } from "./problem.js";
import type { RatAffine } from "./ranges.js";

export interface EmiTestOptions {
  /** Work budget of the membership search (the library's default is 2,000,000). */
  budget?: number;
}

export function emiTest(p: DepProblem, psi: readonly Dir[], options: EmiTestOptions = {}): TestOutcome {
  for (const e of p.eqs) {
    try {
      const built = buildSet(p, e.poly, psi);
      if (!built) continue;
      const v = evalPolynomial(built.poly, built.ranges);
      const r = containsZero(v.value, { budget: options.budget ?? 200_000 });
      if (r.answer === "no") return independent(`${e.label}: 0 is not in the set of subscript differences (${r.reason})`);
    } catch (err) {
      // Conservative: the set is not representable; no answer.
      if (err instanceof EmiError || err instanceof PolyOverflow) continue;
      throw err;
    }
  }
  return MAYBE;
}

interface Built {
  poly: Polynomial;
  ranges: Record<string, Emi>;
}

/** The polynomial h with ψ substituted and the EMI range of each of its variables. */
function buildSet(p: DepProblem, poly: Poly, psi: readonly Dir[]): Built | undefined {
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
  psi.forEach((d, k) => {
    const l = p.levels[k]!;
    if (l.opaque || (d !== "<" && d !== ">")) return;
    const [early, late] = d === "<" ? [l.src, l.snk] : [l.snk, l.src];
    const delta = `d:${k}`;
    h = polySubstitute(h, late, polyAdd(polyVar(early), polyVar(delta)));
    const U = p.counters.get(early)!.U;
    const n = countOf(U, 1);
    if (typeof n === "number" && n < 0) throw new EmiError("empty", "no two iterations in this direction");
    ranges[nameOf(early)] = range(0, n);
    ranges[nameOf(delta)] = typeof n === "number" ? range(1, n + 1) : range(1, linear(n.c + 1, Object.fromEntries(n.terms)));
  });
  for (const v of polyVars(h)) {
    const name = nameOf(v);
    if (ranges[name]) continue;
    const cv = p.counters.get(v);
    if (cv) {
      const r = counterRange(cv.U, 0);
      if (!r) throw new EmiError("empty", "a loop with no iterations");
      ranges[name] = r;
    } else ranges[name] = point(symbolLinear(v));
  }
  const out: Polynomial = [...h.terms].map(([m, c]) => {
    const powers: Record<string, number> = {};
    for (const v of monomialVars(m)) powers[nameOf(v)] = (powers[nameOf(v)] ?? 0) + 1;
    return { coef: c, powers };
  });
  return { poly: out, ranges };
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
