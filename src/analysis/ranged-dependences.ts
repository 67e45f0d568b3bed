import type { Procedure } from "../ir/program.js";
import type { Loop } from "../ir/stmt.js";
import { boundsAssumed, type AnalysisOptions } from "./analysis-options.js";
import type { Cfg } from "./cfg/cfg.js";
import { analyzeProcedure, type DependenceOptions, type ProcedureDeps } from "./dependence/analyze.js";
import type { DepStats } from "./dependence/stats.js";
import { NestRanges } from "./ranges/nest-ranges.js";
import { analyzeRanges } from "./ranges/range-analysis.js";
import { phase } from "../util/phases.js";

/** The array dependences of a procedure and the value ranges they were computed with. */
export interface RangedDeps {
  deps: ProcedureDeps;
  /** Null for an unanalyzable procedure; computed when first asked. */
  ranges: NestRanges | null;
  /** Why the range analysis failed, once it was run (by a question) and failed. */
  readonly rangeError?: string | undefined;
  /** The options the dependence analysis ran with (to run it again without the ranges). */
  options: DependenceOptions;
}

/**
 * The array dependence analysis of one procedure (issue 6) fed with value
 * ranges (issue 7 §5, seed 003 §6: "the dependence analysis uses this
 * range, and the j loop is found vectorizable"): the range of each symbol
 * where a nest starts becomes a fact of every test in that nest.
 *
 * One assumption, one switch (analysis-options.ts): under the bounds
 * assumption the ranges take facts from array references AND the tests
 * compare subscripts dimension by dimension (`assumeInBounds`); without
 * it, neither. Using the ranges while still checking the bounds at run
 * time would rest the answer on the very assumption the check is there to
 * avoid.
 *
 * `cfg` is the procedure's CFG when the caller has it (the flow analysis
 * built one); `base` carries the other dependence options (summaries,
 * input dependences).
 *
 * `prior`: the ranges of the procedure as written, for a variant of it
 * whose rewritten nest (`base.nestOf`) is the only one analyzed (an
 * unswitched, aligned or peeled loop: plan-program.ts). What runs before
 * the nest is the same code, so the ranges where it starts are the same:
 * they are facts about the state the program is in there, which the
 * variant, run in the nest's place, finds as well (those the bounds
 * assumption gives included: they hold of the program as written, whose
 * subscripts stay in bounds); `rootOf` gives the nest's root as written;
 * `written` says the variant's statements are the procedure's own (the
 * loop planned again with other summaries), whose ranges before each
 * statement then hold too (fit-proof.ts, problem.ts's instance ranges). Issue 16: each variant ran
 * the range analysis of its whole procedure again (a tenth of NPB UA's
 * time went to the variants' ranges).
 */
export function analyzeRangedDependences(proc: Procedure, base: DependenceOptions, analysis: AnalysisOptions = {}, cfg?: Cfg, stats?: DepStats, prior?: { ranges: NestRanges; rootOf: (root: Loop) => Loop; written?: boolean }): RangedDeps {
  const assume = boundsAssumed(analysis);
  // Computed when a test first asks for a range (issue 16): most procedures' tests never do.
  // Conservative: if the analysis fails, the tests run without ranges; the caller reports the failure.
  const ranges = proc.unanalyzable ? null : (prior?.ranges ?? new NestRanges(() => phase("ranges", () => analyzeRanges(cfg ?? proc, { boundsAssumption: assume, ...(base.entryValues ? { entryValues: base.entryValues } : {}) }))));
  const options: DependenceOptions = { ...base, assumeInBounds: assume };
  if (ranges) {
    const r = ranges;
    const rootOf = prior?.rootOf ?? ((root: Loop) => root);
    options.symbolRanges = (sym, root) => r.at(sym, rootOf(root));
    // Ranges before statements hold in a variant only when they are the procedure's own (a loop planned
    // with other summaries: plan-program.ts); an unswitched, aligned or peeled nest runs other code.
    if (!prior || prior.written) options.rangeBefore = (sym, at) => r.before(sym, at);
  }
  return {
    deps: analyzeProcedure(proc, options, stats),
    ranges,
    options,
    get rangeError() {
      return ranges?.error;
    },
  };
}
