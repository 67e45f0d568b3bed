import { CONCURRENT_GUARANTEE } from "../parallelize/concurrent-plan.js";
import type { FileReport, LoopReport } from "./file-report.js";

/** The loop header as the user would write it: `do i = 1, n - 1` / `for i = 0 .. n-1` / `do while (...)`. */
export function loopHeaderText(l: LoopReport, language: FileReport["language"]): string {
  if (l.concurrent) return `do concurrent (${l.index} = ${l.lower}:${l.upper}${l.step !== null ? `:${l.step}` : ""})`;
  if (l.form === "do") {
    const step = l.step !== null ? `, ${l.step}` : "";
    return language === "c" ? `for ${l.index} = ${l.lower} .. ${l.upper}${l.step !== null ? ` step ${l.step}` : ""}` : `do ${l.index} = ${l.lower}, ${l.upper}${step}`;
  }
  if (l.form === "forever") return language === "c" ? "for (;;)" : "do (no control)";
  const cond = l.condition ?? "?";
  return language === "c" ? (l.form === "do-until" ? `do ... while (${cond})` : `while (${cond})`) : `do while (${cond})`;
}

/**
 * `doall analyze` text output: one line per loop, `file:line` first so
 * editors can jump to it, then nesting, procedure and header.
 */
export function renderAnalyzeText(r: FileReport): string {
  const out: string[] = [];
  for (const l of r.loops) {
    const nest = `depth ${l.depth}${l.parent !== null ? `, in loop at line ${l.parent}` : ""}`;
    let line = `${l.file}:${l.line}: ${loopHeaderText(l, r.language)}  [${l.procedure}; ${nest}]`;
    if (!l.candidate && l.notCandidate) line += ` not a candidate: ${l.notCandidate}`;
    if (l.existingDirective) line += ` (already has ${r.language === "c" ? "#pragma omp" : "!$omp"} ${l.existingDirective})`;
    if (l.unanalyzable) line += ` (procedure not analyzed: ${l.unanalyzable})`;
    else if (l.concurrent && l.parallel) line += ` parallel: ${CONCURRENT_GUARANTEE}`;
    out.push(line);
  }
  const n = r.loops.length;
  out.push(`${r.file}: ${n} loop${n === 1 ? "" : "s"} in ${r.procedures.length} procedure${r.procedures.length === 1 ? "" : "s"}`);
  return out.join("\n") + "\n";
}
