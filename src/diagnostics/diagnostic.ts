import { formatPos, type Span } from "../source/span.js";

export type Severity = "error" | "warning" | "note";

/**
 * A message for the user. Diagnostics are data: core code never prints, it
 * returns these and the CLI (or the web page) renders them.
 */
export interface Diagnostic {
  /** Stable machine-readable identifier, e.g. "fortran.syntax" or "include.not-found". */
  id: string;
  severity: Severity;
  message: string;
  span?: Span;
}

export function diag(id: string, severity: Severity, message: string, span?: Span): Diagnostic {
  return span ? { id, severity, message, span } : { id, severity, message };
}

/** `file:line:col: error: message`, the form compilers and editors understand. */
export function formatDiagnostic(d: Diagnostic, fallbackFile = "<input>"): string {
  const where = d.span ? formatPos(d.span) : fallbackFile;
  return `${where}: ${d.severity}: ${d.message}`;
}

export function hasErrors(ds: readonly Diagnostic[]): boolean {
  return ds.some((d) => d.severity === "error");
}
