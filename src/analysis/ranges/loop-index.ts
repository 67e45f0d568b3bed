import type { Expr } from "../../ir/expr.js";
import type { Loop } from "../../ir/stmt.js";
import { IntSet } from "./int-set.js";
import { known, mergeWhy, UNKNOWN, type VarRange } from "./var-range.js";

/** The ranges of a counted loop's bounds, evaluated once before it (Fortran DO semantics, canonical C for). */
export interface LoopBounds {
  lower: VarRange;
  upper: VarRange;
  step: IntSet;
}

/**
 * The index inside the body (seed 003 §5): "for a for loop whose initial
 * and final values are known, the control variable takes every value from
 * the initial to the final one" — as ranges, lower.min..upper.max for a
 * positive step, upper.min..lower.max for a negative one. Empty when the
 * loop cannot run.
 */
export function bodyIndexRange(b: LoopBounds): VarRange {
  const why = mergeWhy(b.lower.why, b.upper.why);
  const s = b.step;
  if (s.min > 0) return known(IntSet.range(b.lower.set.min, b.upper.set.max), why);
  if (s.max < 0) return known(IntSet.range(b.upper.set.min, b.lower.set.max), why);
  return known(b.lower.set.union(b.upper.set).hull(), why);
}

/**
 * The index after the loop ends through its test: lower + trip·step. With
 * a positive step that is the lower bound when the loop does not run
 * (lower > upper), else a value in (upper, upper + step].
 */
export function exitIndexRange(b: LoopBounds): VarRange {
  const why = mergeWhy(b.lower.why, b.upper.why);
  const { lower: lo, upper: hi, step: s } = b;
  if (s.min > 0) {
    const zero = lo.set.intersect(IntSet.atLeast(hi.set.min + 1));
    const ran = lo.set.min <= hi.set.max ? IntSet.range(hi.set.min + 1, hi.set.max + s.max) : IntSet.EMPTY;
    return known(zero.union(ran).intersect(IntSet.atLeast(lo.set.min)), why);
  }
  if (s.max < 0) {
    const zero = lo.set.intersect(IntSet.atMost(hi.set.max - 1));
    const ran = lo.set.max >= hi.set.min ? IntSet.range(hi.set.min + s.min, hi.set.max - 1) : IntSet.EMPTY;
    return known(zero.union(ran).intersect(IntSet.atMost(lo.set.max)), why);
  }
  return UNKNOWN;
}

/** Whether the loop surely runs at least once (lower ≤ upper for a positive step). */
export function surelyRuns(b: LoopBounds): boolean {
  if (b.step.min > 0) return b.lower.set.max <= b.upper.set.min;
  if (b.step.max < 0) return b.lower.set.min >= b.upper.set.max;
  return false;
}

/**
 * The condition "the loop runs at least once" as an expression on its
 * bounds (lower <= upper for a positive step), for the constraints it
 * puts on the bounds' variables; null when the step's sign is unknown.
 */
export function runsCondition(l: Loop, step: IntSet): Expr | null {
  if (!l.lower || !l.upper) return null;
  const op = step.min > 0 ? "<=" : step.max < 0 ? ">=" : null;
  if (!op) return null;
  return { kind: "binary", op, left: l.lower, right: l.upper, span: l.span, type: { base: "logical", bytes: 4 } };
}
