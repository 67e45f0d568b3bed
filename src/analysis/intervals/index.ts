/**
 * Extended modulo intervals (seed 000, Soyama & Kako): sets of integers
 * { l + Σ α_i ρ_i | 0 ≤ ρ_i ≤ β_i } with exact + and -, a superset ×,
 * degree reduction, membership and emptiness of intersections. The array
 * dependence tests and run-time checks stand on this API.
 *
 * Typical use by a dependence test (seed 000 §3.3, the sound form):
 *
 *   const h = add(sub(f(I2), f(I1)), scale(range(1, n - 1), stride));  // f(I') - f(I), i' - i ≥ 1
 *   const r = containsZero(h);     // "no" = independent, proved for every value of the names
 *
 * Conventions:
 * - `Emi` values are immutable and always in normal form (§2.1).
 * - Names in bounds and counts are unknown integers ≥ 0, independent of each
 *   other; "yes"/"no"/"empty"/"intersects" hold for every value of them.
 * - Constructors and arithmetic throw `EmiError` when a result cannot be
 *   represented (non-linear counts, symbolic steps, |x| > 2^53 - 1); read it
 *   as "unknown set" (use `attempt`). Questions (`isMember`, `containsZero`,
 *   `intersect`) never throw for that reason: they answer "maybe". No
 *   function returns a wrong set.
 * - Arithmetic does not reduce by itself: call `reduce` after each operation
 *   (the calculator and `evalPolynomial` do) to keep every degree ≤ 8, so a
 *   chain of k operations costs O(k).
 */
export { EmiError, attempt, type Attempt, type EmiErrorCode } from "./errors.js";
export {
  ZERO,
  addLinear,
  asConstant,
  constant,
  equalLinear,
  evaluateLinear,
  isConstant,
  linear,
  linearToString,
  mulLinear,
  negLinear,
  provablyLess,
  provablyLessEq,
  provablyNonNegative,
  scaleLinear,
  subLinear,
  toLinear,
  variable,
  type Linear,
  type LinearLike,
} from "./linear.js";
export {
  degree,
  emi,
  emiToString,
  equalEmi,
  instantiate,
  isConstantEmi,
  isPoint,
  moduloInterval,
  namesIn,
  point,
  range,
  stepGcd,
  upper,
  type Emi,
  type EmiTerm,
  type TermLike,
} from "./emi.js";
export { add, mul, neg, scale, shift, square, sub, sum } from "./arithmetic.js";
export { DEFAULT_MAX_DEGREE, reduce, reduceApprox, reduceExact, type ReduceOptions, type Reduction } from "./reduce.js";
export { DEFAULT_BUDGET, findCombination, solvePair, type CombinationResult, type Part, type SearchMethod } from "./combination.js";
export { residueReachable } from "./residues.js";
export {
  containsZero,
  isMember,
  zeroInSum,
  type MembershipAnswer,
  type MembershipOptions,
  type SumPart,
  type Verdict,
} from "./membership.js";
export { anyCondition, condition1, condition2, condition3, condition4, type ConditionProof } from "./conditions.js";
export { intersect, type IntersectionAnswer, type IntersectionVerdict, type IntersectOptions } from "./intersect.js";
export { evalPolynomial, type Monomial, type Polynomial, type PolynomialValue } from "./polynomial.js";
export { calculate, type CalculatorOptions, type CalculatorResult } from "./calculator.js";
export { CalcSyntaxError, parseQuery, type Node as CalcNode, type Query as CalcQuery } from "./calcParser.js";
