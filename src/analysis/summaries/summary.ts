import type { Procedure } from "../../ir/program.js";
import type { Expr } from "../../ir/expr.js";
import type { Sym } from "../../ir/symbol.js";
import type { Box } from "../regions/box.js";
import type { Extent } from "./common-layout.js";
import type { QuietSummary } from "./quiet-summary.js";

/**
 * What a call to a procedure may read and write, as its callers see it:
 * seed 004 §1.1 Case 4 ("the reference information of a whole procedure
 * ... merged into the caller's"). Built from the procedure's own
 * references and, through its calls, its callees' summaries.
 */
export interface ProcedureSummary {
  name: string;
  /** Per dummy argument, in order. */
  formals: FormalEffect[];
  /** COMMON storage touched, per block name, as byte extents of the block (or all of it). */
  commons: Map<string, CommonEffect>;
  /** Module variables, C globals and host variables touched, by symbol id (the same Sym objects are seen by every procedure of a file). */
  shared: Map<number, SharedEffect>;
  /** Does I/O or touches other hidden state (random number seeds, clocks). */
  io: boolean;
  /** Calls something doall cannot see: it may touch every COMMON, module and global variable. */
  unknown: boolean;
  /**
   * The first call, here or in a callee, of a procedure that has no
   * summary (no file of the run defines it, or it is recursive or a dummy
   * procedure): what makes the summary `unknown`, named in reports so
   * that users know which source to give (LU's timers reach wtime.c).
   */
  unseen?: UnseenCall;
  /** The line of a C write through a pointer whose target is not followed (through-params.ts untracedWrites), which makes it unknown. */
  untracedWrite?: number;
  /** Which elements of its arrays it touches (array-regions.ts); absent: not computed (every element). */
  regions?: RegionSummary;
  /**
   * The regions for what one call passes (specialized-regions.ts), when
   * that call's constants let a copy of the body be summarized more
   * precisely; undefined for other calls. Only in the callee's own file's
   * symbols (a summary moved to another file's globals has none).
   */
  specialize?: (caller: Procedure, args: readonly Expr[]) => RegionSummary | undefined;
  /**
   * What a call does while a flag of the run is false, when only
   * statements under that flag do I/O (quiet-summary.ts); made when first
   * asked (a loop that calls the procedure stays serial otherwise).
   */
  quiet?: () => QuietSummary | undefined;
}

/** A call of a procedure without a summary: its name, and where the call is. */
export interface UnseenCall {
  name: string;
  file: string;
  line: number;
}

/**
 * The elements of one array a call touches (seed 004 §1.1 Case 4, the
 * region sets of the whole procedure, for an array as boxes: regions/box.ts),
 * in the callee's index space, bounds in terms of values fixed during the
 * call (its dummy arguments and COMMON scalars it never writes, named
 * constants). MOD, USE and EUSE may hold more elements than are touched;
 * DDEF holds only elements written on every path.
 */
export interface ArrayRegions {
  mod: Box[];
  use: Box[];
  /** Read before the call writes them: the caller's values are used. */
  euse: Box[];
  /** Written on every path through the call. */
  ddef: Box[];
  /**
   * EUSE when some comparisons of COMMON values the main program sets
   * before any call hold (SP's y_solve reads lhs(3, i, 1) before writing
   * it only when grid_points(2) < 3): `conditions`, in the procedure's
   * symbols, and the EUSE then. Liveness across calls may take it, with
   * the conditions as a run-time check (common-liveness.ts).
   */
  assumed?: { conditions: RunCondition[]; euse: Box[] };
}

/**
 * A comparison of COMMON values the main program sets before any call
 * (CommonFacts.earlyIn), in the symbols of the procedure it was found in:
 * it has one value for the whole run, and any procedure declaring the
 * same storage can check it (CommonFacts.moveTo).
 */
export interface RunCondition {
  expr: Expr;
  proc: Procedure;
}

/** The regions of a COMMON array, named by its block and byte offset (as each procedure may lay the block out its own way). */
export interface CommonArrayRegions {
  block: string;
  /** Byte offset of the member in the block. */
  start: number;
  /** The member as the callee declares it (its dimensions give the boxes' meaning). */
  member: Sym;
  regions: ArrayRegions;
}

export interface RegionSummary {
  /** The dummy arguments by position (their declared dimensions give the boxes' meaning; bounds may name them). */
  dummies: Sym[];
  /** Per dummy argument, by position: regions of an array dummy, null for a scalar or when not known. */
  formals: (ArrayRegions | null)[];
  commons: CommonArrayRegions[];
  /** C global variables (arrays, and scalars as rank 0) it reads or writes, or its callees do, by symbol (the caller's file's, once the link translated the summary). */
  globals: { sym: Sym; regions: ArrayRegions }[];
  /** Byte offsets of the COMMON scalars bounds may name, in their blocks (the caller's member at the same offset is the same variable). */
  commonStarts: Map<Sym, number>;
}

export interface FormalEffect {
  /** May be read (USE). */
  use: boolean;
  /** May be read before it is written (EUSE): the call reads the caller's value. */
  euse: boolean;
  /** May be written (MOD). */
  mod: boolean;
  /** Written on every path to a return (DDEF): the call defines the actual argument. */
  ddef: boolean;
  /** Size in bytes when the dummy is a scalar of known size: a DDEF dummy then defines all of an actual of that size. */
  exactBytes?: number;
  /**
   * C: false when the procedure only dereferences the pointer it is given
   * there (kept-pointers.ts): a `&v` passed leaves no pointer to v behind.
   * Absent: it may keep it.
   */
  keeps?: boolean;
}

export interface CommonEffect {
  use: Extent[] | "all";
  mod: Extent[] | "all";
}

export interface SharedEffect {
  sym: Sym;
  use: boolean;
  mod: boolean;
}

/** Finds the summary of a called procedure; undefined when it is unknown (not in the file, recursive, a dummy procedure). */
export type SummaryLookup = (name: string) => ProcedureSummary | undefined;

export const NO_SUMMARIES: SummaryLookup = () => undefined;

/** What any argument of an unknown procedure may suffer: read, then written, maybe. */
export const WORST_FORMAL: FormalEffect = { use: true, euse: true, mod: true, ddef: false };
