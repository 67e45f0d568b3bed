import type { E2EProgram } from "./corpus.js";
import type { LoopSite } from "./loop-sites.js";

/**
 * The corpus rule that makes the soundness check complete: every loop
 * carries a marker on the line right before it, and every marker is
 * right before a loop. Returns one message per violation.
 */
export function markerProblems(p: E2EProgram, sites: LoopSite[]): string[] {
  const out: string[] = [];
  const loopLines = new Set(sites.map((s) => s.line));
  const marked = new Set(p.expectations.map((x) => x.loopLine));
  for (const x of p.expectations) {
    if (!loopLines.has(x.loopLine)) out.push(`${p.name}:${x.markerLine}: marker is not right before a loop`);
    else if (x.verdict !== "serial" && !sites.find((s) => s.line === x.loopLine)!.counted) out.push(`${p.name}:${x.markerLine}: marked ${x.verdict}, but the loop is not a counted loop`);
  }
  for (const s of sites) if (!marked.has(s.line)) out.push(`${p.name}:${s.line}: loop without a doall: marker on the line before`);
  const lines = sites.map((s) => s.line);
  if (new Set(lines).size !== lines.length) out.push(`${p.name}: two loops start on the same line; a marker could not tell them apart`);
  return out;
}
