/**
 * The emptiness conditions 1–4 of seed 000 §3.1: cheap sufficient checks
 * that A ∩ B = ∅ for two EMIs in normal form. Each returns a proof (which
 * condition, and the numbers that make it hold) or undefined. They are fast
 * paths of the general test 0 ∉ A - B (intersect.ts); none is necessary.
 *
 * With symbolic bounds and counts each inequality must hold for every
 * assignment of the names (linear.ts's "provably"), so a proof is valid for
 * all of them.
 *
 * Soundness, checked by property tests against enumeration:
 * - Condition 1 (disjoint ranges) and condition 2 (gcd of all steps does not
 *   divide l2 - l1) are sound as printed.
 * - Condition 3 as printed is NOT sound. With identical steps and counts and
 *   d = |l1 - l2| it asks (1) α_1 < d and (2) Σ_{j<i} α_jβ_j + d < α_i
 *   (i = 2..m). Counterexample: [0,12]<1:2,10:1> = {0,1,2,10,11,12} and
 *   [2,14]<1:2,10:1> = {2,3,4,12,13,14} satisfy both (1 < 2; 2 + 2 < 10) yet
 *   share 2 and 12; for m = 1, [0,4]<2:2> and [4,8]<2:2> share 4. The proof
 *   (A ∩ B ≠ ∅ iff d = Σ α_i τ_i with |τ_i| ≤ β_i; (2) rules out a largest
 *   non-zero τ_k with k ≥ 2) leaves k = 1, d = α_1 τ_1, open. We require
 *   instead (1') d is not α_1·ρ with 1 ≤ ρ ≤ β_1: α_1β_1 < d or α_1 ∤ d.
 * - Condition 4 is sound as printed (l1 ≤ l2, α_m = γ_n = M,
 *   (2) Σ_{i<m} α_iβ_i < d, (3) Σ_{j<n} γ_jδ_j + d < M): an equality
 *   a = b gives r_a - r_b - d ≡ 0 (mod M) with r_a - r_b - d in (-M, 0).
 *   But it must be checked, not assumed: seed 000 §3.3 applies it to
 *   [112,6160]<1:108,110:54> and [222,6160]<1:108,110:53>, where (3) reads
 *   108 + 110 < 110, false; those sets share 222 (intersect.test.ts).
 */
import { gcd, modPos } from "./integers.js";
import {
  addLinear,
  coefficientGcd,
  equalLinear,
  linearToString,
  provablyLess,
  provablyLessEq,
  scaleLinear,
  subLinear,
  type Linear,
} from "./linear.js";
import { upper, type Emi, type EmiTerm } from "./emi.js";

export interface ConditionProof {
  condition: 1 | 2 | 3 | 4;
  /** The inequalities that held, with their numbers. */
  reason: string;
}

const s = linearToString;

/** Σ α_i β_i over the given terms (a linear expression). */
function weight(terms: readonly EmiTerm[]): Linear {
  let w: Linear = { c: 0, terms: [] };
  for (const t of terms) w = addLinear(w, scaleLinear(t.count, t.step));
  return w;
}

/**
 * Orders the pair so that l1 ≤ l2 provably; undefined when neither order is
 * provable. Conservative: then conditions 3 and 4 are not tried.
 */
function ordered(a: Emi, b: Emi): [Emi, Emi, Linear] | undefined {
  if (provablyLessEq(a.lo, b.lo)) return [a, b, subLinear(b.lo, a.lo)];
  if (provablyLessEq(b.lo, a.lo)) return [b, a, subLinear(a.lo, b.lo)];
  return undefined;
}

/** Condition 1 (seed 000 §3.1): l1 > u2 or u1 < l2. */
export function condition1(a: Emi, b: Emi): ConditionProof | undefined {
  const ua = upper(a);
  const ub = upper(b);
  if (provablyLess(ua, b.lo)) return { condition: 1, reason: `u1 = ${s(ua)} < l2 = ${s(b.lo)}` };
  if (provablyLess(ub, a.lo)) return { condition: 1, reason: `u2 = ${s(ub)} < l1 = ${s(a.lo)}` };
  return undefined;
}

/**
 * Condition 2 (seed 000 §3.1): γ = gcd of all steps of A and B does not
 * divide l2 - l1 (for every assignment: the names' coefficients in l2 - l1
 * are multiples of γ and the constant is not).
 */
export function condition2(a: Emi, b: Emi): ConditionProof | undefined {
  let g = 0;
  for (const t of [...a.terms, ...b.terms]) g = gcd(g, t.step);
  if (g === 0) return undefined; // two points: condition 1's business
  const d = subLinear(b.lo, a.lo);
  if (coefficientGcd(d) % g !== 0 || modPos(d.c, g) === 0) return undefined;
  return { condition: 2, reason: `the gcd ${g} of all steps does not divide l2 - l1 = ${s(d)}` };
}

/**
 * Condition 3 (seed 000 §3.1), in its sound form: A and B have the same
 * steps and counts, d = |l1 - l2|, and
 *   (1') d ∉ { α_1ρ | 1 ≤ ρ ≤ β_1 }: α_1β_1 < d, or α_1 ∤ d;
 *   (2)  Σ_{j<i} α_jβ_j + d < α_i for i = 2..m.
 * The printed (1), α_1 < d, is not enough (see the file comment).
 */
export function condition3(a: Emi, b: Emi): ConditionProof | undefined {
  const m = a.terms.length;
  if (m === 0 || b.terms.length !== m) return undefined;
  if (!a.terms.every((t, i) => t.step === b.terms[i]!.step && equalLinear(t.count, b.terms[i]!.count))) return undefined;
  const o = ordered(a, b);
  if (!o) return undefined;
  const d = o[2];
  const first = a.terms[0]!;
  const w1 = scaleLinear(first.count, first.step);
  let one: string;
  if (provablyLess(w1, d)) one = `α1·β1 = ${s(w1)} < d = ${s(d)}`;
  else if (coefficientGcd(d) % first.step === 0 && modPos(d.c, first.step) !== 0) one = `α1 = ${first.step} does not divide d = ${s(d)}`;
  else return undefined;
  let below: Linear = w1;
  const ineqs: string[] = [];
  for (let i = 1; i < m; i++) {
    const lhs = addLinear(below, d);
    if (!provablyLess(lhs, a.terms[i]!.step)) return undefined;
    ineqs.push(`${s(below)} + ${s(d)} = ${s(lhs)} < α${i + 1} = ${a.terms[i]!.step}`);
    below = addLinear(below, scaleLinear(a.terms[i]!.count, a.terms[i]!.step));
  }
  const two = ineqs.length > 0 ? `; ${ineqs.join("; ")}` : "";
  return { condition: 3, reason: `same steps and counts, ${one}${two}` };
}

/**
 * Condition 4 (seed 000 §3.1), as printed (it is sound): with l1 ≤ l2 and
 * d = l2 - l1, (1) α_m = γ_n, (2) Σ_{i<m} α_iβ_i < d,
 * (3) Σ_{j<n} γ_jδ_j + d < α_m.
 */
export function condition4(a: Emi, b: Emi): ConditionProof | undefined {
  const o = ordered(a, b);
  if (!o) return undefined;
  const [lowSet, highSet, d] = o;
  const m = lowSet.terms.length;
  const n = highSet.terms.length;
  if (m === 0 || n === 0) return undefined;
  const M = lowSet.terms[m - 1]!.step;
  if (highSet.terms[n - 1]!.step !== M) return undefined;
  const sa = weight(lowSet.terms.slice(0, m - 1));
  const sb = weight(highSet.terms.slice(0, n - 1));
  if (!provablyLess(sa, d)) return undefined;
  const sbd = addLinear(sb, d);
  if (!provablyLess(sbd, M)) return undefined;
  return {
    condition: 4,
    reason: `largest steps equal (${M}); ${s(sa)} < l2 - l1 = ${s(d)}; ${s(sb)} + ${s(d)} = ${s(sbd)} < ${M}`,
  };
}

/** The first of conditions 1–4 of seed 000 §3.1 that proves A ∩ B = ∅, in the paper's order. */
export function anyCondition(a: Emi, b: Emi): ConditionProof | undefined {
  return condition1(a, b) ?? condition2(a, b) ?? condition3(a, b) ?? condition4(a, b);
}
