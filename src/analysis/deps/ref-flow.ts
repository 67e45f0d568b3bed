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
  /** Per block: GEN and KILL of the may problem (null when empty, which the solver exploits). */
  gen: (BitSet | null)[];
  kill: (BitSet | null)[];
  /** Per block: GEN and KILL of the must problem. */
  mustGen: (BitSet | null)[];
  mustKill: (BitSet | null)[];
  /**
   * The same kills per variable, for facts that only travel (no GEN): bit
   * 2k stands for the definitions of the variable in slot k (RefTable.varSlot), 2k+1 for its uses.
   * Carried dependences need only these: which variables a path from the
   * loop header keeps, not which references (see build-deps.ts).
   */
  aliveKill: (BitSet | null)[];
  mustAliveKill: (BitSet | null)[];
  minimalInput: boolean;
}

export function refFlow(cfg: Cfg, minimalInput: boolean): RefFlow {
  const width = cfg.refs.width;
  const f: RefFlow = { width, gen: [], kill: [], mustGen: [], mustKill: [], aliveKill: [], mustAliveKill: [], minimalInput };
  const vw = 2 * cfg.refs.slots;
  for (const b of cfg.blocks) {
    if (b.refs.length === 0) {
      f.gen.push(null);
      f.kill.push(null);
      f.mustGen.push(null);
      f.mustKill.push(null);
      f.aliveKill.push(null);
      f.mustAliveKill.push(null);
      continue;
    }
    const alive = new BitSet(vw);
    const mustAlive = new BitSet(vw);
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
        killVar(cfg, alive, r);
      }
      gen.add(r.bit);
      const [mlo, mhi] = killRange(cfg, r, minimalInput, true);
      if (mhi > mlo) {
        mgen.deleteRange(mlo, mhi);
        mkill.addRange(mlo, mhi);
        killVar(cfg, mustAlive, r);
      }
      if (r.exact) mgen.add(r.bit);
    }
    const orNull = (x: BitSet) => (x.isEmpty() ? null : x);
    f.gen.push(orNull(gen));
    f.kill.push(orNull(kill));
    f.mustGen.push(orNull(mgen));
    f.mustKill.push(orNull(mkill));
    f.aliveKill.push(orNull(alive));
    f.mustAliveKill.push(orNull(mustAlive));
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

/**
 * What reference r kills, in a per-variable set (bit 2k: the definitions
 * of the variable in slot k, 2k+1: its uses): a definition kills both, a
 * use (appendix variant) the uses only. Adds them to a KILL set, or
 * (add = false) removes them from a set of what is still kept.
 */
export function killVar(cfg: Cfg, set: BitSet, r: Ref, add = true): void {
  const k = cfg.refs.varSlot[r.var]!;
  if (add) {
    set.add(2 * k + 1);
    if (r.kind === "def") set.add(2 * k);
  } else {
    set.delete(2 * k + 1);
    if (r.kind === "def") set.delete(2 * k);
  }
}
