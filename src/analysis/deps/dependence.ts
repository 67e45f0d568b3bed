import type { RefId } from "../refs/ref.js";
import type { VarId } from "../refs/vars.js";

/**
 * The four kinds of data dependence (seed 002 §1, after Kuck et al.):
 * flow (definition → use of its value), anti (use → the definition that
 * overwrites the value used), output (definition → the definition that
 * overwrites it), input (use → a later use of the same value).
 */
export type DepKind = "flow" | "anti" | "output" | "input";

/** A direction of a dependence distance at one loop level, outermost first. */
export type Direction = "<" | "=" | ">" | "*";

/**
 * One edge of the dependence graph. Output and anti edges are *minimal*
 * (seed 002 §2–§3): d1 → d2 only when no definition of the variable must
 * come between, so the general dependences are their transitive closure
 * (output: d1 →o* d3 via d2; anti: u →a d1 →o* d2).
 *
 * Arrays are whole variables here: an element write never kills, and an
 * array edge means "these two references may touch the same element". The
 * array dependence analysis refines such edges: it may drop them or set
 * `distance`, `direction` and `test`.
 */
export interface Dependence {
  kind: DepKind;
  var: VarId;
  source: RefId;
  sink: RefId;
  /**
   * The HIR id of the loop that carries the dependence (the outermost loop
   * whose back edge the dependence crosses while staying inside it: the
   * sink runs in a later iteration), or null for a loop-independent one
   * (same iteration of every loop containing both, or no common loop).
   */
  carrier: number | null;
  /**
   * The dependence happens whenever the sink runs (after the source's
   * iteration, for a carried one): both references are exact and the
   * source reaches the sink along every path, with nothing in between that
   * may touch the variable. Otherwise it is possible (seed 004 §1.2:
   * "possible when a conditional branch makes the ends not dominate the
   * loop exit, or subscripts cannot be analyzed").
   */
  definite: boolean;
  /** Dependence distance per common loop, outermost first (null: unknown); set by the array analysis. */
  distance?: (number | null)[];
  /** Direction per common loop, outermost first; set by the array analysis. */
  direction?: Direction[];
  /** The test that decided the refined edge (e.g. "gcd", "banerjee"). */
  test?: string;
}

export interface DepOptions {
  /**
   * Compute input dependences (use → use). Off by default: they are the
   * only kind the parallelizer does not need, and the most numerous.
   */
  input?: boolean;
  /**
   * Seed 002's appendix: a use also blocks the uses before it, so input
   * dependences are minimal (u1 → u2 only when u2 may be the first use
   * after u1) and anti dependences only leave the last use before a
   * definition.
   */
  minimalInput?: boolean;
}
