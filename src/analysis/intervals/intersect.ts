/**
 * Is A ∩ B empty? Seed 000 §3.1, answered in its general form
 *
 *     A ∩ B = ∅  ⇔  0 ∉ A - B,
 *
 * with conditions 1–4 (conditions.ts) tried first as cheap sufficient checks.
 * A - B is computed exactly (Definition 2), so the general test loses nothing
 * but what membership (membership.ts) cannot decide within its budget.
 *
 * Both operands are first reduced exactly (§2.4.1), as §3.1's algorithm does
 * before it tests conditions 3 and 4 (they read the normal form's largest
 * step). The difference is searched as the raw pairs of A and the negated
 * pairs of B, so a solution splits back into an element of each: the
 * witness.
 *
 * Answers hold for every assignment of the names:
 *   "empty"          proved (by a condition or by 0 ∉ A - B), exact;
 *   "intersects"     a common element exists for every assignment, exact;
 *   "may-intersect"  undecided (budget, or depends on the names), conservative.
 * Cost: O(n²) for the conditions plus one membership search (combination.ts).
 */
import { sub } from "./arithmetic.js";
import { EmiError } from "./errors.js";
import { anyCondition } from "./conditions.js";
import { emiToString, type Emi } from "./emi.js";
import { mulInt } from "./integers.js";
import { addLinear, linearToString, subLinear, type Linear } from "./linear.js";
import { zeroInSum, type MembershipOptions, type SumPart } from "./membership.js";
import { reduceExact } from "./reduce.js";

export type IntersectionVerdict = "empty" | "intersects" | "may-intersect";

export interface IntersectionAnswer {
  answer: IntersectionVerdict;
  /** True for "empty" and "intersects". */
  exact: boolean;
  /** What decided: one of the paper's conditions, the difference set, or nothing. */
  by: "condition 1" | "condition 2" | "condition 3" | "condition 4" | "difference" | "undecided";
  reason: string;
  /** For "intersects": a common element, for every assignment. */
  witness?: Linear;
  /** A - B in normal form, exactly reduced, for reports (undefined if not representable). */
  difference?: Emi;
}

export interface IntersectOptions extends MembershipOptions {
  /** Try conditions 1–4 before the general test (default true). */
  conditions?: boolean;
}

/** Emptiness of A ∩ B (seed 000 §3.1). See the file comment. */
export function intersect(a: Emi, b: Emi, options: IntersectOptions = {}): IntersectionAnswer {
  try {
    return decide(a, b, options);
  } catch (e) {
    // Conservative: e.g. l_A - u_B beyond 2^53 - 1; no answer is better than a guess.
    if (e instanceof EmiError) return { answer: "may-intersect", exact: false, by: "undecided", reason: `undecided: ${e.message}` };
    throw e;
  }
}

function decide(a: Emi, b: Emi, options: IntersectOptions): IntersectionAnswer {
  const A = reduceExact(a);
  const B = reduceExact(b);
  const difference = reduceExact(sub(A, B));
  if (options.conditions ?? true) {
    const proof = anyCondition(A, B);
    if (proof) {
      return { answer: "empty", exact: true, by: `condition ${proof.condition}`, reason: proof.reason, difference };
    }
  }
  // a = l_A + Σ α_i ρ_i and b = l_B + Σ γ_j σ_j are equal iff
  // 0 = (l_A - l_B) + Σ α_i ρ_i + Σ (-γ_j) σ_j.
  const parts: SumPart[] = [
    ...A.terms.map((t) => ({ step: t.step, count: t.count })),
    ...B.terms.map((t) => ({ step: -t.step, count: t.count })),
  ];
  const r = zeroInSum(subLinear(A.lo, B.lo), parts, options);
  if (r.answer === "yes" && r.rho) {
    const rho = r.rho;
    let x: Linear = A.lo;
    for (let i = 0; i < A.terms.length; i++) x = addLinear(x, mulInt(A.terms[i]!.step, rho[i]!));
    const inA = explain(A, rho.slice(0, A.terms.length));
    const inB = explain(B, rho.slice(A.terms.length));
    return {
      answer: "intersects",
      exact: true,
      by: "difference",
      reason: `${linearToString(x)} = ${inA} is in A, and = ${inB} is in B`,
      witness: x,
      difference,
    };
  }
  if (r.answer === "no") {
    return {
      answer: "empty",
      exact: true,
      by: "difference",
      reason: `0 is not in A - B = ${emiToString(difference)}: ${r.reason}`,
      difference,
    };
  }
  // Conservative: membership could not decide 0 ∈ A - B.
  return { answer: "may-intersect", exact: false, by: "undecided", reason: r.reason, difference };
}

function explain(e: Emi, rho: readonly number[]): string {
  const bits = e.terms.map((t, i) => `${t.step}*${rho[i]}`).filter((_, i) => rho[i] !== 0);
  return [linearToString(e.lo), ...bits].join("+");
}
