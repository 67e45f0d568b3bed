import { parallelizeFirst } from "../driver/parallelize-file.js";
import { explainContext } from "../report/explain-context.js";
import { explainLoop } from "../report/explain-text.js";
import { diagnosticReport, type DiagnosticReport } from "../report/file-report.js";
import type { SourceHost } from "../source/host.js";
import { loadRun } from "./load-run.js";
import type { Options } from "./options.js";
import { chooseFile, noLoopAt } from "./chosen-file.js";
import { GivenFiles, type SourceFile } from "./source-files.js";

export interface ExplainOptions extends Options {
  /** The file whose loops are explained; default: the first source given. The other files are linked with it. */
  file?: string;
  /** Only the loop(s) starting on this line (of the DO / for keyword); default: every loop of the file. */
  line?: number;
  /** Every reason of every cause and the parallelizer's hints (`doall explain --verbose`). Default false. */
  verbose?: boolean;
}

export interface ExplainedLoop {
  /** The file the loop is in and the line of its DO / for keyword. */
  file: string;
  line: number;
  /** What `doall explain` prints for it: the verdict, the directive, each blocking dependence and what would make it parallel. */
  text: string;
}

export interface ExplainResult {
  loops: ExplainedLoop[];
  /** The loops' texts, one paragraph each, as `doall explain` prints them. */
  text: string;
  /** The file's diagnostics, the errors of the other files, and an error when no loop starts on `line`. */
  diagnostics: DiagnosticReport[];
}

/**
 * `doall explain` in memory: in words, why each loop of a file (or the
 * one at `line`) is parallel or what keeps it serial. Never throws on bad
 * sources: a file with errors, or a line where no loop starts, gives no
 * loops and a diagnostic.
 */
export function explain(files: readonly SourceFile[], options?: ExplainOptions): ExplainResult {
  const given = new GivenFiles(files, options?.host);
  return explainPaths(given.sources, given.host, options);
}

/** The same over paths a host reads (doall/node's `explainFiles`); `file` defaults to the first path. */
export function explainPaths(paths: readonly string[], host: SourceHost, options?: ExplainOptions): ExplainResult {
  const chosen = chooseFile(paths, options?.file, options?.line, "line", "explain");
  if ("diagnostic" in chosen) return { loops: [], text: "", diagnostics: [chosen.diagnostic] };
  const { at, line } = chosen;
  // FILE first, as `doall explain FILE OTHER...` reads them; FILE is planned (all of them for a whole Fortran program: parallelizeFirst), the others give their summaries.
  const order = [paths[at]!, ...paths.filter((_, i) => i !== at)];
  const run = loadRun(order, host, options);
  const file = order[0]!;
  const diagnostics: DiagnosticReport[] = [];
  for (const l of run.loaded.slice(1)) for (const d of [...l.diagnostics, ...(l.program?.diagnostics ?? [])]) if (d.severity === "error") diagnostics.push(diagnosticReport(d));
  const r = parallelizeFirst(run.loaded, host, { ...run.analysis, link: run.link });
  diagnostics.unshift(...r.report.diagnostics);
  if (!r.plan) return { loops: [], text: "", diagnostics };
  const mine = r.plan.loops.filter((x) => x.loop.span.file === file);
  const plans = mine.filter((x) => line === null || x.loop.span.line === line);
  if (plans.length === 0 && line !== null) diagnostics.push(noLoopAt(file, line, mine.map((x) => x.loop.span.line)));
  const ctx = explainContext(run.loaded, host, options?.verbose === true);
  const loops = plans.map((p) => ({ file: p.loop.span.file, line: p.loop.span.line, text: explainLoop(p, ctx) }));
  return { loops, text: loops.map((l) => l.text).join("\n"), diagnostics };
}
