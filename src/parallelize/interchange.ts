import type { Expr } from "../ir/expr.js";
import type { Loop, Stmt } from "../ir/stmt.js";
import { stmtExprs, walkExpr, walkStmts } from "../ir/walk.js";
import type { ProcedureDeps } from "../analysis/dependence/analyze.js";
import { truncated } from "../analysis/dependence/lazy-solution.js";
import type { LoopPlan } from "./loop-plan.js";
import { arrayDependencesOnly, PLACEMENT_KINDS, type Reason } from "./reason.js";
import { declaredInside } from "./scalar-plan.js";
import { simpleBody } from "./simd-loops.js";
import { constStep, plainCountedLoop } from "./plain-loop.js";
import { assignedIn } from "../analysis/assigned-in.js";
import { pipelineClausesOnly } from "./doacross.js";
import { mentions } from "../analysis/regions/box.js";

/**
 * Loop interchange (seed 004 §3, issue 20 §1): a serial loop whose only
 * inner loop is parallel trades places with it, when that is legal and
 * keeps the innermost loop stride-1; the parallel loop then carries the
 * directive outside, one region for the nest instead of one per outer
 * iteration (or none at all, where a region per iteration did not pay).
 *
 *   do i = 2, n                  !$omp parallel do
 *     do j = 1, m       ==>      do j = 1, m
 *       a(i, j) = a(i-1, j)        do i = 2, n
 *                                    a(i, j) = a(i-1, j)
 *
 * Legal (Allen & Kennedy's test, which seed 004 §3 refers to): no pair of
 * references of the nest has a direction vector that is (<, >) on the two
 * loops (with "=" on every loop around them): interchanged it would be
 * (>, <), a dependence that runs backwards. A vector the tests left
 * unrefined ("*" on either loop, a search stopped early) refuses, as
 * does any pair of C pointers that may share storage. And the inner loop,
 * once outside, must carry nothing: every vector is "=" on it. A legal
 * interchange of a(i, j) = a(i-1, j-1), (<, <), would leave it carried by
 * the loop that gets the directive.
 *
 * Taken only where nothing else can change: a perfect nest of two
 * counted loops (the outer's body is the inner loop, the inner's body
 * assignments, IFs and counted loops of the same, with no call but
 * intrinsic or pure ones, simd-loops.ts) with constant steps, the inner's bounds not naming the outer
 * index, the outer serial for its array dependences alone (no scalar,
 * call or other cause) under no parallel loop and its index not read
 * after it, the inner parallel with no clause but private scalars (its
 * own index, were it read after the nest, would be lastprivate). And only where the interchanged nest runs
 * at least as well serially: every array reference that varies with the
 * outer index varies fastest with it (Fortran's first subscript, C's
 * last), not with the inner one, so the new innermost loop walks memory
 * with stride one; where loops lie inside the inner one, the innermost
 * loop stays innermost (`do k / do j / do i` with k serial becomes
 * `do j / do k / do i`).
 *
 * The decision is a plan (LoopPlan.interchange on the outer loop, which
 * then stands for the interchanged nest: parallel, the inner loop's
 * clauses); emit/ swaps the two headers' texts. An interchange whose loop
 * ends up without a directive is undone (settleInterchanges), so that a
 * plan never claims what the source as written does not do.
 */
export function chooseInterchanges(plans: LoopPlan[], deps: ProcedureDeps, file: string): void {
  const planOf = new Map<Loop, LoopPlan>(plans.map((p) => [p.loop, p]));
  for (const outer of plans) {
    const inner = onlyInnerLoop(outer.loop);
    const ip = inner ? planOf.get(inner) : undefined;
    if (!inner || !ip || !candidate(outer, ip, planOf, file)) continue;
    // A pragma of the user's before a header would go on with the header to the other loop (found by fuzzing).
    if (outer.loop.sharesLine?.pragma || inner.sharesLine?.pragma) continue;
    // With loops inside the inner one, the innermost loop stays where it is, and so does its stride.
    if (!legal(deps, outer.loop, inner) || (!holdsLoops(inner) && !strideKept(outer.loop, inner))) continue;
    const lang = outer.proc.language;
    // A serial loop's clauses were kept only for a pipelined directive (plan-program.ts finish), which it loses here.
    const saved = { parallel: outer.parallel, reasons: outer.reasons, omitted: outer.omitted, blockers: outer.blockers, private: pipelineClausesOnly(outer) ? [] : outer.private, hints: outer.hints };
    const index = outer.loop.index!;
    outer.interchange = { inner, saved };
    // The nest runs interchanged, not pipelined (doacross.ts): its candidacy goes (and is not put back on undo).
    delete outer.doacross;
    outer.parallel = true;
    outer.blockers = [];
    outer.omitted = null;
    outer.hints = [];
    // The outer index becomes an inner loop's: private by OpenMP's rules in Fortran; C lists it unless the for declares it.
    outer.private = [...ip.private, ...(lang === "c" && !declaredInside(index, outer.loop) && !ip.private.includes(index.name) ? [index.name] : [])];
    outer.reasons = [];
    ip.reasons = [...ip.reasons, interchangedReason(outer.loop, lang)];
  }
}

/**
 * Undoes the interchanges whose nest got no directive (not profitable,
 * dropped by a later decision) and, in a file with errors, every one: the
 * outer loop is serial again as written, with its reasons.
 */
export function settleInterchanges(plans: readonly LoopPlan[], failed = false): void {
  for (const p of plans) {
    if (!p.interchange) continue;
    if (p.emitted && !failed) {
      // Kept: the inner loop's reason is the interchange, not "the enclosing loop runs in parallel" besides.
      const x = p.interchange;
      const ip = plans.find((q) => q.loop === x.inner);
      if (ip) ip.reasons = ip.reasons.filter((r) => !(r.kind === "nested" && r.line === p.loop.span.line && !r.message.startsWith(INTERCHANGED)));
      continue;
    }
    const why: Reason | null = p.emitted ? null : { kind: "not-profitable", message: `parallel, not profitable: the nest does not pay for a region even with this loop outside the serial loop at line ${p.loop.span.line}` };
    undoInterchange(plans, p, why);
  }
}

/**
 * The nest of `p` back as written: `p` serial with its own reasons, and its
 * inner loop without the reasons the interchange gave it (`why` instead,
 * when it is left with no directive and no other placement reason).
 */
export function undoInterchange(plans: readonly LoopPlan[], p: LoopPlan, why: Reason | null): void {
  const x = p.interchange;
  if (!x) return;
  p.emitted = false;
  p.profitableIf = null;
  Object.assign(p, x.saved);
  delete p.interchange;
  const ip = plans.find((q) => q.loop === x.inner);
  if (!ip) return;
  const outerLine = p.loop.span.line;
  ip.reasons = ip.reasons.filter((r) => !r.message.startsWith(INTERCHANGED) && !(r.kind === "nested" && r.line === outerLine));
  if (why && !ip.emitted && !ip.reasons.some((r) => PLACEMENT_KINDS.has(r.kind))) ip.reasons.push(why);
}

const INTERCHANGED = "interchanged:";

function interchangedReason(outer: Loop, lang: "fortran" | "c"): Reason {
  const kw = lang === "c" ? "for" : "DO";
  return { kind: "nested", message: `${INTERCHANGED} it trades places with the serial loop at line ${outer.span.line} (whose ${kw} header it now has), and runs outside it with the directive`, line: outer.span.line };
}

/** Assignments, IFs and counted loops of the same, recursively (simd-loops.ts's simple bodies, nested). */
function simpleNest(stmts: readonly Stmt[]): boolean {
  return stmts.every((s) => (s.kind === "loop" ? counted(s) && s.label === undefined && simpleNest(s.body) : simpleBody([s])));
}

function holdsLoops(l: Loop): boolean {
  return l.body.some((s) => s.kind === "loop");
}

/** The loop that is the whole body of `l`, if any. */
function onlyInnerLoop(l: Loop): Loop | null {
  // A CONTINUE (the terminal statement of a labeled DO) is no statement of its own: no jump reaches it (the inner body has none).
  const body = l.body.filter((s) => s.kind !== "nop");
  const only = body.length === 1 ? body[0]! : null;
  return only && only.kind === "loop" ? only : null;
}

function counted(l: Loop): boolean {
  const step = constStep(l);
  return plainCountedLoop(l) && !l.sharesLine && step !== undefined && step !== 0;
}

function candidate(outer: LoopPlan, inner: LoopPlan, planOf: Map<Loop, LoopPlan>, file: string): boolean {
  const o = outer.loop;
  const i = inner.loop;
  if (!counted(o) || !counted(i) || o.span.file !== file || i.span.file !== file) return false;
  // The outer loop: serial for carried array dependences only; its index not read after it (it becomes
  // an inner loop's, private to the region: the value after the nest would be lost).
  if (outer.parallel || outer.runtimeCheck || outer.reasons.length === 0 || outer.liveIndex) return false;
  if (!arrayDependencesOnly(outer.reasons)) return false;
  // Under no loop that runs in parallel (the nest would be inside its region anyway).
  for (let q = outer.parent ? planOf.get(outer.parent) : undefined; q; q = q.parent ? planOf.get(q.parent) : undefined) if (q.parallel || q.runtimeCheck) return false;
  // The inner loop: parallel as written (not once aligned or peeled: realign.ts rewrites its header too), private scalars only.
  // Neither loop may write storage its bounds read (EQUIVALENCE, COMMON through calls): each header is read again.
  if (outer.boundsWritten || inner.boundsWritten) return false;
  if (!inner.parallel || inner.realign || inner.runtimeCheck || inner.reductions.length || inner.firstprivate.length || inner.lastprivate.length || inner.linear.length || inner.privateArrays.length || inner.threadprivate?.length) return false;
  if (!simpleNest(i.body)) return false;
  // Rectangular: the inner bounds do not name the outer index, and the inner loop (its index included: the outer
  // bounds would read its current value once they are evaluated inside it) writes nothing the bounds read.
  const index = o.index!;
  const bounds = [i.lower, i.upper, i.step, o.lower, o.upper, o.step].filter((e): e is Expr => e !== null);
  if ([i.lower, i.upper, i.step].some((e) => e && mentions(e, index))) return false;
  const written = assignedIn(i);
  // Evaluated once for the nest instead of once per outer iteration: only constants and scalars the nest does not assign
  // (an array element or a function could change between two starts of the inner loop).
  return bounds.every((e) => plainBound(e) && ![...written].some((s) => mentions(e, s)));
}

function plainBound(e: Expr): boolean {
  let ok = true;
  walkExpr(e, (x) => {
    if (x.kind !== "int" && x.kind !== "var" && x.kind !== "binary" && x.kind !== "unary") ok = false;
    if (x.kind === "var" && x.sym.dims.length > 0) ok = false;
  });
  return ok;
}

/** No direction vector (<, >) on the two loops, with "=" around them; none left unrefined there. */
function legal(deps: ProcedureDeps, outer: Loop, inner: Loop): boolean {
  for (const nest of deps.nests)
    for (const pr of nest.pairs) {
      const k1 = pr.loops.indexOf(outer);
      const k2 = pr.loops.indexOf(inner);
      if (k1 < 0 && k2 < 0) continue;
      // Conservative: a pair with only one of the two loops in common (not in a perfect nest), or storage that may overlap.
      if (k1 < 0 || k2 !== k1 + 1 || pr.mayOverlap) return false;
      if (pr.status === "independent") continue;
      if (truncated(pr.solution)) return false;
      for (const v of pr.solution.vectors) {
        // Carried by a loop around the nest: the interchange keeps that loop's order.
        if (v.dirs.slice(0, k1).some((d) => d === "<" || d === ">")) continue;
        const a = v.dirs[k1];
        const b = v.dirs[k2];
        if (a === "*" || b === "*" || a === undefined || b === undefined) return false;
        if ((a === "<" && b === ">") || (a === ">" && b === "<")) return false;
        // Legal but not what the interchange is for: the inner loop, outside, would carry it (a(i-1, j-1) is
        // (<, <): carried by i as written, by j once j runs outside). It runs there in parallel only with "=".
        if (b !== "=") return false;
      }
    }
  return true;
}

/**
 * Every reference that varies with the outer index varies fastest with it
 * alone (a(i, j) for `do i` outside `do j`; C's a[j][i]): the new
 * innermost loop walks memory with stride one; references of the inner
 * index alone are invariant there.
 */
function strideKept(outer: Loop, inner: Loop): boolean {
  const o = outer.index!;
  const i = inner.index!;
  let outerFast = 0;
  let ok = true;
  walkStmts(inner.body, (s) => {
    for (const e of stmtExprs(s))
      walkExpr(e, (x) => {
        if (x.kind !== "elem" || x.subs.length === 0 || !x.subs.some((sub) => mentions(sub, o))) return;
        // Invariant in the new innermost loop (b(j)): no stride at all. Else it must walk its fastest dimension.
        const fast = x.sym.layout === "row-major" ? x.subs[x.subs.length - 1]! : x.subs[0]!;
        if (mentions(fast, i) || !mentions(fast, o)) ok = false;
        else outerFast++;
      });
  });
  return ok && outerFast > 0;
}
