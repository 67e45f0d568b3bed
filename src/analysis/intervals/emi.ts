/**
 * Extended modulo intervals (EMIs), seed 000 §2.1.
 *
 * An EMI [l,u] with steps α_i and counts β_i stands for the set
 *
 *     { l + Σ α_i ρ_i  |  0 ≤ ρ_i ≤ β_i }          (seed 000 §2.1)
 *
 * and, with all α_i > 0, u = l + Σ α_i β_i is its largest element. The
 * number n of (step, count) pairs is its degree; a plain modulo interval
 * [l,u]_m(r) is the degree-1 case [l',u']<m:(u'-l')/m>, and a single integer
 * is degree 0.
 *
 * Steps are integer constants. The lower bound and the counts are linear
 * expressions over names (`linear.ts`), so that an unknown loop bound X can be
 * carried as in §3.2: [0,X]<1:X>. A count must be a non-negative integer for
 * every value of its names (all its coefficients ≥ 0); the upper bound is
 * then derived, never stored. With symbols, an EMI denotes one set per
 * assignment of the names, and every operation here is correct for each
 * assignment separately.
 *
 * Every `Emi` value is in the normal form of §2.1: steps strictly increasing
 * and positive, no count identically 0. The constructor reaches it with the
 * five properties of §2.1: (1) pairs may be reordered, (2) equal steps merge
 * by adding counts, (3) a negative step -α with count β becomes α after
 * moving l down by αβ, (4) zero steps and (5) zero counts are dropped.
 * Because a count may be symbolic, "β_i > 0" is read as "β_i is not the zero
 * expression": a count X may still be 0 for some assignment, which is fine.
 */
import { EmiError } from "./errors.js";
import { addInt, assertInt, floorDiv, gcd, modPos, subInt } from "./integers.js";
import {
  addLinear,
  asConstant,
  equalLinear,
  evaluateLinear,
  isConstant,
  linearToString,
  namesOf,
  provablyNonNegative,
  scaleLinear,
  subLinear,
  toLinear,
  type Linear,
  type LinearLike,
} from "./linear.js";

export interface EmiTerm {
  /** α_i: a positive integer in normal form. */
  readonly step: number;
  /** β_i: non-negative for every assignment; never the zero expression in normal form. */
  readonly count: Linear;
}

export interface Emi {
  /** l, the least element. */
  readonly lo: Linear;
  /** Sorted by strictly increasing step. */
  readonly terms: readonly EmiTerm[];
}

/** A (step, count) pair as callers may write it: any integer step, any count. */
export type TermLike = readonly [step: number, count: LinearLike] | { step: number; count: LinearLike };

function termOf(t: TermLike): { step: number; count: Linear } {
  if (Array.isArray(t)) return { step: t[0] as number, count: toLinear(t[1] as LinearLike) };
  const o = t as { step: number; count: LinearLike };
  return { step: o.step, count: toLinear(o.count) };
}

/**
 * Builds the EMI { lo + Σ step_i ρ_i | 0 ≤ ρ_i ≤ count_i } in normal form
 * (seed 000 §2.1, properties 1–5). Steps may be any integers, counts any
 * linear expressions that are non-negative for all assignments; a count that
 * may be negative throws EmiError("negative-count"). O(n log n).
 */
export function emi(lo: LinearLike, terms: readonly TermLike[] = []): Emi {
  let base = toLinear(lo);
  const byStep = new Map<number, Linear>();
  for (const raw of terms) {
    const { step, count } = termOf(raw);
    assertInt(step, "step");
    if (!provablyNonNegative(count)) {
      throw new EmiError(
        "negative-count",
        `count ${linearToString(count)} is not a non-negative integer for every value of its names`,
      );
    }
    if (step === 0 || (isConstant(count) && count.c === 0)) continue; // properties 4 and 5
    let s = step;
    if (s < 0) {
      // Property 3: l + (-α)ρ = (l - αβ) + α(β - ρ).
      s = -s;
      base = subLinear(base, scaleLinear(count, s));
    }
    const prev = byStep.get(s);
    byStep.set(s, prev === undefined ? count : addLinear(prev, count)); // property 2
  }
  const sorted = [...byStep.entries()].sort((a, b) => a[0] - b[0]); // property 1
  const e: Emi = { lo: base, terms: sorted.map(([step, count]) => ({ step, count })) };
  upper(e); // Every EMI keeps a representable upper bound: this throws on overflow.
  return e;
}

/** The one-element set {n}: an EMI of degree 0 (§2.1), e.g. the constant of a subscript. */
export function point(n: LinearLike): Emi {
  return { lo: toLinear(n), terms: [] };
}

/**
 * All integers lo..hi, i.e. [lo,hi]<1:hi-lo>: a loop index of stride 1, like
 * the [0,X]<1:X> of §3.2. `hi - lo` must be provably ≥ 0 (EmiError "empty"
 * for constants with hi < lo, "negative-count" otherwise).
 */
export function range(lo: LinearLike, hi: LinearLike): Emi {
  const w = subLinear(hi, lo);
  const k = asConstant(w);
  if (k !== undefined && k < 0) {
    throw new EmiError("empty", `[${linearToString(lo)},${linearToString(hi)}] is empty`);
  }
  return emi(lo, [[1, w]]);
}

/**
 * The modulo interval [lo,hi]_m(r) of Nakanishi and Fukuda (seed 000 ref. [4]):
 * the integers x in lo..hi with x ≡ r (mod m), as the degree-1 EMI
 * [l',u']<m:(u'-l')/m> of §2.1, where l' and u' are the least and greatest
 * such x. Undefined when there is none (an EMI is never empty).
 */
export function moduloInterval(lo: number, hi: number, m: number, r: number): Emi | undefined {
  assertInt(lo, "lower bound");
  assertInt(hi, "upper bound");
  assertInt(r, "residue");
  if (assertInt(m, "modulus") <= 0) throw new EmiError("invalid", `modulus must be positive, got ${m}`);
  const first = addInt(lo, modPos(subInt(r, lo), m));
  if (first > hi) return undefined;
  const count = floorDiv(subInt(hi, first), m);
  return emi(first, [[m, count]]);
}

/**
 * u = l + Σ α_i β_i (§2.1), the greatest element (a linear expression). O(n).
 * Representable for every EMI built by this library (the constructor checks).
 */
export function upper(e: Emi): Linear {
  let u = e.lo;
  for (const t of e.terms) u = addLinear(u, scaleLinear(t.count, t.step));
  return u;
}

/** n, the number of (step, count) pairs: the degree of §2.1. */
export function degree(e: Emi): number {
  return e.terms.length;
}

/** Whether the EMI is a single integer (or symbolic value): degree 0 (§2.1), where Def. 3 is exact. */
export function isPoint(e: Emi): boolean {
  return e.terms.length === 0;
}

/** Whether no name occurs in the lower bound or a count (else a §3.2-style symbolic set). */
export function isConstantEmi(e: Emi): boolean {
  return isConstant(e.lo) && e.terms.every((t) => isConstant(t.count));
}

/** All names used, sorted: the unknowns of §3.2 a run-time test must supply. */
export function namesIn(e: Emi): string[] {
  const s = new Set<string>(namesOf(e.lo));
  for (const t of e.terms) for (const n of namesOf(t.count)) s.add(n);
  return [...s].sort();
}

/** gcd of the steps (0 for a point): every element is ≡ l modulo it (§2.2 relation 6, §3.1 condition 2). */
export function stepGcd(e: Emi): number {
  let g = 0;
  for (const t of e.terms) g = gcd(g, t.step);
  return g;
}

/**
 * Structural equality of normal forms (§2.1): equal as written, hence equal
 * as sets. Different normal forms may still be the same set (§2.4.1).
 */
export function equalEmi(a: Emi, b: Emi): boolean {
  return (
    equalLinear(a.lo, b.lo) &&
    a.terms.length === b.terms.length &&
    a.terms.every((t, i) => t.step === b.terms[i]!.step && equalLinear(t.count, b.terms[i]!.count))
  );
}

/**
 * The constant EMI for one assignment of the names, e.g. once x(j1) is known
 * at run time (§3.2); missing names are an error.
 */
export function instantiate(e: Emi, env: Readonly<Record<string, number>>): Emi {
  for (const [n, v] of Object.entries(env)) {
    if (!Number.isSafeInteger(v) || v < 0) throw new EmiError("invalid", `name ${n} must be a natural number, got ${v}`);
  }
  return emi(
    evaluateLinear(e.lo, env),
    e.terms.map((t) => [t.step, evaluateLinear(t.count, env)] as const),
  );
}

/**
 * The calculator syntax `[l,u]<α1:β1,α2:β2>` for the paper's
 * [l,u] with superscript steps and subscript counts (§2.1); a point prints
 * as `[l,l]`. Parsing the text back gives the same EMI.
 */
export function emiToString(e: Emi): string {
  const l = linearToString(e.lo);
  const u = linearToString(upper(e));
  if (e.terms.length === 0) return `[${l},${u}]`;
  return `[${l},${u}]<${e.terms.map((t) => `${t.step}:${linearToString(t.count)}`).join(",")}>`;
}
