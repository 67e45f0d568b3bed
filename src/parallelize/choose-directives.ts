import { evalInt } from "../ir/const-eval.js";
import { jumpTargets } from "../analysis/access/jumps.js";
import type { Expr } from "../ir/expr.js";
import type { Procedure, Program } from "../ir/program.js";
import type { Loop, Stmt } from "../ir/stmt.js";
import { childBlocks, walkExpr, walkStmts } from "../ir/walk.js";
import { loopProduct, tripsKnown, type EntryCounts } from "./entry-counts.js";
import { CONCURRENT_NO_DIRECTIVE } from "./concurrent-plan.js";
import type { LoopPlan } from "./loop-plan.js";
import { FEW_ENTRIES, NESTED_RATIO, profitability, round as fmt, type CalleeWork, type TripLimit } from "./profitability.js";
import { doacrossPays } from "./doacross.js";
import { threadsGuardFits } from "./threads-guard.js";
import { contradictory } from "./contradictory.js";

/** Below this constant trip count, collapsing a perfectly nested parallel inner loop gives the threads enough iterations. */
const COLLAPSE_BELOW = 64;

/**
 * Which loops get a directive (issue 9 §5): in each nest the outermost loop
 * that runs in parallel and pays. Its inner loops stay plain ("nested").
 * A loop parallel only under a run-time check is taken only when no loop
 * inside it is parallel unconditionally (a failed check would serialize
 * the whole nest). Loops of a procedure that already has OpenMP
 * directives, and loops in included files, are left alone; so are the
 * loops of a procedure every call of which is inside a parallel loop (a
 * nested region would run on one thread, at the cost of its start).
 * Profitability counts how often each loop is entered (`entries`: the
 * procedure's calls times the trip counts of the serial loops around it).
 * Calls count for the statements their callees execute (`callee`);
 * symbolic trip counts are capped by the value ranges (`limit`).
 * `plans` are the procedure's loops in source order (outer before inner).
 */
export function chooseDirectives(program: Program, proc: Procedure, plans: LoopPlan[], entries: EntryCounts, callee: CalleeWork, limit: TripLimit): void {
  const byLoop = new Map<Loop, LoopPlan>(plans.map((p) => [p.loop, p]));
  const existing = program.file.directives.some(
    (d) => d.span.file === proc.span.file && d.span.line >= proc.span.line && d.span.line <= proc.endSpan.endLine && !d.conditional,
  ) || plans.some((p) => p.loop.existingDirective !== undefined);
  const lang = proc.language;

  const unconditionalInside = (l: Loop): boolean => {
    let yes = false;
    walkStmts(l.body, (s) => {
      if (s.kind === "loop" && !s.concurrent && byLoop.get(s)?.parallel) yes = true;
    });
    return yes;
  };

  const calls = entries.calls(proc);
  // Labels some statement jumps to: a directive before a DO (or for) that carries one would make
  // that jump enter the parallel region (gfortran even crashes on it: NPB3.3-OMP FT's `goto 160`).
  const targets = jumpTargets(proc.body);
  const visit = (stmts: readonly Stmt[], covered: LoopPlan | null, around: Loop[]): void => {
    for (const s of stmts) {
      if (s.kind !== "loop") {
        for (const b of childBlocks(s)) visit(b, covered, around);
        continue;
      }
      const inner = [...around, s];
      if (s.implied) {
        // An array assignment's (or FORALL's) loop: no DO to put a directive on; its body is
        // one statement, or a multi-index DO CONCURRENT's body, which is the user's.
        visit(s.body, covered, inner);
        continue;
      }
      const plan = byLoop.get(s)!;
      if (covered) {
        const how = covered.parallel || covered.runtimeCheck ? "runs in parallel" : "runs pipelined (ordered), its iterations overlapping";
        if (plan.parallel || plan.runtimeCheck) plan.reasons.push({ kind: "nested", message: `the enclosing loop at line ${covered.loop.span.line} ${how}`, line: covered.loop.span.line });
        else notPipelined(plan);
        visit(s.body, covered, inner);
        continue;
      }
      // A pipelined loop under a guard (its flag false) is still a pipelined loop, not a parallel one.
      const runnable = plan.parallel || (plan.runtimeCheck !== null && !plan.doacross);
      if (!runnable) {
        // Serial for its array dependences alone: pipelined when the rest of its body carries the work
        // (doacross.ts); one region for the loop, where a parallel loop inside it would start one per iteration.
        if (plan.doacross && pipelined(plan, s, around)) {
          visit(s.body, plan, inner);
          continue;
        }
        notPipelined(plan);
        visit(s.body, null, inner);
        continue;
      }
      if (calls.insideParallel) {
        const site = calls.insideParallel;
        const where = site.caller.span.file === proc.span.file ? `line ${site.line}` : `${site.caller.span.file}:${site.line}`;
        plan.reasons.push({ kind: "nested", message: `every call of ${proc.name} runs inside a parallel loop (the call at ${where}), where this loop's region would run on one thread`, line: site.line });
        visit(s.body, null, inner);
        continue;
      }
      // Called mostly from inside parallel loops: each of those calls would start its region inactive
      // (about 0.5 µs, for a few statements: f23's relax, called for every cell, ran 2x slower than serial).
      if (calls.nested && calls.nested.count >= FEW_ENTRIES && calls.nested.count >= NESTED_RATIO * calls.count) {
        const site = calls.nested.site;
        const where = site.caller.span.file === proc.span.file ? `line ${site.line}` : `${site.caller.span.file}:${site.line}`;
        plan.reasons.push({ kind: "nested", message: `${proc.name} is called about ${fmt(calls.nested.count)} times from inside parallel loops (the call at ${where}), where this loop's region would start for nothing, and ${calls.count <= 1 ? "once" : `about ${fmt(calls.count)} times`} outside`, line: site.line });
        visit(s.body, null, inner);
        continue;
      }
      if (existing) {
        plan.reasons.push({ kind: "existing-directive", message: s.existingDirective ? `it already has the directive '${s.existingDirective}'` : "its procedure already has OpenMP directives, which doall leaves as they are" });
        visit(s.body, null, inner);
        continue;
      }
      if (s.span.file !== program.file.path) {
        plan.reasons.push({ kind: "included-file", message: `it is in the included file ${s.span.file}, which doall does not rewrite` });
        visit(s.body, null, inner);
        continue;
      }
      if (s.label !== undefined && targets.has(s.label)) {
        const kw = lang === "c" ? "for" : "DO";
        plan.reasons.push({ kind: "jump-target", message: `a jump elsewhere goes to this ${kw} statement (label ${s.label}): with a directive before it, the jump would enter the parallel region, which OpenMP forbids` });
        visit(s.body, null, inner);
        continue;
      }
      // OpenMP's loop forms: a C for that sets more than its index (`for (j = 0, t = 3; ...)`), and a Fortran
      // index narrower than a default integer (its trip count overflows the kind: -100 to 126 in integer(1)).
      const overflows = spanOverflows(s);
      if (overflows || (lang === "c" ? !!s.extraInit : !!s.index && (s.index.type.bytes ?? 4) < 4)) {
        plan.reasons.push({ kind: "layout", message: overflows ? "its bounds are further apart than its index's type holds, and OpenMP computes the trip count in that type (it would overflow)" : lang === "c" ? "the for's first clause sets more than the loop's index, which OpenMP's loop form does not allow" : "its index is an integer narrower than the default kind, in which OpenMP's trip count may overflow" });
        visit(s.body, null, inner);
        continue;
      }
      if (s.sharesLine?.macro) {
        plan.reasons.push({ kind: "layout", message: `the loop is written by a macro: a directive before the macro's use would go to the first loop it expands to, whichever that is; write the ${lang === "c" ? "for" : "DO"} in the code` });
        visit(s.body, null, inner);
        continue;
      }
      if (s.sharesLine?.pragma) {
        plan.reasons.push({ kind: "layout", message: "a pragma of yours stands right before the for, and an OpenMP directive cannot go between them: move the pragma, or remove it" });
        visit(s.body, null, inner);
        continue;
      }
      if (s.sharesLine?.first) {
        // Conservative: the directive line must come right before the DO, and doall does not
        // split the user's line to make room (that would change it).
        const kw = lang === "c" ? "for" : "DO";
        plan.reasons.push({ kind: "layout", message: `the ${kw} statement follows other text on its line, so no directive line can go right before it: put the ${kw} on a line of its own` });
        visit(s.body, null, inner);
        continue;
      }
      if (s.concurrent) {
        // gfortran refuses every OpenMP loop directive on a DO CONCURRENT (concurrent-plan.ts); the
        // loops inside may still get one, as under a DO that cannot hold one (layout).
        plan.reasons.push({ kind: "concurrent", message: CONCURRENT_NO_DIRECTIVE });
        visit(s.body, null, inner);
        continue;
      }
      // An overlap check (overlap-check.ts) holds whenever the arrays are apart, as they usually are, a
      // check of extents (sizeCheck) for all but tiny problems, and a flag that guards timers or
      // diagnostics (guard) in production runs, a check that unknown steps are at least 1 (stepCheck) in
      // every correct run: each keeps its loop (the expert's, in NPB's exact_rhs and EP; the loop over
      // the blocks of a tiled nest) over inner loops parallel without one.
      if (!plan.parallel && !plan.overlaps?.length && !plan.sizeCheck && !plan.stepCheck && !plan.guard && unconditionalInside(s)) {
        plan.reasons.push({ kind: "nested", message: "it is parallel only under a run-time check, and a loop inside it is parallel without one" });
        visit(s.body, null, inner);
        continue;
      }
      const entries = { count: calls.count * loopProduct(around, limit), guessed: calls.guessed || !tripsKnown(around, limit) };
      const profit = profitability(s, lang, entries, callee, limit);
      plan.work = profit.work;
      plan.entries = entries.count;
      // A run-time check and a profitability guard that cannot both hold (`n <= 3`, `n >= 10001`): the
      // region would never run in parallel, and entering it would cost on every run (issue 17).
      if (!profit.notProfitable && plan.runtimeCheck && profit.ifExpr && contradictory([plan.runtimeCheck.expr, profit.ifExpr]))
        profit.notProfitable = `it is parallel only when ${lang === "fortran" ? plan.runtimeCheck.fortran : plan.runtimeCheck.c}, and a region pays only when ${profit.ifCondition}: never both`;
      if (profit.notProfitable) {
        plan.reasons.push({ kind: "not-profitable", message: `parallel, not profitable: ${profit.notProfitable}` });
        visit(s.body, null, inner);
        continue;
      }
      plan.emitted = true;
      plan.profitableIf = profit.ifCondition;
      if (plan.parallel) collapse(plan, byLoop, profit.trips);
      if (triangular(s)) plan.schedule = "static, 1";
      visit(s.body, plan, inner);
    }
  };
  /** Whether a serial loop with an ordered span gets the doacross directive; if so it is emitted. */
  const pipelined = (plan: LoopPlan, s: Loop, around: Loop[]): boolean => {
    const span = plan.doacross!;
    if (calls.insideParallel || calls.nested || existing || s.span.file !== program.file.path || s.sharesLine?.first || s.sharesLine?.pragma || s.concurrent) return false;
    const entries = { count: calls.count * loopProduct(around, limit), guessed: calls.guessed || !tripsKnown(around, limit) };
    const profit = profitability(s, lang, entries, callee, limit);
    if (profit.notProfitable || !doacrossPays(s, span, callee, limit).pays) return false;
    plan.work = profit.work;
    plan.entries = entries.count;
    plan.emitted = true;
    plan.profitableIf = profit.ifCondition;
    // Round robin: iteration i + 1 runs on the next thread while i finishes its ordered span.
    plan.schedule = "static, 1";
    if (threadsGuardFits(proc, program)) plan.threadsGuard = true;
    return true;
  };

  visit(proc.body, null, []);
}

/**
 * A loop that gets no pipelined directive: the plan of the loop as written
 * when it was a pipelined variant's (LoopPlan.asWritten: not parallel
 * under the flag's check, whatever that variant's clauses). (The clauses
 * of other serial loops that get none go in planProgram.)
 */
function notPipelined(plan: LoopPlan): void {
  const orig = plan.asWritten;
  if (!orig) return;
  for (const k of Object.keys(plan)) if (!(k in orig)) delete (plan as unknown as Record<string, unknown>)[k];
  Object.assign(plan, orig);
}

/** `collapse(2)` when the only statement of the loop is a parallel loop whose bounds do not change in it, and the outer trip count is small. */
function collapse(plan: LoopPlan, byLoop: Map<Loop, LoopPlan>, trips: number | null): void {
  const l = plan.loop;
  // An interchanged nest (interchange.ts): its inner loop is the serial one.
  if (trips === null || trips >= COLLAPSE_BELOW || plan.interchange) return;
  const body = l.body.filter((s) => s.kind !== "nop");
  if (body.length !== 1 || body[0]!.kind !== "loop") return;
  const inner = body[0] as Loop;
  const ip = byLoop.get(inner);
  // Not into a DO CONCURRENT: gfortran accepts no OpenMP directive on one, collapse included.
  if (!ip?.parallel || inner.form !== "do" || inner.concurrent || !inner.lower || !inner.upper) return;
  if (l.terminalLabel !== undefined && l.terminalLabel === inner.terminalLabel) return;
  const written = new Set<string>([...plan.private, ...plan.lastprivate, ...plan.reductions.map((r) => r.var), ...plan.linear.map((x) => x.var)]);
  if (l.index) written.add(l.index.name);
  const mentionsWritten = (e: Expr | null) => {
    let yes = false;
    if (e)
      walkExpr(e, (x) => {
        if ((x.kind === "var" || x.kind === "elem") && (written.has(x.sym.name) || x.kind === "elem")) yes = true;
        if (x.kind === "call" && !x.intrinsic) yes = true;
      });
    return yes;
  };
  if ([inner.lower, inner.upper, inner.step].some(mentionsWritten)) return;
  plan.collapse = 2;
  if (inner.index) plan.private = plan.private.filter((v) => v !== inner.index!.name);
}

/** An inner loop whose bounds are arithmetic in the loop's index (`j < i`, not `k < rows[i]`): iterations do unequal work. */
function triangular(l: Loop): boolean {
  if (!l.index) return false;
  const idx = l.index;
  const arithmetic = (e: Expr): boolean => {
    if (e.kind === "var") return e.sym === idx;
    if (e.kind === "binary") return arithmetic(e.left) || arithmetic(e.right);
    if (e.kind === "unary" || e.kind === "cast") return arithmetic(e.operand);
    return false;
  };
  let yes = false;
  walkStmts(l.body, (s) => {
    if (s.kind === "loop") for (const e of [s.lower, s.upper]) if (e && arithmetic(e)) yes = true;
  });
  return yes;
}

/** Constant bounds further apart than the index's type holds (-2e9 to 2e9 in a 32-bit int): gcc's trip count, computed in that type, overflows. */
function spanOverflows(l: Loop): boolean {
  if (!l.index || !l.lower || !l.upper) return false;
  const lo = evalInt(l.lower);
  const hi = evalInt(l.upper);
  if (lo === undefined || hi === undefined) return false;
  const bytes = l.index.type.bytes ?? 4;
  return bytes < 8 && Math.abs(hi - lo) > 2 ** (8 * bytes - 1) - 1;
}
