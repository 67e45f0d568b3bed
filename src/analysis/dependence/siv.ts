/**
 * SIV tests (single index variable): strong, weak-zero and weak-crossing
 * SIV, solved exactly as one linear Diophantine equation in two bounded
 * variables. Goff, Kennedy & Tseng, "Practical dependence testing" (PLDI
 * 1991) §4.2; Allen & Kennedy §3.3.2; Banerjee (1988) §5.2 for the
 * two-variable solution; seed 004 §1.2 b (direction and distance).
 *
 * Subscript form: an affine equation in at most two counters and no
 * symbols once "=" levels are merged: a·t + b·t' + c = 0, where t and t'
 * are the counters of one common loop (then ψ relates them), or any two
 * counters (then only their ranges do), or one counter (weak-zero SIV).
 * Equation: with g = gcd(a, b) dividing c, every solution is
 * t = t0 + (b/g)λ, t' = t0' - (a/g)λ; the ranges 0 ≤ t ≤ U, 0 ≤ t' ≤ U' and
 * the direction (t' - t ≥ 1 for "<") bound λ to an interval.
 * Proves: independence when g ∤ c or the λ interval is empty; for strong
 * SIV (b = -a) the exact distance t' - t = c/a of every solution, hence
 * the direction at that level. Exact for constant rectangular bounds; with
 * triangular or symbolic bounds U is the rectangular over-approximation or
 * unbounded, and only the proof of independence (not of dependence) is kept.
 * Unknown: more than two counters, symbols in the equation, or a non-empty
 * λ interval (that equation alone allows a solution).
 */
import { constantOf, isAffinePoly, polyVars } from "../symbolic/polynomial.js";
import { independent, MAYBE, type TestOutcome } from "./outcome.js";
import { equalities, merged, type DepProblem, type Dir } from "./problem.js";

export function sivTest(p: DepProblem, psi: readonly Dir[]): TestOutcome {
  const eq = equalities(p, psi);
  const distances = new Map<number, number>();
  const global = new Set<number>();
  for (const e of p.eqs) {
    const m = merged(e.poly, eq);
    if (!isAffinePoly(m)) continue;
    const vars = polyVars(m);
    if (vars.length === 0 || vars.length > 2 || !vars.every((v) => p.counters.has(v))) continue;
    const c = m.terms.get("") ?? 0;
    const [x, y] = vars as [string, string | undefined];
    const a = m.terms.get(x)!;
    const b = y ? m.terms.get(y)! : 0;
    const cx = p.counters.get(x)!;
    const cy = y ? p.counters.get(y)! : undefined;
    // x ψ y when both are the counters of one common level.
    let rel: Dir = "*";
    let level = -1;
    if (cy && cx.level !== null && cx.level === cy.level && cx.side !== cy.side) {
      level = cx.level;
      const d = psi[level]!;
      rel = cx.side === "a" ? d : flip(d);
    }
    const r = solve2(a, b, c, upper(cx.U), cy ? upper(cy.U) : Infinity, rel);
    if (!r) return independent(`${e.label}: ${describe(a, b, c, x, y, p)} has no solution in the loop bounds`);
    if (level >= 0 && a === -b && c % a === 0) {
      // a·t - a·t' + c = 0 with x the source counter: t' - t = c/a.
      const d = cx.side === "a" ? c / a : -c / a;
      distances.set(level, d + 0);
      // Without merged "=" levels the relation holds for every direction vector.
      if (polyVars(e.poly).length === 2 && polyVars(e.poly).every((v) => vars.includes(v))) global.add(level);
    }
  }
  return distances.size ? { independent: false, distances, global } : MAYBE;
}

function flip(d: Dir): Dir {
  return d === "<" ? ">" : d === ">" ? "<" : d;
}

function upper(u: { num: { terms: ReadonlyMap<string, number> }; den: number } | null): number {
  if (!u) return Infinity;
  const c = constantOf(u.num as never);
  return c === undefined ? Infinity : Math.floor(c / u.den);
}

function describe(a: number, b: number, c: number, x: string, y: string | undefined, p: DepProblem): string {
  const nm = (v: string) => {
    const cv = p.counters.get(v)!;
    const idx = cv.model.loop.index?.name ?? "t";
    return cv.side === "a" ? idx : `${idx}'`;
  };
  const parts = [`${a}·${nm(x)}`];
  if (y) parts.push(`${b}·${nm(y)}`);
  parts.push(String(c));
  return `${parts.join(" + ")} = 0 (in iteration counts)`;
}

function extGcd(a: number, b: number): [number, number, number] {
  let [r0, r1, s0, s1, t0, t1] = [a, b, 1, 0, 0, 1];
  while (r1 !== 0) {
    const q = Math.floor(r0 / r1);
    [r0, r1] = [r1, r0 - q * r1];
    [s0, s1] = [s1, s0 - q * s1];
    [t0, t1] = [t1, t0 - q * t1];
  }
  return r0 < 0 ? [-r0, -s0, -t0] : [r0, s0, t0];
}

/**
 * Whether a·x + b·y + c = 0 has an integer solution with 0 ≤ x ≤ ux,
 * 0 ≤ y ≤ uy (Infinity: unbounded) and x rel y. Exact.
 */
export function solve2(a: number, b: number, c: number, ux: number, uy: number, rel: Dir): boolean {
  if (ux < 0 || uy < 0) return false;
  // Constraints α·λ + β ≥ 0 on the free parameter λ.
  let lo = -Infinity;
  let hi = Infinity;
  const need = (alpha: number, beta: number): void => {
    if (alpha === 0) {
      if (beta < 0) hi = -Infinity;
    } else if (alpha > 0) lo = Math.max(lo, Math.ceil(-beta / alpha));
    else hi = Math.min(hi, Math.floor(beta / -alpha));
  };
  // x = x0 + px·λ, y = y0 + py·λ
  let x0: number, px: number, y0: number, py: number;
  if (a === 0 && b === 0) {
    if (c !== 0) return false;
    // x and y free in their ranges: only the relation matters.
    return rel === "*" || rel === "=" || (rel === "<" ? uy >= 1 : ux >= 1);
  } else if (b === 0) {
    if (c % a !== 0) return false;
    x0 = -c / a;
    px = 0;
    y0 = 0;
    py = 1;
  } else if (a === 0) {
    if (c % b !== 0) return false;
    y0 = -c / b;
    py = 0;
    x0 = 0;
    px = 1;
  } else {
    const [g, s, t] = extGcd(a, b);
    if (c % g !== 0) return false;
    const k = -c / g;
    x0 = s * k;
    y0 = t * k;
    px = b / g;
    py = -a / g;
  }
  need(px, x0);
  if (ux !== Infinity) need(-px, ux - x0);
  need(py, y0);
  if (uy !== Infinity) need(-py, uy - y0);
  // rel: "<" is y - x ≥ 1, ">" is x - y ≥ 1, "=" both ≥ 0.
  const dAlpha = py - px;
  const dBeta = y0 - x0;
  if (rel === "<") need(dAlpha, dBeta - 1);
  else if (rel === ">") need(-dAlpha, -dBeta - 1);
  else if (rel === "=") {
    need(dAlpha, dBeta);
    need(-dAlpha, -dBeta);
  }
  return lo <= hi;
}
