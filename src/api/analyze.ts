import { analyzeLoadedRun } from "../driver/analyze-file.js";
import { makeReport, type Report } from "../report/file-report.js";
import type { SourceHost } from "../source/host.js";
import { loadRun, type Run } from "./load-run.js";
import type { Options } from "./options.js";
import { GivenFiles, type SourceFile } from "./source-files.js";

export interface AnalyzeResult {
  /**
   * What `doall analyze --json` prints: per file its diagnostics, its
   * procedures and every loop (header, nesting, candidate or why not, and
   * the parallelizer's verdict with clauses or reasons).
   */
  report: Report;
}

/**
 * `doall analyze` in memory: every loop of the sources and what doall
 * knows about it, without writing anything. The files are linked as by
 * `parallelize`, so both say the same of each loop. Never throws on bad
 * sources.
 */
export function analyze(files: readonly SourceFile[], options?: Options): AnalyzeResult {
  const given = new GivenFiles(files, options?.host);
  const run = loadRun(given.sources, given.host, options);
  const result = analyzeRun(run, given.host);
  result.report.files.push(...given.unused(run.loaded));
  return result;
}

/** The same over paths a host reads (doall/node's `analyzeFiles`). */
export function analyzePaths(paths: readonly string[], host: SourceHost, options?: Options): AnalyzeResult {
  return analyzeRun(loadRun(paths, host, options), host);
}

function analyzeRun(run: Run, host: SourceHost): AnalyzeResult {
  // As `doall analyze --json`: the range facts a parallel loop needed are part of the report.
  const parallelize = { ...run.analysis, rangeFacts: true, link: run.link };
  return { report: makeReport(analyzeLoadedRun(run.loaded, { parallelize }, undefined, (path) => host.readFile(path) ?? null).map((r) => r.report)) };
}
