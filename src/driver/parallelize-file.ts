import { formatDiagnostic, type Diagnostic } from "../diagnostics/diagnostic.js";
import { emitProgram } from "../emit/emit-program.js";
import { planProgram, type ParallelizeOptions, type ProgramPlan } from "../parallelize/plan-program.js";
import { chooseThreadprivate } from "../parallelize/threadprivate-blocks.js";
import { dropNestedAcrossFiles } from "../parallelize/nested-across-files.js";
import { chooseRowPipelines } from "../parallelize/row-pipeline.js";
import { callersOf, type CallGraph } from "../parallelize/call-graph.js";
import { dropSerialConsumed } from "../parallelize/serial-consumers.js";
import { chooseSimd } from "../parallelize/simd-loops.js";
import { settleInterchanges, undoInterchange } from "../parallelize/interchange.js";
import { settleFusions, undoFusion } from "../parallelize/fusion.js";
import { fuseLines } from "../emit/fuse-lines.js";
import { swapHeaders } from "../emit/swap-headers.js";
import { orderedLines } from "../emit/ordered-lines.js";
import { realignLines } from "../emit/realign-lines.js";
import { serialCopyLines } from "../emit/serial-copy-lines.js";
import { settleRealignments, undoRealignment } from "../parallelize/realign.js";
import { dropUnusedPipelineClauses, undoDoacross } from "../parallelize/doacross.js";
import { clauseSym, type LoopPlan } from "../parallelize/loop-plan.js";
import { dropDirective } from "../parallelize/nested-reasons.js";
import type { Reason } from "../parallelize/reason.js";
import { buildFileReport, diagnosticReport, type FileReport } from "../report/file-report.js";
import { stackWarnings } from "../report/stack-arrays.js";
import type { SourceHost } from "../source/host.js";
import { loadProgram, type Loaded, type LoadOptions } from "./load-program.js";
import { phase } from "../util/phases.js";

/** What `doall parallelize` produces for one file, without touching the file system. */
export interface ParallelizeResult {
  /** The source with the directives added; the input unchanged when the file has errors; null if unreadable. */
  output: string | null;
  report: FileReport;
  plan: ProgramPlan | null;
  /** What reading and analyzing the file reported (the CLI prints them through DiagnosticPrinter). */
  diagnostics: Diagnostic[];
  /** Diagnostics as `file:line:col: severity: message` lines. */
  messages: string[];
  failed: boolean;
}

/** One file read and planned, its directives not yet written (the run decides its threadprivate blocks first). */
export interface PlannedLoaded {
  loaded: Loaded;
  plan: ProgramPlan | null;
  failed: boolean;
  diagnostics: Diagnostic[];
}

/**
 * Reads one file, plans its loops and writes the directives into its text.
 * A file with errors gets no directive (its analysis cannot be trusted);
 * its text is returned as it was, so an output tree stays complete.
 */
export function parallelizeFile(path: string, host: SourceHost, opts: LoadOptions, options: ParallelizeOptions = {}): ParallelizeResult {
  return parallelizeLoaded(loadProgram(path, host, opts), host, options);
}

/**
 * The same for a file already loaded. Threadprivate blocks are decided
 * over all the files of a run (parallelizeLoadedRun): a file planned
 * alone in a run of several makes none (its directive would be missing
 * from the other files' units).
 */
export function parallelizeLoaded(loaded: Loaded, host: SourceHost, options: ParallelizeOptions = {}): ParallelizeResult {
  const alone = !options.link || options.link.programs().length <= 1;
  return parallelizeLoadedRun([loaded], host, options, undefined, alone)[0]!;
}

/**
 * The files of one run (`options.link` links them): each planned, then
 * the COMMON blocks the run makes threadprivate decided over all their
 * plans (threadprivate-blocks.ts), then each file's report and text.
 * `each(i)` is told before file i is planned and before it is written.
 * `whole`: the files are all the run's (else no block is made threadprivate).
 */
export function parallelizeLoadedRun(loaded: readonly Loaded[], host: SourceHost, options: ParallelizeOptions = {}, each?: (i: number, stage: "plan" | "write") => void, whole = true): ParallelizeResult[] {
  const { planned, blocks } = planRun(loaded, options, whole, (i) => each?.(i, "plan"), (path) => host.readFile(path) ?? null);
  return planned.map((p, i) => {
    each?.(i, "write");
    return finishPlanned(p, host, options, blocks);
  });
}

/**
 * Every file of a run planned (`each(i)` told before file i), then the
 * COMMON blocks and C globals the run makes threadprivate decided over
 * all the plans, which it changes (threadprivate-blocks.ts).
 */
export function planRun(loaded: readonly Loaded[], options: ParallelizeOptions, whole: boolean, each: ((i: number) => void) | undefined, read: (path: string) => string | null): { planned: PlannedLoaded[]; blocks: Set<string> } {
  const planned = loaded.map((l, i) => {
    each?.(i);
    return planLoaded(l, options);
  });
  // Directives that serial code around them would make cost more than they save go first: the
  // threadprivate decision then weighs only the loops that keep theirs.
  const contexts = planned.flatMap((p) => (p.plan?.calls && !p.failed ? [{ loops: p.plan.loops, ...p.plan.calls }] : []));
  dropSerialConsumed(contexts);
  // And those whose procedure runs only inside other files' loops with directives (nested-across-files.ts).
  dropNestedAcrossFiles(contexts);
  const blocks = chooseThreadprivate(
    planned.flatMap((p) => (p.plan ? [{ plan: p.plan, failed: p.failed }] : [])),
    whole,
  );
  // Pipelined loops whose callees' row loops can share out their rows instead (row-pipeline.ts), once the
  // blocks that are threadprivate are known.
  // (Files planned apart, without a link, have a call graph each: each graph with its files' loops.)
  if (options.restructure !== false) {
    const byPath = new Map(planned.flatMap((p) => (p.plan ? [[p.plan.program.file.path, p] as const] : [])));
    const graphs = new Map<CallGraph, LoopPlan[]>();
    for (const p of planned) if (p.plan?.calls && !p.failed) graphs.set(p.plan.calls.graph, [...(graphs.get(p.plan.calls.graph) ?? []), ...p.plan.loops]);
    for (const [graph, loops] of graphs)
      chooseRowPipelines({
        loops,
        graph,
        threadprivate: blocks,
        read,
        failed: (path) => byPath.get(path)?.failed !== false,
        form: (path) => byPath.get(path)?.plan?.program.file.form,
        assumeBounds: options.boundsAssumption !== false,
      });
  }
  // The run's directives are final: interchanges, fusions and pipelined loops that lost theirs, or that the text cannot hold, are undone; the loops inside them get `simd`.
  for (const p of planned) if (p.plan) settle(p.plan, p.failed, read);
  return { planned, blocks };
}

/**
 * The first file of a run as `doall explain` shows it, the others giving
 * their summaries. The run's threadprivate decision can change its loops
 * only when one of its directives needs a block (or C global) made
 * threadprivate or names COMMON or global storage in a clause (whose block
 * another file may need); then, in a whole program (Fortran, or C:
 * ProgramLink.closed), every file is planned, as parallelize does.
 */
export function parallelizeFirst(loaded: readonly Loaded[], host: SourceHost, options: ParallelizeOptions = {}): ParallelizeResult {
  const link = options.link;
  if (!(link?.wholeFortran || link?.closed)) return parallelizeLoaded(loaded[0]!, host, options);
  const first = planLoaded(loaded[0]!, options);
  const shared = (l: LoopPlan) =>
    [...l.private, ...l.firstprivate, ...l.lastprivate].some((n) => {
      const s = clauseSym(l, n);
      return !!s && (s.storage === "common" || s.storage === "global");
    });
  // A pipelined loop may run by rows through other files' loops, and a loop here may be a row loop of another file's
  // (row-pipeline.ts): the run decides both.
  const plan = first.plan;
  const rows = !!plan && (plan.loops.some((l) => l.emitted && l.doacross) || (!!plan.calls && plan.program.procedures.some((p) => callersOf(plan.calls!.graph, p).some((c) => c.caller.span.file !== p.span.file && c.loops.length > 0))));
  const involved = rows || first.plan?.loops.some((l) => l.emitted && (l.threadprivate?.length || shared(l)));
  if (!involved) {
    if (first.plan) settle(first.plan, first.failed, (path) => host.readFile(path) ?? null);
    return finishPlanned(first, host, options, new Set());
  }
  return parallelizeLoadedRun(loaded, host, options)[0]!;
}

/**
 * Once a file's directives are decided: the interchanges that got none
 * undone, the loops that kept theirs fused, then every rewrite the file's
 * text does not allow undone (`analyze` reads the text too, so it says
 * what `parallelize` writes), and `simd` chosen (none in a file with errors).
 */
function settle(plan: ProgramPlan, failed: boolean, read: (path: string) => string | null): void {
  const loops = plan.loops;
  settleInterchanges(loops, failed);
  settleFusions(loops, failed);
  settleRealignments(loops, failed);
  const file = plan.program.file;
  const text = read(file.path);
  if (text !== null)
    for (const p of loops) {
      if (!p.emitted || p.loop.span.file !== file.path) continue;
      // An interchange whose headers the text does not let doall swap (a header over several lines, past column 72) is undone.
      if (p.interchange && !swapHeaders(text, file.language, file.form, p.loop, p.interchange.inner))
        undoInterchange(loops, p, { kind: "layout", message: `parallel, but the serial loop around it at line ${p.loop.span.line} could not trade places with it in the text (a header over several lines, or past column 72): put each header on a line of its own` });
      // Fused loops whose lines the text does not let doall merge (a header with other text on its line) keep their own directives.
      if (p.fusion && !fuseLines(text, file.language, file.form, p.loop, p.fusion.second.loop)) undoFusion(p);
      // An aligned or peeled loop whose text cannot be rewritten (a header over several lines, past column 72) stays as written.
      if (p.realign && !realignLines(text, file.language, file.form, p.loop, p.realign))
        undoRealignment(loops, p, { kind: "layout", message: `it would be parallel ${p.realign.kind === "align" ? "aligned" : "with its " + p.realign.which + " iteration peeled"}, but its text does not allow the rewrite (a header over several lines, a line that would pass column 72, an end that is not a line of its own, an index a macro reads, or a statement label or construct name that a peeled copy would repeat): put the header and each statement on lines of their own, without labels` });
      // A C loop under an overlap check runs the loop as written when the check fails, where the text allows a copy.
      p.serialCopy = file.language === "c" && !!p.runtimeCheck && !!p.overlaps?.length && !p.interchange && !p.fusion && !p.realign && !p.doacross && !p.orphan && serialCopyLines(text, p.loop, p.runtimeCheck.c) !== null;
      if (!p.serialCopy) delete p.serialCopy;
      // A doacross loop whose `ordered` lines cannot stand where they must (a statement after other text on its line) is serial.
      if (p.doacross && !p.rowPipeline && !orderedLines(text, file.language, file.form, p.loop, p.doacross))
        undoDoacross(loops, p, { kind: "layout", message: `it could run pipelined (ordered), but a statement of its body at the ends of the ordered part starts after other text on its line (or its closing brace does), where no directive line can go: put them on lines of their own` });
    }
  // After every undo above (a realignment undone gives its loop back its pipelined candidacy).
  dropUnusedPipelineClauses(loops);
  if (!failed) chooseSimd(loops);
  // No output for a file with errors (finishPlanned): its reports say so rather than name a directive nothing writes.
  else for (const p of loops) if (p.emitted) dropDirective(loops, p, FILE_ERRORS);
}

const FILE_ERRORS: Reason = { kind: "file-errors", message: "the file has errors, and doall writes no directive into a file it could not read completely" };

/** Reads nothing: plans a loaded file's loops. */
export function planLoaded(loaded: Loaded, options: ParallelizeOptions = {}): PlannedLoaded {
  const diagnostics = [...loaded.diagnostics, ...(loaded.program?.diagnostics ?? [])];
  const failed = diagnostics.some((d) => d.severity === "error");
  const program = loaded.program;
  const plan = program ? phase("plan", () => planProgram(program, options)) : null;
  return { loaded, plan, failed, diagnostics };
}

/** A planned file's report and text with its directives (`threadprivate`: the blocks the run makes threadprivate). */
export function finishPlanned(p: PlannedLoaded, host: SourceHost, options: ParallelizeOptions, threadprivate: ReadonlySet<string>): ParallelizeResult {
  const { loaded, plan, failed } = p;
  const path = loaded.path;
  const diags = [...p.diagnostics];
  const messages = diags.map((d) => formatDiagnostic(d, path));
  const text = host.readFile(path) ?? null;
  const report = phase("report", () => buildFileReport(path, loaded.program, loaded.diagnostics, { plan: plan ?? undefined, dependences: plan ? undefined : false, link: options.link }));
  if (failed || !plan || text === null) {
    // No directive on a file doall could not read completely.
    for (const l of report.loops) if (l.emitted) l.emitted = false;
    return { output: text, report, plan, diagnostics: diags, messages, failed };
  }
  // -fopenmp puts a Fortran procedure's local arrays on the stack: worth a warning where a directive makes the file need it.
  if (report.loops.some((l) => l.emitted)) {
    const stack = stackWarnings(plan.program);
    diags.push(...stack);
    messages.push(...stack.map((d) => formatDiagnostic(d, path)));
    report.diagnostics.push(...stack.map(diagnosticReport));
  }
  return { output: phase("emit", () => emitProgram(text, plan, threadprivate)), report, plan, diagnostics: diags, messages, failed };
}
