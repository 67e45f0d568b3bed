import { accessFileReport, accessOfLoaded, type AccessFileReport } from "../driver/access-files.js";
import { loadRun } from "./load-run.js";
import { misuse, type Options } from "./options.js";
import { GivenFiles, type SourceFile } from "./source-files.js";

export interface AccessOptions extends Options {
  /** Apply seed 001's §5.2 widenings when a convolution condition fails; default true (false is `--no-widen`). */
  widen?: boolean;
}

export interface AccessResult {
  /** What `doall access --json` prints: per source file its references with their patterns, and the aggregates. */
  report: { files: AccessFileReport[] };
}

/**
 * `doall access` in memory: how each array reference walks through its
 * array (seed 001's access pattern, Start, Stride, Num, Velocity,
 * Accuracy and ub, with respect to each loop around it, by convolution).
 * `boundsAssumption: false` is the command's `--no-in-bounds`. The files
 * are analyzed together (what a called procedure may modify comes from
 * all of them). Never throws on bad sources.
 */
export function access(files: readonly SourceFile[], options?: AccessOptions): AccessResult {
  if (options?.widen !== undefined && typeof options.widen !== "boolean") misuse(`widen must be true or false, not ${String(options.widen)}`);
  const given = new GivenFiles(files, options?.host);
  const run = loadRun(given.sources, given.host, options);
  const patterns = accessOfLoaded(run.loaded, { widen: options?.widen !== false, assumeInBounds: run.analysis.boundsAssumption });
  return { report: { files: run.loaded.map((l, i) => accessFileReport(l, patterns[i]!)) } };
}
