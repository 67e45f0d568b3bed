/**
 * Banerjee test with direction vectors. Banerjee, "Dependence Analysis for
 * Supercomputing" (1988) ch. 4 (bounds of a linear function over a region
 * defined by a direction vector); Wolfe, "High Performance Compilers"
 * §7.3; seed 004 §1.2 b ("direction and count of the dependence ... the
 * Banerjee test"), seed 000 ref. [1].
 *
 * Subscript form: an affine equation c + Σ_s a_s·s + Σ_k (a_k·t_k + b_k·t'_k)
 * + Σ (one-sided counters) = 0 with constant coefficients; symbols s may
 * stay symbolic.
 * Equation: for each common level k the pair (t_k, t'_k) ranges over the
 * region of ψ_k within [0, U_k]² ("<": t_k + 1 ≤ t'_k), other counters over
 * [0, U]; U_k is the counter's largest value (rectangular relaxation of
 * triangular bounds, or ∞ when unknown). A linear function reaches its
 * extremes at the vertices of these regions (or is unbounded along a ray),
 * so min and max of the left side are sums of per-level extremes; with a
 * symbolic U_k they are lists of affine candidates in the symbols.
 * Proves: independence for ψ when 0 < min or max < 0, i.e. every min
 * candidate is provably ≥ 1 (or every max candidate ≤ -1) under the facts.
 * The real relaxation is sound; integer tightening is the exact test's job.
 * Unknown: non-affine equations, more than 64 candidate combinations,
 * unbounded ranges, or symbols whose sign the facts do not decide. The
 * symbolic candidates are what the run-time condition is made from
 * (runtime-condition.ts): `m >= n .or. m <= -n` for a(i+m) = a(i).
 */
import { constantOf, isAffinePoly, type Poly } from "../symbolic/polynomial.js";
import { independent, MAYBE, type TestOutcome } from "./outcome.js";
import { equalities, merged, type DepProblem, type Dir } from "./problem.js";
import { ratAdd, ratConst, ratEquals, ratOf, ratScale, type RatAffine } from "./ranges.js";

/** α + β·U for a part's U. */
type Cand = readonly [alpha: number, beta: number];

interface Part {
  U: RatAffine | null;
  /** 0, or 1 when the region needs U ≥ 1 to be non-empty. */
  umin: number;
  min: Cand[] | null;
  max: Cand[] | null;
}

export interface BanerjeeBounds {
  /** Candidates whose least is the minimum; null: unbounded below. */
  min: RatAffine[] | null;
  max: RatAffine[] | null;
  /** Facts the bounds assume: each symbolic U ≥ its umin. */
  assumptions: Poly[];
}

const MAX_COMBINATIONS = 64;

export function banerjeeTest(p: DepProblem, psi: readonly Dir[]): TestOutcome {
  return banerjeeWith(p, psi, true);
}

/** The test with the symbolic bounds for every equation (no numeric shortcut): what the shortcut must agree with. */
export function banerjeeSymbolic(p: DepProblem, psi: readonly Dir[]): TestOutcome {
  return banerjeeWith(p, psi, false);
}

function banerjeeWith(p: DepProblem, psi: readonly Dir[], numeric: boolean): TestOutcome {
  for (const e of p.eqs) {
    if (!e.affine) continue;
    const m = merged(e.poly, equalities(p, psi));
    const n = numeric ? numericBounds(p, m, psi) : undefined;
    if (n) {
      // Numbers: the symbolic path's candidates, each a constant, are proved by comparing them.
      if (n.min !== null && n.min >= 1) return independent(`${e.label}: the difference of the subscripts is always positive`);
      if (n.max !== null && n.max <= -1) return independent(`${e.label}: the difference of the subscripts is always negative`);
      continue;
    }
    const b = boundsOfMerged(p, m, psi);
    if (!b) continue;
    const facts = p.facts.with(b.assumptions);
    if (b.min && b.min.every((m) => facts.proveRatNonNeg(shift(m, -1)))) return independent(`${e.label}: the difference of the subscripts is always positive`);
    if (b.max && b.max.every((m) => facts.proveRatNonNeg(shift(ratScale(m, -1), -1)))) return independent(`${e.label}: the difference of the subscripts is always negative`);
  }
  return MAYBE;
}

/**
 * The least and greatest value of the affine `poly` under ψ as numbers
 * (null: unbounded), when they are numbers: no symbol but the counters,
 * and every counter's U an integer or unknown. `banerjeeBounds` then
 * gives one candidate per part (`prune` keeps the best at that U) and no
 * assumption, and the facts prove a constant by its sign: the same
 * answer, without the lists of rational affine candidates (issue 16:
 * most of NPB's equations, where the bounds are PARAMETERs). Undefined
 * when some value stays symbolic (the general path decides).
 */
function numericBounds(p: DepProblem, m: Poly, psi: readonly Dir[]): { min: number | null; max: number | null } | undefined {
  // The constant, when no symbol but the counters is left (forEach: a for-of over a map allocates per entry).
  let base = 0;
  let symbolic = false;
  m.terms.forEach((c, k) => {
    if (p.counters.has(k)) return;
    if (k !== "") symbolic = true;
    else base = c;
  });
  if (symbolic) return undefined;
  let min: number | null = base;
  let max: number | null = base;
  // U as an integer; NaN when symbolic or not an integer; null when unknown (unbounded).
  const value = (U: RatAffine | null): number | null => {
    if (!U) return null;
    const c = constantOf(U.num);
    return c !== undefined && c % U.den === 0 ? c / U.den : NaN;
  };
  let safe = true;
  const add = (part: { lo: number | null; hi: number | null }) => {
    min = min === null || part.lo === null ? null : min + part.lo;
    max = max === null || part.hi === null ? null : max + part.hi;
    safe &&= (part.lo === null || Number.isSafeInteger(part.lo)) && (part.hi === null || Number.isSafeInteger(part.hi));
  };
  for (const t of partTerms(p, m, psi)) {
    const u = value(t.U);
    if (Number.isNaN(u)) return undefined;
    add(t.d === null ? singleRange(t.a, u) : pairRange(t.a, t.b, t.d, u));
  }
  // Conservative: past the safe integers the symbolic path's checked arithmetic decides.
  if (!safe || (min !== null && !Number.isSafeInteger(min)) || (max !== null && !Number.isSafeInteger(max))) return undefined;
  return { min, max };
}

/** `single`'s part at a number U (null: unknown), as its least and greatest value. */
function singleRange(a: number, U: number | null): { lo: number | null; hi: number | null } {
  if (U === null) return { lo: a >= 0 ? 0 : null, hi: a <= 0 ? 0 : null };
  return { lo: Math.min(0, a * U), hi: Math.max(0, a * U) };
}

/** `pair`'s part at a number U (null: unknown), as its least and greatest value: the same vertices and rays. */
function pairRange(a: number, b: number, d: Dir, U: number | null): { lo: number | null; hi: number | null } {
  const part = pair(a, b, d, U === null ? null : ratConst(U));
  const at = (cands: Cand[] | null, best: (x: number, y: number) => number): number | null => {
    if (!cands) return null;
    let out = cands[0]![0] + cands[0]![1] * (U ?? 0);
    for (let i = 1; i < cands.length; i++) out = best(out, cands[i]![0] + cands[i]![1] * (U ?? 0));
    return out;
  };
  return { lo: at(part.min, Math.min), hi: at(part.max, Math.max) };
}

function shift(r: RatAffine, k: number): RatAffine {
  return ratAdd(r, ratConst(k));
}

/** min/max of the affine `poly` under ψ, as candidate lists (see the file comment). */
export function banerjeeBounds(p: DepProblem, poly: Poly, psi: readonly Dir[]): BanerjeeBounds | undefined {
  if (!isAffinePoly(poly)) return undefined;
  return boundsOfMerged(p, merged(poly, equalities(p, psi)), psi);
}

/** One part of the sum the bounds are of: `a·t` of one counter (d null), or `a·t + b·t'` of a level under direction d; U its counters' largest value. */
interface PartTerm {
  a: number;
  b: number;
  d: Exclude<Dir, "="> | null;
  U: RatAffine | null;
}

/**
 * The parts of the merged equation `m` under ψ: each common level not
 * opaque (a pair, or under "=" one counter), then each other counter it
 * names. The symbolic and the numeric bounds both sum these.
 */
function partTerms(p: DepProblem, m: Poly, psi: readonly Dir[]): PartTerm[] {
  const used = new Set<string>();
  const out: PartTerm[] = [];
  for (let k = 0; k < p.levels.length; k++) {
    const l = p.levels[k]!;
    if (l.opaque) continue;
    const a = m.terms.get(l.src) ?? 0;
    const b = m.terms.get(l.snk) ?? 0;
    used.add(l.src).add(l.snk);
    if (a === 0 && b === 0) continue;
    const ua = p.counters.get(l.src)?.U ?? null;
    const d = psi[k]!;
    if (d === "=") {
      out.push({ a, b: 0, d: null, U: ua });
      continue;
    }
    const ub = p.counters.get(l.snk)?.U ?? null;
    out.push({ a, b, d, U: ua && ub && ratEquals(ua, ub) ? ua : null });
  }
  p.counters.forEach((cv, name) => {
    const a = used.has(name) ? 0 : (m.terms.get(name) ?? 0);
    if (a !== 0) out.push({ a, b: 0, d: null, U: cv.U });
  });
  return out;
}

/** `banerjeeBounds` of the equation with ψ's equalities already merged (`m`). */
function boundsOfMerged(p: DepProblem, m: Poly, psi: readonly Dir[]): BanerjeeBounds | undefined {
  const parts: Part[] = partTerms(p, m, psi).map((t) => (t.d === null ? single(t.a, t.U) : pair(t.a, t.b, t.d, t.U)));
  // What is left (constant and symbols) stays symbolic.
  const baseTerms = new Map([...m.terms].filter(([k]) => !p.counters.has(k)));
  const base = ratOf({ terms: baseTerms, den: 1 });
  const assumptions: Poly[] = [];
  for (const part of parts) {
    if (part.U && constantOf(part.U.num) === undefined) assumptions.push({ terms: ratAdd(part.U, ratConst(-part.umin)).num.terms, den: 1 });
  }
  const min = combine(parts, "min", base);
  const max = combine(parts, "max", base);
  if (min === undefined || max === undefined) return undefined;
  return { min, max, assumptions };
}

/** One counter t in [0, U]: a·t. */
function single(a: number, U: RatAffine | null): Part {
  if (!U) return { U, umin: 0, min: a >= 0 ? [[0, 0]] : null, max: a <= 0 ? [[0, 0]] : null };
  const c: Cand[] = [
    [0, 0],
    [0, a],
  ];
  return { U, umin: 0, min: c, max: c };
}

/** The pair (t, t') of one level under direction d: a·t + b·t'. */
function pair(a: number, b: number, d: Dir, U: RatAffine | null): Part {
  const val = (t: Cand, tp: Cand): Cand => [a * t[0] + b * tp[0], a * t[1] + b * tp[1]];
  const zero: Cand = [0, 0];
  const one: Cand = [1, 0];
  const u: Cand = [0, 1];
  const uMinus1: Cand = [-1, 1];
  let vertices: Cand[];
  let rays: [number, number][];
  let finite: Cand[];
  if (d === "*") {
    vertices = [val(zero, zero), val(zero, u), val(u, zero), val(u, u)];
    finite = [val(zero, zero)];
    rays = [
      [1, 0],
      [0, 1],
    ];
  } else if (d === "<") {
    vertices = [val(zero, one), val(zero, u), val(uMinus1, u)];
    finite = [val(zero, one)];
    rays = [
      [0, 1],
      [1, 1],
    ];
  } else {
    vertices = [val(one, zero), val(u, zero), val(u, uMinus1)];
    finite = [val(one, zero)];
    rays = [
      [1, 0],
      [1, 1],
    ];
  }
  const umin = d === "*" ? 0 : 1;
  if (U) return { U, umin, min: vertices, max: vertices };
  const slopes = rays.map(([x, y]) => a * x + b * y);
  return { U, umin, min: slopes.some((s) => s < 0) ? null : finite, max: slopes.some((s) => s > 0) ? null : finite };
}

function combine(parts: Part[], dir: "min" | "max", base: RatAffine): RatAffine[] | null | undefined {
  let acc: RatAffine[] = [base];
  for (const part of parts) {
    const cands = dir === "min" ? part.min : part.max;
    if (!cands) return null;
    const values = prune(cands, part, dir).map(([alpha, beta]) => (part.U ? ratAdd(ratConst(alpha), ratScale(part.U, beta)) : ratConst(alpha)));
    const next: RatAffine[] = [];
    for (const x of acc) for (const v of values) next.push(ratAdd(x, v));
    if (next.length > MAX_COMBINATIONS) return undefined; // Conservative: too many candidates
    acc = next;
  }
  return acc;
}

/** Drops candidates another one beats for every U ≥ umin (exact: α, β are numbers). */
function prune(cands: Cand[], part: Part, dir: "min" | "max"): Cand[] {
  const s = dir === "min" ? 1 : -1;
  const uc = part.U ? constantOf(part.U.num) : undefined;
  if (part.U && uc !== undefined) {
    const U = uc / part.U.den;
    const best = cands.reduce((x, c) => (s * (c[0] + c[1] * U) < s * (x[0] + x[1] * U) ? c : x));
    return [best];
  }
  const beats = (x: Cand, y: Cand) => s * x[1] <= s * y[1] && s * (x[0] + x[1] * part.umin) <= s * (y[0] + y[1] * part.umin);
  const out: Cand[] = [];
  cands.forEach((c, i) => {
    if (!cands.some((o, j) => j !== i && beats(o, c) && (!beats(c, o) || j < i))) out.push(c);
  });
  return out;
}
