import type { AnalysisOptions } from "../analysis/analysis-options.js";
import { optFlag, type OptionSpec, type ParsedArgs } from "./args.js";

/** Options that change what the analyses assume (analysis-options.ts); every analyzing command takes them. */
export const ANALYSIS_FLAGS: OptionSpec[] = [{ name: "no-bounds-assumption" }];

export const ANALYSIS_FLAGS_HELP = `  --no-bounds-assumption
                     do not assume subscripts stay within declared bounds:
                     no value ranges from array references, and dependence
                     tests that need it fall back to run-time checks (for
                     programs that index out of bounds on purpose)`;

export function analysisOptionsFrom(p: ParsedArgs): AnalysisOptions {
  return { boundsAssumption: !optFlag(p, "no-bounds-assumption") };
}
