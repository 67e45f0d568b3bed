import { monomialVars, type Poly } from "../symbolic/polynomial.js";
import type { DepProblem } from "./problem.js";
import { LazySolution } from "./lazy-solution.js";
import type { PairSolution, SolveOptions } from "./solve-pair.js";

/**
 * Solutions of dependence problems shared by the nests and procedures
 * that use one cache (issue 16; the parallelizer keeps one per file).
 * Nests of the same shape recur all over a code (NPB BT's rhs.f has dozens
 * of `do k / do j / do i / do m` nests over the same bounds), and their
 * problems differ only in the names of their variables: the counters are
 * named after each nest's loops, the symbols after the procedure's. Within
 * a nest, problems are shared already (built-problems.ts); across nests
 * only by content.
 *
 * Why a renamed problem has the same solution: `solvePair` (and the
 * lazy search of lazy-solution.ts, which runs the same tests) reads a
 * problem's levels, counters, equations, bounds, facts, ties and whether
 * it is relaxed (plus the options), and handles its variable names only
 * by comparing them (equality, and the order in which polynomials sort
 * their monomials and the tests list variables) and by the order in
 * which the maps were filled. The key below writes all of these with
 * every name replaced by its rank among the problem's names, in the maps'
 * own order. Two problems with one key are therefore the same problem up
 * to a renaming that keeps names' order (and their kind, "a:" source
 * side, "b:" sink side, or other: the EMI test's own δ names sort between
 * "b:" and the others); every step of the solver runs alike on both, to
 * the same vectors, distances, tests tried and truncation. What the key
 * leaves out is read only for the notes of `pruned`, which nothing but
 * their test names is used from: the equations' labels and the loops
 * (for their lines and index names).
 */
export class SolutionCache {
  private readonly solutions = new Map<string, PairSolution>();
  /** Solutions asked for, and how many were found here. */
  asked = 0;
  found = 0;

  /** The solution of `p`, solved now or taken from a problem with the same key. */
  solve(p: DepProblem, options: SolveOptions = {}): PairSolution {
    this.asked++;
    const key = problemKey(p, options);
    let s = this.solutions.get(key);
    if (s) this.found++;
    else this.solutions.set(key, (s = new LazySolution(p, options)));
    return s;
  }

  get size(): number {
    return this.solutions.size;
  }
}

/** The key of `p` and `options` described above. */
export function problemKey(p: DepProblem, o: SolveOptions): string {
  const names = new Set<string>();
  const addPoly = (q: Poly) => {
    for (const k of q.terms.keys()) {
      if (k === "") continue;
      if (k.indexOf("*") < 0) names.add(k);
      else for (const v of monomialVars(k)) names.add(v);
    }
  };
  for (const l of p.levels) names.add(l.src).add(l.snk);
  for (const c of p.counters.values()) {
    names.add(c.name);
    if (c.U) addPoly(c.U.num);
  }
  for (const e of p.eqs) addPoly(e.poly);
  for (const b of p.bounds) addPoly(b);
  for (const f of p.facts.list) addPoly(f);
  for (const t of p.ties) names.add(t.a).add(t.b);
  const rank = new Map<string, string>();
  [...names].sort().forEach((n, i) => rank.set(n, `${n.startsWith("a:") ? "a" : n.startsWith("b:") ? "b" : "x"}${i}`));
  const name = (v: string) => rank.get(v)!;
  const poly = (q: Poly): string => {
    let s = "";
    for (const [k, c] of q.terms) {
      const m = k === "" ? "" : k.indexOf("*") < 0 ? name(k) : monomialVars(k).map(name).join("*");
      s += `${c}${m},`;
    }
    return q.den === 1 ? s : `${s}/${q.den}`;
  };
  let s = `${o.self ? 1 : 0}|${o.maxNodes ?? ""}|${o.emiBudget ?? ""}|${o.omegaBudget ?? ""}|${p.relaxed.length > 0 ? 1 : 0}|L`;
  for (const l of p.levels) s += `${l.opaque ? 1 : 0},${l.step},${name(l.src)},${name(l.snk)};`;
  s += "|C";
  for (const c of p.counters.values()) s += `${name(c.name)},${c.side},${c.level},${c.U ? `${poly(c.U.num)}/${c.U.den}` : "-"};`;
  s += "|E";
  for (const e of p.eqs) s += `${e.affine ? 1 : 0}${poly(e.poly)};`;
  s += "|B";
  for (const b of p.bounds) s += `${poly(b)};`;
  s += "|F";
  for (const f of p.facts.list) s += `${poly(f)};`;
  s += "|T";
  for (const t of p.ties) s += `${name(t.a)},${name(t.b)},${t.level};`;
  return s;
}
