import { aggregateByLoop, aggregateJson, analyzeProgramAccess, buildCallEffects, refJson, type AccessOptions, type AggregateJson, type ProgramAccess, type RefJson } from "../analysis/access/index.js";
import { capErrors } from "../diagnostics/cap-errors.js";
import { exprText } from "../ir/expr-text.js";
import { diagnosticReport, type DiagnosticReport } from "../report/file-report.js";
import type { Loaded } from "./load-program.js";

/**
 * What `doall access --json` prints for one file (its field names are
 * stable): every array reference in a loop with its access pattern per
 * enclosing loop (seed 001), and the references to one array in one loop
 * aggregated into one pattern where their union is regular.
 */
export interface AccessFileReport {
  file: string;
  language: string;
  diagnostics: DiagnosticReport[];
  references: RefJson[];
  aggregates: AggregateJson[];
}

/**
 * The access patterns of the files of one run, each analyzed with the
 * call effects of all of them (a callee may be in another file); null for
 * a file that could not be read.
 */
export function accessOfLoaded(loaded: readonly Loaded[], opts: Omit<AccessOptions, "callEffects" | "exprName">): (ProgramAccess | null)[] {
  const callEffects = buildCallEffects(loaded.flatMap((l) => (l.program ? [l.program] : [])));
  return loaded.map((l) => {
    if (!l.program) return null;
    const lang = l.program.file.language;
    return analyzeProgramAccess(l.program, { ...opts, callEffects, exprName: (e) => exprText(e, lang) });
  });
}

export function accessFileReport(l: Loaded, access: ProgramAccess | null): AccessFileReport {
  const lang = l.program?.file.language;
  const text = (e: Parameters<typeof exprText>[0]) => exprText(e, lang ?? "fortran");
  const refs = access?.procedures.flatMap((p) => p.refs) ?? [];
  const unread = l.diagnostics.filter((d) => d.severity === "error").map((d) => ({ id: "read-error", severity: "error" as const, message: d.message, file: l.path, line: null, column: null }));
  return {
    file: l.path,
    language: lang ?? "unknown",
    diagnostics: l.program ? capErrors(l.program.diagnostics).map(diagnosticReport) : unread,
    references: refs.map((x) => refJson(x, text)),
    aggregates: (access?.procedures.flatMap((p) => aggregateByLoop(p.refs)) ?? []).map(aggregateJson),
  };
}
