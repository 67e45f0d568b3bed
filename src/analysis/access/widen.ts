import { add, coeffOf, constant, scale, sub, substitute, type Affine } from "../symbolic/affine.js";
import { formatAffine, type AccessPattern } from "./pattern.js";

/**
 * The three transformation rules of seed 001 §5.2, which trade Accuracy for
 * a description regular enough to convolve: the result always describes a
 * superset of the original's elements and is marked MAY. The caller decides
 * when to apply them (convolve.ts); each returns the widened pattern and a
 * line for the report.
 */
export interface Widening {
  rule: "num" | "stride" | "velocity";
  /** What changed, e.g. `Num 9 → 10`. */
  text: string;
}

export class AffineOverflow extends Error {}

/** Unwraps an affine operation's result; throws on integer overflow. */
export function ok(a: Affine | undefined): Affine {
  if (a === undefined) throw new AffineOverflow("integer overflow in an affine form");
  return a;
}

/**
 * Rule 1 (enlarging Num): A(Var, St, Str, Num, Vel, Acc)_ub →
 * A(Var, St, Str, Num + α, Vel, MAY)_ub with α ≥ 0. The caller proves
 * `num ≥ p.num` for every iteration.
 */
export function widenNum(p: AccessPattern, num: Affine): { pattern: AccessPattern; widening: Widening } {
  return {
    pattern: { ...p, num, accuracy: "MAY" },
    widening: { rule: "num", text: `Num ${formatAffine(p.num)} → ${formatAffine(num)}` },
  };
}

/**
 * Rule 1 applied to a Num that changes with Var (a triangular inner loop):
 * Num becomes its largest value over the iterations, reached at the first or
 * at the last iteration since Num is affine in Var.
 */
export function widenNumToMax(p: AccessPattern): { pattern: AccessPattern; widening: Widening } {
  const c = coeffOf(p.num, p.var) * p.step;
  if (c === 0) return { pattern: p, widening: { rule: "num", text: "Num unchanged" } };
  // Var at iteration t is first + step·(t − 1); the maximum is at t = ub when Num grows with t.
  const at = c > 0 ? ok(add(p.first, ok(scale(ok(sub(p.ub, constant(1))), p.step)))) : p.first;
  return widenNum(p, ok(substitute(p.num, p.var, at)));
}

/**
 * Rule 2 (dividing Stride): Str′ a divisor of Str, Num′ = Num·Str/Str′ (the
 * paper's formula; Str/Str′·(Num − 1) + 1 would be enough, but the rule is
 * kept as printed since its result is a superset either way).
 */
export function divideStride(p: AccessPattern, stride: number): { pattern: AccessPattern; widening: Widening } {
  if (stride <= 0 || p.stride % stride !== 0) throw new Error(`${stride} does not divide the stride ${p.stride}`);
  const num = ok(scale(p.num, p.stride / stride));
  return {
    pattern: { ...p, stride, num, accuracy: "MAY" },
    widening: { rule: "stride", text: `Str ${p.stride} → ${stride}, Num ${formatAffine(p.num)} → ${formatAffine(num)}` },
  };
}

/**
 * Rule 3 (dividing Velocity): Vel′ a divisor of Vel, ub′ = ub·Vel/Vel′. The
 * region now moves in smaller steps over more (fictitious) iterations, so
 * the result no longer follows the loop's iterations: it is only used as the
 * input of a convolution, which keeps the set and drops the inner order.
 * Num must not depend on Var (the caller widens it to its maximum first).
 */
export function divideVelocity(p: AccessPattern, velocity: number): { pattern: AccessPattern; widening: Widening } {
  if (velocity === 0 || p.velocity % velocity !== 0 || p.velocity / velocity < 0) throw new Error(`${velocity} does not divide the velocity ${p.velocity}`);
  const ub = ok(scale(p.ub, p.velocity / velocity));
  return {
    pattern: { ...p, velocity, ub, accuracy: "MAY" },
    widening: { rule: "velocity", text: `Vel ${p.velocity} → ${velocity}, ub ${formatAffine(p.ub)} → ${formatAffine(ub)}` },
  };
}
