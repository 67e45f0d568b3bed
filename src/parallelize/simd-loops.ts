import type { Expr } from "../ir/expr.js";
import type { Loop, Stmt } from "../ir/stmt.js";
import { stmtExprs, walkExpr } from "../ir/walk.js";
import type { LoopPlan } from "./loop-plan.js";
import { plainCountedLoop } from "./plain-loop.js";

/**
 * Marks the innermost loops that run inside a parallel region as `simd`
 * (issue 17: a directive must not make a program slower than serial).
 *
 * Why: OpenMP outlines a region's body into a function that reaches the
 * arrays it shares through pointers. gcc's vectorizer then sees accesses
 * through pointers that may alias where the serial procedure had distinct
 * arrays, and at -O2 (the "very cheap" cost model, gcc 12) it does not
 * version a loop for aliasing: the inner loops that the serial build
 * vectorizes run scalar in the parallel one. Measured on our f05 (matrix
 * products) and f34 (a jki product): 1.5-1.7x serial's CPU time at one
 * thread; `!$omp simd` on those inner loops brought them to about 1.05x.
 *
 * The same holds for a loop with a directive that is itself innermost
 * (f23's sweeps over 4,000 points: 1.13 ms against 0.93 serial, 1.03
 * with `parallel do simd`): it gets the combined construct.
 *
 * `simd` asserts that the loop's iterations may run in any interleaving
 * of vector lanes, which holds for a loop doall proved parallel. It is
 * put only where nothing but that assertion changes:
 * - the loop is proved parallel without a run-time check (with `if()` on
 *   a combined construct, OpenMP 5.0 would switch the simd part off with
 *   the parallel one; a check that fails must leave nothing asserted) and
 *   has no reduction (a vector reduction reorders the sum: different bits
 *   from the serial run even at one thread) and no private array; a loop
 *   inside a region also has no firstprivate, lastprivate or linear
 *   variable: `private` scalars are the only clause it gets;
 * - it contains no loop, and its body is assignments and IFs whose
 *   expressions call only intrinsic or pure functions (no call, I/O,
 *   jump or exit: a simd region may not branch out, and a call would not
 *   vectorize anyway);
 * - without a directive of its own, it lies inside a loop with one,
 *   deeper than that directive's collapse, in the same file (a loop
 *   outside every region is compiled as the serial build compiles it:
 *   nothing to restore).
 */
export function chooseSimd(loops: readonly LoopPlan[]): void {
  const planOf = new Map<Loop, LoopPlan>(loops.map((p) => [p.loop, p]));
  // An interchanged nest's inner loop now has the serial outer loop's header (interchange.ts).
  const interchangedInner = new Set(loops.flatMap((p) => (p.interchange && p.emitted ? [p.interchange.inner] : [])));
  for (const p of loops) {
    p.simd = false;
    // A fused loop's body, as written, is both loops' (fusion.ts).
    const body = p.fusion ? { ...p.loop, body: [...p.loop.body, ...p.fusion.second.loop.body] } : p.loop;
    if (!p.parallel || !clausesAllowSimd(p) || !simdLoop(body) || interchangedInner.has(p.loop)) continue;
    if (p.emitted) {
      // A row pipeline's row loop shares out its rows with `do`, which stays as it is (row-pipeline.ts).
      p.simd = p.collapse === 1 && !p.orphan;
      continue;
    }
    if (p.firstprivate.length || p.lastprivate.length || p.linear.length) continue;
    // The nearest enclosing loop with a directive, and how many loops lie between.
    let levels = 1;
    let region: LoopPlan | undefined;
    for (let q = p.parent ? planOf.get(p.parent) : undefined; q; q = q.parent ? planOf.get(q.parent) : undefined) {
      if (q.emitted) {
        region = q;
        break;
      }
      levels++;
    }
    if (!region || levels < region.collapse || region.loop.span.file !== p.loop.span.file) continue;
    p.simd = true;
  }
}

/** No clause that simd would change: no run-time check, reduction or private array. */
function clausesAllowSimd(p: LoopPlan): boolean {
  return p.runtimeCheck === null && p.reductions.length === 0 && p.privateArrays.length === 0 && !p.threadprivate?.length;
}

/** A counted loop of the user's, on a line of its own, whose body a vector loop can hold (see above). */
function simdLoop(loop: Loop): boolean {
  return plainCountedLoop(loop) && !loop.sharesLine?.first && !loop.sharesLine?.pragma && simpleBody(loop.body);
}

/** Assignments and IFs whose expressions call only intrinsic or pure functions: no loop, call, I/O, jump or exit. */
export function simpleBody(stmts: readonly Stmt[]): boolean {
  return stmts.every(simdStmt);
}

function simdStmt(s: Stmt): boolean {
  if (s.label !== undefined && s.kind !== "nop" && s.kind !== "assign") return false;
  switch (s.kind) {
    case "assign":
      return pureExprs(s);
    case "if":
      return pureExprs(s) && s.then.every(simdStmt) && s.else.every(simdStmt);
    case "block":
      return s.body.every(simdStmt);
    case "nop":
      return true;
    default:
      return false;
  }
}

function pureExprs(s: Stmt): boolean {
  let ok = true;
  for (const e of stmtExprs(s))
    walkExpr(e, (x: Expr) => {
      if ((x.kind === "call" && !x.intrinsic && !x.pure) || x.kind === "assign-expr" || x.kind === "unknown") ok = false;
    });
  return ok;
}
