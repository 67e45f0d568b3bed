import type { Sym } from "../../ir/symbol.js";
import { add, coeffOf, constant, equals, gcd, isConstant, scale, sub, substitute, type Affine } from "../symbolic/affine.js";
import { formatAffine, meetAccuracy, type AccessPattern, type Accuracy } from "./pattern.js";
import { AffineOverflow, divideStride, divideVelocity, ok, widenNum, widenNumToMax, type Widening } from "./widen.js";

/**
 * Convolution of seed 001 §3.1: folds the access pattern of an inner loop
 * A_in(Var1, St1, Str1, Num1, Vel1, Acc1)_ub1 into the loop around it, so
 * that one iteration of the outer loop is described by the whole inner
 * loop's region. The union ∪_{t=1..ub1} {St1 + Vel1(t−1) + Str1·k : k < Num1}
 * is regular (one Stride, one Num) in three cases:
 *
 *   (1) Num1 = 1:                          Str = Vel1, Num = ub1
 *   (2) Vel1 ≥ Str1, Str1 | Vel1, Num1 ≥ q (q = Vel1/Str1; the paper writes
 *       Str1·Num1 ≥ Vel1):                 Str = Str1, Num = q·(ub1 − 1) + Num1
 *   (3) Vel1 < Str1, Vel1 | Str1, ub1 ≥ p (p = Str1/Vel1):
 *                                          Str = Vel1, Num = p·(Num1 − 1) + ub1
 *
 * Condition (3) is printed as "Vel1 × Num1 ≥ Str1", which is wrong: the
 * inner iterations fill the gaps of one region only if there are at least p
 * of them (Str1 = 10, Vel1 = 1, Num1 = 10, ub1 = 3 touches 0,1,2,10,11,12,…,
 * yet satisfies the printed condition). It is the mirror image of (2), with
 * (Str, Num) and (Vel, ub) exchanged, and its Num formula (Fig. 5(b)) is
 * that mirror image too. We use ub1 ≥ p; the property tests check both.
 *
 * Negative strides and velocities are folded into the start (St′ of §3.1):
 * the region's lowest element, Str·(Num − 1) or Vel·(ub − 1) further down,
 * and the magnitudes are used in the conditions. The paper substitutes
 * "Var1 = 1" into St′, but St1 does not mention Var1; all its examples
 * substitute the outer variable's first value (Var2 = 1), which is what
 * Start means ("the position first operated"). Likewise the outer pattern's
 * Velocity is taken from St′ (how far the inner loop's region moves per
 * outer iteration), not from the outer loop's own single-loop pattern: the
 * two agree unless the inner loop's bounds depend on the outer index, where
 * the paper's formula would be wrong (do i; do j = 1, i: a(i − j + 1) keeps
 * its region at offset 0, though a's offset grows with i).
 *
 * Two cases the paper does not list: Vel1 = 0 (every inner iteration touches
 * the same region, rule (0)), and a Num1 that changes with Var1 (a
 * triangular loop inside), which is widened to its maximum (§5.2 rule 1).
 * When no condition holds and widening is allowed, the §5.2 rules make one
 * hold (see `widened`).
 */
export interface LoopLevel {
  var: Sym;
  /** Value of var in the first iteration. */
  first: Affine;
  step: number;
  /** Trip count. */
  ub: Affine;
  /** MAY when the reference is conditional in this loop's body or the body may be left early. */
  accuracy: Accuracy;
}

export type ConvolutionRule = "(0)" | "(1)" | "(2)" | "(3)";

/** Provable bounds of an affine form over the iteration space; absent when unknown. */
export interface Bounds {
  min?: number;
  max?: number;
}

export interface ConvolveOptions {
  /** Apply the §5.2 widenings when no condition holds (default true). */
  widen?: boolean;
  /** Provable bounds of a form of the enclosing indices and symbols (default: constants only). */
  bounds?: (a: Affine) => Bounds;
  /**
   * An upper bound of Num1 known from elsewhere (the array's declared
   * bounds, for a MUST inner pattern): lets rule 1 widen a symbolic Num.
   */
  numCap?: number;
}

export type Convolution =
  | { ok: true; pattern: AccessPattern; rule: ConvolutionRule; widenings: Widening[] }
  | { ok: false; message: string };

const constantBounds = (a: Affine): Bounds => (isConstant(a) ? { min: a.c, max: a.c } : {});

interface Shape {
  start: Affine;
  stride: number;
  num: Affine;
  rule: ConvolutionRule;
  widenings: Widening[];
  exact: boolean;
}

export function convolve(inner: AccessPattern, outer: LoopLevel, opts: ConvolveOptions = {}): Convolution {
  try {
    return convolveChecked(inner, outer, opts);
  } catch (e) {
    if (e instanceof AffineOverflow) return { ok: false, message: e.message };
    throw e;
  }
}

function convolveChecked(inner0: AccessPattern, outer: LoopLevel, opts: ConvolveOptions): Convolution {
  const widen = opts.widen ?? true;
  const bounds = opts.bounds ?? constantBounds;
  const pre: Widening[] = [];
  let inner = inner0;
  if (coeffOf(inner.num, inner.var) !== 0) {
    if (!widen) return { ok: false, message: `Num (${formatAffine(inner.num)}) changes with ${inner.var.name}` };
    const w = widenNumToMax(inner);
    inner = w.pattern;
    pre.push(w.widening);
  }
  const shape = combine(normalizeSigns(inner), bounds, widen, opts.numCap);
  if (typeof shape === "string") return { ok: false, message: shape };
  // The outer loop's region in its iteration t starts at St′ evaluated at Var2 = first + step·(t − 1).
  const velocity = coeffOf(shape.start, outer.var) * outer.step;
  const start = ok(substitute(shape.start, outer.var, outer.first));
  const exact = shape.exact && pre.length === 0 && shape.widenings.length === 0;
  const accuracy = exact ? meetAccuracy(inner.accuracy, outer.accuracy) : "MAY";
  return {
    ok: true,
    pattern: { var: outer.var, start, stride: shape.stride, num: shape.num, velocity, accuracy, ub: outer.ub, first: outer.first, step: outer.step },
    rule: shape.rule,
    widenings: [...pre, ...shape.widenings],
  };
}

/** St′ of §3.1: the lowest element of the inner loop's whole region, with positive Stride and Velocity. */
export function normalizeSigns(p: AccessPattern): AccessPattern {
  let start = p.start;
  let stride = p.stride;
  let velocity = p.velocity;
  if (stride < 0) {
    start = ok(add(start, ok(scale(ok(sub(p.num, constant(1))), stride))));
    stride = -stride;
  }
  if (velocity < 0) {
    start = ok(add(start, ok(scale(ok(sub(p.ub, constant(1))), velocity))));
    velocity = -velocity;
  }
  return { ...p, start, stride, velocity };
}

/** Chooses the rule (0)-(3), or the widenings that make one apply; a string says why none does. */
function combine(p: AccessPattern, bounds: (a: Affine) => Bounds, widen: boolean, numCap: number | undefined): Shape | string {
  if (p.stride === 0) return "Stride 0 (the analysis never makes one)";
  const S = p.stride;
  const V = p.velocity;
  const N = p.num;
  const U = p.ub;
  const minOf = (a: Affine) => bounds(a).min;
  const nMax = (n: Affine): number | undefined => {
    const b = bounds(n).max;
    return numCap === undefined ? b : b === undefined ? numCap : Math.min(b, numCap);
  };
  const geq = (a: Affine, k: number) => (minOf(a) ?? -Infinity) >= k;
  const base = { start: p.start, widenings: [] as Widening[] };
  if (V === 0) return { ...base, stride: S, num: N, rule: "(0)", exact: geq(U, 1) };
  if (isConstant(N) && N.c === 1) return { ...base, stride: V, num: U, rule: "(1)", exact: true };
  if (V >= S && V % S === 0 && geq(N, V / S)) {
    const q = V / S;
    const num = ok(add(ok(scale(ok(sub(U, constant(1))), q)), N));
    // With ub1 ≤ 0 nothing is touched, but the formula still counts Num1 − q elements unless Num1 = q.
    return { ...base, stride: S, num, rule: "(2)", exact: geq(U, 1) || equals(N, constant(q)) };
  }
  if (V < S && S % V === 0 && geq(U, S / V)) {
    const num = ok(add(ok(scale(ok(sub(N, constant(1))), S / V)), U));
    return { ...base, stride: V, num, rule: "(3)", exact: geq(N, 1) };
  }
  const why = whyNot(S, V, N, U, nMax);
  if (!widen) return why;
  return widened(p, S, V, N, U, nMax);
}

function whyNot(S: number, V: number, N: Affine, U: Affine, nMax: (n: Affine) => number | undefined): string {
  if (V >= S) {
    if (V % S !== 0) return `Vel ${V} is not a multiple of Str ${S}`;
    const m = nMax(N);
    if (m !== undefined && m < V / S) return `Str×Num = ${S}×${isConstant(N) ? N.c : formatAffine(N)} < Vel = ${V}: gaps between the inner iterations' regions`;
    return `cannot show Str×Num ≥ Vel (Str ${S}, Num ${formatAffine(N)}, Vel ${V})`;
  }
  if (S % V !== 0) return `Str ${S} is not a multiple of Vel ${V}`;
  return isConstant(U) ? `Vel×ub = ${V}×${U.c} < Str = ${S}: gaps inside the region` : `cannot show Vel×ub ≥ Str (Vel ${V}, ub ${formatAffine(U)}, Str ${S})`;
}

/**
 * §5.2 when no condition holds. If Str divides Vel and Num1 ≤ q is
 * provable, rule 1 enlarges Num1 to q (Fig. 8: Num 9 → 10 gives
 * A(i, 0, 1, 90, 100, MAY)9). Otherwise rules 2 and 3 divide Stride and
 * Velocity down to g = gcd(Str, Vel) (Num1·Str/g, ub1·Vel/g), after which
 * Str′ = Vel′ = g and (2) applies with q = 1. That last step needs Num′ ≥ 1
 * only for exactness: when the inner region is empty anything describes it,
 * so the MAY result holds for every Num1.
 */
function widened(p: AccessPattern, S: number, V: number, N: Affine, U: Affine, nMax: (n: Affine) => number | undefined): Shape {
  const q = V / S;
  const m = nMax(N);
  if (V % S === 0 && m !== undefined && m <= q) {
    const w = widenNum(p, constant(q));
    return { start: p.start, stride: S, num: ok(scale(U, q)), rule: "(2)", widenings: [w.widening], exact: false };
  }
  const g = gcd(S, V);
  let pat = p;
  const ws: Widening[] = [];
  if (g < S) {
    const w = divideStride(pat, g);
    pat = w.pattern;
    ws.push(w.widening);
  }
  if (g < V) {
    const w = divideVelocity(pat, g);
    pat = w.pattern;
    ws.push(w.widening);
  }
  return { start: p.start, stride: g, num: ok(add(ok(sub(pat.ub, constant(1))), pat.num)), rule: "(2)", widenings: ws, exact: false };
}
