import { markThreadLocals } from "../analysis/thread-locals.js";
import { boundsAssumed, type AnalysisOptions } from "../analysis/analysis-options.js";
import { ProgramLink } from "../analysis/link/link-programs.js";
import type { Loaded } from "./load-program.js";
import { phase } from "../util/phases.js";

/** Whether a loaded file has errors (its analysis is not trusted, so it takes no part in a link). */
export function loadFailed(l: Loaded): boolean {
  return [...l.diagnostics, ...(l.program?.diagnostics ?? [])].some((d) => d.severity === "error");
}

/**
 * Links the files of one run, so a call to a procedure defined in another
 * of them uses its summary. A file with errors only tells that its names
 * are not known. One file alone is not linked: it is analyzed exactly as
 * it always was.
 */
export function linkLoaded(loaded: readonly Loaded[], analysis?: AnalysisOptions): ProgramLink | undefined {
  if (loaded.length < 2) return undefined;
  const inputs = loaded.flatMap((l) => (l.program ? [{ program: l.program, usable: !loadFailed(l) }] : []));
  // A threadprivate directive of one file names variables other files see (a module's, a global).
  markThreadLocals(inputs.map((i) => i.program));
  return phase("link", () => new ProgramLink(inputs, boundsAssumed(analysis)));
}
