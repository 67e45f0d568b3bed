import { formatDiagnostic, type Diagnostic } from "../diagnostics/diagnostic.js";
import { loadProgram, type Loaded, type LoadOptions } from "./load-program.js";
import { buildFileReport, type FileReport, type ReportOptions } from "../report/file-report.js";
import type { SourceHost } from "../source/host.js";

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
