import type { AccessFileReport, DepsFileReport, DiagnosticReport, ExplainedLoop, FileReport } from "doall";

/**
 * The messages between the page and the analysis worker (analysis-worker.ts).
 * Everything is plain data (structured clone). Each answer carries the id
 * of its request: the page drops the answers of a request it has replaced.
 */

/** What the user chose: the same options as the CLI's. */
export interface RunOptions {
  /** `--no-bounds-assumption` when false. */
  boundsAssumption: boolean;
  /** `-D NAME[=VALUE]`. */
  defines: Record<string, string>;
}

export interface AnalyzeRequest {
  kind: "analyze";
  id: number;
  path: string;
  text: string;
  options: RunOptions;
}

/** The dependence graph of one loop (requested for the loop under the cursor). */
export interface DepsRequest {
  kind: "deps";
  id: number;
  path: string;
  text: string;
  options: RunOptions;
  loop: number;
}

export type Request = AnalyzeRequest | DepsRequest;

/**
 * An analysis answers in stages, so the page shows the directives and
 * verdicts first: "parallelized" (the output and report), "explained"
 * (every loop's explanation), "access" (the access patterns), "done".
 */
export type Answer =
  | { id: number; stage: "parallelized"; output: string | null; report: FileReport; ms: number }
  | { id: number; stage: "explained"; loops: ExplainedLoop[]; ms: number }
  | { id: number; stage: "access"; report: AccessFileReport | null; ms: number }
  | { id: number; stage: "done"; ms: number }
  | { id: number; stage: "deps"; loop: number; report: DepsFileReport; diagnostics: DiagnosticReport[]; ms: number }
  /** doall itself failed (a bug, never the program's fault): said as it is. */
  | { id: number; stage: "failed"; message: string };
