/**
 * Array dependence analysis (issue 6): facts about which pairs of array
 * references may touch the same element, with what direction and distance,
 * proved by which test, and under which run-time condition they do not.
 *
 * How the parallelizer asks "is loop L parallel with respect to arrays?":
 *
 *   const deps = analyzeProcedure(proc);        // once per procedure
 *   const v = arrayVerdict(deps, loop);         // per loop
 *   v.parallel        // true: no array dependence is carried by L, unconditionally
 *   v.carried         // what blocks it: one CarriedDependence per pair and
 *                     //   orientation: kind (flow/anti/output/input), var,
 *                     //   source/sink ArrayRef (stmt, expr), direction over the
 *                     //   pair's common loops, distance at L (iterations, or
 *                     //   null), exact (a certain dependence), test ("exact",
 *                     //   "siv" or null), why (for unknown pairs), condition
 *   v.assumes         // in-bounds atoms the answer relies on (subscripts not
 *                     //   proved to stay within their declared bounds)
 *   v.runtimeCheck    // when every blocker disappears under a run-time check:
 *                     //   { expr (HIR, for the emitter's if clause), fortran, c }
 *
 * A carried dependence at L is one whose direction vector is "=" on every
 * common loop outside L and "<" or ">" at L. Pairs whose status is
 * "unknown" (a subscript that is not a polynomial, storage that may
 * overlap, a call that receives the array) block every common loop.
 * `parallel` is false whenever `assumes` is not empty; `runtimeCheck` then
 * contains those atoms.
 *
 * Lower level: `ProcedureDeps.nests[].pairs` lists every analyzed pair
 * (`PairResult`: status, the direction vectors with per-vector distances,
 * the deciding test, the `DepProblem`), and `conditionForLevel` derives the
 * run-time condition of one pair at one level.
 *
 * Cost (issue 16): pairs of alike references share one answer
 * (ref-classes.ts), a nest builds each problem once (built-problems.ts),
 * problems equal up to their variables' names share one solution within a
 * file (solution-cache.ts, `DependenceOptions.solutions`), a solution
 * searches the direction-vector hierarchy only as far as the verdicts ask
 * (lazy-solution.ts; the complete list of vectors is computed when read),
 * and the exact test tries a quick search for a solution before the Omega
 * test (witness.ts). None of these changes an answer; each has a property
 * test against the straightforward way.
 *
 * Conventions and assumptions (see each file's comment):
 * - directions and distances are in iteration counts of the normalized
 *   loops (index = lower + step·t), in execution order, source first;
 * - Fortran dummy arguments do not alias each other or COMMON (the
 *   standard's rule); C pointers may alias anything; EQUIVALENCE partners
 *   alias; COMMON members alias unless their subscripts stay in bounds;
 * - subscripts are not assumed to stay within declared bounds
 *   (`DependenceOptions.assumeInBounds` turns that on);
 * - values are canonical polynomials over atoms (atoms.ts): loop
 *   counters, symbols fixed during the nest or a loop instance, and opaque
 *   invariant expressions such as `grid_points(1)`.
 */
export { analyzeProcedure, type DependenceOptions, type NestDeps, type PairResult, type PairStatus, type ProcedureDeps } from "./analyze.js";
export { arrayVerdict, checkText, depKind, type ArrayLoopVerdict, type CarriedDependence, type DepKind, type RuntimeCheck } from "./verdict.js";
export { conditionExpr, conditionForLevel, type Condition } from "./runtime-condition.js";
export { refineGraph, type RefineCounts } from "./refine-graph.js";
export { DepStats } from "./stats.js";
export { TEST_ORDER, type TestName } from "./outcome.js";
export type { Dir, DepProblem } from "./problem.js";
export type { DirVector, PairSolution } from "./solve-pair.js";
export type { ArrayRef } from "./references.js";
