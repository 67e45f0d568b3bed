/**
 * The end-to-end harness, for the parallelizer's tests and for ours: the
 * corpus of programs with expert markers, compiling and running them,
 * comparing outputs, reading back emitted directives and judging them.
 * The usual entry point is `runE2E(program, transform)` over `loadCorpus()`.
 */
export { compareOutputs, sameRun, type OutputComparison } from "../../src/node/verify/compare-outputs.js";
export { checkExpectations, type ExpectationCheck, type ClauseDifference } from "./lib/check-expectations.js";
export { checkTransformedProgram, serialReference, type CheckOptions, type TransformedCheck, type RunCheck } from "./lib/check-transformed.js";
export { loadCorpus, loadProgram, programFiles, PROGRAMS_DIR, type E2EProgram } from "./lib/corpus.js";
export { emittedLoops, parseClauses, type EmittedLoop, type FoundClauses } from "./lib/emitted-loops.js";
export { parseExpectations, parseProgramOptions, MarkerError, type Expectation, type ExpectedClauses, type Verdict, type ProgramOptions } from "./lib/expectations.js";
export { checkDirectivesOnly, type TextCheck, type ChangedHunk } from "./lib/line-diff.js";
export { loopSites, type LoopSite } from "./lib/loop-sites.js";
export type { ProcResult } from "../../src/node/verify/process.js";
export { runE2E, formatReport, type Transform, type E2EOptions, type E2EReport } from "./lib/run-e2e.js";
export { compile, compileAndRun, requireCompiler, run, type CompileResult, type Lang, type SourceFile } from "./lib/toolchain.js";
