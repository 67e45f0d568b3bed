/**
 * Degree reduction of EMIs, seed 000 §2.4.
 *
 * Sums and products raise the degree (m + n, about m·n). Left alone, a chain
 * of k operations would carry thousands of pairs, so every result is brought
 * back under a bound (default 8):
 *
 * - `reduceExact` (§2.4.1) rewrites without changing the set: two steps
 *   α_i | α_j (i < j, k = α_j/α_i) with β_i ≥ k - 1 merge into α_i with
 *   count β_i + k·β_j (inclusion relation 5 of §2.2 with its equality case:
 *   every n in 0..β_i + kβ_j is r + k·q with r ≤ β_i, q ≤ β_j). Equal steps
 *   merge already in the normal form (§2.1 property 2).
 * - `reduceApprox` (§2.4.2) replaces a pair by its gcd γ with count
 *   (α_iβ_i + α_jβ_j)/γ (inclusion relation 6 of §2.2), a superset, until the
 *   degree is at most m. The pair is the one of least cost (1/γ)(α_i/γ - 1),
 *   ties broken by the smaller α_j/γ, as the paper prescribes.
 *
 * Erratum: §2.4.2 as printed gives the new count as (α_i β_j + α_j β_i)/γ,
 * with the counts swapped. That is not a superset: for α = (2, 4),
 * β = (1, 10) it gives 12 where 42/2 = 21 is needed, and 42 ∈ A would be lost.
 * We use relation 6's count (α_iβ_i + α_jβ_j)/γ, which the paper proves.
 *
 * With symbolic counts, the merge condition β_i ≥ k - 1 must hold for every
 * assignment; a count c + Σ a X (a ≥ 0) satisfies it iff c ≥ k - 1.
 */
import { EmiError } from "./errors.js";
import { gcd } from "./integers.js";
import { addLinear, provablyLessEq, scaleLinear, type Linear } from "./linear.js";
import { degree, emi, type Emi, type EmiTerm } from "./emi.js";

/** Default degree bound m of §2.4.2 reductions. */
export const DEFAULT_MAX_DEGREE = 8;

export interface ReduceOptions {
  /** Largest degree a result may keep (≥ 1). Default 8. */
  maxDegree?: number;
}

export interface Reduction {
  value: Emi;
  /** True when the value is the same set as the input (no §2.4.2 step was needed). */
  exact: boolean;
}

/**
 * Exact degree reduction, seed 000 §2.4.1. Returns the same set with the
 * pairs merged until no pair α_i | α_j with β_i ≥ α_j/α_i - 1 is left.
 * O(n³) divisibility checks in the worst case, O(n²) typically, for degree n.
 */
export function reduceExact(a: Emi): Emi {
  const steps: number[] = a.terms.map((t) => t.step);
  const counts: Linear[] = a.terms.map((t) => t.count);
  let changed = false;
  // Processing i in increasing order is enough: merging into i only grows
  // β_i and removes pairs, which cannot make a pair (i', j) with i' < i
  // mergeable, since that test reads only β_i' and the steps.
  for (let i = 0; i < steps.length; i++) {
    let j = i + 1;
    while (j < steps.length) {
      const k = steps[j]! / steps[i]!;
      // Conservative: a symbolic β_i must satisfy β_i ≥ k - 1 for every
      // assignment; when unprovable the pair stays (still exact, less reduced).
      if (Number.isInteger(k) && provablyLessEq(k - 1, counts[i]!)) {
        counts[i] = addLinear(counts[i]!, scaleLinear(counts[j]!, k));
        steps.splice(j, 1);
        counts.splice(j, 1);
        changed = true;
        j = i + 1; // β_i grew: earlier j may now qualify
      } else {
        j++;
      }
    }
  }
  if (!changed) return a;
  return { lo: a.lo, terms: steps.map((step, i) => ({ step, count: counts[i]! })) };
}

/** Paper cost (1/γ)(α_i/γ - 1) = (α_i - γ)/γ², compared exactly. */
function cheaper(ai: number, g: number, aj: number, best: { ai: number; g: number; aj: number }): boolean {
  if (ai < 2 ** 17 && aj < 2 ** 17 && best.ai < 2 ** 17 && best.aj < 2 ** 17) {
    // Every product below is < 2^51: exact in doubles, no bigint needed.
    const l = (ai - g) * best.g * best.g;
    const r = (best.ai - best.g) * g * g;
    if (l !== r) return l < r;
    return aj * best.g < best.aj * g;
  }
  const lhs = BigInt(ai - g) * BigInt(best.g) * BigInt(best.g);
  const rhs = BigInt(best.ai - best.g) * BigInt(g) * BigInt(g);
  if (lhs !== rhs) return lhs < rhs;
  // Tie: the smaller α_j/γ (compared as fractions).
  return BigInt(aj) * BigInt(best.g) < BigInt(best.aj) * BigInt(g);
}

/**
 * Approximate reduction to degree ≤ m, seed 000 §2.4.2 (with the count of
 * relation 6, see the erratum above). The result contains the input set.
 * Each round merges one pair, chosen over all O(n²) pairs, then re-applies
 * the exact reduction: O(n³ log α) for degree n, which is bounded because
 * operands are themselves kept at degree ≤ m (a product has ≤ m² + 2m pairs).
 */
export function reduceApprox(a: Emi, maxDegree = DEFAULT_MAX_DEGREE): Emi {
  checkDegree(maxDegree);
  let e = reduceExact(a);
  while (degree(e) > maxDegree) {
    const ts = e.terms;
    let bi = -1;
    let bj = -1;
    let best = { ai: 0, g: 1, aj: 0 };
    for (let i = 0; i < ts.length; i++) {
      for (let j = i + 1; j < ts.length; j++) {
        const ai = ts[i]!.step;
        const aj = ts[j]!.step;
        const g = gcd(ai, aj);
        if (bi < 0 || cheaper(ai, g, aj, best)) {
          bi = i;
          bj = j;
          best = { ai, g, aj };
        }
      }
    }
    const ti = ts[bi]!;
    const tj = ts[bj]!;
    const g = best.g;
    // Conservative (§2.4.2's approximation): relation 6, α_i ρ_i + α_j ρ_j =
    // γ (α_i/γ ρ_i + α_j/γ ρ_j), and the bracket lies in 0..(α_iβ_i + α_jβ_j)/γ.
    const merged: EmiTerm = {
      step: g,
      count: addLinear(scaleLinear(ti.count, ti.step / g), scaleLinear(tj.count, tj.step / g)),
    };
    const rest = ts.filter((_, k) => k !== bi && k !== bj);
    e = reduceExact(emi(e.lo, [...rest, merged]));
  }
  return e;
}

/**
 * Exact reduction, then approximate reduction if the degree is still above
 * the bound (seed 000 §2.4.1 then §2.4.2). Says whether the set changed.
 */
export function reduce(a: Emi, options: ReduceOptions = {}): Reduction {
  const m = options.maxDegree ?? DEFAULT_MAX_DEGREE;
  checkDegree(m);
  const exact = reduceExact(a);
  if (degree(exact) <= m) return { value: exact, exact: true };
  return { value: reduceApprox(exact, m), exact: false };
}

function checkDegree(m: number): void {
  if (!Number.isInteger(m) || m < 1) throw new EmiError("invalid", `maximum degree must be an integer ≥ 1, got ${m}`);
}
