import { BitSet } from "../dataflow/bitset.js";

/**
 * The reference information of a region of the program (seed 004 §1.1),
 * as sets of variables (bit vectors over the procedure's VarTable):
 *
 *   MOD   may be written somewhere in the region        (flow-insensitive)
 *   USE   may be read somewhere in the region           (flow-insensitive)
 *   DDEF  written on every path through the region      (definite definition)
 *   EUSE  may be read before being written, on some path from the entry
 *
 * LIVE ("may be used after the region") depends on what follows the
 * region, not on the region, so it is not merged bottom-up here: it comes
 * from liveness over the CFG (live-variables.ts, which also discusses the
 * paper's LIVE merge rules).
 *
 * Only exact definitions (whole variables: scalars, whole-array
 * assignments) enter DDEF; an array element write is a possible
 * definition (MOD only), since arrays are whole variables here.
 */
export interface RegionSets {
  mod: BitSet;
  use: BitSet;
  ddef: BitSet;
  euse: BitSet;
}

export function emptyRegion(width: number): RegionSets {
  return { mod: new BitSet(width), use: new BitSet(width), ddef: new BitSet(width), euse: new BitSet(width) };
}

export function cloneRegion(r: RegionSets): RegionSets {
  return { mod: r.mod.clone(), use: r.use.clone(), ddef: r.ddef.clone(), euse: r.euse.clone() };
}

/** One access, the leaf of the merges: a basic block is the sequence of its accesses. */
export function accessRegion(width: number, kind: "def" | "use", v: number, exact: boolean): RegionSets {
  const r = emptyRegion(width);
  if (kind === "use") {
    r.use.add(v);
    r.euse.add(v);
  } else {
    r.mod.add(v);
    if (exact) r.ddef.add(v);
  }
  return r;
}

/**
 * Seed 004 §1.1 Case 2, node1 followed by node2:
 *
 *   MOD  = MOD1 ∪ MOD2        USE = USE1 ∪ USE2
 *   DDEF = DDEF1 ∪ DDEF2      EUSE = EUSE1 ∪ (EUSE2 − DDEF1)
 *
 * (The text lost the operators in Fig. 3; these are the rules its list
 * spells out, and they agree with brute force over paths.)
 */
export function sequence(a: RegionSets, b: RegionSets): RegionSets {
  const r = cloneRegion(a);
  sequenceInto(r, b);
  return r;
}

/** a := a; b (the sequence rule, in place: merging a long statement list allocates nothing). */
export function sequenceInto(a: RegionSets, b: RegionSets): void {
  const ae = a.euse.words;
  const ad = a.ddef.words;
  const be = b.euse.words;
  // EUSE first, while DDEF is still DDEF1.
  for (let w = 0; w < ae.length; w++) ae[w]! |= be[w]! & ~ad[w]!;
  a.ddef.unionWith(b.ddef);
  a.mod.unionWith(b.mod);
  a.use.unionWith(b.use);
}

/**
 * Seed 004 §1.1 Case 1, IF-THEN-ELSE with node1 the THEN part and node2 the
 * ELSE part (an absent part is the empty region): MOD, USE and EUSE are
 * unions, DDEF the intersection.
 *
 * The paper's legend for this case reads "+ is the intersection and * the
 * union" and writes MOD1 + MOD2, ..., DDEF1 * DDEF2. Taken literally that
 * gives MOD = MOD1 ∩ MOD2 and DDEF = DDEF1 ∪ DDEF2, both unsound: a
 * variable written in one branch only would count as not modified, yet
 * as definitely defined. The legend is swapped (Case 2 uses + for union).
 * We follow the meaning: a branch may do what either part does and
 * definitely does only what both do.
 */
export function alternative(a: RegionSets, b: RegionSets): RegionSets {
  const r = cloneRegion(a);
  r.mod.unionWith(b.mod);
  r.use.unionWith(b.use);
  r.euse.unionWith(b.euse);
  r.ddef.intersectWith(b.ddef);
  return r;
}

/**
 * Seed 004 §1.1 Case 3, from one iteration to all iterations of a loop:
 *
 *   MOD  = ∪i MOD(i)        USE = ∪i USE(i)
 *   EUSE = ∪i (EUSE(i) − ∪(j<i) DDEF(j))
 *   DDEF = ∪i DDEF(i)
 *
 * (the text lost the ranges; EUSE subtracts what earlier iterations
 * definitely wrote). With whole variables every iteration has the same
 * sets, so EUSE = EUSE(1) ∪ (EUSE(1) − DDEF(1)) = EUSE(1).
 *
 * DDEF = ∪i DDEF(i) holds only if there is at least one iteration: when
 * the loop may run zero times, nothing is definitely written. The paper
 * does not say so; `minTrips` (0 unless proved ≥ 1) makes it explicit.
 */
export function allIterations(one: RegionSets, minTrips: number): RegionSets {
  const r = cloneRegion(one);
  // Conservative: a loop that may run zero times definitely writes nothing.
  if (minTrips < 1) r.ddef.clear();
  return r;
}
