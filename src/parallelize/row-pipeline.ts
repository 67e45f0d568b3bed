import { evalInt } from "../ir/const-eval.js";
import type { Expr } from "../ir/expr.js";
import { exprText } from "../ir/expr-text.js";
import type { Procedure } from "../ir/program.js";
import type { Loop, Stmt } from "../ir/stmt.js";
import type { Sym } from "../ir/symbol.js";
import { walkExpr, walkStmts } from "../ir/walk.js";
import { memberExtent, overlaps, type Extent } from "../analysis/summaries/common-layout.js";
import { orderedLines } from "../emit/ordered-lines.js";
import { reverseHeader } from "../emit/reverse-header.js";
import { callersOf, type CallGraph } from "./call-graph.js";
import { orderedBody, type DoacrossSpan } from "./doacross.js";
import { clauseSym, type LoopPlan } from "./loop-plan.js";
import { constStep, plainCountedLoop, sharesTerminal } from "./plain-loop.js";
import { arrayDependencesOnly, PLACEMENT_KINDS } from "./reason.js";

/**
 * Pipelined rows across calls (issue 20 §4, the wavefront over an outer
 * loop; seed 001's 漸進処理): NPB LU's hand version of ssor's sweeps.
 * A loop pipelined over its iterations (doacross.ts) whose body only
 * calls procedures, each a sequence of loops over the same rows,
 *
 *   do k = 2, nz - 1                 subroutine jacld(k)       subroutine blts(..., k, ...)
 *      call jacld(k)                   do j = jst, jend          do j = jst, jend    ! v(.., j, k) from v(.., j, k - 1)
 *      call blts(..., k, ...)            ...                     do j = jst, jend    ! v(.., j, k) from v(.., j - 1, k)
 *   end do
 *
 * runs instead as one region around the k loop, which every thread runs
 * whole, with the row loops shared out by `!$omp do schedule(static)`
 * (orphaned: in the callees) and `nowait`: every row loop has the same
 * rows (the same bounds, fixed in the region), so the static schedule
 * gives each thread the same block of rows in all of them, and what a
 * row's data flows through stays on its thread. Rows that read an earlier
 * row's results (blts's second loop) are ordered loops: `ordered(1)` with
 * `depend(sink: j - 1)` at the start of a row's body and `depend(source)`
 * at its end. A thread then waits, at each k, only for the last row of
 * the thread before it: the threads sweep the planes one behind the
 * other, where the k pipeline ran the whole sweep of a plane on one
 * thread at a time (NPB LU class W at two threads: 1.48 s, this 1.11 s,
 * the hand version 1.19 s, serial 2.23 s). A row loop that runs its rows
 * the other way (LU's jacu, forward, beside buts, backward) and carries
 * no dependence is turned round (emit/reverse-header.ts): only its
 * header changes, and the order of its rows does not matter.
 *
 * Sound when every pair of accesses to storage the region writes, one a
 * write, keeps the program's order. A thread runs its rows in order, k
 * after k; threads meet only at the sinks. A thread that has passed the
 * sink of its first row in an ordered loop at iteration k has seen the
 * thread before it finish that loop's rows at k, and, that thread being
 * past its own sink, everything every earlier row did up to there. So a
 * pair is kept when:
 *  - both accesses are in one row (one thread): always;
 *  - the first (in the program's order) is in an earlier row and the
 *    second is in an ordered loop (any ordered loop between the two would
 *    do; the second's own is made ordered);
 *  - never when the first is in a later row: that row's thread may lag.
 * Which rows and iterations a pair can meet at is read from subscripts:
 * every access to written storage has one dimension indexed by its row
 * loop's index plus a constant (`v(m, i, j - 1, k)`), so two accesses
 * meet only at rows a constant apart; and a plane dimension indexed by
 * the k loop's index plus a constant (through the dummy it is passed to)
 * makes the iterations a constant apart too (without one, rows must be
 * equal). Storage each thread has its own of (a COMMON block the run makes
 * threadprivate for the k loop, NPB LU's /cjac/; an array private to the k
 * loop's iterations, in the region's private clause; a callee's local array)
 * must keep to one row: every access at the same offset from the row
 * index, or, for a callee's local array, private to each row (its row
 * loop's own privatization). Whatever is not written in the region is
 * only read.
 *
 * Conservative: anything else keeps the k pipeline. The body of the k
 * loop holds only calls (and statements under the pipelined loop's flag,
 * which do not run in parallel); each callee is called there and nowhere
 * else, calls nothing, and holds only its row loops and assignments to
 * its own scalars; the row loops are counted DO loops with steps of 1 or
 * -1 over the same rows (bounds of integers, named constants, COMMON
 * scalars and dummies passed them), whose bodies have no call, I/O or jump out and
 * write only arrays and the callee's own scalars; every array is reached
 * by its own name or as a whole array passed, with the same constant shape
 * in every view; the subscripts must stay within the declared bounds (the
 * bounds assumption).
 *
 * C as Fortran: `#pragma omp parallel private(k)` before the loop, `#pragma
 * omp for schedule(static) nowait` before each row loop (C's nowait is a
 * clause). A local pointer to one plane set before the row loops (NPB-C
 * LU's blts: `double (*vk)[m][5] = v[k];`) stands for that plane of its
 * array. A C row loop parallel only under a check that its pointer
 * parameters do not overlap needs no check here: the arrays are told apart
 * by what the one call passes. (gcc 12 crashes compiling the hand-written
 * NPB-C LU's buts.c, orphaned loops over VLA parameters; NPB-C LU's blts
 * and jacld as doall writes them compile, and so do the e2e programs.)
 */
export interface RowPipeline {
  /** The row loops the region shares out, in the order they run: file, line, whether ordered, whether turned round. */
  phases: { file: string; line: number; ordered: boolean; reversed?: true }[];
}

/** A row loop shared out by a row pipeline's region (`!$omp do schedule(static)`, `nowait`). */
export interface OrphanedLoop {
  /** The loop whose region it runs in. */
  region: { file: string; line: number };
  /** Its whole body between `ordered depend(sink)` and `ordered depend(source)`, when ordered. */
  ordered: DoacrossSpan | null;
  /** Its header turned round, so that its rows run in the order of the others (reverse-header.ts). */
  reversed?: true;
}

export interface RowPipelineRun {
  /** Every loop plan of the run's files. */
  loops: readonly LoopPlan[];
  graph: CallGraph;
  /** The COMMON blocks the run makes threadprivate. */
  threadprivate: ReadonlySet<string>;
  /** A file's text, or null; and whether it has errors (no directive is written into it). */
  read: (path: string) => string | null;
  failed: (path: string) => boolean;
  /** A Fortran file's source form. */
  form: (path: string) => "fixed" | "free" | undefined;
  /** Whether subscripts may be assumed within their declared bounds (`--no-bounds-assumption` off). */
  assumeBounds: boolean;
  /** Told which check kept a pipelined loop as it was (tests). */
  rejected?: (plan: LoopPlan, check: string) => void;
}

/** The pipelined loops of a run that run as row pipelines instead: their plans and those of their row loops are changed. */
export function chooseRowPipelines(run: RowPipelineRun): LoopPlan[] {
  if (!run.assumeBounds) return [];
  const planOf = new Map<Loop, LoopPlan>(run.loops.map((p) => [p.loop, p]));
  const out: LoopPlan[] = [];
  for (const p of run.loops) {
    if (!p.emitted || p.parallel || !p.doacross || p.orphan) continue;
    const found = rowPipeline(p, run, planOf);
    if (!found) continue;
    p.rowPipeline = { phases: found.map((f) => ({ file: f.plan.loop.span.file, line: f.plan.loop.span.line, ordered: f.ordered !== null, ...(f.reversed ? { reversed: true as const } : {}) })) };
    for (const f of found) {
      const q = f.plan;
      q.emitted = true;
      q.simd = false;
      q.orphan = { region: { file: p.loop.span.file, line: p.loop.span.line }, ordered: f.ordered, ...(f.reversed ? { reversed: true as const } : {}) };
      // Its own pipeline (a serial row loop's) is not what it runs: the region's order is.
      delete q.doacross;
      delete q.threadsGuard;
      // C: its overlap check is the pipeline's own analysis now (the arrays told apart by what the call passes):
      // no check, no serial copy; parallel unless its rows wait for the rows before them.
      if (q.runtimeCheck) {
        q.runtimeCheck = null;
        delete q.overlaps;
        delete q.fitted;
        q.parallel = f.ordered === null;
        if (!q.parallel) q.reasons.push({ kind: "flow", message: "its rows read what the rows before them write (through another name)" });
      }
      // Proved parallel, it was held back only by where it is (nested in the k pipeline, or not worth a region of its own).
      if (q.parallel) q.reasons = [];
      // The loops inside it run in its threads' rows: none starts a region of its own.
      const l = q.loop;
      const inside = run.loops.filter((r) => r.proc === q.proc && r !== q && r.loop.span.file === l.span.file && r.loop.span.line > l.span.line && r.loop.endSpan.endLine <= l.endSpan.endLine);
      for (const r of inside) {
        r.emitted = false;
        r.profitableIf = null;
        if (!r.parallel && !r.runtimeCheck) continue;
        r.reasons = r.reasons.filter((x) => x.kind !== "nested" && x.kind !== "not-profitable");
        r.reasons.push({ kind: "nested", message: `the enclosing loop at line ${l.span.line} shares out its rows in a row pipeline's region`, line: l.span.line });
      }
    }
    out.push(p);
  }
  return out;
}

interface Phase {
  plan: LoopPlan;
  callee: Callee;
  /** Its position in the k loop's body, in the order the phases run. */
  at: number;
  ordered: DoacrossSpan | null;
  /** Its rows run in the other order (its header turned round): the order of the others. */
  reversed?: boolean;
}

/** Two accesses to shared storage, one a write, in row loops `a` and `b`: b's row is `delta` after a's, its plane `kappa` after a's. */
interface RowPair {
  a: Phase;
  b: Phase;
  delta: number;
  kappa: number;
}

/**
 * Which row loops must be ordered, the rows running in the order `stepR`
 * (1 up, -1 down) and the planes in `stepK`: for each pair, which access
 * runs first in the program, and whether its row comes first too (else a
 * failure, said); the second's row loop is ordered. Null when every pair
 * is kept.
 */
function orderRows(pairs: readonly RowPair[], phases: readonly Phase[], stepK: number, stepR: number): string | null {
  for (const q of phases) q.ordered = null;
  for (const { a, b, delta, kappa } of pairs) {
    const ordK = stepK * kappa;
    const ordR = stepR * delta;
    const aFirst = ordK !== 0 ? ordK > 0 : a.at !== b.at ? a.at < b.at : ordR > 0;
    if (aFirst !== ordR > 0) return "a row touches what a later row touched first (in an earlier plane or row loop), and that row's thread may run behind";
    const second = aFirst ? b : a;
    second.ordered = { lo: 0, hi: orderedBody(second.plan.loop).length - 1, offset: -stepR, private: [] };
  }
  return null;
}

type Binding = Map<Sym, Expr>;

/** A callee of the k loop: its dummies and what the call passes them, and those passed the k loop's index plus a constant. */
interface Callee {
  proc: Procedure;
  bind: Binding;
  planes: Map<Sym, number>;
  /** C: local pointers to one plane of an array, set once before its row loops (`double (*vk)[m][5] = v[k];`). */
  views: Map<Sym, { base: Sym; lead: Expr }>;
}

/** One access the region makes: where (a row loop, or a callee's statement outside them), to what, and whether it writes. */
interface Access {
  phase: Phase | null;
  callee: Callee;
  sym: Sym;
  subs: readonly Expr[];
  write: boolean;
}

function rowPipeline(p: LoopPlan, run: RowPipelineRun, planOf: ReadonlyMap<Loop, LoopPlan>): Phase[] | null {
  const byProc = new Map<Procedure, Callee>();
  let calls = false;
  // Once its body is known to be calls, the reason is worth telling (doall explain).
  const no = (why: string): null => {
    run.rejected?.(p, why);
    if (calls) p.byRowsRefused = why;
    return null;
  };
  const lang = p.proc.language;
  const loop = p.loop;
  const k = loop.index;
  const stepK = constStep(loop);
  // Its private arrays only those of the blocks made threadprivate for it: each thread's own already.
  // (Or the caller's own arrays private to the loop's iterations, NPB-C LU's tv: private to each thread in the region.)
  const ownCopy = (name: string) => {
    const s = clauseSym(p, name);
    if (s && s.storage === "local" && s.dims.length > 0 && !s.attrs.pointer && p.doacross?.private.includes(name)) return true;
    return !!s && !!p.threadprivate?.includes(s.storage === "common" ? (s.common ?? "") : s.storage === "global" ? s.name : "\0");
  };
  if (!k || (stepK !== 1 && stepK !== -1) || !p.privateArrays.every(ownCopy) || p.reductions.length || p.lastprivate.length || p.firstprivate.length || p.linear.length) return no("its index, step or clauses (private arrays beyond its threadprivate blocks, reductions, lastprivate, firstprivate, linear)");
  if (p.interchange || p.fusion || p.fusable || p.realign || p.serialCopy || p.guard?.calls) return no("it is restructured otherwise, or runs under quiet calls' check");
  if (p.runtimeCheck && !p.guard) return no("a run-time check beyond its flag");
  // `!$omp end parallel` must follow the loop: not a terminal statement shared with an enclosing DO, nor one with text after it.
  if (loop.sharesLine || sharesTerminal(loop, (l) => planOf.get(l)?.parent)) return no("no line for its END directive");
  const files = new Set<string>([loop.span.file]);
  const phases: Phase[] = [];
  const accesses: Access[] = [];
  for (const s of orderedBody(loop)) {
    if (s.kind === "nop") continue;
    // Statements under the pipelined loop's flag run only when the region runs on one thread.
    if (s.kind === "if" && p.guard && s.else.length === 0 && exprText(s.cond, lang) === p.guard.cond) continue;
    if (s.kind !== "call" || s.intrinsic || s.altReturns?.length) return no("a statement of its body that is not a call");
    calls = true;
    const f = run.graph.resolve(s.name, p.proc);
    if (!f || f === p.proc || f.language !== lang || byProc.has(f) || f.unanalyzable || f.statementFunctions.size > 0) return no("a callee that is not a single procedure of the run, in the loop's language");
    const sites = callersOf(run.graph, f);
    const other = sites.find((x) => x.stmt !== s);
    if (other) return no(`${f.name} is called from elsewhere too (${other.caller.span.file}:${other.line}), where its row loops must stay as they are`);
    if (sites.length !== 1) return no(`the calls of ${f.name} are not known`);
    if (f.params.length !== s.args.length) return no(`the call passes ${f.name} ${s.args.length} arguments for ${f.params.length} dummies`);
    const callee: Callee = { proc: f, bind: new Map(f.params.map((d, i) => [d, s.args[i]!])), planes: new Map(), views: new Map() };
    byProc.set(f, callee);
    for (const [d, a] of callee.bind) {
      const whole = a.kind === "var" && a.sym.dims.length > 0;
      // An array dummy stands for a whole array of the caller's; a scalar one reads scalars only (the k loop's index, what the region never writes).
      if (d.dims.length > 0 ? !whole : whole || !scalarOnly(a)) return no("an argument that is not a whole array or scalars");
      const e = offsetFrom(a, k);
      if (e !== null && d.dims.length === 0) callee.planes.set(d, e);
    }
    files.add(f.span.file);
    for (const t of f.body) {
      if (t.kind === "nop" || (t.kind === "return" && t === f.body[f.body.length - 1])) continue;
      const view = planeView(t, callee);
      if (view) {
        callee.views.set(view.ptr, view);
        continue;
      }
      if (t.kind === "assign" && t.lhs.kind === "var" && ownScalar(t.lhs.sym)) {
        if (!collect([t], null, callee, accesses)) return no("a callee's statement outside its row loops");
        continue;
      }
      if (t.kind !== "loop") return no("a callee's statement that is neither a row loop nor an assignment to its own scalar");
      const q = planOf.get(t);
      if (!q || !rowLoop(q)) return no("a row loop that is not a plain DO, or not parallel or pipelined for array dependences alone");
      const phase: Phase = { plan: q, callee, at: phases.length, ordered: null };
      phases.push(phase);
      if (!collect(t.body, phase, callee, accesses)) return no("a row loop's statement beyond the pipeline (a call, I/O, a jump, a whole array, a write to other scalars)");
      // Every thread reads the bounds.
      if (!collect([], null, callee, accesses, [t.lower!, t.upper!, ...(t.step ? [t.step] : [])])) return no("a row loop's bounds");
    }
  }
  if (phases.length === 0) return no("no row loop");
  for (const file of files) if (run.failed(file) || run.read(file) === null) return no("a file with errors or unread");
  // The same rows in every row loop (in either order): the static schedule then gives each thread the same ones,
  // once they run in one order.
  const rowSet = (q: Phase) => {
    const l = q.plan.loop;
    const lo = valueKey(l.lower!, q.callee, p.proc);
    const hi = valueKey(l.upper!, q.callee, p.proc);
    return lo === null || hi === null ? null : constStep(l)! > 0 ? `${lo}|${hi}` : `${hi}|${lo}`;
  };
  const rows = rowSet(phases[0]!);
  if (rows === null || phases.some((q) => rowSet(q) !== rows)) return no("the row loops run over different rows (each thread must get the same rows in all of them)");
  // Storage, by what the caller names.
  const groups = new Map<string, { accesses: Access[]; kind: "shared" | "thread" | "local"; shape: string }>();
  // Where each COMMON member touched lies in its block: members that overlap under other names are one storage.
  const places = new Map<string, Extent[]>();
  const place = (owner: Procedure, t: Sym): Extent | null => {
    const ext = memberExtent(owner, t);
    if (ext) places.set(t.common ?? "", [...(places.get(t.common ?? "") ?? []), ext]);
    return ext;
  };
  for (const acc of accesses) {
    const callee = acc.callee.proc;
    const b = acc.callee.bind;
    const s = acc.sym;
    const bound = s.storage === "dummy" ? b.get(s) : undefined;
    if (s.storage === "common" ? !place(callee, s) : bound?.kind === "var" && bound.sym.storage === "common" && !place(p.proc, bound.sym)) return no("a COMMON member without a known place");
    if (s.dims.length === 0) {
      // Scalars: the region writes only its callees' own (collect checked); those it reads are fixed.
      if (acc.write && acc.phase && !privateTo(acc.phase.plan, s) && !innerIndex(acc.phase.plan.loop, s)) return no("a scalar written in a row loop that is not private to its rows");
      // Likewise a scalar of a threadprivate block.
      if ((s.storage === "common" && run.threadprivate.has(s.common ?? "")) || (s.storage === "global" && run.threadprivate.has(s.name))) return no("a threadprivate scalar read");
      continue;
    }
    let key: string;
    let kind: "shared" | "thread" | "local";
    let shape: string | null;
    if (s.storage === "local") {
      if (!ownArray(s)) return no("a callee's SAVEd or initialized local array");
      key = `local:${callee.name}:${s.id}`;
      kind = "local";
      shape = "";
    } else {
      const target = s.storage === "dummy" ? b.get(s) : ({ kind: "var", sym: s } as Expr);
      if (!target || target.kind !== "var") return no("an array passed otherwise than whole");
      const t = target.sym;
      if (t.equivalence !== undefined || t.attrs.pointer || t.attrs.allocatable) return no("an EQUIVALENCEd, pointer or allocatable array");
      if (t.storage === "common") {
        const ext = memberExtent(s.storage === "dummy" ? p.proc : callee, t)!;
        key = `common:${t.common ?? ""}:${ext.start}`;
        kind = run.threadprivate.has(t.common ?? "") ? "thread" : "shared";
        // Threadprivate for this loop (its iterations' own copies), not for another's.
        if (kind === "thread" && !p.threadprivate?.includes(t.common ?? "")) return no("a COMMON block threadprivate for another loop");
      } else if (t.storage === "global") {
        // C: a file-scope array, by its name (an extern in each file that names it).
        key = `global:${t.name}`;
        kind = run.threadprivate.has(t.name) ? "thread" : "shared";
        if (kind === "thread" && !p.threadprivate?.includes(t.name)) return no("a global threadprivate for another loop");
      } else if (t.storage === "local" || t.storage === "dummy") {
        key = `${t.storage}:${p.proc.name}:${t.id}`;
        // Private to the loop's iterations: each thread's own in the region.
        kind = p.privateArrays.some((n) => clauseSym(p, n) === t) ? "thread" : "shared";
      } else return no("an array neither COMMON nor the caller's own");
      shape = shapeKey(s, b);
      if (shape === null) return no("an array whose shape is not constant");
    }
    const g = groups.get(key);
    if (!g) groups.set(key, { accesses: [acc], kind, shape });
    else {
      if (g.shape !== shape) return no("an array seen with two shapes");
      g.accesses.push(acc);
    }
  }
  for (const list of places.values())
    for (const a of list) for (const b of list) if ((a.start !== b.start || a.end !== b.end) && overlaps(a, b)) return no("COMMON storage under two names");
  // The pairs of accesses to shared storage, one a write, that meet at rows apart.
  const pairs: RowPair[] = [];
  for (const g of groups.values()) {
    // A threadprivate block's member only read would be read from each thread's copy, which only the master's holds.
    if (g.kind === "thread" && !g.accesses.some((a) => a.write)) return no("a threadprivate member only read");
    if (!g.accesses.some((a) => a.write)) continue;
    // Written storage is touched only in the row loops.
    if (g.accesses.some((a) => !a.phase)) return no("written storage touched outside the row loops");
    if (g.kind === "local" && g.accesses.every((a) => privateTo(a.phase!.plan, a.sym))) continue;
    const row = rowDim(g.accesses);
    if (row === null) return no("written storage without a dimension indexed by the row");
    const off = (a: Access) => offsetFrom(a.subs[row]!, a.phase!.plan.loop.index!)!;
    if (g.kind !== "shared") {
      // Each thread's own copy: every access in its own row.
      if (new Set(g.accesses.map(off)).size !== 1) return no("a thread's own copy reached at another row");
      continue;
    }
    const plane = planeDim(g.accesses, row);
    for (let i = 0; i < g.accesses.length; i++)
      for (let j = i; j < g.accesses.length; j++) {
        const a = g.accesses[i]!;
        const b = g.accesses[j]!;
        if (!a.write && !b.write) continue;
        // Rows meet where ja + ca = jb + cb: b's row is delta after a's.
        const delta = off(a) - off(b);
        if (delta === 0) continue;
        if (plane === null) return no("rows apart without a plane dimension indexed by the loop's index");
        pairs.push({ a: a.phase!, b: b.phase!, delta, kappa: planeOffset(a, plane)! - planeOffset(b, plane)! });
      }
  }
  // The rows' order: that of the last row loop, else the other; a row loop that runs the other way is turned
  // round (reverse-header.ts) when nothing it does depends on the order of its rows.
  const last = constStep(phases[phases.length - 1]!.plan.loop)!;
  // (The reason told is the first order's: the one the last row loop has.)
  let why = "";
  let done = false;
  for (const stepR of [last, -last]) {
    const turned = phases.filter((q) => constStep(q.plan.loop) !== stepR);
    const file = (q: Phase) => q.callee.proc.span.file;
    const failed = turned.some((q) => !(q.plan.parallel || overlapsOnly(q.plan)) || !reverseHeader(run.read(file(q))!, lang, run.form(file(q)), q.plan.loop))
      ? "a row loop that runs the other way and cannot be turned round"
      : (orderRows(pairs, phases, stepK, stepR) ?? (turned.some((q) => q.ordered) ? "a row loop turned round whose rows wait for the rows before them" : null));
    if (failed) {
      why ||= failed;
      continue;
    }
    for (const q of turned) q.reversed = true;
    done = true;
    break;
  }
  if (!done) return no(why);
  // The text must take every directive line where it goes.
  for (const q of phases) {
    const l = q.plan.loop;
    if (l.sharesLine) return no("a row loop's lines shared with other text");
    if (q.ordered) {
      const file = q.callee.proc.span.file;
      if (!orderedLines(run.read(file)!, lang, run.form(file), l, q.ordered)) return no("an ordered row loop whose lines cannot hold the ordered directives");
    }
  }
  return phases;
}

/**
 * C: `p = &a[e][0]...[0]` (`double (*vk)[m][5] = v[k];`), p a local
 * pointer set nowhere else, whose rows are a's rows past the first index:
 * p[j][i] is a[e][j][i]. NPB-C LU's blts reaches planes k and k - 1 so.
 */
function planeView(t: Stmt, callee: Callee): { ptr: Sym; base: Sym; lead: Expr } | null {
  if (t.kind !== "assign" || t.lhs.kind !== "var" || t.rhs.kind !== "addr" || t.rhs.operand.kind !== "elem") return null;
  const ptr = t.lhs.sym;
  const { sym: base, subs } = t.rhs.operand;
  if (ptr.storage !== "local" || !ptr.attrs.pointer || ptr.attrs.save || ptr.dims.length !== base.dims.length - 1 || callee.views.has(ptr)) return null;
  if (!subs.slice(1).every((x) => evalInt(x) === 0) || !scalarOnly(subs[0]!)) return null;
  // The same rows: every extent past the pointer's first dimension is the array's past its second.
  for (let d = 1; d < ptr.dims.length; d++) {
    const a = extentKey(ptr.dims[d]!, callee.bind);
    if (a === null || a !== extentKey(base.dims[d + 1]!, callee.bind)) return null;
  }
  return { ptr, base, lead: subs[0]! };
}

/** A row loop's plan as the pipeline can take it: parallel, or serial for array dependences alone (it may then be ordered). */
function rowLoop(q: LoopPlan): boolean {
  const l = q.loop;
  if (!plainCountedLoop(l) || !l.index || !ownScalar(l.index) || !l.lower || !l.upper) return false;
  const step = constStep(l);
  if (step !== 1 && step !== -1) return false;
  if (q.interchange || q.fusion || q.fusable || q.realign || q.liveIndex || q.threadprivate?.length) return false;
  if (q.reductions.length || q.lastprivate.length || q.firstprivate.length || q.linear.length) return false;
  if (q.runtimeCheck ? !overlapsOnly(q) : !q.parallel && !(q.doacross && arrayDependencesOnly(q.reasons))) return false;
  // What it makes private must be the callee's own: automatic in each thread's call already.
  return rowPrivate(q).every((n) => {
    const s = clauseSym(q, n);
    return !!s && (s.dims.length > 0 ? ownArray(s) : ownScalar(s));
  });
}

/**
 * C: a row loop parallel only under a check that pointer parameters do
 * not overlap (overlap-check.ts): the pipeline tells its arrays apart by
 * what the one call passes (whole arrays), so the check is not needed.
 */
function overlapsOnly(q: LoopPlan): boolean {
  return !!q.overlaps?.length && q.reasons.every((r) => PLACEMENT_KINDS.has(r.kind)) && !q.sizeCheck && !q.stepCheck && !q.guard && !q.fitted?.length;
}

/** What a row loop makes private to its rows (its own analysis): its clauses, or its pipeline's when serial. */
function rowPrivate(q: LoopPlan): string[] {
  return q.parallel || q.runtimeCheck ? q.private : (q.doacross?.private ?? []);
}

/** Whether a row loop makes `s` private to its iterations. */
function privateTo(q: LoopPlan, s: Sym): boolean {
  return rowPrivate(q).some((n) => clauseSym(q, n) === s) || q.loop.index === s;
}

/** Whether `s` is the index of a loop inside `l`. */
function innerIndex(l: Loop, s: Sym): boolean {
  let yes = false;
  walkStmts(l.body, (t) => void (t.kind === "loop" && t.index === s && (yes = true)));
  return yes;
}

/** A procedure's own scalar, new in each call (not SAVEd, no DATA). */
function ownScalar(s: Sym): boolean {
  return s.storage === "local" && s.dims.length === 0 && !saved(s) && s.equivalence === undefined && !s.attrs.pointer && s.type.base !== "derived";
}

function ownArray(s: Sym): boolean {
  return s.storage === "local" && s.dims.length > 0 && !saved(s) && s.equivalence === undefined && !s.attrs.pointer && !s.attrs.allocatable && s.type.base !== "derived";
}

/**
 * A local that keeps its value from call to call: SAVE or C's static; in
 * Fortran, an initial value too (DATA or `= v` implies SAVE), which in C
 * an automatic local's initializer (`for (int j = 0; ...)`) does not.
 * (Fortran's symbols are column-major, C's row-major.)
 */
function saved(s: Sym): boolean {
  return !!s.attrs.save || (!!s.attrs.initialized && s.layout === "column-major");
}

/**
 * The accesses of statements (or of `exprs` alone), false when one is
 * beyond the pipeline: a call, I/O, a jump, a whole array or section, a
 * write to anything but an array element or the callee's own scalar.
 */
function collect(stmts: readonly Stmt[], phase: Phase | null, callee: Callee, out: Access[], exprs: readonly Expr[] = []): boolean {
  let ok = true;
  // An element through a plane's view is the array's (planeView).
  const access = (sym: Sym, subs: readonly Expr[], write: boolean): Access => {
    const v = callee.views.get(sym);
    return v ? { phase, callee, sym: v.base, subs: [v.lead, ...subs], write } : { phase, callee, sym, subs, write };
  };
  const read = (e: Expr) =>
    walkExpr(e, (x) => {
      if (x.kind === "call") {
        if (!x.intrinsic) ok = false;
      } else if (x.kind === "elem") out.push(access(x.sym, x.subs, false));
      else if (x.kind === "var") {
        if (x.sym.dims.length > 0) ok = false;
        else if (x.sym.storage !== "parameter") out.push({ phase, callee, sym: x.sym, subs: [], write: false });
      } else if (!["int", "real", "logical", "string", "unary", "binary", "cast", "cond"].includes(x.kind)) ok = false;
    });
  exprs.forEach(read);
  const stmt = (s: Stmt): void => {
    switch (s.kind) {
      case "assign": {
        const l = s.lhs;
        if (l.kind === "elem") {
          out.push(access(l.sym, l.subs, true));
          l.subs.forEach(read);
        } else if (l.kind === "var" && ownScalar(l.sym)) out.push({ phase, callee, sym: l.sym, subs: [], write: true });
        else ok = false;
        read(s.rhs);
        return;
      }
      case "loop":
        if (!plainCountedLoop(s) || !s.index || !ownScalar(s.index)) {
          ok = false;
          return;
        }
        out.push({ phase, callee, sym: s.index, subs: [], write: true });
        for (const e of [s.lower, s.upper, s.step]) if (e) read(e);
        s.body.forEach(stmt);
        return;
      case "if":
        read(s.cond);
        s.then.forEach(stmt);
        s.else.forEach(stmt);
        return;
      case "block":
        s.body.forEach(stmt);
        return;
      case "nop":
        return;
      default:
        ok = false;
    }
  };
  stmts.forEach(stmt);
  return ok;
}

/** Whether an expression reads scalars only (no array element, no call of the program's own). */
function scalarOnly(e: Expr): boolean {
  let ok = true;
  walkExpr(e, (x) => {
    if (x.kind === "elem" || x.kind === "section" || (x.kind === "call" && !x.intrinsic) || (x.kind === "var" && x.sym.dims.length > 0)) ok = false;
  });
  return ok;
}

/** `e` as `index + c`: c, or null. */
function offsetFrom(e: Expr, index: Sym): number | null {
  if (e.kind === "var") return e.sym === index ? 0 : null;
  if (e.kind === "binary" && (e.op === "+" || e.op === "-")) {
    const c = evalInt(e.right);
    if (c === undefined || e.left.kind !== "var" || e.left.sym !== index) return null;
    return e.op === "+" ? c : -c;
  }
  return null;
}

/** The dimension that every access indexes by its row loop's index plus a constant, or null. */
function rowDim(accesses: readonly Access[]): number | null {
  const n = accesses[0]!.subs.length;
  for (let d = 0; d < n; d++) if (accesses.every((a) => a.subs.length === n && a.phase && offsetFrom(a.subs[d]!, a.phase.plan.loop.index!) !== null)) return d;
  return null;
}

/** A subscript `K + e` with K a dummy passed the k loop's index plus a constant: the total offset from the k loop's index, or null. */
function planeOffset(a: Access, d: number): number | null {
  const e = a.subs[d]!;
  for (const [sym, base] of a.callee.planes) {
    const c = offsetFrom(e, sym);
    if (c !== null) return base + c;
  }
  return null;
}

/** The dimension (not the row's) that every access indexes by the k loop's index plus a constant, or null. */
function planeDim(accesses: readonly Access[], row: number): number | null {
  const n = accesses[0]!.subs.length;
  for (let d = 0; d < n; d++) if (d !== row && accesses.every((a) => planeOffset(a, d) !== null)) return d;
  return null;
}

/**
 * The declared shape of an array as its procedure sees it, every
 * dimension but the last (its extent does not place elements), with the
 * dummies' values from the call: "lo:hi,..." or null when not constant.
 */
function shapeKey(s: Sym, b: Binding): string | null {
  const out: string[] = [];
  // The dimension whose extent places no element: Fortran's last, C's first.
  for (const d of s.layout === "row-major" ? s.dims.slice(1) : s.dims.slice(0, -1)) {
    const e = extentKey(d, b);
    if (e === null) return null;
    out.push(e);
  }
  return `${s.dims.length}/${out.join(",")}`;
}

/** A dimension's bounds, "lo:hi", with the dummies' values from the call; null when not constant. */
function extentKey(d: Sym["dims"][number], b: Binding): string | null {
  const value = (x: Sym): number | undefined => {
    const a = b.get(x);
    return a ? evalInt(a) : undefined;
  };
  const lo = evalInt(d.lower, 0, value);
  const hi = d.upper ? evalInt(d.upper, 0, value) : undefined;
  return lo === undefined || hi === undefined ? null : `${lo}:${hi}`;
}

/**
 * A bound as the caller sees it, equal keys meaning equal values in the
 * region (nothing it reads is written there): integers and named
 * constants by value, COMMON scalars by block and offset, dummies by what
 * the call passes; null for anything else.
 */
function valueKey(e: Expr, callee: Callee, caller: Procedure): string | null {
  const key = (x: Expr, owner: Procedure, depth: number): string | null => {
    if (depth > 16) return null;
    const c = evalInt(x);
    if (c !== undefined) return `${c}`;
    if (x.kind === "var") {
      const s = x.sym;
      const a = owner === callee.proc && s.storage === "dummy" ? callee.bind.get(s) : undefined;
      if (a) return key(a, caller, depth + 1);
      if (s.storage === "common" && s.dims.length === 0 && s.equivalence === undefined) {
        const ext = memberExtent(owner, s);
        return ext ? `common:${s.common ?? ""}:${ext.start}` : null;
      }
      // C: a file-scope scalar, by its name; the region writes none.
      if (s.storage === "global" && s.dims.length === 0) return `global:${s.name}`;
      // The caller's own scalars and dummies: the region writes none.
      if (owner === caller && (s.storage === "local" || s.storage === "dummy") && s.dims.length === 0) return `${s.storage}:${s.id}`;
      return null;
    }
    if (x.kind === "binary" && (x.op === "+" || x.op === "-" || x.op === "*")) {
      const l = key(x.left, owner, depth + 1);
      const r = key(x.right, owner, depth + 1);
      return l === null || r === null ? null : `(${l}${x.op}${r})`;
    }
    return null;
  };
  return key(e, callee.proc, 0);
}
