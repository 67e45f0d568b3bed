/**
 * Arithmetic on EMIs, seed 000 §2.3 (Definitions 1–3) and §2.4.3.
 *
 * Each operation is defined on sets, element by element:
 *   neg, add, sub, scale, shift   give exactly { f(x, y) } (no loss);
 *   mul, square                   give a superset of { x·y } / { x² }.
 * An EMI is never empty, so every operation is total on values; what can
 * fail is the representation (symbolic steps, non-linear counts, overflow),
 * and then an `EmiError` is thrown rather than a wrong set returned.
 *
 * Results are in normal form but not reduced: the degree of a sum is the sum
 * of degrees, of a product about m·n + m + n. Callers keep degrees bounded
 * with `reduce` (reduce.ts); each operation here is O(result degree · log).
 */
import { EmiError } from "./errors.js";
import { assertInt, mulInt } from "./integers.js";
import {
  addLinear,
  asConstant,
  linearToString,
  mulLinear,
  negLinear,
  scaleLinear,
  toLinear,
  type Linear,
  type LinearLike,
} from "./linear.js";
import { emi, point, upper, type Emi, type EmiTerm } from "./emi.js";

/**
 * -A = [-u,-l] with the same steps and counts (seed 000 §2.3, Definition 1).
 * Exact. O(n).
 */
export function neg(a: Emi): Emi {
  return { lo: negLinear(upper(a)), terms: a.terms };
}

/**
 * A + B = [l1+l2, u1+u2] with the steps and counts of both (seed 000 §2.3,
 * Definition 2). Exact: every element of the result is x + y with x ∈ A,
 * y ∈ B, and conversely. O((m+n) log(m+n)).
 */
export function add(a: Emi, b: Emi): Emi {
  return emi(addLinear(a.lo, b.lo), [...a.terms, ...b.terms]);
}

/** A - B = A + (-B) (seed 000 §2.3, Definition 2). Exact. */
export function sub(a: Emi, b: Emi): Emi {
  return add(a, neg(b));
}

/** A + c for an integer or linear c: Def. 2 (§2.3) with a degree-0 operand; only the bound moves. Exact. */
export function shift(a: Emi, c: LinearLike): Emi {
  const e = { lo: addLinear(a.lo, c), terms: a.terms };
  upper(e); // throws EmiError("overflow") rather than build an EMI whose u is not representable
  return e;
}

/**
 * k·A = { k·x | x ∈ A } = [k·l, ...] with steps k·α_i (seed 000 §2.3,
 * multiplication by a constant, Definition 3 with a degree-0 operand).
 * Exact; a negative k is normalised with §2.1 property 3. O(n log n).
 */
export function scale(a: Emi, k: number): Emi {
  assertInt(k, "factor");
  if (k === 0) return point(0);
  return emi(
    scaleLinear(a.lo, k),
    a.terms.map((t) => [mulInt(t.step, k), t.count] as const),
  );
}

function constantFactor(l: Linear, side: string): number {
  const k = asConstant(l);
  if (k === undefined) {
    throw new EmiError(
      "symbolic-step",
      `the ${side ? side + " " : ""}lower bound ${linearToString(l)} is symbolic and would multiply steps of the other operand; steps must be integers`,
    );
  }
  return k;
}

/**
 * A × B ⊇ { x·y | x ∈ A, y ∈ B } (seed 000 §2.3, Definition 3), computed in
 * the shifted form of §2.4.3: with A = l1 + A', B = l2 + B' (A', B' of lower
 * bound 0),
 *
 *     A × B = l1·l2 + l2·A' + l1·B' + A'×B',
 *
 * where A'×B' has steps α_i·γ_j and counts β_i·δ_j (ρ_i σ_j ranges over
 * [0, β_i δ_j]). For two independent operands this is exactly Definition 3
 * (steps l2·α_i, l1·γ_j, α_i·γ_j); writing it shifted makes the requirement
 * visible: a symbolic lower bound may only multiply a point, and two symbolic
 * counts may not meet. Exact when one operand is a point, a superset
 * otherwise (the paper's example: [0,10]<2:5> squared is not an EMI).
 * Result degree ≤ m + n + m·n before normalisation; O(m·n log(m·n)).
 */
export function mul(a: Emi, b: Emi): Emi {
  if (a.terms.length === 0 && b.terms.length === 0) return point(mulLinear(a.lo, b.lo));
  if (a.terms.length === 0) return scale(b, constantFactor(a.lo, "left"));
  if (b.terms.length === 0) return scale(a, constantFactor(b.lo, "right"));
  // Conservative (Def. 3 itself): ρ_iσ_j is widened to all of 0..β_iδ_j.
  const l1 = constantFactor(a.lo, "left");
  const l2 = constantFactor(b.lo, "right");
  const terms: (readonly [number, Linear])[] = [];
  for (const t of a.terms) terms.push([mulInt(l2, t.step), t.count]);
  for (const t of b.terms) terms.push([mulInt(l1, t.step), t.count]);
  for (const s of a.terms) {
    for (const t of b.terms) terms.push([mulInt(s.step, t.step), mulLinear(s.count, t.count)]);
  }
  return emi(mulInt(l1, l2), terms);
}

/**
 * { x² | x ∈ A } ⊆ square(A) ⊆ A × A. Writing x = l + Σ α_i ρ_i,
 *
 *     x² = l² + Σ_i 2lα_i ρ_i + Σ_i α_i² ρ_i² + Σ_{i<j} 2α_iα_j ρ_i ρ_j,
 *
 * and each ρ-monomial ranges within [0, its counts' product]. Because x is
 * one value (not two independent ones) the cross terms come once with step
 * 2α_iα_j, where Definition 3 on A×A gives step α_iα_j with twice the count:
 * a smaller superset. This is the repeated-variable case that §2.4.3's
 * rewriting of polynomials is about. O(n² log n).
 */
export function square(a: Emi): Emi {
  if (a.terms.length === 0) return point(mulLinear(a.lo, a.lo));
  const l = constantFactor(a.lo, "");
  const ts: readonly EmiTerm[] = a.terms;
  const terms: (readonly [number, Linear])[] = [];
  for (let i = 0; i < ts.length; i++) {
    const s = ts[i]!;
    terms.push([mulInt(mulInt(2, l), s.step), s.count]);
    terms.push([mulInt(s.step, s.step), mulLinear(s.count, s.count)]);
    for (let j = i + 1; j < ts.length; j++) {
      const t = ts[j]!;
      terms.push([mulInt(mulInt(2, s.step), t.step), mulLinear(s.count, t.count)]);
    }
  }
  return emi(mulInt(l, l), terms);
}

/** The sum of a list by Def. 2 (§2.3), normalised once (empty list: {0}). Exact. */
export function sum(items: readonly Emi[]): Emi {
  let lo: Linear = toLinear(0);
  const terms: EmiTerm[] = [];
  for (const e of items) {
    lo = addLinear(lo, e.lo);
    terms.push(...e.terms);
  }
  return emi(lo, terms);
}
