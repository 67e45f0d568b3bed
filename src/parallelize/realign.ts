import type { Expr } from "../ir/expr.js";
import type { Procedure } from "../ir/program.js";
import type { Loop, Stmt } from "../ir/stmt.js";
import type { Sym } from "../ir/symbol.js";
import { addConst } from "../ir/add-const.js";
import { valueType } from "../ir/value-type.js";
import { replaceRun } from "../ir/rewrite-blocks.js";
import { mentions } from "../analysis/regions/box.js";
import { shiftIndex } from "../ir/shift-index.js";
import { childBlocks, stmtExprs, topLevelIndex, walkExpr, walkStmts } from "../ir/walk.js";
import type { CarriedDependence } from "../analysis/dependence/verdict.js";
import type { LoopPlan } from "./loop-plan.js";
import { orderedBody } from "./doacross.js";
import { plainBody, writes } from "./plain-body.js";
import { constStep, plainCountedLoop } from "./plain-loop.js";
import { arrayDependencesOnly, type Reason } from "./reason.js";
import { replaceNested } from "./nested-reasons.js";

/**
 * Loop alignment and peeling (seed 004 §3: "loop-alignment (ループ半周
 * シフト)" and "loop-peeling (ループ皮むき)"; issue 20 §2): a loop that
 * carries array dependences only, rewritten so that it carries none.
 *
 * Alignment. When every carried dependence goes, at one constant distance
 * d, from a statement before some point of the body to one after it, the
 * statements after that point (B) run d iterations later than those
 * before it (A); for d = 1:
 *
 *   do i = L, U                 do i = L - 1, U
 *     A(i)              ->        if (i >= L) A(i)
 *     B(i)                        if (i + 1 <= U) B(i + 1)
 *   end do                      end do
 *
 * Iteration i of the new loop runs A's part of iteration i and B's part of
 * iteration i + d, so what B read from A's iteration d before it now reads
 * in the same one. Seed 004 §3 names the transformation and refers to a
 * companion paper for its conditions, which we do not have; these are
 * ours. The rewritten loop keeps every statement instance of the original
 * (the guards drop exactly those outside L..U) and is legal when every two
 * instances that touch the same storage (one writing) keep their order:
 * - no two instances in different iterations of the new loop conflict:
 *   the new loop (without its guards: more instances, never fewer) is
 *   analyzed as any loop is, and must be parallel with no condition;
 * - in one iteration, A's statements run before B's and come from an
 *   earlier original iteration (offsets never decrease along the body),
 *   so an A-B pair keeps its order; two statements of one group keep theirs;
 * - a scalar goes with one group only: a value A leaves for B in an
 *   iteration would reach B's statements of the next one, and a scalar
 *   the new loop makes private must be its group's alone. So the new loop's
 *   only clause is `private` (a lastprivate value or a reduction would mix
 *   the two groups' iterations);
 * - the bounds are not written in the loop (the guards read them again),
 *   the step is 1, and the index is not read after the loop.
 * Two offsets, 0 and d, one split point; d iterations more run, each
 * statement under a guard in those. Dependences at several distances
 * (`a(i - 1)` and `a(i - 2)` read after `a(i)` is written) would need
 * more groups: not done.
 *
 * Peeling. When the carried dependences all touch an element the loop
 * names without its index (`a(1)`, `a(n)`: weak-zero SIV), running the
 * first (or last) iteration alone, before (or after) the others, may leave
 * the rest parallel: the loop from L + 1 (or to U - 1) is analyzed, and
 * the peeled iteration is the loop as written, run once (emit/realign-lines.ts).
 * Legal whatever that iteration does: it runs in its own place in the
 * order; any clause of the rest stands (its private copies start and end
 * as they would, the peeled iteration updates the originals serially).
 */
export type Realignment =
  | { kind: "align"; /** Body statements from this index on (orderedBody) run `shift` iterations later. */ split: number; shift: number; saved: SavedPlan }
  | { kind: "peel"; which: "first" | "last"; saved: SavedPlan };

/** The loop's verdict as written, put back when the rewritten loop gets no directive (undoRealignment). */
export type SavedPlan = Pick<LoopPlan, "parallel" | "reasons" | "omitted" | "blockers" | "private" | "firstprivate" | "lastprivate" | "reductions" | "linear" | "privateArrays" | "hints" | "doacross" | "attributes" | "runtimeCheck">;

/** Plans a variant of the procedure in which `variant` stands for the loop (null: the analyses could not take it). */
export type PlanVariant = (variant: Loop, body: Stmt[]) => LoopPlan | null;

/** The largest distance alignment takes. */
const MAX_SHIFT = 16;

/** At most this many split points are tried per loop (each one analyzes the loop again). */
const MAX_SPLITS = 3;

/**
 * The plan of the loop restructured so that it is parallel, or null. Tried
 * only on a loop that is serial for its array dependences alone, or
 * parallel only under a check that tests them away (`n <= 3`: the loop
 * rewritten needs none); peeling first (the body stays as written), then
 * alignment.
 */
export function realigned(plan: LoopPlan, planVariant: PlanVariant): LoopPlan | null {
  const loop = plan.loop;
  const proc = plan.proc;
  const carried = plan.blockers;
  if (!candidate(plan) || carried.length === 0) return null;
  const index = loop.index!;
  const saved = savedOf(plan);
  const accept = (v: LoopPlan | null, r: Realignment, strict: boolean): LoopPlan | null => {
    if (!v || !v.parallel || v.reasons.length > 0 || v.runtimeCheck || v.threadprivate?.length || v.doacross) return null;
    if (strict && (v.firstprivate.length || v.lastprivate.length || v.reductions.length || v.linear.length || v.privateArrays.length)) return null;
    return { ...v, loop, parent: plan.parent, depth: plan.depth, realign: r };
  };
  // Peeling: every carried dependence reads an element the loop names without its index, which a reference
  // with the index writes (in one iteration, if any: that iteration is peeled). A fixed element written
  // by every iteration stays a dependence of every iteration: not tried (each try analyzes the loop again).
  const fixedRead = (d: CarriedDependence) => {
    const [fixed, moving] = mentions(d.source.expr, index) ? [d.sink, d.source] : [d.source, d.sink];
    return fixed.kind === "use" && moving.kind === "def" && !mentions(fixed.expr, index) && mentions(moving.expr, index);
  };
  if (carried.every(fixedRead))
    for (const which of ["first", "last"] as const) {
      const variant: Loop = which === "first" ? { ...loop, lower: addConst(loop.lower!, 1) } : { ...loop, upper: addConst(loop.upper!, -1) };
      const v = accept(planVariant(variant, replaceRun(proc.body, [loop], variant)), { kind: "peel", which, saved }, false);
      if (v) return v;
    }
  // Near neighbours only: what B reads of A stays close in memory to what it writes.
  const shift = carried[0]!.distance;
  for (const split of shift && shift >= 1 && shift <= MAX_SHIFT ? splitPoints(proc, loop, carried, shift) : []) {
    const variant = alignedLoop(loop, split, shift!);
    const v = accept(planVariant(variant, replaceRun(proc.body, [loop], variant)), { kind: "align", split, shift: shift!, saved }, true);
    if (v) return v;
  }
  return null;
}

/**
 * The loop's plan as written again (its rewritten form got no directive,
 * or the text does not allow it: `why`); the loops inside it, which its
 * region covered, lose the reason that said so and get `why` instead.
 */
export function undoRealignment(plans: readonly LoopPlan[], plan: LoopPlan, why: Reason | null): void {
  const r = plan.realign;
  if (!r) return;
  plan.emitted = false;
  plan.profitableIf = null;
  plan.schedule = null;
  Object.assign(plan, r.saved);
  delete plan.realign;
  if (!why) return;
  plan.reasons = [...plan.reasons, why];
  replaceNested(plans, plan.loop.span.line, why);
}

/** Once the directives are final: the restructurings of loops with none are undone (a file with errors gets none). */
export function settleRealignments(plans: readonly LoopPlan[], failed: boolean): void {
  for (const p of plans) if (p.realign && (failed || !p.emitted)) undoRealignment(plans, p, null);
}

/** The body of the aligned loop: from L - shift, the statements from `split` on run `shift` iterations later. */
export function alignedLoop(loop: Loop, split: number, shift: number): Loop {
  const top = orderedBody(loop);
  const [a, b, end] = groups(top, split);
  const body = [...a, ...shiftIndex(b, loop.index!, shift), ...end];
  const wrapped = loop.body.length === 1 && loop.body[0]!.kind === "block" && top !== loop.body ? [{ ...loop.body[0]!, body }] : body;
  return { ...loop, lower: addConst(loop.lower!, -shift), body: wrapped };
}

/** What the report says of a restructured loop: the lines of the statements that run later, and by how many iterations; or the iteration peeled. */
export function realignSummary(loop: Loop, r: Realignment): { kind: "align"; from: number; to: number; shift: number } | { kind: "peel"; iteration: "first" | "last" } {
  if (r.kind === "peel") return { kind: "peel", iteration: r.which };
  const [, b] = groups(orderedBody(loop), r.split);
  return { kind: "align", from: b[0]!.span.line, to: b[b.length - 1]!.span.endLine, shift: r.shift };
}

/** A, B and the terminal CONTINUE of a labeled DO (which stays where it is). */
export function groups(top: readonly Stmt[], split: number): [Stmt[], Stmt[], Stmt[]] {
  const n = top.length > 0 && top[top.length - 1]!.kind === "nop" ? top.length - 1 : top.length;
  return [top.slice(0, split), top.slice(split, n), top.slice(n)];
}

/** What every restructuring here needs of the loop as written. */
function candidate(plan: LoopPlan): boolean {
  const loop = plan.loop;
  if (plan.parallel || plan.liveIndex) return false;
  // Serial for array dependences alone, or parallel only under a check that tests them away.
  if (plan.runtimeCheck ? plan.reasons.length > 0 : !plan.reasons.length || !arrayDependencesOnly(plan.reasons)) return false;
  if (!plainCountedLoop(loop) || constStep(loop) !== 1 || !loop.lower || !loop.upper || loop.name) return false;
  if (loop.index!.type.unsigned) return false;
  if (!plainBody(loop.body)) return false;
  // The bounds are read again (guards, the peeled loop's header): nothing in the body may change the storage
  // they read (plan-program.ts's storageOfBoundsWritten).
  if (plan.boundsWritten) return false;
  for (const e of [loop.lower, loop.upper]) {
    let impure = false;
    walkExpr(e, (x) => void ((x.kind === "call" || x.kind === "assign-expr") && (impure = true)));
    if (impure) return false;
  }
  // C: the guards and the peeled copy compare the index with the bounds' text, and the aligned loop starts
  // below the lower bound. With an unsigned bound (of int's width or more) those comparisons are unsigned,
  // where the index below 0 is a large number (found by fuzzing: `for (int i = lo; ...)` with an unsigned
  // lo = 0, aligned, started at -1 and its guard `i >= lo` held; peeled, an empty loop ran its copy once).
  if (plan.proc.language === "c" && [loop.lower, loop.upper, loop.cond].some((e) => e && unsignedIn(e))) return false;
  return true;
}

/** Whether an expression reads or makes an unsigned value of int's width or more (comparisons with it are unsigned). */
function unsignedIn(e: Expr): boolean {
  let yes = false;
  walkExpr(e, (x) => {
    const t = valueType(x);
    if (t?.base === "integer" && t.unsigned && (t.bytes ?? 4) >= 4) yes = true;
  });
  return yes;
}

/**
 * The split points alignment may use: every carried dependence has the
 * constant distance `shift` and goes from a statement before the point to
 * one at or after it; no scalar is written on one side and named on the
 * other; no statement is labeled (a jump could target it).
 */
function splitPoints(proc: Procedure, loop: Loop, carried: readonly CarriedDependence[], shift: number): number[] {
  const top = orderedBody(loop);
  // C: a declaration among the body's statements would go under a guard (`if (g) double t = ...;`), out of
  // the scope of what uses it; an inner for's own index (`for (int j = ...)`) stays in that for.
  if (proc.language === "c") {
    const indices = new Set<Sym>();
    walkStmts(loop.body, (s) => void (s.kind === "loop" && s.index && s.index.span.line === s.span.line && indices.add(s.index)));
    for (const s of proc.symbols.values()) if (s.storage === "local" && s.span.line > loop.span.line && s.span.line <= loop.endSpan.line && !indices.has(s)) return [];
  }
  let lo = 1;
  let hi = top.length - 1;
  for (const d of carried) {
    if (d.distance !== shift) return [];
    const s = topLevelIndex(top, d.source.stmt);
    const t = topLevelIndex(top, d.sink.stmt);
    if (s < 0 || t < 0 || s >= t) return [];
    lo = Math.max(lo, s + 1);
    hi = Math.min(hi, t);
  }
  const [, , end] = groups(top, 0);
  hi = Math.min(hi, top.length - end.length - 1);
  const stmts = top.slice(0, top.length - end.length);
  if (stmts.some((s) => s.label !== undefined || s.kind === "nop")) return [];
  const out: number[] = [];
  for (let m = lo; m <= hi && out.length < MAX_SPLITS; m++) if (scalarsApart(stmts.slice(0, m), stmts.slice(m), loop.index!)) out.push(m);
  return out;
}

/**
 * No scalar (but the index) written by one group is named by the other,
 * except the index of a DO loop that each group names only in such loops
 * of its own (each loop sets it before its body reads it: no value passes).
 */
function scalarsApart(a: readonly Stmt[], b: readonly Stmt[], index: Sym): boolean {
  const written = (g: readonly Stmt[]) => new Set(writes(g).filter((s) => s.dims.length === 0 && s !== index));
  // What a group names, and what it names outside the loops a symbol indexes (there it may carry a value).
  const named = (g: readonly Stmt[]) => {
    const all = new Set<Sym>();
    const loose = new Set<Sym>();
    const visit = (list: readonly Stmt[], inside: ReadonlySet<Sym>) => {
      for (const s of list) {
        const here = s.kind === "loop" && s.index ? new Set([...inside, s.index]) : inside;
        if (s.kind === "loop" && s.index) all.add(s.index);
        for (const e of stmtExprs(s))
          walkExpr(e, (x) => {
            if (x.kind !== "var" && x.kind !== "elem") return;
            all.add(x.sym);
            // A loop's bounds are read before it sets its index.
            const bound = s.kind === "loop" && (e === s.lower || e === s.upper || e === s.step);
            if (!(bound ? inside : here).has(x.sym)) loose.add(x.sym);
          });
        for (const c of childBlocks(s)) visit(c, here);
      }
    };
    visit(g, new Set());
    return { all, loose };
  };
  const [wa, wb, na, nb] = [written(a), written(b), named(a), named(b)];
  const apart = (s: Sym, other: { all: Set<Sym>; loose: Set<Sym> }, own: { loose: Set<Sym> }) => !other.all.has(s) || (!other.loose.has(s) && !own.loose.has(s));
  for (const s of wa) if (!apart(s, nb, na)) return false;
  for (const s of wb) if (!apart(s, na, nb)) return false;
  return true;
}


function savedOf(p: LoopPlan): SavedPlan {
  return {
    parallel: p.parallel,
    reasons: p.reasons,
    omitted: p.omitted,
    blockers: p.blockers,
    private: p.private,
    firstprivate: p.firstprivate,
    lastprivate: p.lastprivate,
    reductions: p.reductions,
    linear: p.linear,
    privateArrays: p.privateArrays,
    hints: p.hints,
    doacross: p.doacross,
    attributes: p.attributes,
    runtimeCheck: p.runtimeCheck,
  };
}
