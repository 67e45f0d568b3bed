/**
 * Membership questions on EMIs (seed 000 §2.1, §3.1): is an integer n in A?
 * is 0 in H? The dependence tests ask the second with H = f(I') - f(I)
 * (0 ∈ H iff two iterations touch the same element), and A ∩ B = ∅ iff
 * 0 ∉ A - B (intersect.ts).
 *
 * Both reduce to one question on a sum: is 0 ∈ { lo + Σ s_i ρ_i | 0 ≤ ρ_i ≤ c_i }?
 * The parts need not be normalised; steps may be negative (intersect.ts
 * passes A's pairs and B's negated pairs, so a witness splits back into an
 * element of each).
 *
 * Answers hold for every assignment of naturals to the names (linear.ts):
 *   "yes"   0 is in the set for every assignment (exact),
 *   "no"    for none (exact),
 *   "maybe" undecided: the search budget ran out, or the answer depends on
 *           the names (then the reason says so). Conservative.
 * How:
 *  1. bounds (0 below the least or above the greatest element, provably);
 *  2. gcd of the steps does not divide lo (when the names' coefficients in
 *     lo are multiples of the gcd, the residue is the same for all values);
 *  3. constant lo: exact search at the least assignment (all names 0). Since
 *     counts only grow with the names and lo does not move, a solution there
 *     is a solution everywhere: "yes". For "no", when all symbolic counts sit
 *     on steps of one sign, no ρ on them can exceed a constant cap, so the
 *     search with those counts raised to the cap covers every assignment;
 *  4. symbolic lo, or budget exhausted: reachability modulo
 *     M = gcd(steps of symbolic counts, coefficients of lo) (residues.ts), and
 *     for constant problems modulo suffix gcds of the steps: "no" if the
 *     residue of -lo is unreachable.
 * Degree ≤ 2 (after merging equal steps) is always decided exactly; larger
 * degrees within the work budget (combination.ts).
 */
import { DEFAULT_BUDGET, findCombination, type CombinationResult, type Part } from "./combination.js";
import { EmiError } from "./errors.js";
import { gcd, modPos } from "./integers.js";
import {
  addLinear,
  asConstant,
  coefficientGcd,
  isConstant,
  linearToString,
  negLinear,
  provablyLess,
  scaleLinear,
  subLinear,
  toLinear,
  type Linear,
  type LinearLike,
} from "./linear.js";
import { residueReachable } from "./residues.js";
import { stepGcd, upper, type Emi } from "./emi.js";

export type Verdict = "yes" | "no" | "maybe";

export interface MembershipAnswer {
  answer: Verdict;
  /** True for "yes"/"no" (proved for every assignment); false for "maybe". */
  exact: boolean;
  /** Which check decided, in words. */
  reason: string;
  /** For "yes": ρ_i for each part (each term of the EMI), valid for every assignment. */
  rho?: number[];
}

export interface MembershipOptions {
  /** Work budget of the exact search (combination.ts). Default 2,000,000. */
  budget?: number;
}

export interface SumPart {
  /** Any non-zero integer. */
  readonly step: number;
  /** Non-negative for every assignment. */
  readonly count: Linear;
}

const yes = (reason: string, rho: number[]): MembershipAnswer => ({ answer: "yes", exact: true, reason, rho });
const no = (reason: string): MembershipAnswer => ({ answer: "no", exact: true, reason });
const maybe = (reason: string): MembershipAnswer => ({ answer: "maybe", exact: false, reason });

function describeRho(lo: Linear, parts: readonly SumPart[], rho: readonly number[]): string {
  const bits = parts.map((p, i) => `${p.step}*${rho[i]}`).filter((_, i) => rho[i] !== 0);
  return `0 = ${linearToString(lo)}${bits.map((b) => (b.startsWith("-") ? b : "+" + b)).join("")}`;
}

/**
 * Is 0 ∈ { lo + Σ parts[i].step·ρ_i | 0 ≤ ρ_i ≤ parts[i].count } for every
 * assignment? The general question under every EMI membership test
 * (seed 000 §2.1 definition, §3.1 emptiness). See the file comment.
 */
export function zeroInSum(lo: LinearLike, parts: readonly SumPart[], options: MembershipOptions = {}): MembershipAnswer {
  try {
    return decide(lo, parts, options);
  } catch (e) {
    // Conservative: a bound or table size beyond 2^53 - 1 is no reason to guess.
    if (e instanceof EmiError) return maybe(`undecided: ${e.message}`);
    throw e;
  }
}

function decide(lo: LinearLike, parts: readonly SumPart[], options: MembershipOptions): MembershipAnswer {
  const budget = options.budget ?? DEFAULT_BUDGET;
  const base = toLinear(lo);
  // 1. Bounds.
  let least = base;
  let greatest = base;
  for (const p of parts) {
    const w = scaleLinear(p.count, p.step);
    if (p.step < 0) least = addLinear(least, w);
    else greatest = addLinear(greatest, w);
  }
  if (provablyLess(0, least)) return no(`the least element ${linearToString(least)} is above 0`);
  if (provablyLess(greatest, 0)) return no(`the greatest element ${linearToString(greatest)} is below 0`);
  // 2. Divisibility.
  const g = parts.reduce((acc, p) => gcd(acc, p.step), 0);
  if (g === 0) {
    // Conservative: a symbolic single value not provably ≠ 0 (the bounds check above failed).
    return base.c === 0 && isConstant(base)
      ? yes("the set is {0}", parts.map(() => 0))
      : maybe(`the single element ${linearToString(base)} is 0 for some values of the names only`);
  }
  if (coefficientGcd(base) % g === 0 && modPos(base.c, g) !== 0) {
    return no(`the gcd ${g} of the steps does not divide ${linearToString(negLinear(base))}`);
  }
  const symbolicParts = parts.filter((p) => !isConstant(p.count));
  const t0 = asConstant(base);
  if (t0 !== undefined) {
    // 3. Constant lo: the least assignment decides "yes" for all assignments.
    const t = -t0;
    const atZero: Part[] = parts.map((p) => ({ step: p.step, count: p.count.c }));
    const r0 = findCombination(t, atZero, budget);
    if (r0.kind === "found") return yes(describeRho(base, parts, r0.rho), r0.rho);
    if (symbolicParts.length === 0) {
      if (r0.kind === "none") return no(noReason(r0));
      // Conservative: the exact search gave up; residues may still prove "no".
      return modular(base, parts, budget) ?? maybe(r0.reason);
    }
    const capped = capSymbolic(t, parts);
    if (capped) {
      const r1 = findCombination(t, capped, budget);
      if (r1.kind === "none") return no(`${noReason(r1)}, however large the names`);
      if (r1.kind === "found") {
        // Conservative (and exact in substance): the answer differs between assignments.
        return maybe(
          `depends on the names: 0 is in the set for large values (${describeRho(base, parts, r1.rho)}) but not when all names are 0`,
        );
      }
    }
  }
  // 4. Residues.
  // Conservative: with a symbolic lower bound only "no" can be proved here.
  return modular(base, parts, budget) ?? maybe(
    t0 === undefined
      ? `undecided: the lower bound ${linearToString(base)} depends on the names and no residue argument applies`
      : "undecided: the answer may depend on the names (steps of both signs carry symbolic counts) or the search budget ran out",
  );
}

function noReason(r: CombinationResult & { kind: "none" }): string {
  return r.reason;
}

/**
 * Counts for the "no for every assignment" search: a symbolic count is
 * replaced by max(its constant, cap), where cap bounds ρ in any solution.
 * Valid when all symbolic counts are on steps of one sign; undefined otherwise.
 */
function capSymbolic(t: number, parts: readonly SumPart[]): Part[] | undefined {
  const sym = parts.filter((p) => !isConstant(p.count));
  const sign = Math.sign(sym[0]!.step);
  // Conservative: symbolic counts on steps of both signs can cancel without bound.
  if (!sym.every((p) => Math.sign(p.step) === sign)) return undefined;
  // With all symbolic steps positive (else mirror the equation): the
  // positive-step terms sum to t + (the negative-step terms), at most
  // |t| + Σ_{constant, opposite sign} |s|c, a constant.
  let room = sign > 0 ? t : -t;
  for (const p of parts) if (Math.sign(p.step) !== sign) room += Math.abs(p.step) * p.count.c;
  if (!Number.isSafeInteger(room)) return undefined;
  return parts.map((p) => {
    if (isConstant(p.count)) return { step: p.step, count: p.count.c };
    const cap = Math.max(0, Math.floor(room / Math.abs(p.step)));
    return { step: p.step, count: Math.max(p.count.c, cap) };
  });
}

/** Step 4 of the file comment: an exact "no" from residues, or undefined. */
function modular(base: Linear, parts: readonly SumPart[], budget: number): MembershipAnswer | undefined {
  const sym = parts.filter((p) => !isConstant(p.count));
  const moduli: number[] = [];
  if (sym.length > 0 || !isConstant(base)) {
    moduli.push(sym.reduce((acc, p) => gcd(acc, p.step), coefficientGcd(base)));
  } else {
    // Constant problem past the search budget: try M = gcd of the steps ≥ s
    // for each step s (largest first); those parts vanish modulo M.
    const steps = [...new Set(parts.map((p) => Math.abs(p.step)))].sort((x, y) => y - x);
    let gg = 0;
    for (const s of steps) {
      gg = gcd(gg, s);
      moduli.push(gg);
    }
  }
  const constParts: Part[] = parts.filter((p) => isConstant(p.count)).map((p) => ({ step: p.step, count: p.count.c }));
  const target = -base.c;
  const why = sym.length > 0 || !isConstant(base) ? "every symbolic part is a multiple of it" : "the larger steps vanish";
  for (const M of new Set(moduli)) {
    if (M < 2) continue;
    const ok = residueReachable(target, constParts, M, budget);
    if (ok === false) {
      return no(
        `modulo ${M} (${why}) the other steps never reach the residue ${modPos(target, M)} of ${linearToString(negLinear(base))}`,
      );
    }
  }
  return undefined;
}

/** Is 0 an element of H, for every assignment? (seed 000 §3.1: H = f(I') - f(I)). */
export function containsZero(h: Emi, options: MembershipOptions = {}): MembershipAnswer {
  return zeroInSum(h.lo, h.terms, options);
}

/**
 * Is n an element of A, for every assignment? (seed 000 §2.1: n ∈ A iff
 * n - l = Σ α_i ρ_i). For "yes", `rho` gives the multipliers of A's terms.
 */
export function isMember(n: LinearLike, a: Emi, options: MembershipOptions = {}): MembershipAnswer {
  const x = toLinear(n);
  const xs = linearToString(x);
  // The bound and gcd checks again, worded for the question asked.
  if (provablyLess(x, a.lo)) return no(`${xs} is below the least element ${linearToString(a.lo)}`);
  const u = upper(a);
  if (provablyLess(u, x)) return no(`${xs} is above the greatest element ${linearToString(u)}`);
  const g = stepGcd(a);
  const d = subLinear(x, a.lo);
  if (g > 0 && coefficientGcd(d) % g === 0 && modPos(d.c, g) !== 0) {
    return no(`the gcd ${g} of the steps does not divide ${xs} - ${linearToString(a.lo)} = ${linearToString(d)}`);
  }
  const r = zeroInSum(subLinear(a.lo, x), a.terms, options);
  if (r.answer === "yes" && r.rho) {
    const bits = a.terms.map((t, i) => `${t.step}*${r.rho![i]}`).filter((_, i) => r.rho![i] !== 0);
    return { ...r, reason: `${xs} = ${[linearToString(a.lo), ...bits].join("+")}` };
  }
  return r;
}
