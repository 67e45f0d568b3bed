import type { Procedure } from "../ir/program.js";
import type { Loop } from "../ir/stmt.js";
import type { LoopPlan, PlanReductionOp } from "../parallelize/loop-plan.js";
import type { ProgramPlan } from "../parallelize/plan-program.js";
import { emitCDirectives } from "./c/emit-c.js";
import { swapHeaders, type LineReplacement } from "./swap-headers.js";
import { orderedLines } from "./ordered-lines.js";
import { fuseLines } from "./fuse-lines.js";
import { realignLines } from "./realign-lines.js";
import { serialCopyLines } from "./serial-copy-lines.js";
import { reverseHeader } from "./reverse-header.js";
import { sharesTerminal } from "../parallelize/plain-loop.js";
import type { DirectiveClauses } from "./directive-text.js";
import { emitFortranDirectives, type FortranLoopDirective, type UnitDirectives } from "./fortran/emit-fortran.js";
import { cDirectiveLine, directiveLine } from "../parallelize/threadprivate-blocks.js";
import { mainProgramSaves } from "../parallelize/main-program-saves.js";
import { OMP_QUERIES, THREADS_GUARD } from "../parallelize/threads-guard.js";
import type { LineInsertion } from "./insert-lines.js";
import { declaredInside } from "../parallelize/scalar-plan.js";

const FORTRAN_OPS: Record<PlanReductionOp, string> = { "+": "+", "*": "*", max: "max", min: "min", and: ".and.", or: ".or.", eqv: ".eqv.", neqv: ".neqv.", bitand: "iand", bitor: "ior", bitxor: "ieor" };
const C_OPS: Record<PlanReductionOp, string> = { "+": "+", "*": "*", max: "max", min: "min", and: "&&", or: "||", eqv: "==", neqv: "!=", bitand: "&", bitor: "|", bitxor: "^" };

/** A reduction operator as OpenMP spells it in the language. */
export function reductionOp(op: PlanReductionOp, lang: "fortran" | "c"): string {
  return (lang === "fortran" ? FORTRAN_OPS : C_OPS)[op];
}

/** The clauses of an emitted loop, spelled for its language. */
export function planClauses(plan: LoopPlan): DirectiveClauses {
  const lang = plan.proc.language;
  const conds: string[] = [];
  if (plan.runtimeCheck) conds.push(lang === "fortran" ? plan.runtimeCheck.fortran : plan.runtimeCheck.c);
  if (plan.profitableIf) conds.push(plan.profitableIf);
  // A pipelined loop: no more threads than processors (threads-guard.ts).
  if (threadsGuarded(plan)) conds.push(THREADS_GUARD);
  const ifCondition = conds.length === 0 ? undefined : conds.length === 1 ? conds[0] : conds.map((c) => `(${c})`).join(lang === "fortran" ? " .and. " : " && ");
  // A row loop of a row pipeline (row-pipeline.ts): rows shared out statically, the same way in every such loop.
  if (plan.orphan) return { private: [], firstprivate: [], lastprivate: [], reductions: [], schedule: "static", ...(plan.orphan.ordered ? { ordered: 1 } : {}), ...(lang === "c" ? { nowait: true } : {}) };
  // A doacross loop (doacross.ts) is serial as a plan: its private scalars are kept with its span.
  const doacross = plan.emitted && plan.doacross && !plan.parallel ? plan.doacross : null;
  // A row pipeline's region: every thread runs the loop, its index its own.
  if (doacross && plan.rowPipeline) {
    // (A C index its for-init declares is the loop's own already, and no clause before the loop can name it.)
    const index = plan.loop.index;
    const own = index && !doacross.private.includes(index.name) && !(lang === "c" && declaredInside(index, plan.loop)) ? [index.name] : [];
    return { private: [...doacross.private, ...own], firstprivate: [], lastprivate: [], reductions: [], ifCondition };
  }
  return {
    private: doacross ? doacross.private : plan.private,
    ...(doacross ? { ordered: 1 } : {}),
    firstprivate: plan.firstprivate,
    lastprivate: plan.lastprivate,
    linear: plan.linear,
    reductions: plan.reductions.map((r) => ({ op: reductionOp(r.op, lang), var: r.var + (r.section ?? "") })),
    collapse: plan.collapse > 1 ? plan.collapse : undefined,
    schedule: plan.schedule ?? undefined,
    ifCondition,
  };
}

/** The OpenMP construct a loop's directive starts (`simd` for one inside a region that gets only that). */
export function loopConstruct(plan: LoopPlan): "parallel do" | "parallel do simd" | "parallel" | "do" | "simd" {
  if (plan.orphan) return "do";
  if (plan.rowPipeline && plan.emitted) return "parallel";
  if (plan.simd && !plan.emitted) return "simd";
  return plan.simd ? "parallel do simd" : "parallel do";
}

/** A construct as C spells it. */
export function cConstruct(c: ReturnType<typeof loopConstruct>): "parallel for" | "parallel for simd" | "parallel" | "for" | "simd" {
  return c === "parallel do" ? "parallel for" : c === "parallel do simd" ? "parallel for simd" : c === "do" ? "for" : c;
}

/** The header lines the emitted interchanges rewrite (a nest whose headers cannot be swapped gives none: the driver undid it first). */
export function interchangeSwaps(text: string, plan: ProgramPlan): LineReplacement[] {
  const file = plan.program.file;
  return plan.loops.flatMap((p) => (p.emitted && p.interchange && p.loop.span.file === file.path ? swapHeaders(text, file.language, file.form, p.loop, p.interchange.inner) ?? [] : []));
}

/** The lines the emitted fusions empty: the first loop's end and the second loop's header (the driver undid those the text does not allow). */
export function fusionLines(text: string, plan: ProgramPlan): LineReplacement[] {
  const file = plan.program.file;
  return plan.loops.flatMap((p) => (p.emitted && p.fusion && p.loop.span.file === file.path ? fuseLines(text, file.language, file.form, p.loop, p.fusion.second.loop) ?? [] : []));
}

function replaceLines(text: string, reps: readonly LineReplacement[]): string {
  if (reps.length === 0) return text;
  const lines = text.split("\n");
  for (const r of reps) lines[r.line - 1] = r.text;
  return lines.join("\n");
}

/** The clauses of a loop that gets `simd` inside a region (simd-loops.ts): its private scalars, nothing else. */
export function simdClauses(plan: LoopPlan): DirectiveClauses {
  return { private: plan.private, firstprivate: [], lastprivate: [], reductions: [] };
}

/**
 * The source with a directive on every emitted loop of the program's own
 * file (never in included files); everything else byte for byte.
 */
export function emitProgram(source: string, plan: ProgramPlan, threadprivate: ReadonlySet<string> = new Set()): string {
  const file = plan.program.file;
  // Interchanged nests first (interchange.ts): their two header lines swap controls; no line is added or removed.
  // Fused loops (fusion.ts) likewise: two lines emptied, none added or removed.
  // Aligned loops (realign.ts): guards and shifted indices on the lines they were (Fortran IF blocks around
  // statements that are loops are added lines, below); peeled loops add their copy.
  const realigned = plan.loops.flatMap((p) => (p.emitted && p.realign && p.loop.span.file === file.path ? [realignLines(source, file.language, file.form, p.loop, p.realign)] : [])).filter((e) => e !== null);
  // A row pipeline's row loop turned round (row-pipeline.ts): its header line (the decision checked it can be).
  const reversed = plan.loops.flatMap((p) => (p.emitted && p.orphan?.reversed && p.loop.span.file === file.path ? [reverseHeader(source, file.language, file.form, p.loop)] : [])).filter((r) => r !== null);
  const text = replaceLines(source, [...interchangeSwaps(source, plan), ...fusionLines(source, plan), ...realigned.flatMap((e) => e.replace), ...reversed]);
  const emitted = plan.loops.filter((p) => p.emitted && p.loop.span.file === file.path);
  const simd = plan.loops.filter((p) => p.simd && !p.emitted && p.loop.span.file === file.path);
  // Lines added besides the directives: the `ordered depend` lines of doacross loops (the driver undid those
  // whose lines the text does not allow), the added lines of aligned and peeled loops, and the serial copy
  // of a C loop under an overlap check (serial-copy-lines.ts; the driver checked the text).
  const copies = emitted.flatMap((p) => (p.serialCopy && p.runtimeCheck ? serialCopyLines(source, p.loop, p.runtimeCheck.c) ?? [] : []));
  const extra = [...ompInclude(plan, emitted), ...emitted.flatMap((p) => (p.doacross && !p.parallel && !p.rowPipeline ? orderedLines(text, file.language, file.form, p.loop, p.doacross) ?? [] : p.orphan?.ordered ? (orderedLines(text, file.language, file.form, p.loop, p.orphan.ordered) ?? []) : [])), ...realigned.flatMap((e) => e.insert), ...copies];
  if (file.language === "c") {
    // The C globals the run makes threadprivate that this file declares (threadprivate-blocks.ts checked the line).
    const vars = [...threadprivate].filter((v) => plan.program.globals.get(v)?.storage === "global").sort();
    const line = cDirectiveLine(plan.program);
    const loops = [...emitted.map((p) => ({ line: p.loop.span.line, clauses: planClauses(p), construct: cConstruct(loopConstruct(p)) })), ...simd.map((p) => ({ line: p.loop.span.line, clauses: simdClauses(p), construct: "simd" as const }))];
    return emitCDirectives(text, loops, vars.length && line !== null ? { line, vars } : null, extra);
  }
  const parentOf = new Map<Loop, Loop | null>(plan.loops.map((p) => [p.loop, p.parent]));
  // The END directive is optional: it is left out where it could not stand right after the
  // loop (a shared terminal statement, or `end do; b = 1` on one line).
  const loops: FortranLoopDirective[] = [
    // A fused loop ends where the second loop ended (fusion.ts).
    // A row pipeline's region and its row loops must have their END directives (row-pipeline.ts checked they can).
    ...emitted.map((p) => ({ line: p.loop.span.line, endLine: (p.fusion?.second.loop ?? p.loop).endSpan.endLine, clauses: planClauses(p), end: !!(p.orphan || p.rowPipeline) || (!sharesTerminal(p.loop, (l) => parentOf.get(l)) && !(p.fusion?.second.loop ?? p.loop).sharesLine?.last), construct: loopConstruct(p) })),
    ...simd.map((p) => ({ line: p.loop.span.line, endLine: p.loop.endSpan.endLine, clauses: simdClauses(p), end: false, construct: "simd" as const })),
  ];
  // Every unit of this file that declares a block the run makes threadprivate (threadprivate-blocks.ts checked each has its line),
  // and every unit with a pipelined loop whose if() asks the runtime (threads-guard.ts).
  const guarded = new Set(emitted.filter(threadsGuarded).map((p) => p.proc));
  const perUnit: { proc: Procedure; unit: UnitDirectives }[] = [];
  for (const proc of plan.program.procedures) {
    const line = directiveLine(proc);
    if (line === null) continue;
    const blocks = proc.span.file !== file.path || proc.host ? [] : [...threadprivate].filter((b) => [...proc.symbols.values()].some((s) => s.storage === "common" && (s.common ?? "") === b)).sort();
    // A unit that has the OpenMP interface already (`use omp_lib`, `include 'omp_lib.h'`) must not declare the functions again.
    const given = guarded.has(proc) ? ompLibNames(text, proc.span.line, proc.endSpan.endLine) : "all";
    const missing = given === "all" ? [] : OMP_QUERIES.filter((n) => !given.has(n));
    perUnit.push({ proc, unit: { line, blocks, ...(missing.length ? { ompQueries: missing } : {}) } });
  }
  // A main program's arrays, once its file has a directive (main-program-saves.ts says why).
  if (loops.length || perUnit.some(({ unit }) => unit.blocks.length))
    for (const { proc, unit } of perUnit) {
      const saves = proc.span.file === file.path ? mainProgramSaves(proc) : [];
      if (saves.length) unit.saves = saves;
    }
  const units = perUnit.map(({ unit }) => unit).filter((u) => u.blocks.length || u.ompQueries || u.saves);
  return emitFortranDirectives(text, file.form ?? "fixed", loops, units, extra);
}

/**
 * Whether lines `from`..`to` of a Fortran file (one unit) take the OpenMP
 * interface: `use omp_lib` or `include 'omp_lib.h'`, also behind the `!$`
 * sentinel. Its functions are then declared there, and a declaration of
 * ours would clash ("conflicts with symbol from module 'omp_lib'").
 */
function ompLibNames(text: string, from: number, to: number): Set<string> | "all" {
  const lines = text.split(/\r?\n/).slice(Math.max(0, from - 1), to);
  const out = new Set<string>();
  for (const raw of lines) {
    const l = raw.replace(/^[cC*]\$/, "!$");
    if (!/^\s*(!\$\s*)?(use\b[\s,:a-z]*\bomp_lib\b|include\s*['"]omp_lib\.h['"])/i.test(l)) continue;
    // `use omp_lib, only: omp_get_wtime` gives only what it lists (found by fuzzing: the guard's functions
    // were then declared nowhere); the local name of a rename is what the unit sees.
    const only = /\bonly\s*:(.*)$/i.exec(l);
    if (!only) return "all";
    for (const item of only[1]!.split("!")[0]!.split(",")) out.add(item.split("=>")[0]!.trim().toLowerCase());
  }
  return out;
}

/** An emitted pipelined loop whose if() asks the runtime for its threads and processors (threads-guard.ts). */
function threadsGuarded(p: LoopPlan): boolean {
  return !!p.threadsGuard && !!p.doacross && !p.parallel;
}

/**
 * C: the declarations of the runtime functions a pipelined loop's `if`
 * clause calls (threads-guard.ts), `omp.h` under `#ifdef _OPENMP` before
 * the file's first function, read only by a compiler with OpenMP. (Fortran
 * declares them per unit: UnitDirectives.)
 */
function ompInclude(plan: ProgramPlan, emitted: readonly LoopPlan[]): LineInsertion[] {
  if (plan.program.file.language !== "c" || !emitted.some(threadsGuarded)) return [];
  const line = cDirectiveLine(plan.program);
  return line === null ? [] : [{ line, where: "before", lines: ["#ifdef _OPENMP", "#include <omp.h>", "#endif"] }];
}
