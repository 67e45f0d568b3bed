/**
 * doall's library: the public core, the same in Node and in the browser
 * (it imports nothing from either; Node's file system and node_modules
 * loading are in "doall/node"). Documented in docs/api.md; everything else
 * under dist/ is internal and may change.
 */
export const version = "0.1.0";

export { parallelize, type ParallelizeResult } from "./api/parallelize.js";
export { analyze, type AnalyzeResult } from "./api/analyze.js";
export { explain, type ExplainOptions, type ExplainResult, type ExplainedLoop } from "./api/explain.js";
export { deps, type DepsOptions, type DepsResult } from "./api/deps.js";
export { access, type AccessOptions, type AccessResult } from "./api/access.js";
export type { Options } from "./api/options.js";
export type { SourceFile } from "./api/source-files.js";
export type { SourceHost } from "./source/host.js";
export { initCParser, cParserReady, type CParserWasm } from "./frontend/c/c-parser.js";

// The JSON report (DESIGN.md "Contracts users see"): field names are stable.
export type { Report, FileReport, LoopReport, DiagnosticReport, ProcedureReport } from "./report/file-report.js";
export type { Reason, ReasonKind, ReasonRef } from "./parallelize/reason.js";
export type { LoopAttributes } from "./parallelize/loop-plan.js";
export type { RangeFact } from "./analysis/ranges/nest-ranges.js";

// `deps` and `access` (the JSON of `doall deps --json` and `doall access --json`): field names are stable.
export type { LoopDepsReport } from "./analysis/deps/deps-report.js";
export type { DepsJsonReport as DepsFileReport, DepsProcedureJson as DepsProcedureReport, DepEdgeJson as DepEdgeReport, DepEnd } from "./report/deps-json.js";
export type { AccessFileReport } from "./driver/access-files.js";
export type { RefJson as AccessReference, LevelJson as AccessLevel, AggregateJson as AccessAggregate, PatternJson as AccessPattern } from "./analysis/access/index.js";
