import type { Loop, Stmt } from "../ir/stmt.js";
import { topLevelIndexes, walkStmts } from "../ir/walk.js";
import { jumpLabelsOf } from "../analysis/access/jumps.js";
import type { CarriedDependence } from "../analysis/dependence/verdict.js";
import { dropClauses, type LoopPlan } from "./loop-plan.js";
import { constStep, plainCountedLoop } from "./plain-loop.js";
import { arrayDependencesOnly, type Reason } from "./reason.js";
import { replaceNested } from "./nested-reasons.js";
import { blockWork, type CalleeWork, type TripLimit } from "./profitability.js";

/**
 * Pipelined (doacross) loops (issue 20 §4; seed 001's 漸進処理, processing
 * one iteration's output as the next consumes it): a loop that carries
 * array dependences, but whose iterations spend most of their work on
 * statements that take no part in any of them, runs with
 *
 *   !$omp parallel do ordered(1) schedule(static, 1)
 *   do i = 2, n
 *      ... statements of no carried dependence: in parallel ...
 *   !$omp ordered depend(sink: i - 1)
 *      ... every statement a carried dependence touches ...
 *   !$omp ordered depend(source)
 *      ... statements of no carried dependence ...
 *   end do
 *
 * Sound for any distance, direction or unknown dependence: iteration i
 * enters the ordered span only after iteration i - 1 has left it, which
 * in turn waited for i - 2, so the spans run in iteration order, and every
 * statement a carried dependence touches (at either end) is inside them.
 * Dependences within one iteration keep the program's order.
 *
 * The span is the top-level statements from the first to the last that
 * holds an end of a carried dependence (after privatization: a private
 * array's dependences are not there). Taken only when nothing else keeps
 * the loop serial (every reason is an array dependence), with private
 * scalars and arrays as the only clause, a step of 1 or -1 (the sink is the previous
 * iteration's index), and a body whose ends of the span OpenMP can mark:
 * the span does not end on the terminal statement of a labeled DO that is
 * not a CONTINUE, and no enclosing DO shares that label; and no jump
 * (jumpsIn), which could skip either ordered line.
 */
export interface DoacrossSpan {
  /** First and last top-level statements of the ordered span (indices into the loop's body). */
  lo: number;
  hi: number;
  /** The sink's offset from the index: `i - 1` for a step of 1, `i + 1` for -1. */
  offset: number;
  /** The private scalars of the loop (a serial loop's plan keeps no clauses). */
  private: string[];
}

/** The ordered span of a loop serial only for `carried`, or null. */
export function doacrossSpan(plan: LoopPlan, carried: readonly CarriedDependence[], enclosingLabels: readonly string[]): DoacrossSpan | null {
  const loop = plan.loop;
  if (carried.length === 0 || plan.runtimeCheck) return null;
  if (!arrayDependencesOnly(plan.reasons)) return null;
  // Private arrays (and COMMON blocks made threadprivate for them) are new in each iteration as in a
  // parallel loop: their dependences are not among `carried`, and the directive lists them (NPB LU's
  // jacld blocks for blts, its k loop's pipeline).
  if (plan.reductions.length || plan.lastprivate.length || plan.firstprivate.length || plan.linear.length) return null;
  if (!plainCountedLoop(loop)) return null;
  // gcc 12's doacross hangs or crashes on an unsigned index (`unsigned i`, `size_t i` counting down; found
  // by fuzzing, and so does a hand-written loop): a signed index only.
  if (loop.index?.type.unsigned) return null;
  // Every iteration must pass both ordered lines: a CYCLE past the source leaves the next iteration waiting
  // for ever, a GOTO to a label at the span's start skips the wait.
  if (jumpsIn(loop)) return null;
  const step = constStep(loop);
  if (step !== 1 && step !== -1) return null;
  const top = orderedBody(loop);
  const index = topLevelIndexes(top);
  const at = (s: Stmt): number => index.get(s) ?? -1;
  let lo = top.length;
  let hi = -1;
  for (const d of carried) {
    for (const s of [d.source.stmt, d.sink.stmt]) {
      const k = at(s);
      // Conservative: an end the body does not hold (a bound, the loop's own header) leaves the loop serial.
      if (k < 0) return null;
      lo = Math.min(lo, k);
      hi = Math.max(hi, k);
    }
  }
  if (hi < 0) return null;
  // The source directive goes before the statement after the span, or before the loop's end: that end must be
  // the loop's own (END DO, a CONTINUE, a closing brace), not a statement of the span.
  if (loop.terminalLabel !== undefined) {
    const last = top[top.length - 1];
    if (hi === top.length - 1 && last?.kind !== "nop") return null;
    if (enclosingLabels.includes(loop.terminalLabel)) return null;
  }
  return { lo, hi, offset: -step, private: [...plan.private] };
}

/**
 * Whether a statement of the body may jump: a GOTO (computed, arithmetic
 * IF, an I/O statement's ERR= or END=, an alternate return), a RETURN, or
 * a CYCLE or EXIT (C's continue, break) of this loop or an outer one. Those
 * of a loop inside it stay in one of its statements.
 */
function jumpsIn(loop: Loop): boolean {
  const inner = new Set<number>();
  walkStmts(loop.body, (s) => void (s.kind === "loop" && inner.add(s.id)));
  let yes = false;
  walkStmts(loop.body, (s) => {
    if (s.kind === "return" || jumpLabelsOf(s).length > 0) yes = true;
    else if ((s.kind === "cycle" || s.kind === "exit") && s.loopId !== null && !inner.has(s.loopId)) yes = true;
  });
  return yes;
}

/**
 * Whether pipelining pays: the statements outside the span (which run in
 * parallel) do at least DOACROSS_PART statement executions per iteration
 * and at least what the span does (DOACROSS_RATIO): the ordered spans
 * run one after another, and the rest of each iteration overlaps them, so
 * with the two halves equal two threads run the loop up to twice as fast
 * (NPB LU's ssor sweeps: jacld as large as blts, by hand 1.39x serial at
 * two threads, passive); with less outside the span the overlap is too
 * small to pay for the waits. Each iteration waits once
 * for its predecessor and posts once; with threads that sleep (OMP_WAIT_
 * POLICY=passive, what profitability.ts assumes) a wait that sleeps costs
 * what a region start does, 17-30 µs here: our f43 with 3,000 statements
 * per iteration ran 3x slower than serial at two threads, hence 40,000
 * (twice REGION_WORK when that was 20,000; libgomp's doacross waits spin
 * first, so they do not pay the sleeping threads' wake-up that raised
 * REGION_WORK, and NPB LU class W's 31 x 31 planes of jacld, about 100,000
 * statements per iteration, stay pipelined). (NPB LU's blts pipelined per
 * grid point, 200 flops per wait, ran 1.3x slower even with spinning
 * threads.)
 */
export function doacrossPays(loop: Loop, span: DoacrossSpan, callee: CalleeWork, limit: TripLimit): { parallel: number; ordered: number; pays: boolean } {
  const body = orderedBody(loop);
  const ordered = blockWork(body.slice(span.lo, span.hi + 1), callee, limit);
  const parallel = blockWork([...body.slice(0, span.lo), ...body.slice(span.hi + 1)], callee, limit);
  return { parallel, ordered, pays: parallel >= DOACROSS_PART && parallel >= DOACROSS_RATIO * ordered };
}

export const DOACROSS_PART = 40000;
export const DOACROSS_RATIO = 1;

/**
 * Serial loops keep their clauses while they may still run pipelined
 * (plan-program.ts finish); once their directives are decided, those
 * without one lose them, as any serial loop does.
 */
export function dropUnusedPipelineClauses(plans: readonly LoopPlan[]): void {
  for (const p of plans) if (!p.emitted && pipelineClausesOnly(p)) dropClauses(p);
}

/** A serial loop (no run-time check) that may run pipelined: its clauses are only the pipelined directive's (plan-program.ts finish). */
export function pipelineClausesOnly(p: LoopPlan): boolean {
  return !!p.doacross && !p.parallel && p.runtimeCheck === null;
}

/** The lines the ordered span covers: from its first statement to the end of its last (the report's `doacross`). */
export function spanLines(loop: Loop, span: DoacrossSpan): { from: number; to: number } {
  const body = orderedBody(loop);
  return { from: body[span.lo]!.span.line, to: body[span.hi]!.span.endLine };
}

/** The statements the span indexes: the loop's body, or the block that is all of it (a C body that declares locals). */
export function orderedBody(loop: Loop): readonly Stmt[] {
  const b = loop.body;
  return b.length === 1 && b[0]!.kind === "block" ? b[0]!.body : b;
}


/**
 * A doacross loop whose `ordered` lines the text does not allow (the
 * driver asks emit/ordered-lines.ts): serial again, with `why`; the loops
 * inside it, which its region covered, lose the reason that said so and
 * get `why` in its place.
 */
export function undoDoacross(plans: readonly LoopPlan[], p: LoopPlan, why: Reason): void {
  p.emitted = false;
  p.profitableIf = null;
  p.schedule = null;
  delete p.doacross;
  delete p.threadsGuard;
  // Its clauses were the pipelined directive's.
  if (!p.parallel && p.runtimeCheck === null) dropClauses(p);
  p.reasons.push(why);
  replaceNested(plans, p.loop.span.line, why);
}
