import type { Cfg } from "../cfg/cfg.js";
import { BitSet } from "../dataflow/bitset.js";
import type { Ref } from "../refs/ref.js";

/**
 * Reaching definitions and exposed uses as ONE forward problem over the
 * bits of all references (seed 002 §2 and §3 pose them separately, with
 * "exactly the same form" of equations). A fact "r" at a point means the
 * value r defined (r a definition) or read (r a use) may still be in the
 * variable there:
 *
 *   - an exact definition of x kills every fact of x (RKILL: definitions
 *     "certainly rewritten"; EBLOCK: uses whose value is certainly
 *     rewritten) and generates itself (RGEN); so does a write a call may
 *     do, modelled as a rewrite of the value the call read (Ref.kills);
 *   - a use generates itself (EUSE); in the appendix variant an exact use
 *     also kills the uses of x before it (EBLOCK then holds the uses whose
 *     value is "certainly referenced, rewritten or used");
 *   - element and section writes generate but kill nothing: "partial
 *     definitions" in seed 002 §2's words.
 *
 * A reference t meets every fact s of its variable that holds just before
 * it: s → t is a flow (def→use), minimal output (def→def), minimal anti
 * (use→def) or input (use→use) dependence.
 *
 * The must variant (intersection meet) holds the facts that reach along
 * every path: only exact references generate, and any reference that may
 * touch the variable (any definition; any use in the appendix variant)
 * kills. A dependence is definite when its source is a must fact at the
 * sink (see Dependence.definite).
 */
export interface RefFlow {
  width: number;
  /** Per block: GEN and KILL of the may problem. */
  gen: BitSet[];
  kill: BitSet[];
  /** Per block: GEN and KILL of the must problem. */
  mustGen: BitSet[];
  mustKill: BitSet[];
  minimalInput: boolean;
}

export function refFlow(cfg: Cfg, minimalInput: boolean): RefFlow {
  const width = cfg.refs.width;
  const f: RefFlow = { width, gen: [], kill: [], mustGen: [], mustKill: [], minimalInput };
  for (const b of cfg.blocks) {
    const gen = new BitSet(width);
    const kill = new BitSet(width);
    const mgen = new BitSet(width);
    const mkill = new BitSet(width);
    for (const id of b.refs) {
      const r = cfg.refs.refs[id]!;
      if (r.bit < 0) continue;
      const [lo, hi] = killRange(cfg, r, minimalInput, false);
      if (hi > lo) {
        gen.deleteRange(lo, hi);
        kill.addRange(lo, hi);
      }
      gen.add(r.bit);
      const [mlo, mhi] = killRange(cfg, r, minimalInput, true);
      if (mhi > mlo) {
        mgen.deleteRange(mlo, mhi);
        mkill.addRange(mlo, mhi);
      }
      if (r.exact) mgen.add(r.bit);
    }
    f.gen.push(gen);
    f.kill.push(kill);
    f.mustGen.push(mgen);
    f.mustKill.push(mkill);
  }
  return f;
}

/** The bits reference r kills, as a range [lo, hi) (empty when lo ≥ hi). */
export function killRange(cfg: Cfg, r: Ref, minimalInput: boolean, must: boolean): [number, number] {
  const t = cfg.refs;
  if (r.kind === "def") {
    if (r.kills || must) return [t.varStart[r.var]!, t.varEnd[r.var]!];
    return [0, 0];
  }
  if (minimalInput && (r.exact || must)) return [t.varUseStart[r.var]!, t.varEnd[r.var]!];
  return [0, 0];
}

/**
 * Applies reference r to a set of facts walking forward in its block:
 * kills, then (unless kill-only) generates.
 */
export function stepRef(cfg: Cfg, set: BitSet, r: Ref, minimalInput: boolean, must: boolean, generate: boolean): void {
  if (r.bit < 0) return;
  const [lo, hi] = killRange(cfg, r, minimalInput, must);
  if (hi > lo) set.deleteRange(lo, hi);
  if (generate && (!must || r.exact)) set.add(r.bit);
}
