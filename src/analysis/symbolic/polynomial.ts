import { gcd } from "./affine.js";

/**
 * Integer-valued polynomials over named integer variables: the subscripts
 * that are not affine, such as the quadratic `mj + (mi*mi - mi)/2` of
 * seed 000 §3.3 (OLDA after induction-variable elimination).
 *
 * A value is num/den with num an integer polynomial and den ≥ 1, kept so
 * that num(x) is divisible by den for every integer x: the polynomial is an
 * integer for every integer assignment, as a subscript must be. Exact
 * division by a constant is accepted only when that stays true (`divide`),
 * which is how `(mi*mi - mi)/2` is admitted and `i/2` is not.
 *
 * Variables are strings (the dependence analysis names loop counters and
 * symbols); a monomial is the sorted list of its variables with repetition,
 * keyed "a*a*b" ("" for the constant). Affine forms over `Sym`s (affine.ts)
 * remain the representation for plain affine work; a degree-≤1 polynomial
 * here is the same thing over other kinds of variables.
 *
 * Every operation throws `PolyOverflow` when a coefficient would leave the
 * safe integer range; callers treat that as "not analyzable".
 */
export interface Poly {
  /** Monomial key → integer coefficient (never 0). */
  readonly terms: ReadonlyMap<string, number>;
  /** Positive common denominator; gcd(den, coefficients) = 1. */
  readonly den: number;
}

export class PolyOverflow extends Error {
  constructor(what: string) {
    super(`integer overflow in ${what}`);
    this.name = "PolyOverflow";
  }
}

function chk(n: number, what: string): number {
  if (!Number.isSafeInteger(n)) throw new PolyOverflow(what);
  return n + 0;
}

export const POLY_ZERO: Poly = { terms: new Map(), den: 1 };

/*
 * Polynomials are never changed once made (their maps are read only), so
 * the small constants and the plain variables are made once and shared:
 * the dependence tests build millions of them (issue 16: a fifth of the
 * analyzer's allocations were polynomials, and a fifth of its time GC).
 */
const SMALL_CONSTANTS: Poly[] = [];
for (let c = -64; c <= 64; c++) SMALL_CONSTANTS.push(c === 0 ? POLY_ZERO : { terms: new Map([["", c]]), den: 1 });
const VAR_CACHE_LIMIT = 50_000;
const varCache = new Map<string, Poly>();

export function polyConst(c: number): Poly {
  if (c >= -64 && c <= 64 && Number.isInteger(c)) return SMALL_CONSTANTS[c + 64]!;
  return { terms: new Map([["", chk(c, "constant")]]), den: 1 };
}

export function polyVar(name: string, coeff = 1): Poly {
  if (coeff === 1) {
    const p = varCache.get(name);
    if (p) return p;
  }
  if (name === "" || name.includes("*")) throw new Error(`bad variable name '${name}'`);
  if (coeff === 0) return POLY_ZERO;
  const p: Poly = { terms: new Map([[name, chk(coeff, "coefficient")]]), den: 1 };
  if (coeff === 1) {
    if (varCache.size >= VAR_CACHE_LIMIT) varCache.clear();
    varCache.set(name, p);
  }
  return p;
}

const EMPTY: readonly string[] = Object.freeze([]);
const splitCache = new Map<string, readonly string[]>();

/** The variables of a monomial key, sorted, with repetition (shared arrays: do not modify). */
export function monomialVars(key: string): readonly string[] {
  if (key === "") return EMPTY;
  let v = splitCache.get(key);
  if (!v) {
    if (splitCache.size > 50_000) splitCache.clear();
    v = Object.freeze(key.split("*"));
    splitCache.set(key, v);
  }
  return v;
}

function monoKey(vars: string[]): string {
  return vars.length === 1 ? vars[0]! : vars.sort().join("*");
}

function normalize(terms: Map<string, number>, den: number): Poly {
  if (den < 0) {
    for (const [k, v] of terms) terms.set(k, -v);
    den = -den;
  }
  let g = den;
  for (const v of terms.values()) g = gcd(g, v);
  if (g > 1) {
    for (const [k, v] of terms) terms.set(k, v / g);
    den /= g;
  }
  return { terms, den };
}

function combine(a: Poly, b: Poly, kb: number): Poly {
  // x ± 0 is x, 0 + y is y: no new polynomial.
  if (b.terms.size === 0) return a;
  if (a.terms.size === 0) return polyScale(b, kb);
  const l = (a.den / gcd(a.den, b.den)) * b.den;
  chk(l, "denominator");
  const fa = l / a.den;
  const fb = (l / b.den) * kb;
  const out = new Map<string, number>();
  for (const [k, v] of a.terms) out.set(k, chk(v * fa, "sum"));
  for (const [k, v] of b.terms) {
    const s = chk((out.get(k) ?? 0) + chk(v * fb, "sum"), "sum");
    if (s === 0) out.delete(k);
    else out.set(k, s);
  }
  return normalize(out, l);
}

export function polyAdd(a: Poly, b: Poly): Poly {
  return combine(a, b, 1);
}

export function polySub(a: Poly, b: Poly): Poly {
  return combine(a, b, -1);
}

export function polyScale(a: Poly, k: number): Poly {
  if (k === 0) return POLY_ZERO;
  if (k === 1) return a;
  const out = new Map<string, number>();
  for (const [m, v] of a.terms) out.set(m, chk(v * k, "product"));
  return normalize(out, a.den);
}

export function polyMul(a: Poly, b: Poly): Poly {
  const out = new Map<string, number>();
  for (const [ka, va] of a.terms) {
    for (const [kb, vb] of b.terms) {
      const key = monoKey([...monomialVars(ka), ...monomialVars(kb)]);
      const s = chk((out.get(key) ?? 0) + chk(va * vb, "product"), "product");
      if (s === 0) out.delete(key);
      else out.set(key, s);
    }
  }
  return normalize(out, chk(a.den * b.den, "denominator"));
}

/** Residue combinations tried before falling back to coefficient divisibility. */
const DIVISIBILITY_BUDGET = 4096;

/**
 * a / d when the quotient is an integer for every integer assignment, else
 * undefined. Integer polynomials are periodic modulo M in each variable, so
 * divisibility of num by M = den·d is decided exactly by evaluating num on
 * all residues 0..M-1 of its variables; when that is too many points, the
 * sufficient check "every coefficient is a multiple of M" is used.
 * Seed 000 §3.3 relies on this for (-mi + mi*mi + ...)/2.
 */
export function polyDivide(a: Poly, d: number): Poly | undefined {
  if (!Number.isSafeInteger(d) || d === 0) return undefined;
  const M = chk(a.den * Math.abs(d), "denominator");
  const vars = polyVars(a);
  let allCoeffs = true;
  for (const v of a.terms.values()) if (v % M !== 0) allCoeffs = false;
  if (!allCoeffs) {
    // Conservative: too many residue combinations to check; the coefficient test failed.
    if (M ** vars.length > DIVISIBILITY_BUDGET) return undefined;
    const env = new Map<string, number>(vars.map((v) => [v, 0]));
    const total = M ** vars.length;
    for (let n = 0; n < total; n++) {
      let r = n;
      for (const v of vars) {
        env.set(v, r % M);
        r = Math.floor(r / M);
      }
      if (modNum(a, env, M) !== 0) return undefined;
    }
  }
  const out = new Map(a.terms);
  return normalize(out, M * Math.sign(d));
}

/** num(env) mod M, computed without overflow for small M. */
function modNum(a: Poly, env: ReadonlyMap<string, number>, M: number): number {
  let s = 0;
  for (const [k, v] of a.terms) {
    let t = ((v % M) + M) % M;
    for (const x of monomialVars(k)) t = (t * (env.get(x)! % M)) % M;
    s = (s + t) % M;
  }
  return s;
}

export function polyNeg(a: Poly): Poly {
  return polyScale(a, -1);
}

const varsOf = new WeakMap<Poly, readonly string[]>();

/** The variables used, sorted (remembered per polynomial: a shared array, do not modify). */
export function polyVars(a: Poly): readonly string[] {
  let out = varsOf.get(a);
  if (out) return out;
  if (a.terms.size === 0) out = EMPTY;
  else if (a.terms.size === 1 || (a.terms.size === 2 && a.terms.has(""))) {
    // One monomial (and perhaps the constant): its variables, already sorted, without repetition.
    let vs: readonly string[] = EMPTY;
    for (const k of a.terms.keys()) if (k !== "") vs = monomialVars(k);
    out = vs.length < 2 ? vs : Object.freeze(vs.filter((v, i) => i === 0 || vs[i - 1] !== v));
  } else {
    const s = new Set<string>();
    for (const k of a.terms.keys()) for (const v of monomialVars(k)) s.add(v);
    out = Object.freeze([...s].sort());
  }
  varsOf.set(a, out);
  return out;
}

/** Total degree (0 for constants, including 0). */
export function polyDegree(a: Poly): number {
  let d = 0;
  for (const k of a.terms.keys()) d = Math.max(d, monomialVars(k).length);
  return d;
}

export function isConstantPoly(a: Poly): boolean {
  if (a.den !== 1) return false;
  for (const k of a.terms.keys()) if (k !== "") return false;
  return true;
}

/** The constant value, if the polynomial has no variables. */
export function constantOf(a: Poly): number | undefined {
  if (!isConstantPoly(a)) return undefined;
  return a.terms.get("") ?? 0;
}

/** Affine: degree ≤ 1 and integral coefficients (always so after normalization, when integer-valued). */
export function isAffinePoly(a: Poly): boolean {
  return a.den === 1 && polyDegree(a) <= 1;
}

/** The coefficient of a variable in an affine polynomial (or of the degree-1 monomial). */
export function linearCoeff(a: Poly, v: string): number {
  return a.terms.get(v) ?? 0;
}

export function polyEquals(a: Poly, b: Poly): boolean {
  if (a.den !== b.den || a.terms.size !== b.terms.size) return false;
  for (const [k, v] of a.terms) if (b.terms.get(k) !== v) return false;
  return true;
}

/** Replaces variable `v` by the polynomial `by` everywhere. */
export function polySubstitute(a: Poly, v: string, by: Poly): Poly {
  let out: Poly = POLY_ZERO;
  for (const [k, c] of a.terms) {
    let term: Poly = polyConst(c);
    for (const x of monomialVars(k)) term = polyMul(term, x === v ? by : polyVar(x));
    out = polyAdd(out, term);
  }
  return a.den === 1 ? out : polyScaleDown(out, a.den);
}

/** out / den where the caller knows the result keeps the integer-valued invariant (substitution of integer values). */
function polyScaleDown(a: Poly, den: number): Poly {
  const out = new Map(a.terms);
  return normalize(out, chk(a.den * den, "denominator"));
}

/** The value for an assignment of every variable (throws on a missing one). */
export function polyEval(a: Poly, env: (v: string) => number): number {
  let s = 0;
  for (const [k, c] of a.terms) {
    let t = c;
    for (const x of monomialVars(k)) t *= env(x);
    s += t;
  }
  return s / a.den + 0;
}

const keys = new WeakMap<Poly, string>();

/**
 * `polyToString(a)`, remembered per polynomial: a key for maps and sets of
 * polynomials. Polynomials are never changed once made, so the text stays right.
 */
export function polyKey(a: Poly): string {
  let k = keys.get(a);
  if (k === undefined) keys.set(a, (k = polyToString(a)));
  return k;
}

/** Readable form, e.g. `(mi*mi - mi + 2*mj)/2`. */
export function polyToString(a: Poly, name: (v: string) => string = (v) => v): string {
  const keys = [...a.terms.keys()];
  if (keys.length > 1) keys.sort((x, y) => monomialVars(y).length - monomialVars(x).length || (x < y ? -1 : 1));
  const parts: string[] = [];
  for (const k of keys) {
    const c = a.terms.get(k)!;
    const mono = monomialVars(k).map(name).join("*");
    const mag = Math.abs(c);
    const body = mono === "" ? String(mag) : mag === 1 ? mono : `${mag}*${mono}`;
    parts.push(parts.length === 0 ? (c < 0 ? `-${body}` : body) : c < 0 ? `- ${body}` : `+ ${body}`);
  }
  const s = parts.length ? parts.join(" ") : "0";
  return a.den === 1 ? s : `(${s})/${a.den}`;
}
