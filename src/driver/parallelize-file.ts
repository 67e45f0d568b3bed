import { formatDiagnostic, type Diagnostic } from "../diagnostics/diagnostic.js";
import { emitProgram } from "../emit/emit-program.js";
import { planProgram, type ParallelizeOptions, type ProgramPlan } from "../parallelize/plan-program.js";
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

/**
 * Reads one file, plans its loops and writes the directives into its text.
 * A file with errors gets no directive (its analysis cannot be trusted);
 * its text is returned as it was, so an output tree stays complete.
 */
export function parallelizeFile(path: string, host: SourceHost, opts: LoadOptions, options: ParallelizeOptions = {}): ParallelizeResult {
  return parallelizeLoaded(loadProgram(path, host, opts), host, options);
}

/** The same for a file already loaded (a run that links its files loads them all first; `options.link`). */
export function parallelizeLoaded(loaded: Loaded, host: SourceHost, options: ParallelizeOptions = {}): ParallelizeResult {
  const path = loaded.path;
  const diags = [...loaded.diagnostics, ...(loaded.program?.diagnostics ?? [])];
  const failed = diags.some((d) => d.severity === "error");
  const messages = diags.map((d) => formatDiagnostic(d, path));
  const text = host.readFile(path) ?? null;
  const program = loaded.program;
  const plan = program ? phase("plan", () => planProgram(program, options)) : null;
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
  return { output: phase("emit", () => emitProgram(text, plan)), report, plan, diagnostics: diags, messages, failed };
}
