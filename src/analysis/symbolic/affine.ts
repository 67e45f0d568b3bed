import { evalInt } from "../../ir/const-eval.js";
import type { Expr } from "../../ir/expr.js";
import type { Sym } from "../../ir/symbol.js";
import { castKeepsValue } from "../../ir/stored-as-is.js";

/**
 * An affine integer form c + Σ a_k·x_k over scalar symbols (loop indices
 * and loop-invariant integers) with integer coefficients. Subscripts,
 * loop bounds and offsets are expressed in it by the dependence tests, the
 * access patterns and the value ranges. Terms are kept sorted by symbol id
 * with no zero coefficients, so equal forms have equal representations.
 */
export interface Affine {
  readonly c: number;
  readonly terms: readonly AffineTerm[];
}

export interface AffineTerm {
  readonly sym: Sym;
  readonly coeff: number;
}

export const ZERO: Affine = { c: 0, terms: [] };

export function constant(c: number): Affine {
  return { c, terms: [] };
}

export function variable(sym: Sym, coeff = 1): Affine {
  return coeff === 0 ? ZERO : { c: 0, terms: [{ sym, coeff }] };
}

function safe(n: number): boolean {
  return Number.isSafeInteger(n);
}

/** a + k·b; undefined on integer overflow. */
export function addScaled(a: Affine, b: Affine, k = 1): Affine | undefined {
  const c = a.c + k * b.c + 0; // + 0 turns -0 into 0
  if (!safe(c)) return undefined;
  const out: AffineTerm[] = [];
  let i = 0;
  let j = 0;
  while (i < a.terms.length || j < b.terms.length) {
    const ta = a.terms[i];
    const tb = b.terms[j];
    if (tb === undefined || (ta !== undefined && ta.sym.id < tb.sym.id)) {
      out.push(ta!);
      i++;
    } else if (ta === undefined || tb.sym.id < ta.sym.id) {
      const coeff = k * tb.coeff;
      if (!safe(coeff)) return undefined;
      if (coeff !== 0) out.push({ sym: tb.sym, coeff });
      j++;
    } else {
      const coeff = ta.coeff + k * tb.coeff;
      if (!safe(coeff)) return undefined;
      if (coeff !== 0) out.push({ sym: ta.sym, coeff });
      i++;
      j++;
    }
  }
  return { c, terms: out };
}

export function add(a: Affine, b: Affine): Affine | undefined {
  return addScaled(a, b, 1);
}

export function sub(a: Affine, b: Affine): Affine | undefined {
  return addScaled(a, b, -1);
}

export function scale(a: Affine, k: number): Affine | undefined {
  if (k === 0) return ZERO;
  return addScaled(ZERO, a, k);
}

export function isConstant(a: Affine): boolean {
  return a.terms.length === 0;
}

export function coeffOf(a: Affine, sym: Sym): number {
  for (const t of a.terms) if (t.sym.id === sym.id) return t.coeff;
  return 0;
}

/** The form without the term of `sym`. */
export function without(a: Affine, sym: Sym): Affine {
  return { c: a.c, terms: a.terms.filter((t) => t.sym.id !== sym.id) };
}

export function equals(a: Affine, b: Affine): boolean {
  if (a.c !== b.c || a.terms.length !== b.terms.length) return false;
  return a.terms.every((t, i) => t.sym.id === b.terms[i]!.sym.id && t.coeff === b.terms[i]!.coeff);
}

/** Replaces `sym` by the form `by` (e.g. an induction variable by its closed form). */
export function substitute(a: Affine, sym: Sym, by: Affine): Affine | undefined {
  const k = coeffOf(a, sym);
  if (k === 0) return a;
  return addScaled(without(a, sym), by, k);
}

/** Exact division by a constant when every coefficient is divisible, else undefined. */
export function divideExact(a: Affine, d: number): Affine | undefined {
  if (d === 0 || a.c % d !== 0 || a.terms.some((t) => t.coeff % d !== 0)) return undefined;
  return { c: a.c / d, terms: a.terms.map((t) => ({ sym: t.sym, coeff: t.coeff / d })) };
}

/** Greatest common divisor of the coefficients (0 for a constant form). */
export function coeffGcd(a: Affine): number {
  let g = 0;
  for (const t of a.terms) g = gcd(g, t.coeff);
  return g;
}

export function gcd(a: number, b: number): number {
  a = Math.abs(a);
  b = Math.abs(b);
  while (b) [a, b] = [b, a % b];
  return a;
}

export function affineToString(a: Affine): string {
  const parts: string[] = [];
  for (const t of a.terms) {
    const mag = Math.abs(t.coeff);
    const term = mag === 1 ? t.sym.name : `${mag}*${t.sym.name}`;
    parts.push(parts.length === 0 ? (t.coeff < 0 ? `-${term}` : term) : t.coeff < 0 ? `- ${term}` : `+ ${term}`);
  }
  if (a.c !== 0 || parts.length === 0) parts.push(parts.length === 0 ? String(a.c) : a.c < 0 ? `- ${-a.c}` : `+ ${a.c}`);
  return parts.join(" ");
}

export interface AffineOptions {
  /**
   * A substitute for a scalar (e.g. the closed form of an induction
   * variable); return undefined to keep the symbol as a term, null when the
   * scalar has no affine value at this point (the expression is then not
   * affine, unless `opaque` accepts it).
   */
  resolve?: (sym: Sym) => Affine | null | undefined;
  /**
   * Called for a sub-expression that is not affine by itself (an array
   * element, a call, a product of variables, a scalar `resolve` rejected):
   * return a form to use for it (typically a fresh symbol standing for its
   * loop-invariant value) or undefined to give up. Access patterns use it
   * for bounds such as `grid_points(1) - 2`.
   */
  opaque?: (e: Expr) => Affine | undefined;
}

/**
 * The affine form of an integer expression, or undefined when it is not
 * affine (products of variables, real arithmetic, calls, array elements).
 * Named constants fold to their values; integer division is accepted only
 * when it is exact for every value of the variables.
 */
export function affineOf(e: Expr, opts?: AffineOptions): Affine | undefined {
  if (!opts) {
    // Without options the form depends on the expression alone (the IR is never edited, forms never
    // changed): the value ranges ask for the same subscripts and conditions at every visit.
    const known = plainForms.get(e);
    if (known !== undefined) return known ?? undefined;
    const a = affineCore(e, {});
    plainForms.set(e, a ?? null);
    return a;
  }
  const a = affineCore(e, opts);
  return a !== undefined || !opts.opaque ? a : opts.opaque(e);
}

const plainForms = new WeakMap<Expr, Affine | null>();

function affineCore(e: Expr, opts: AffineOptions): Affine | undefined {
  switch (e.kind) {
    case "int":
      return constant(e.value);
    case "var": {
      const s = e.sym;
      if (s.storage === "parameter") {
        const v = evalInt(e);
        return v === undefined ? undefined : constant(v);
      }
      if (s.dims.length > 0 || (s.type.base !== "integer" && s.type.base !== "unknown")) return undefined;
      const r = opts.resolve?.(s);
      return r === null ? undefined : (r ?? variable(s));
    }
    case "cast":
      // Only a cast that keeps every value: `(unsigned char)i` is i modulo 256 (found by fuzzing).
      return castKeepsValue(e) ? affineOf(e.operand, opts) : undefined;
    case "unary": {
      if (e.op !== "-" && e.op !== "+") return undefined;
      const x = affineOf(e.operand, opts);
      return x && (e.op === "-" ? scale(x, -1) : x);
    }
    case "binary": {
      if (e.type && e.type.base !== "integer") return undefined;
      const l = affineOf(e.left, opts);
      if (!l) return undefined;
      const r = affineOf(e.right, opts);
      if (!r) return undefined;
      switch (e.op) {
        case "+":
          return add(l, r);
        case "-":
          return sub(l, r);
        case "*":
          if (isConstant(l)) return scale(r, l.c);
          if (isConstant(r)) return scale(l, r.c);
          return undefined;
        case "/":
          return isConstant(r) ? divideExact(l, r.c) : undefined;
        default:
          return undefined;
      }
    }
    default:
      return undefined;
  }
}
