export const version = "0.1.0";
export type { AnalysisOptions } from "./analysis/analysis-options.js";
export { analyzeRangedDependences, type RangedDeps } from "./analysis/ranged-dependences.js";
export type { RangeFact } from "./analysis/ranges/nest-ranges.js";
