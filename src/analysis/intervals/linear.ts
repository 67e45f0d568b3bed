/**
 * Linear expressions over names with integer coefficients, such as
 * `12900+25800X`: the symbolic lower bounds, upper bounds and counts of EMIs
 * (seed 000 §3.2 writes the unknown loop bound x(j1) as X and gets the upper
 * bound 12900 + 25800X).
 *
 * What a name means (the assumption every answer of this library rests on):
 * each name stands for an unknown integer ≥ 0, names are independent of each
 * other, and a statement about an expression is "proved" only when it holds
 * for every assignment of non-negative integers to its names. A caller that
 * maps a program quantity to a name must ensure it is non-negative (e.g. a
 * loop trip count) or shift it first.
 *
 * Under that assumption c + Σ a_k X_k ≥ 0 for all X ≥ 0 exactly when c ≥ 0
 * and every a_k ≥ 0 (take one X_k large, the others 0), which makes every
 * comparison here decidable: it answers only what holds for all assignments.
 */
import { EmiError } from "./errors.js";
import { addInt, assertInt, gcd, mulInt } from "./integers.js";

export interface Linear {
  /** The constant part. */
  readonly c: number;
  /** Sorted by name, no zero coefficient, each name once. */
  readonly terms: readonly (readonly [name: string, coef: number])[];
}

export type LinearLike = number | Linear;

const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** The zero expression (a count of 0 is dropped by §2.1 property 5). */
export const ZERO: Linear = Object.freeze({ c: 0, terms: Object.freeze([]) }) as Linear;

/** `linear(12900, { X: 25800 })` is 12900+25800X, the upper bound of §3.2. */
export function linear(c: number, coefs: Readonly<Record<string, number>> = {}): Linear {
  const terms: [string, number][] = [];
  for (const name of Object.keys(coefs).sort()) {
    if (!NAME.test(name)) throw new EmiError("invalid", `bad name '${name}'`);
    const a = assertInt(coefs[name]!, `coefficient of ${name}`);
    if (a !== 0) terms.push([name, a]);
  }
  return { c: assertInt(c, "constant"), terms };
}

/** An integer as a linear expression (§2.1 bounds and counts are usually constants). */
export function constant(n: number): Linear {
  return { c: assertInt(n, "constant"), terms: [] };
}

/** coef·name, e.g. the unknown loop bound X = x(j1) of §3.2. */
export function variable(name: string, coef = 1): Linear {
  return linear(0, { [name]: coef });
}

/** A number or an expression as an expression (for the §2.1 constructors). */
export function toLinear(x: LinearLike): Linear {
  return typeof x === "number" ? constant(x) : x;
}

/** Whether no name occurs (a count of §2.1 known at compile time). */
export function isConstant(a: Linear): boolean {
  return a.terms.length === 0;
}

/** The value if `a` has no names, else undefined (steps of §2.3 Def. 3 must be such). */
export function asConstant(a: Linear): number | undefined {
  return a.terms.length === 0 ? a.c : undefined;
}

/** The names used, sorted (the unknowns of §3.2). */
export function namesOf(a: Linear): string[] {
  return a.terms.map(([n]) => n);
}

function combine(a: Linear, b: Linear, kb: number): Linear {
  const out: [string, number][] = [];
  let i = 0;
  let j = 0;
  while (i < a.terms.length || j < b.terms.length) {
    const ta = a.terms[i];
    const tb = b.terms[j];
    if (tb === undefined || (ta !== undefined && ta[0] < tb[0])) {
      out.push([ta![0], ta![1]]);
      i++;
    } else if (ta === undefined || tb[0] < ta[0]) {
      const v = mulInt(kb, tb[1]);
      if (v !== 0) out.push([tb[0], v]);
      j++;
    } else {
      const v = addInt(ta[1], mulInt(kb, tb[1]));
      if (v !== 0) out.push([ta[0], v]);
      i++;
      j++;
    }
  }
  return { c: addInt(a.c, mulInt(kb, b.c)), terms: out };
}

/** a + b: bounds of §2.3 Def. 2 and merged counts of §2.1 property 2. */
export function addLinear(a: LinearLike, b: LinearLike): Linear {
  return combine(toLinear(a), toLinear(b), 1);
}

/** a - b: the lower bound l1 - u2 of A - B (§2.3 Def. 2). */
export function subLinear(a: LinearLike, b: LinearLike): Linear {
  return combine(toLinear(a), toLinear(b), -1);
}

/** k·a: α·β terms of u = l + Σ α_iβ_i (§2.1) and multiplication by constants (§2.3). */
export function scaleLinear(a: LinearLike, k: number): Linear {
  const x = toLinear(a);
  assertInt(k, "factor");
  if (k === 0) return ZERO;
  return { c: mulInt(x.c, k), terms: x.terms.map(([n, v]) => [n, mulInt(v, k)] as const) };
}

/** -a: the bounds of -A (§2.3 Def. 1). */
export function negLinear(a: LinearLike): Linear {
  return scaleLinear(a, -1);
}

/**
 * The product, when it is still linear (one factor constant): the counts
 * β_iδ_j and bound l1·l2 of §2.3 Def. 3. Throws EmiError("nonlinear") for
 * e.g. X * Y or X * X.
 */
export function mulLinear(a: LinearLike, b: LinearLike): Linear {
  const x = toLinear(a);
  const y = toLinear(b);
  const kx = asConstant(x);
  if (kx !== undefined) return scaleLinear(y, kx);
  const ky = asConstant(y);
  if (ky !== undefined) return scaleLinear(x, ky);
  throw new EmiError(
    "nonlinear",
    `the product (${linearToString(x)})*(${linearToString(y)}) is not linear in the names`,
  );
}

/** Same expression (hence same value everywhere): identical counts in condition 3 of §3.1. */
export function equalLinear(a: LinearLike, b: LinearLike): boolean {
  const x = toLinear(a);
  const y = toLinear(b);
  if (x.c !== y.c || x.terms.length !== y.terms.length) return false;
  return x.terms.every(([n, v], i) => y.terms[i]![0] === n && y.terms[i]![1] === v);
}

/** a ≥ 0 for every assignment of naturals to the names: a valid count (§2.1 requires β ≥ 0). */
export function provablyNonNegative(a: LinearLike): boolean {
  const x = toLinear(a);
  return x.c >= 0 && x.terms.every(([, v]) => v > 0);
}

/**
 * a < b for every assignment (names ≥ 0): the strict inequalities of
 * conditions 1, 3 and 4 (§3.1). Integers: a < b ⇔ b - a - 1 ≥ 0.
 */
export function provablyLess(a: LinearLike, b: LinearLike): boolean {
  return provablyNonNegative(subLinear(subLinear(b, a), 1));
}

/** a ≤ b for every assignment (names ≥ 0): "l1 ≤ l2" of condition 4 (§3.1), β_i ≥ k - 1 of §2.4.1. */
export function provablyLessEq(a: LinearLike, b: LinearLike): boolean {
  return provablyNonNegative(subLinear(b, a));
}

/**
 * gcd of the name coefficients (0 for a constant): when the gcd γ of
 * condition 2 (§3.1) divides it, l2 - l1 has the same residue mod γ for
 * every assignment.
 */
export function coefficientGcd(a: Linear): number {
  let g = 0;
  for (const [, v] of a.terms) g = gcd(g, v);
  return g;
}

/**
 * The value under an assignment, e.g. X = x(j1) known at run time (§3.2's
 * run-time test); names missing from `env` are an error.
 */
export function evaluateLinear(a: LinearLike, env: Readonly<Record<string, number>>): number {
  const x = toLinear(a);
  let s = x.c;
  for (const [n, v] of x.terms) {
    const val = env[n];
    if (val === undefined) throw new EmiError("invalid", `no value for name ${n}`);
    s = addInt(s, mulInt(v, val));
  }
  return s;
}

/**
 * The calculator syntax, in the style of §3.2 (`12900+25800X`): constant
 * first, then names in order, coefficient before the name without `*`.
 */
export function linearToString(a: LinearLike): string {
  const x = toLinear(a);
  let s = x.c !== 0 || x.terms.length === 0 ? String(x.c) : "";
  for (const [n, v] of x.terms) {
    const mag = Math.abs(v) === 1 ? n : `${Math.abs(v)}${n}`;
    if (s === "") s = v < 0 ? `-${mag}` : mag;
    else s += v < 0 ? `-${mag}` : `+${mag}`;
  }
  return s;
}
