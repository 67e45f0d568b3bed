import type { AnalysisOptions } from "../analysis/analysis-options.js";
import { summaryLookup } from "../analysis/dependence/call-effects.js";
import { refineGraph } from "../analysis/dependence/refine-graph.js";
import { buildDepsReport, type DepsFileReport } from "../analysis/deps/deps-report.js";
import { analyzeFlow } from "../analysis/flow-analysis.js";
import { analyzeRangedDependences } from "../analysis/ranged-dependences.js";
import type { Program } from "../ir/program.js";

/** What `doall deps` shows of a file (its flags), for the CLI and the library alike. */
export interface DepsFlags {
  /** Only the loop starting on this line (`--loop LINE`): edges with both ends inside it, it and its nested loops. */
  loop?: number;
  /** Include the edges on arrays (`--arrays`). */
  arrays?: boolean;
  /** Include a loop's own index edges inside it (`--indices`). */
  indices?: boolean;
  /** Include input (use -> use) dependences (`--input`). */
  input?: boolean;
  /** Minimal input dependences, seed 002's appendix (`--minimal-input`; implies input). */
  minimalInput?: boolean;
  /** Leave the array edges unrefined by the array dependence tests (`--whole-arrays`). */
  wholeArrays?: boolean;
}

/**
 * The dependence graph of one file (seed 002: from reaching definitions
 * and exposed uses), its array edges refined by the array dependence
 * tests unless `wholeArrays`: an edge no two iterations can realize is
 * removed, the others get their direction and distance. The tests use the
 * value ranges and bounds assumption of `doall analyze`.
 */
export function depsOfProgram(program: Program, o: DepsFlags, analysis: AnalysisOptions): DepsFileReport {
  const minimalInput = o.minimalInput === true;
  const input = minimalInput || o.input === true;
  const flows = analyzeFlow(program, { input, minimalInput });
  if (!o.wholeArrays) {
    const summaries = summaryLookup(flows, program.file.language);
    for (const f of flows) {
      if (f.proc.unanalyzable) continue;
      refineGraph(f, analyzeRangedDependences(f.proc, { input, summaries }, analysis, f.cfg).deps);
    }
  }
  const opts: Parameters<typeof buildDepsReport>[2] = { arrays: o.arrays === true, indices: o.indices === true };
  if (o.loop !== undefined) opts.loop = o.loop;
  return buildDepsReport(program, flows, opts);
}
