import { formatDiagnostic, type Diagnostic } from "../diagnostics/diagnostic.js";
import { loadProgram, type Loaded, type LoadOptions } from "./load-program.js";
import { buildFileReport, type FileReport, type ReportOptions } from "../report/file-report.js";
import type { SourceHost } from "../source/host.js";
import { planRun } from "./parallelize-file.js";

/** What `doall analyze` produces for one file: plain data, so a worker thread can send it back. */
export interface AnalyzeResult {
  report: FileReport;
  diagnostics: Diagnostic[];
  /** Diagnostics as `file:line:col: severity: message` lines. */
  messages: string[];
  failed: boolean;
}

export function analyzeFile(file: string, host: SourceHost, opts: LoadOptions, report: ReportOptions = {}): AnalyzeResult {
  return analyzeLoaded(loadProgram(file, host, opts), report);
}

/** The same for a file already loaded (`doall analyze` loads its files first to link them). */
export function analyzeLoaded(loaded: Loaded, report: ReportOptions = {}): AnalyzeResult {
  const file = loaded.path;
  const diags = [...loaded.diagnostics, ...(loaded.program?.diagnostics ?? [])];
  return {
    report: buildFileReport(file, loaded.program, loaded.diagnostics, report),
    diagnostics: diags,
    messages: diags.map((d) => formatDiagnostic(d, file)),
    failed: diags.some((d) => d.severity === "error"),
  };
}

/**
 * The files of one `doall analyze` run, as `parallelize` decides them:
 * each planned, then the COMMON blocks made threadprivate over all the
 * plans (threadprivate-blocks.ts), then each file's report. `each(i)` is
 * told before file i is planned.
 */
export function analyzeLoadedRun(loaded: readonly Loaded[], report: ReportOptions, each: ((i: number) => void) | undefined, read: (path: string) => string | null): AnalyzeResult[] {
  if (report.dependences === false) return loaded.map((l) => analyzeLoaded(l, report));
  const { planned } = planRun(loaded, { ...report.parallelize, dependence: report.dependences || undefined, stats: report.stats }, true, each, read);
  return planned.map((p) => analyzeLoaded(p.loaded, { ...report, ...(p.plan ? { plan: p.plan } : {}) }));
}
