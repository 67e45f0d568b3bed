import { parallelizeLoadedRun } from "../driver/parallelize-file.js";
import { makeReport, type FileReport, type Report } from "../report/file-report.js";
import type { SourceHost } from "../source/host.js";
import { loadRun, type Run } from "./load-run.js";
import type { Options } from "./options.js";
import { GivenFiles, type SourceFile } from "./source-files.js";

export interface ParallelizeResult {
  /**
   * Each Fortran and C source given, in the order given, with the OpenMP
   * directives added and every other character unchanged. A file with
   * errors comes back as it was (its analysis cannot be trusted).
   */
  files: SourceFile[];
  /** What `doall parallelize --report` writes: per file its diagnostics and every loop with its verdict. */
  report: Report;
}

/**
 * `doall parallelize` in memory: the files are read (includes resolve
 * among them, then in `options.host`), linked (a call into another of
 * them uses its summary), and each source gets its directives. Never
 * throws on bad sources: their problems are diagnostics in the report.
 */
export function parallelize(files: readonly SourceFile[], options?: Options): ParallelizeResult {
  const given = new GivenFiles(files, options?.host);
  const run = loadRun(given.sources, given.host, options);
  const result = parallelizeRun(run, given.host);
  result.report.files.push(...given.unused(run.loaded));
  return result;
}

/**
 * The same over paths a host reads (doall/node's `parallelizeFiles`
 * passes a file system). A path the host cannot read has a report entry
 * with the error and no output file.
 */
export function parallelizePaths(paths: readonly string[], host: SourceHost, options?: Options): ParallelizeResult {
  return parallelizeRun(loadRun(paths, host, options), host);
}

function parallelizeRun(run: Run, host: SourceHost): ParallelizeResult {
  const files: SourceFile[] = [];
  const reports: FileReport[] = [];
  // The report always has the range facts (`facts`), as the CLI's has when a report is asked for.
  const results = parallelizeLoadedRun(run.loaded, host, { ...run.analysis, rangeFacts: true, link: run.link });
  run.loaded.forEach((l, i) => {
    const r = results[i]!;
    reports.push(r.report);
    if (r.output !== null) files.push({ path: l.path, text: r.output });
  });
  return { files, report: makeReport(reports) };
}
