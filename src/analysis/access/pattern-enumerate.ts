import type { Affine } from "../symbolic/affine.js";
import type { AccessPattern } from "./pattern.js";

/**
 * Values of the symbols a pattern mentions, by symbol id (loop indices of
 * the enclosing loops and loop-invariant scalars).
 */
export type SymValues = ReadonlyMap<number, number>;

/** The value of an affine form; throws when a symbol has no value (a caller bug). */
export function evalAffine(a: Affine, env: SymValues): number {
  let v = a.c;
  for (const t of a.terms) {
    const x = env.get(t.sym.id);
    if (x === undefined) throw new Error(`no value for ${t.sym.name}`);
    v += t.coeff * x;
  }
  return v + 0;
}

/**
 * The offsets of iteration t's region R_t (see AccessPattern), in order of
 * k. The playground draws these; the tests compare them with enumeration.
 */
export function regionOffsets(p: AccessPattern, env: SymValues, t: number): number[] {
  const at = new Map(env);
  at.set(p.var.id, evalAffine(p.first, env) + p.step * (t - 1));
  const base = evalAffine(p.start, at) + p.velocity * (t - 1);
  const num = evalAffine(p.num, at);
  const out: number[] = [];
  for (let k = 0; k < num; k++) out.push(base + p.stride * k);
  return out;
}

/** Iteration t's regions for t = 1..ub, each in order (empty list when ub ≤ 0). */
export function patternRegions(p: AccessPattern, env: SymValues, limit = 1_000_000): number[][] {
  const ub = evalAffine(p.ub, env);
  const out: number[][] = [];
  let n = 0;
  for (let t = 1; t <= ub; t++) {
    const r = regionOffsets(p, env, t);
    n += r.length;
    if (n > limit) throw new Error(`pattern describes more than ${limit} offsets`);
    out.push(r);
  }
  return out;
}

/** The set of offsets the pattern describes. */
export function patternOffsets(p: AccessPattern, env: SymValues, limit?: number): Set<number> {
  return new Set(patternRegions(p, env, limit).flat());
}
