import type { OrphanedLoop, RowPipeline } from "./row-pipeline.js";
import type { Procedure } from "../ir/program.js";
import type { Sym } from "../ir/symbol.js";
import type { Loop } from "../ir/stmt.js";
import type { CarriedDependence, RuntimeCheck } from "../analysis/dependence/verdict.js";
import type { RangeFact } from "../analysis/ranges/nest-ranges.js";
import type { OmittedDependences } from "./array-reasons.js";
import type { Reason } from "./reason.js";
import type { DoacrossSpan } from "./doacross.js";
import type { Fusion, FusionCandidate } from "./fusion.js";
import type { Realignment } from "./realign.js";

/** An OpenMP reduction operator, spelled language-neutrally (emit/ spells it per language). */
export type PlanReductionOp = "+" | "*" | "max" | "min" | "and" | "or" | "eqv" | "neqv" | "bitand" | "bitor" | "bitxor";

export interface PlanReduction {
  op: PlanReductionOp;
  var: string;
  /** An array reduction (`h(k(i)) = h(k(i)) + e`): the whole array is reduced. */
  array?: boolean;
  /** A C pointer parameter's elements, as the OpenMP 4.5 array section after its name (`[0:5]`). */
  section?: string;
}

/** A basic induction variable handed to OpenMP as `linear(var:step)` (seed 004 §2.1). */
export interface PlanLinear {
  var: string;
  /** The step per iteration, as source text. */
  step: string;
}

/**
 * The loop-node attributes of seed 004 §0 ("並列化可能", "作業配列を要する",
 * "リダクション関数を用いる"): whether the loop is parallel, whether it
 * needs work arrays (privatized arrays, or private copies of reduced
 * arrays), and whether it uses reduction functions.
 */
export interface LoopAttributes {
  parallel: boolean;
  workArrays: boolean;
  reductionFunctions: boolean;
}

/**
 * What the parallelizer decided about one loop: the facts it used
 * (clauses, run-time check) and its decision (`parallel`, `emitted`), with
 * the reasons when it is serial or not emitted. Rendering (emit/, report/)
 * reads plans and decides nothing.
 */
export interface LoopPlan {
  loop: Loop;
  proc: Procedure;
  /** The enclosing loop, or null. */
  parent: Loop | null;
  /** 1 for an outermost loop. */
  depth: number;
  /** Proved parallel: no carried dependence once the clauses below are applied (no run-time condition). */
  parallel: boolean;
  /** A directive is written on this loop. */
  emitted: boolean;
  /**
   * An innermost loop that gets `simd`, so that the outlined region
   * vectorizes it as the serial build does (simd-loops.ts): emitted, as
   * the combined `parallel do simd`; inside an emitted loop, as `simd`
   * with its private scalars.
   */
  simd?: boolean;
  private: string[];
  firstprivate: string[];
  lastprivate: string[];
  reductions: PlanReduction[];
  linear: PlanLinear[];
  /** Arrays privatized (also listed in `private`, but for those of `threadprivate` blocks). */
  privateArrays: string[];
  /**
   * COMMON blocks whose arrays are private to the iterations only as
   * threadprivate blocks (their callees reach them through the block):
   * the run makes them so, or the loop serial (threadprivate-blocks.ts).
   */
  threadprivate?: string[];
  /** Parallel only when this holds (the array dependence issue's run-time condition). */
  runtimeCheck: RuntimeCheck | null;
  /**
   * The loop trades places with its only inner loop (interchange.ts): the
   * plan then stands for the interchanged nest (parallel, the inner loop's
   * clauses), and `saved` is the loop's own verdict, put back when the
   * nest gets no directive.
   */
  interchange?: { inner: Loop; saved: Pick<LoopPlan, "parallel" | "reasons" | "omitted" | "blockers" | "private" | "hints"> };
  /**
   * Serial, but it could run pipelined (doacross.ts): the ordered span of
   * its body and its private scalars. Only with `emitted` does it have the
   * `ordered(1)` directive and the span its `depend(sink)` /
   * `depend(source)` lines (chooseDirectives found that it pays).
   */
  doacross?: DoacrossSpan;
  /**
   * An emitted pipelined loop that runs instead as one region whose threads
   * share out the rows of its callees' loops (row-pipeline.ts): `!$omp
   * parallel`, not `parallel do ordered(1)`; those loops are `orphan`.
   */
  rowPipeline?: RowPipeline;
  /** A row loop of a row pipeline's callee: `!$omp do schedule(static)` ... `!$omp end do nowait` (row-pipeline.ts). */
  orphan?: OrphanedLoop;
  /** A pipelined loop whose body only calls procedures, which does not run by rows: why not (row-pipeline.ts; `doall explain`). */
  byRowsRefused?: string;
  /**
   * An emitted pipelined loop runs in parallel only while the team has no
   * more threads than there are processors (threads-guard.ts): its `if`
   * clause asks the runtime, and the file declares what it asks.
   */
  threadsGuard?: boolean;
  /**
   * A pipelined variant's (plan-program.ts unswitched: the loop without
   * statements under a flag, run pipelined under `if(.not. flag)`): the
   * plan of the loop as written, which stands when the variant gets no
   * directive (choose-directives.ts).
   */
  asWritten?: LoopPlan;
  /** The loop's index may be read after the loop (it is lastprivate when the loop runs in parallel). */
  liveIndex?: boolean;
  /**
   * The loop right after it may run fused with it (fusion.ts), if both keep
   * their directives to the end of the run; settleFusions decides.
   */
  fusable?: FusionCandidate;
  /**
   * Fused with the loop right after it (fusion.ts): the directive on this
   * loop covers both bodies with `clauses`; the other loop's header and
   * this loop's end are merged in the text (fuse-lines.ts).
   */
  fusion?: Fusion;
  /**
   * Parallel once aligned or peeled (realign.ts): the plan is the rewritten
   * loop's, and `saved` the loop's own verdict as written, put back when it
   * gets no directive or its text does not allow the rewrite.
   */
  realign?: Realignment;
  /**
   * C, under a run-time overlap check: the loop as written runs when the
   * check fails, in the else branch of an `if` around the directive
   * (emit/serial-copy-lines.ts), not the region on one thread.
   */
  serialCopy?: boolean;
  /** The profitability guard for a symbolic trip count, in source syntax (an `if` clause). */
  profitableIf: string | null;
  collapse: number;
  schedule: string | null;
  /** Why the loop is serial (or parallel but not emitted: "nested", "not-profitable", ...). */
  reasons: Reason[];
  /** The carried array dependences past the ones listed in `reasons`: counted, not listed. */
  omitted: OmittedDependences | null;
  /** What would make the loop parallel, for `doall explain`. */
  hints: string[];
  /** The loop writes storage its bounds read (plan-program.ts's storageOfBoundsWritten): no restructuring may read them again. */
  boundsWritten?: boolean;
  /** Arrays that would be private but for a read after the loop through a procedure doall cannot see, and that procedure (array-privatization.ts). */
  liveThrough?: { array: string; procedure: string }[];
  /** The carried array dependences that remain (for `doall explain`). */
  blockers: CarriedDependence[];
  attributes: LoopAttributes;
  /** Estimated work of one execution of the loop (statement executions), null when symbolic. */
  work: number | null;
  /** Estimated starts of its region in a run (entry-counts.ts), when profitability was weighed. */
  entries?: number;
  /**
   * The pairs of arrays that `runtimeCheck` tests do not overlap (C
   * pointers, overlap-check.ts), and the parameters whose `restrict` would
   * make the check unnecessary (null when restrict would not do it).
   */
  overlaps?: OverlapPair[];
  /**
   * Calls (by name) whose accesses to an array (by name) `runtimeCheck`
   * keeps within the column of it, or row in C, where their element
   * argument starts (regions/call-regions.ts's `fits`).
   */
  fitted?: [string, string][];
  /**
   * `runtimeCheck` only compares extents fixed before the loop that a
   * private array's reads need (array-privatization.ts: `5 <= nz`): it
   * holds for all but tiny problems.
   */
  sizeCheck?: boolean;
  /**
   * `runtimeCheck` only asks that the steps of loops stepping by a value
   * the nest does not know be at least 1 (`nb >= 1`, LoopModel.stride):
   * every correct run passes it.
   */
  stepCheck?: boolean;
  /**
   * `runtimeCheck` holds the negation of this condition (source text): the
   * loop is parallel while the statements it guards, on these lines, do
   * not run (invariant-guards.ts; NPB EP's `timers_enabled`). With
   * `calls`, the statements are in the callees of those calls, on these
   * lines of the loop (quiet-calls.ts; NPB FT's Swarztrauber).
   */
  guard?: { cond: string; lines: [number, number]; calls?: string[] };
  /** The value ranges the array verdict needed (issue 7 §5; range-facts-used.ts); absent or empty when none. */
  facts?: RangeFact[];
}

export interface OverlapPair {
  a: string;
  b: string;
  restrict: string[] | null;
}

/** The variable a name in the plan's clauses stands for (Fortran names are case-blind; C: a file-scope global the procedure does not declare too). */
export function clauseSym(plan: LoopPlan, name: string): Sym | undefined {
  const p = plan.proc;
  return p.symbols.get(p.language === "fortran" ? name.toLowerCase() : name) ?? p.fileGlobals?.get(name);
}

/** A serial loop's plan keeps no clauses: they only mean something on a loop that runs in parallel. */
export function dropClauses(plan: LoopPlan): void {
  plan.private = [];
  plan.firstprivate = [];
  plan.lastprivate = [];
  plan.reductions = [];
  plan.linear = [];
  plan.privateArrays = [];
  delete plan.threadprivate;
}

export function emptyPlan(proc: Procedure, loop: Loop, parent: Loop | null = null, depth = 1): LoopPlan {
  return {
    loop,
    proc,
    parent,
    depth,
    parallel: false,
    emitted: false,
    private: [],
    firstprivate: [],
    lastprivate: [],
    reductions: [],
    linear: [],
    privateArrays: [],
    runtimeCheck: null,
    profitableIf: null,
    collapse: 1,
    schedule: null,
    reasons: [],
    omitted: null,
    hints: [],
    blockers: [],
    attributes: { parallel: false, workArrays: false, reductionFunctions: false },
    work: null,
  };
}
