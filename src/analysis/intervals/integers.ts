/**
 * Integer helpers for the interval library: arithmetic that refuses to lose
 * precision, gcd, and exact floor/ceil division.
 *
 * Why plain numbers and not bigint: EMIs describe subscripts, whose values
 * are small; numbers keep the API natural (`emi(12, [[12, 249]])`) and fast.
 * Soundness is kept by checking every result: a sum, difference or product
 * whose exact value lies outside [-(2^53-1), 2^53-1] throws
 * `EmiError("overflow")`, never a rounded value. (If the exact product is
 * larger than 2^53-1, its rounded double is at least 2^53, so the check on
 * the rounded result is enough.)
 */
import { EmiError } from "./errors.js";

const MAX = Number.MAX_SAFE_INTEGER;

function checked(r: number, what: string): number {
  if (!(Math.abs(r) <= MAX)) throw new EmiError("overflow", `integer overflow in ${what} (beyond 2^53-1)`);
  return r === 0 ? 0 : r; // no -0
}

/**
 * Throws unless `n` is a safe integer, the number domain of every bound,
 * step and count of seed 000 §2.1 in this library.
 */
export function assertInt(n: number, what: string): number {
  if (!Number.isSafeInteger(n)) {
    if (Number.isInteger(n)) throw new EmiError("overflow", `${what} ${n} is beyond 2^53-1`);
    throw new EmiError("invalid", `${what} must be an integer, got ${n}`);
  }
  return n === 0 ? 0 : n;
}

/** a + b, or EmiError("overflow"): the bound arithmetic of §2.3 Def. 2. */
export function addInt(a: number, b: number): number {
  return checked(a + b, "addition");
}

/** a - b, or EmiError("overflow") (§2.3 Def. 1–2). */
export function subInt(a: number, b: number): number {
  return checked(a - b, "subtraction");
}

/** a · b, or EmiError("overflow"): steps and bounds of §2.3 Def. 3. */
export function mulInt(a: number, b: number): number {
  return checked(a * b, "multiplication");
}

/**
 * gcd(|a|, |b|); gcd(0, 0) = 0. The γ of §2.2 relation 6, §2.4.2 and
 * condition 2 of §3.1.
 */
export function gcd(a: number, b: number): number {
  a = Math.abs(a);
  b = Math.abs(b);
  while (b !== 0) {
    const t = a % b;
    a = b;
    b = t;
  }
  return a;
}

/** gcd of all (0 for none): the γ of condition 2, seed 000 §3.1. */
export function gcdAll(xs: Iterable<number>): number {
  let g = 0;
  for (const x of xs) g = gcd(g, x);
  return g;
}

/** ⌊a / b⌋ for b ≠ 0, exact for safe integers (β' = ⌊β/k⌋ of §2.2 relation 2, modulo intervals of §2.1). */
export function floorDiv(a: number, b: number): number {
  if (b === 0) throw new EmiError("invalid", "division by zero");
  // fmod is exact; a - r is an exact multiple of b no larger than |a|, so the
  // division below is exact too.
  const r = a % b;
  let q = (a - r) / b;
  if (r !== 0 && r < 0 !== b < 0) q -= 1;
  return q === 0 ? 0 : q;
}

/** ⌈a / b⌉ for b ≠ 0 (bounds of the two-step equation behind §2.1 membership). */
export function ceilDiv(a: number, b: number): number {
  const r = -floorDiv(-a, b);
  return r === 0 ? 0 : r;
}

/** a mod m in [0, m) for m > 0 (residues: §2.1 modulo intervals, §3.1 condition 2). */
export function modPos(a: number, m: number): number {
  const r = a % m;
  return r < 0 ? r + m : r === 0 ? 0 : r;
}

/**
 * Inverse of `a` modulo `m` (m ≥ 1, gcd(a, m) = 1), in [0, m), for the
 * two-step membership equation (§2.1 definition, degree 2). Computed with
 * bigint so that no intermediate loses precision.
 */
export function modInverse(a: number, m: number): number {
  if (m === 1) return 0;
  let [oldR, r] = [BigInt(modPos(a, m)), BigInt(m)];
  let [oldS, s] = [1n, 0n];
  while (r !== 0n) {
    const q = oldR / r;
    [oldR, r] = [r, oldR - q * r];
    [oldS, s] = [s, oldS - q * s];
  }
  if (oldR !== 1n) throw new EmiError("invalid", `${a} has no inverse modulo ${m}`);
  const M = BigInt(m);
  return Number(((oldS % M) + M) % M);
}

/** (a * b) mod m in [0, m) without precision loss (the degree-2 equation of §2.1 membership). */
export function mulMod(a: number, b: number, m: number): number {
  const p = a * b;
  if (Number.isSafeInteger(p)) return modPos(p % m, m);
  const M = BigInt(m);
  return Number((((BigInt(a) * BigInt(b)) % M) + M) % M);
}
