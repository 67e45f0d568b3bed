/**
 * Brute force for the property tests: the set an EMI stands for, computed
 * straight from the definition of seed 000 §2.1, { l + Σ α_i ρ_i | 0 ≤ ρ_i ≤ β_i },
 * with none of the library's logic (its own evaluation of linear expressions,
 * no normal form, no reduction). Plus fast-check generators of small EMIs.
 */
import fc from "fast-check";
import type { Emi } from "../emi.js";
import type { Linear } from "../linear.js";

export type Env = Readonly<Record<string, number>>;

/** c + Σ a·env[name], independently of linear.ts. */
export function evalLin(l: Linear, env: Env = {}): number {
  let s = l.c;
  for (const [n, a] of l.terms) {
    const v = env[n];
    if (v === undefined) throw new Error(`oracle: no value for ${n}`);
    s += a * v;
  }
  return s;
}

/** All elements of { lo + Σ step·ρ | 0 ≤ ρ ≤ count }, any signs of steps, sorted. */
export function enumerateRaw(lo: number, terms: readonly (readonly [number, number])[]): number[] {
  let s = new Set<number>([lo]);
  for (const [a, b] of terms) {
    if (b < 0) return []; // the definition's ρ range is empty
    const next = new Set<number>();
    for (const x of s) for (let r = 0; r <= b; r++) next.add(x + a * r);
    s = next;
  }
  return [...s].sort((x, y) => x - y);
}

/** The elements of an EMI under an assignment, from its fields only. */
export function elements(e: Emi, env: Env = {}): number[] {
  return enumerateRaw(
    evalLin(e.lo, env),
    e.terms.map((t) => [t.step, evalLin(t.count, env)] as const),
  );
}

export function sameSet(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

export function isSubset(a: readonly number[], b: readonly number[]): boolean {
  const s = new Set(b);
  return a.every((x) => s.has(x));
}

export function sumSet(a: readonly number[], b: readonly number[], f: (x: number, y: number) => number): number[] {
  const s = new Set<number>();
  for (const x of a) for (const y of b) s.add(f(x, y));
  return [...s].sort((x, y) => x - y);
}

export interface RawEmi {
  lo: number;
  terms: [number, number][];
}

/** A small EMI as raw (possibly unnormalised) pairs: any signs, zeros, repeats. */
export function arbRaw(opts: { maxDegree?: number; maxStep?: number; maxCount?: number; maxLo?: number } = {}): fc.Arbitrary<RawEmi> {
  const { maxDegree = 3, maxStep = 12, maxCount = 5, maxLo = 30 } = opts;
  return fc.record({
    lo: fc.integer({ min: -maxLo, max: maxLo }),
    terms: fc.array(
      fc.tuple(fc.integer({ min: -maxStep, max: maxStep }), fc.integer({ min: 0, max: maxCount })),
      { maxLength: maxDegree },
    ),
  });
}

export const NAMES = ["X", "Y"] as const;

/** A linear expression over X, Y: constant in [cmin, cmax], coefficients in [amin, amax]. */
export function arbLinear(cmin: number, cmax: number, amin: number, amax: number): fc.Arbitrary<{ c: number; coefs: Record<string, number> }> {
  return fc.record({
    c: fc.integer({ min: cmin, max: cmax }),
    coefs: fc.record({ X: fc.integer({ min: amin, max: amax }), Y: fc.integer({ min: amin, max: amax }) }),
  });
}

/** An assignment of small naturals to X and Y. */
export const arbEnv: fc.Arbitrary<Record<string, number>> = fc.record({
  X: fc.integer({ min: 0, max: 4 }),
  Y: fc.integer({ min: 0, max: 4 }),
});

export interface RawSymEmi {
  lo: { c: number; coefs: Record<string, number> };
  terms: [number, { c: number; coefs: Record<string, number> }][];
}

/**
 * A small EMI whose lower bound and counts may mention X and Y: counts are
 * c + aX + bY with a, b ≥ 0 (the library's rule for counts), the lower bound
 * any linear expression.
 */
export function arbRawSym(opts: { maxDegree?: number; maxStep?: number; symbolicLo?: boolean } = {}): fc.Arbitrary<RawSymEmi> {
  const { maxDegree = 3, maxStep = 10, symbolicLo = true } = opts;
  return fc.record({
    lo: symbolicLo ? arbLinear(-20, 20, -2, 2) : arbLinear(-20, 20, 0, 0),
    terms: fc.array(fc.tuple(fc.integer({ min: -maxStep, max: maxStep }), arbLinear(0, 3, 0, 2)), {
      maxLength: maxDegree,
    }),
  });
}
