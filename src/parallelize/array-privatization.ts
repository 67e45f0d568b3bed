import { lengthNotConstant } from "../ir/types.js";
import type { Cfg } from "../analysis/cfg/cfg.js";
import type { CarriedDependence } from "../analysis/dependence/verdict.js";
import type { LoopRegionInfo } from "../analysis/regions/loop-regions.js";
import type { Expr } from "../ir/expr.js";
import { exprEquals } from "../ir/expr-equals.js";
import type { Loop, Stmt } from "../ir/stmt.js";
import type { Sym } from "../ir/symbol.js";
import { valuesBefore } from "../analysis/regions/values-before.js";
import { arrayViews } from "../analysis/regions/array-view.js";
import { touchesStorage } from "../analysis/summaries/touches-storage.js";
import { sameGlobal } from "../ir/symbol.js";
import { stmtExprs, walkExpr, walkStmts } from "../ir/walk.js";
import type { Procedure } from "../ir/program.js";
import { Coverage } from "../analysis/regions/coverage.js";
import { argumentsWrittenBy, callRegions } from "../analysis/regions/call-regions.js";
import type { CommonLiveness } from "../analysis/regions/common-liveness.js";
import type { EscapedArrays } from "../analysis/escaped-arrays.js";
import { factsIn, type CommonFacts } from "../analysis/regions/common-facts.js";
import type { SummaryLookup } from "../analysis/summaries/summary.js";
import { loopRefs, loopWrites } from "./loop-refs.js";
import { symBytes } from "../analysis/summaries/common-layout.js";
import { contradictory } from "./contradictory.js";
import { takenIn } from "../analysis/taken-addresses.js";
import { constantElements } from "../ir/constant-elements.js";
import { declaredInside } from "./scalar-plan.js";

/**
 * Largest array privatized, and most bytes of private arrays in one loop:
 * every thread gets a copy on its stack (gcc and gfortran), and a thread's
 * stack is 8 MiB by default on Linux (libgomp takes the process's stack
 * limit; OMP_STACKSIZE changes it). EP's x(2*nk), 1 MiB, fits; 8 MiB of
 * private arrays at 4 threads crashed.
 */
export const MAX_PRIVATE_BYTES = 1 << 20;
const MAX_LOOP_PRIVATE_BYTES = 2 << 20;

/**
 * Array privatization (seed 004 §2.2, with the per-iteration array region
 * the issue asks for): an array carrying dependences across iterations of
 * loop L can get a private copy per thread when, in every iteration,
 * every element it reads was written earlier in the same iteration, and
 * its values are not needed after the loop. Then no value flows between
 * iterations through it and the carried dependences are only storage
 * reuse (anti and output).
 *
 * The region of one iteration is approximated by rectangular sections:
 * a write x(s1, ..., sk) that runs unconditionally in the iteration adds
 * the box where each si is an inner loop index (unit step, bounds fixed in
 * the iteration) plus a constant, giving [lo + c, hi + c], or an
 * expression fixed during the iteration, giving [si, si]. A read is
 * covered when its box (same forms) lies in one box written before it
 * (the bounds compared by constant differences), or when the same element
 * was written earlier in the same iteration of the innermost loop around
 * both. "Fixed during the iteration" means built from literals, named
 * constants, L's index and scalars L only reads. Conservative: any other
 * access to the array (passed to a call, a whole-array or section
 * reference, an access a callee makes) gives up; so does an array that is
 * live after the loop, shares storage, or is a C pointer.
 */
/** What array privatization needs to follow calls: the callees' summaries, whether subscripts are assumed in bounds, and COMMON liveness across procedures. */
export interface CallContext {
  summaries: SummaryLookup;
  assumeBounds: boolean;
  commons?: CommonLiveness;
  /** COMMON scalars set once for the run (common-facts.ts). */
  facts?: CommonFacts;
  /**
   * A Fortran COMMON array its callees reach through the block may be
   * private to the iterations by making the block threadprivate (a C
   * global, the variable): the whole program is in the run (the run
   * decides: threadprivate-blocks.ts).
   */
  threadprivate?: boolean;
  /** C arrays whose address a pointer may hold (escaped-arrays.ts): no copy of theirs is what the pointer reaches. */
  escaped?: () => EscapedArrays;
  /** Whether the run reads C's errno (exclusions.ts). */
  errno?: { read: boolean };
}

/** What privatization decided for the arrays of one loop. */
export interface ArrayPrivatization {
  /** Private arrays (also `copied` ones). */
  arrays: string[];
  /** Private only under `conditions`: copied in and out. */
  copied: string[];
  /** Private through their COMMON blocks made threadprivate (not in `arrays`): the arrays, and their blocks. */
  threadprivate: { arrays: string[]; blocks: string[] };
  remaining: CarriedDependence[];
  hints: string[];
  conditions: Expr[];
  /**
   * Arrays not private only because their values may be read after the
   * loop through a call of a procedure doall cannot see: the array, and
   * that procedure (a fix names it: give its source).
   */
  liveThrough: { array: string; procedure: string }[];
}

export function arrayPrivatization(cfg: Cfg, info: LoopRegionInfo, loop: Loop, carried: CarriedDependence[], calls: CallContext = { summaries: () => undefined, assumeBounds: true }): ArrayPrivatization {
  const syms = new Map<number, Sym>();
  for (const c of carried) {
    syms.set(c.source.sym.id, c.source.sym);
    syms.set(c.sink.sym.id, c.sink.sym);
  }
  const arrays: string[] = [];
  const hints: string[] = [];
  const done = new Set<number>();
  const conditions: Expr[] = [];
  const copied: string[] = [];
  const threadprivate: ArrayPrivatization["threadprivate"] = { arrays: [], blocks: [] };
  const liveThrough: ArrayPrivatization["liveThrough"] = [];
  let total = 0;
  for (const sym of syms.values()) {
    // C: an array declared in the body (not static) is a new object in every iteration, private by its scope;
    // it cannot be named in a clause before the loop (found by fuzzing: private(wl) did not compile).
    // (An array, not the loop's index: the for-init declares only that one, Loop.extraInit, and it is shared.)
    if (cfg.proc.language === "c" && sym.dims.length > 0 && !sym.attrs.pointer && !sym.attrs.save && sym !== loop.index && declaredInside(sym, loop)) {
      done.add(sym.id);
      continue;
    }
    // Proved, or else under comparisons of values fixed before the loop (a run-time check).
    const unseen = new Set<string>();
    const again = { worth: true };
    let r = cannotPrivatize(cfg, info, loop, sym, calls, false, unseen, again);
    if (typeof r === "string" && again.worth) {
      const assumed = cannotPrivatize(cfg, info, loop, sym, calls, true, unseen);
      if (typeof assumed !== "string") r = contradictory(assumed.conditions) ? "it would be private only under comparisons that contradict each other" : assumed;
    }
    const bytes = symBytes(sym) ?? 0;
    if (typeof r !== "string" && !r.block && total + bytes > MAX_LOOP_PRIVATE_BYTES) r = `the loop's private arrays would take more than ${MAX_LOOP_PRIVATE_BYTES} bytes of every thread's stack`;
    if (typeof r === "string") {
      hints.push(`privatizing the array ${sym.name} is impossible because ${r}`);
      for (const procedure of unseen) liveThrough.push({ array: sym.name, procedure });
      continue;
    }
    for (const c of r.conditions) if (!conditions.some((x) => exprEquals(x, c))) conditions.push(c);
    done.add(sym.id);
    if (r.block !== null) {
      // Each thread's copy of the block; with the check false, one thread runs the loop on the
      // original storage (the initial thread's copy): nothing to copy in or out.
      threadprivate.arrays.push(sym.name);
      if (!threadprivate.blocks.includes(r.block)) threadprivate.blocks.push(r.block);
      continue;
    }
    // Private only while the check holds; but OpenMP makes the private copies whatever the if()
    // clause says, and a serial run (check false: one thread) must see the values from before the
    // loop and leave its last values after it: copied in and out (firstprivate, lastprivate).
    if (r.conditions.length > 0) copied.push(sym.name);
    total += bytes;
    arrays.push(sym.name);
  }
  return { arrays, copied, threadprivate, hints, conditions, liveThrough, remaining: carried.filter((c) => !done.has(c.source.sym.id) && !done.has(c.sink.sym.id)) };
}

/**
 * Why the array cannot be private (a string), or the run-time conditions
 * under which it can (none: proved), and the COMMON block to make
 * threadprivate when callees reach it through the block (else null).
 * `assume`: comparisons of fixed values may be conditions. `unseen`
 * gets the procedure doall cannot see behind a "may be used after the
 * loop", if one is (common-liveness.ts's LiveCause). `again.worth` is
 * set false when asking again with `assume` would give the same answer.
 */
function cannotPrivatize(cfg: Cfg, info: LoopRegionInfo, loop: Loop, sym: Sym, calls: CallContext, assume: boolean, unseen: Set<string>, again?: { worth: boolean }): string | { conditions: Expr[]; block: string | null } {
  const lang = cfg.proc.language;
  if (sym.dims.length === 0) return "it is not an array";
  if (sym.attrs.pointer || sym.attrs.allocatable || sym.type.base === "pointer") return "it has no fixed storage of its own";
  if (lang === "c" && sym.storage === "dummy") return "it is a pointer parameter (private would copy the pointer, not the array)";
  if (sym.storage === "parameter" || sym.equivalence !== undefined) return "it shares storage with other variables";
  // As for scalars (scalar-plan.ts): gfortran's private copies of such characters are broken.
  if (lang === "fortran" && lengthNotConstant(sym.type)) return "its elements are characters whose length is not a constant, of which OpenMP compilers make no sound private copy";
  // Conservative: with no list of the pointers to arrays, a C array is private to nobody.
  const held = lang === "c" ? (calls.escaped ? calls.escaped().at(sym) : 0) : null;
  if (held !== null) return held > 0 ? `a pointer may hold its address (line ${held}), and would still reach the shared array` : "a pointer may hold its address";
  const size = constantElements(sym);
  // Not an array of variable size (an automatic array, a dummy `y1(fftblockpad, d1)`), though OpenMP
  // allows it: gfortran and gcc put the copies on the stack, every thread's and, even when the if()
  // clause is false, the encountering thread's (a 32 MB one crashed at any thread count), and
  // nothing here bounds the size.
  if (!Number.isFinite(size)) return "its size is not a constant";
  if (sym.attrs.namelist) return "it is in a NAMELIST group, which OpenMP allows in no private clause";
  const v = cfg.vars.lookup(sym);
  // A C global only callees name (NPB-C FT's scr, which Swarztrauber alone touches) is no variable of this
  // procedure's dataflow: what the calls do to it is in their regions, and whether it is live after the loop
  // in the array liveness across procedures (common-liveness.ts).
  const unnamed = v === undefined && lang === "c" && sym.storage === "global";
  if (v === undefined && !unnamed) return "it is not analyzed";
  // A callee given the array as an argument works on the private copy (the call's regions say
  // what it reads and writes); one that reaches it otherwise (COMMON, a statement function) would not,
  // unless every copy of the block is the thread's own (threadprivate: callees see it too).
  const hidden = v === undefined ? [] : loopRefs(cfg, info, v).filter((r) => r.origin !== "explicit" && !(r.origin === "call" && r.expr !== null));
  // A callee may reach it through its block (or as a global) though the procedure never names it: the
  // dataflow then has no reference of it at the call (NPB FT's Swarztrauber and scr, fftXYZ naming plane).
  const reacher = hidden.length === 0 ? calleeReaching(cfg.proc, loop, sym, calls.summaries) : null;
  // The unit made threadprivate: a Fortran COMMON block, or a C global, by name (a static too, when no
  // other file of the run names one like it: threadprivate-blocks.ts).
  const unit = lang === "fortran" && sym.storage === "common" ? (sym.common ?? "") : lang === "c" && sym.storage === "global" ? sym.name : null;
  const block = (hidden.length > 0 || reacher !== null) && calls.threadprivate && unit !== null && hidden.every((r) => r.origin === "call") ? unit : null;
  // A threadprivate copy is static storage, not the stack.
  const bytes = symBytes(sym);
  if (block === null && bytes !== undefined && bytes > MAX_PRIVATE_BYTES) return `it is too large to copy onto every thread's stack (${size} elements, ${bytes} bytes)`;
  const fixed = new Set<Sym>();
  if (loop.index) fixed.add(loop.index);
  for (const s of info.scalars) if (s.class === "read-only") for (const x of cfg.vars.vars[s.var]!.syms) fixed.add(x);
  // Arrays the loop only reads: their elements (grid_points(1) in a bound) are fixed too. In C, not
  // when the loop writes through a pointer, nor for a pointer's targets.
  const { written, throughPointers } = loopWrites(cfg, info);
  const readOnlyArray = (s: Sym) => {
    if (s.dims.length === 0 || s.type.base === "pointer" || s.attrs.pointer || (lang === "c" && throughPointers)) return false;
    const id = cfg.vars.lookup(s);
    return id !== undefined && !written.has(id);
  };
  const proc = cfg.proc;
  const walk = (of: Sym, body: readonly Stmt[], readsInBounds: boolean) =>
    new Coverage(of, {
      fixed: (s) => fixed.has(s) || readOnlyArray(s),
      lang,
      untaken: (s) => !takenIn(proc).has(s),
      assumeBounds: readsInBounds && calls.assumeBounds,
      assume,
      index: loop.index ?? undefined,
      facts: factsIn(calls.facts, proc),
      // Bounds of inner loops through scalars set once above the loop (for (i = 1; i <= isize - 1; ...)).
      initial: valuesBefore(proc, loop),
      calls: (call) => {
        const r = callRegions(proc, call, calls.summaries(call.name), calls.assumeBounds);
        const mine = r.arrays.get(of);
        return mine ? { euse: mine.euse, ddef: mine.ddef } : r.opaque ? "unknown" : null;
      },
      argWritten: argumentsWrittenBy(calls.summaries),
    });
  // Once every iteration is known to write what it reads (the walk below): whether the values the loop
  // leaves are read after it, then whether something else reaches the array. The dataflow takes a COMMON
  // array as live at the procedure's exit, and any array as live while only part of it is written again:
  // array liveness (common-liveness.ts) follows elements. (Asked before the walk, liveness named the
  // reason of arrays that could not be private anyway, and its fix said they would be: NPB-C IS.)
  const dead = (inLoop: Expr[]): string | { conditions: Expr[]; block: string | null } => {
    let deadIf: Expr[] = [];
    if (v === undefined || info.liveAfter.has(v)) {
      const found = calls.commons?.deadAfter(cfg.proc, loop, sym, assume) ?? null;
      if (found === null) {
        const cause = calls.commons?.lastCause() ?? null;
        if (cause?.unseen) unseen.add(cause.unseen.name);
        // Live with no point where assuming could answer otherwise: asked again with `assume`, the walk
        // (which passed) passes again and liveness answers the same, with the same cause (lastAssumable).
        if (again && calls.commons && !calls.commons.lastAssumable()) again.worth = false;
        return `its values may be used after the loop${cause ? `: ${cause.text}` : ""}`;
      }
      deadIf = found;
    }
    if (hidden.length > 0 && block === null) return `it is also accessed by ${hidden[0]!.callee ?? "a statement doall cannot model"} (line ${hidden[0]!.span.line})`;
    if (reacher !== null && block === null) return `it is also accessed by ${reacher.name} (line ${reacher.line}), through ${unit !== null && lang === "fortran" ? `/${unit}/` : "its name"}`;
    return { conditions: [...deadIf, ...inLoop], block };
  };
  const c = walk(sym, loop.body, true);
  if (!c.run(loop.body)) {
    // A vector filled and read as the rows of a matrix a callee works on (array-view.ts: NPB FT's plane),
    // each piece of the body on its own: covered in each, covered in all.
    const views = arrayViews(proc, sym, loop.body, calls.summaries);
    const walks = views?.map((v) => ({ v, w: walk(v.view, v.body, false) }));
    if (!walks || !walks.every(({ v, w }) => w.run(v.body))) return c.why ?? "some element may be read before it is written in the same iteration";
    return dead(walks.flatMap(({ w }) => w.conditions));
  }
  return dead(c.conditions);
}

/**
 * The first call of the loop whose callee reaches the array's storage
 * otherwise than through an argument: a COMMON member's bytes in its
 * block (summary.commons), a C global among its shared variables, or any
 * storage for an unknown callee; null when none does.
 */
function calleeReaching(proc: Procedure, loop: Loop, sym: Sym, summaries: SummaryLookup): { name: string; line: number } | null {
  if (sym.storage !== "common" && sym.storage !== "global" && sym.storage !== "module") return null;
  const reaches = (name: string): boolean => {
    const s = summaries(name);
    if (!s || s.unknown) return true;
    if (sym.storage === "common") return touchesStorage(proc, sym, s, "use") || touchesStorage(proc, sym, s, "def");
    return [...s.shared.values()].some((e) => sameGlobal(e.sym, sym) || e.sym === sym) || !!s.regions?.globals.some((g) => sameGlobal(g.sym, sym));
  };
  let found: { name: string; line: number } | null = null;
  walkStmts(loop.body, (st) => {
    if (found) return;
    if (st.kind === "call" && !st.intrinsic && reaches(st.name)) found = { name: st.name, line: st.span.line };
    for (const e of stmtExprs(st)) walkExpr(e, (x) => void (!found && x.kind === "call" && !x.intrinsic && !x.pure && reaches(x.name) && (found = { name: x.name, line: st.span.line })));
  });
  return found;
}
