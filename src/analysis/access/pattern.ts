import type { Sym } from "../../ir/symbol.js";
import { isConstant, type Affine } from "../symbolic/affine.js";

/**
 * MUST: every element the pattern describes is touched, and nothing else.
 * MAY: the touched elements are among the described ones (a conditional
 * reference, an early exit, or a §5.2 widening made the description larger).
 */
export type Accuracy = "MUST" | "MAY";

/**
 * An access pattern (Var, Start, Stride, Num, Velocity, Accuracy)_ub of seed
 * 001 (Asakura & Watanabe) §2.2: how one array reference walks through the
 * array during the execution of one loop, in offsets from the array's first
 * element (0-based, linearized in the array's own layout, so any rank and
 * either language). Loops are normalized: iteration t runs from 1 to ub, and
 * the loop variable then has the value `first + step·(t − 1)`.
 *
 * Meaning, for each value of the enclosing loops' indices and of the symbols
 * (loop-invariant scalars) the forms mention: iteration t touches the region
 *
 *   R_t = { start + velocity·(t − 1) + stride·k  :  0 ≤ k < num }
 *
 * where `num` may depend on `var` itself (the triangular loops of Fig. 6(c):
 * num = i), evaluated at the iteration's value of var. R_t is empty when
 * num ≤ 0, and there are no iterations when ub ≤ 0. With MUST the elements
 * touched during iteration t are exactly R_t; with MAY they are a subset.
 *
 * Start is "the position first operated" (§2.2) for a single-loop pattern;
 * after a convolution with negative strides or velocities it is the lowest
 * element of R_1 (the St′ of §3.1), and stride is then positive.
 */
export interface AccessPattern {
  /** The loop variable (Var). */
  readonly var: Sym;
  /** Start: an affine form of the enclosing loops' indices and symbols. */
  readonly start: Affine;
  /** Stride: distance between the elements of one iteration's region (≥ 1). */
  readonly stride: number;
  /** Num: elements in one iteration's region; may mention `var` and outer indices. */
  readonly num: Affine;
  /** Velocity: how far the region moves from one iteration to the next. */
  readonly velocity: number;
  readonly accuracy: Accuracy;
  /** ub: the trip count of the normalized loop (an affine form of outer indices and symbols). */
  readonly ub: Affine;
  /** The value of `var` in iteration 1 (the loop's lower bound). */
  readonly first: Affine;
  /** The loop's step: var = first + step·(t − 1). */
  readonly step: number;
}

/** MUST only when both are MUST (Acc′ of §3.1). */
export function meetAccuracy(a: Accuracy, b: Accuracy): Accuracy {
  return a === "MUST" && b === "MUST" ? "MUST" : "MAY";
}

/**
 * An affine form as a formula: `100*i + 10*j - 109`. Terms follow `order`
 * (outer loop indices first, as the paper prints them), then the other
 * symbols by name.
 */
export function formatAffine(a: Affine, order: readonly Sym[] = []): string {
  const rank = (s: Sym): number => {
    const k = order.findIndex((o) => o.id === s.id);
    return k < 0 ? order.length : k;
  };
  const terms = [...a.terms].sort((x, y) => rank(x.sym) - rank(y.sym) || (x.sym.name < y.sym.name ? -1 : x.sym.name > y.sym.name ? 1 : 0));
  const parts: string[] = [];
  for (const t of terms) {
    const mag = Math.abs(t.coeff);
    const name = /^[A-Za-z_]\w*$/.test(t.sym.name) || mag === 1 ? t.sym.name : `(${t.sym.name})`;
    const term = mag === 1 ? name : `${mag}*${name}`;
    parts.push(parts.length === 0 ? (t.coeff < 0 ? `-${term}` : term) : t.coeff < 0 ? `- ${term}` : `+ ${term}`);
  }
  if (a.c !== 0 || parts.length === 0) parts.push(parts.length === 0 ? String(a.c) : a.c < 0 ? `- ${-a.c}` : `+ ${a.c}`);
  return parts.join(" ");
}

/** A number when the form is constant, else its formula (the JSON form of num and ub). */
export function affineValue(a: Affine, order: readonly Sym[] = []): number | string {
  return isConstant(a) ? a.c : formatAffine(a, order);
}

/** `A(j, 10*i - 10, 1, 1, 1, MUST)_10`, the paper's notation. */
export function patternText(p: AccessPattern, order: readonly Sym[] = []): string {
  const u = formatAffine(p.ub, order);
  const ub = /^[\w.]+$/.test(u) ? u : `(${u})`;
  return `A(${p.var.name}, ${formatAffine(p.start, order)}, ${p.stride}, ${formatAffine(p.num, order)}, ${p.velocity}, ${p.accuracy})_${ub}`;
}

/** The pattern's fields as the JSON report shows them (`doall access --json`). */
export interface PatternJson {
  var: string;
  start: string;
  stride: number;
  num: number | string;
  velocity: number;
  accuracy: Accuracy;
  ub: number | string;
}

export function patternJson(p: AccessPattern, order: readonly Sym[] = []): PatternJson {
  return {
    var: p.var.name,
    start: formatAffine(p.start, order),
    stride: p.stride,
    num: affineValue(p.num, order),
    velocity: p.velocity,
    accuracy: p.accuracy,
    ub: affineValue(p.ub, order),
  };
}
