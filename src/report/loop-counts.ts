import type { LoopReport } from "./file-report.js";

/**
 * The counts a one-line summary gives for a file's loops. A loop parallel
 * only under a run-time check (`runtimeCheck`, `parallel` false) still gets
 * a directive, with its `if(...)` clause and the serial copy beside it, so a
 * summary that counted only the loops proved parallel outright read '2
 * parallel, 5 directives' for a file whose other three directives sit on
 * checked loops: as if directives had gone on loops doall did not prove.
 * The checked loops are named with the playground's words (web/src/
 * verdicts.ts), and only when there are some, so a summary without them
 * reads as before. A pipelined loop under a flag's check (`doacross`, or
 * `rowPipeline`) is not parallel: it is counted with the directives only.
 */
export function parallelCounts(loops: readonly Pick<LoopReport, "parallel" | "runtimeCheck" | "doacross" | "rowPipeline">[]): string {
  const parallel = loops.filter((l) => l.parallel).length;
  const checked = loops.filter((l) => !l.parallel && l.runtimeCheck && !l.doacross && !l.rowPipeline).length;
  return `${parallel} parallel${checked ? `, ${checked} parallel with a run-time check` : ""}`;
}
