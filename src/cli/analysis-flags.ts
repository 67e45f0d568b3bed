import type { AnalysisOptions } from "../analysis/analysis-options.js";
import { optFlag, type ParsedArgs } from "./options.js";

/** What the analyses assume (analysis-options.ts), from the options every analyzing command takes (options.ts). */
export function analysisOptionsFrom(p: ParsedArgs): AnalysisOptions {
  return { boundsAssumption: !optFlag(p, "no-bounds-assumption"), restructure: !optFlag(p, "no-restructure") };
}
