import type { LoopReport } from "doall";

/**
 * The verdict the gutter shows for a loop, from the report's fields only
 * (`parallel`, `runtimeCheck`, `emitted`, `reasons`), never from the text
 * of an explanation: the three of issue 18, parallel, parallel with a
 * run-time check, serial.
 */
export type Verdict = "parallel" | "runtime" | "serial";

export interface LoopVerdict {
  line: number;
  endLine: number;
  verdict: Verdict;
  /** A directive was written on it. */
  emitted: boolean;
  /** One line for the gutter's tooltip. */
  summary: string;
}

export function verdictOf(l: LoopReport): LoopVerdict {
  const emitted = l.emitted === true;
  const first = l.reasons?.[0];
  const why = first ? `${first.kind}${first.var ? ` (${first.var})` : ""}${first.message ? `: ${first.message}` : ""}` : "";
  let verdict: Verdict;
  let summary: string;
  if (l.parallel) {
    verdict = "parallel";
    summary = emitted ? "parallel: directive written" : `parallel, no directive${why ? `: ${why}` : ""}`;
  } else if (emitted && l.doacross) {
    // Serial as a DOALL loop, run pipelined (its runtimeCheck, when there is one, is the flag it runs so under).
    verdict = "serial";
    summary = `pipelined (ordered): lines ${l.doacross.from}-${l.doacross.to} run in iteration order, the rest of each iteration in parallel${l.runtimeCheck ? ` while ${l.runtimeCheck}` : ""}: directive written`;
  } else if (emitted && l.rowPipeline) {
    // Likewise, run by rows: the rows of its callees' loops shared out in one region (row-pipeline.ts).
    verdict = "serial";
    summary = `pipelined by rows: the rows of the loops at ${l.rowPipeline.phases.map((p) => `${p.file}:${p.line}`).join(", ")} shared out in one region${l.runtimeCheck ? ` while ${l.runtimeCheck}` : ""}: directive written`;
  } else if (emitted && l.orphan) {
    // A row loop of such a region, ordered: each row waits for the row before it.
    verdict = "serial";
    summary = `pipelined: its rows shared out in the region of the loop at ${l.orphan.file}:${l.orphan.line}, each row after the row before: directive written`;
  } else if (l.runtimeCheck) {
    verdict = "runtime";
    summary = `parallel when ${l.runtimeCheck} (checked at run time)${emitted ? ": directive written" : `, no directive${why ? `: ${why}` : ""}`}`;
  } else {
    verdict = "serial";
    summary = `serial${why ? `: ${why}` : l.notCandidate ? `: ${l.notCandidate}` : ""}`;
  }
  return { line: l.line, endLine: l.endLine, verdict, emitted, summary: `line ${l.line}: ${summary}` };
}

/** The innermost loop whose lines contain `line`, if any (loops are in source order, outer before inner). */
export function loopAt<T extends { line: number; endLine: number }>(loops: readonly T[], line: number): T | undefined {
  let best: T | undefined;
  for (const l of loops) if (l.line <= line && line <= l.endLine && (!best || l.line >= best.line)) best = l;
  return best;
}

export function verdictCounts(vs: readonly LoopVerdict[]): string {
  const n = (v: Verdict) => vs.filter((x) => x.verdict === v).length;
  const written = vs.filter((x) => x.emitted).length;
  return `${vs.length} loop${vs.length === 1 ? "" : "s"}: ${n("parallel")} parallel, ${n("runtime")} parallel with a run-time check, ${n("serial")} serial; ${written} directive${written === 1 ? "" : "s"} written`;
}
