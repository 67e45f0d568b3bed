import { CONCURRENT_GUARANTEE } from "../parallelize/concurrent-plan.js";
import { cForHeader } from "./explain-text.js";
import { linesText } from "./cause-groups.js";
import type { CauseReport, FileReport, LoopReport } from "./file-report.js";
import { parallelCounts } from "./loop-counts.js";
import { RULES, type RuleId } from "./rules.js";
import { clauseWords } from "../emit/directive-text.js";
import { reductionOp } from "../emit/emit-program.js";
import type { PlanReductionOp } from "../parallelize/loop-plan.js";

/** The loop header as the user would write it: `do i = 1, n - 1` / `for (i = 0; i <= n - 1; i++)` / `do while (...)`. */
export function loopHeaderText(l: LoopReport, language: FileReport["language"]): string {
  if (l.concurrent) return `do concurrent (${l.index} = ${l.lower}:${l.upper}${l.step !== null ? `:${l.step}` : ""})`;
  if (l.form === "do") {
    if (language === "c") return cForHeader(l.index ?? "?", l.lower ?? "?", l.upper ?? "?", l.step);
    return `do ${l.index} = ${l.lower}, ${l.upper}${l.step !== null ? `, ${l.step}` : ""}`;
  }
  if (l.form === "forever") return language === "c" ? "for (;;)" : "do (no control)";
  const cond = l.condition ?? "?";
  return language === "c" ? (l.form === "do-until" ? `do ... while (${cond})` : `while (${cond})`) : `do while (${cond})`;
}

/** How a verdict is painted: the CLI colours it on a terminal, everything else leaves the text as it is. */
export interface Paint {
  parallel(s: string): string;
  serial(s: string): string;
  check(s: string): string;
  dim(s: string): string;
}

export const NO_PAINT: Paint = { parallel: (s) => s, serial: (s) => s, check: (s) => s, dim: (s) => s };

/**
 * A loop's verdict on one line (issue 19 §2), `file:line` first so that
 * editors jump to it:
 *   f.f:13: parallel private(t) reduction(+:s)
 *   f.f:14: parallel private(t), no directive [nested]: the enclosing loop at line 13 runs in parallel
 *   f.f:15: parallel private(u), simd [nested]: the enclosing loop at line 13 runs in parallel
 *   f.f:20: parallel if n <= m - 1 (checked at run time)
 *   f.f:24: serial [recurrence]: the value written to u(i) at line 25 is read as u(i - 1) ... (+2 more causes)
 */
const isPlacement = (c: { rule: string }) => RULES[c.rule as RuleId]?.placement === true;

/** The cause the verdict line names: the first that keeps the loop serial, or, on a parallel loop, the first placement one. */
function mainCause(l: LoopReport): CauseReport | undefined {
  const causes = l.causes ?? [];
  if (l.parallel || (l.runtimeCheck && causes.every(isPlacement))) return l.emitted ? undefined : causes.find(isPlacement);
  return causes.find((c) => !isPlacement(c));
}

export function verdictLine(l: LoopReport, paint: Paint = NO_PAINT, language: FileReport["language"] = "fortran"): string {
  const at = `${l.file}:${l.line}: `;
  const causes = l.causes ?? [];
  const blocking = causes.filter((c) => !isPlacement(c));
  const clauses = (l.directive ?? "").replace(/^(!\$omp parallel do|#pragma omp parallel for|(?:!\$omp|#pragma omp) parallel(?= |$)|!\$omp do(?= |$)|#pragma omp for(?= |$))\s*/, "");
  // A row loop of a row pipeline (row-pipeline.ts): where its rows are shared out.
  const region = l.orphan ? `its rows shared out (schedule(static), nowait) in the region of the loop at ${l.orphan.file === l.file ? "line " : l.orphan.file + ":"}${l.orphan.line}${l.orphan.reversed ? ", its header turned round to run them in the order of the region's other row loops" : ""}` : "";
  if (l.parallel === undefined) return `${at}${l.candidate ? "not analyzed" : `serial: ${l.notCandidate ?? "not a counted loop"}`}`;
  if (l.parallel || (l.runtimeCheck && blocking.length === 0)) {
    const head = l.parallel ? paint.parallel("parallel") : paint.check(`parallel if ${l.runtimeCheck}`);
    if (l.emitted && l.orphan) return `${at}${head}, ${region}`;
    if (l.emitted && l.interchange) return `${at}${head}${clauses ? " " + clauses : ""}, interchanged with the loop at line ${l.interchange.with}: that loop now runs outside, in parallel, and this one inside it, serial`;
    if (l.emitted && l.realign?.kind === "align") return `${at}${head}${clauses ? " " + clauses : ""}, aligned: the statements at ${linesText(l.realign.from, l.realign.to)} run ${l.realign.shift === 1 ? "one iteration" : `${l.realign.shift} iterations`} later, so what they read from ${l.realign.shift === 1 ? "the iteration" : `${l.realign.shift} iterations`} before they now read in the same one`;
    if (l.emitted && l.realign?.kind === "peel") return `${at}${head}${clauses ? " " + clauses : ""}, with its ${l.realign.iteration} iteration peeled: that iteration runs alone, ${l.realign.iteration === "first" ? "before" : "after"} the others`;
    if (l.emitted && l.fusion) return `${at}${head}${clauses ? " " + clauses : ""}, fused with the loop at line ${l.fusion.with}: one loop, one parallel region, for both bodies`;
    if (l.emitted && l.serialCopy) return `${at}${head}${clauses ? " " + clauses : ""}, and the loop as written when the check fails`;
    if (l.emitted) return `${at}${head}${clauses ? " " + clauses : ""}`;
    // A parallel loop's causes all say why it has no directive: a placement one first, else the first
    // (shared-common: another loop needs a COMMON block it touches made threadprivate).
    const why = causes.find(isPlacement) ?? (l.parallel ? causes[0] : undefined);
    if (l.concurrent && l.parallel) return `${at}${head}: ${CONCURRENT_GUARANTEE}${why ? paint.dim(` (no directive: ${why.summary})`) : ""}`;
    // The clauses it would need, so that "parallel" never hides a reduction or a private variable.
    const lang = language === "c" ? "c" : "fortran";
    const needs = clauseWords({ private: l.private ?? [], firstprivate: l.firstprivate ?? [], lastprivate: l.lastprivate ?? [], linear: l.linear ?? [], reductions: (l.reductions ?? []).map((r) => ({ op: reductionOp(r.op as PlanReductionOp, lang), var: r.var })) }, lang);
    // An inner loop that gets `simd` inside the enclosing region says so in place of "no directive".
    // The inner loop of an interchanged nest: its directive is on the line of the loop it traded places with.
    if (why?.summary.startsWith("interchanged:")) return `${at}${head}${needs.length ? " " + needs.join(" ") : ""}, ${why.summary}`;
    return `${at}${head}${needs.length ? " " + needs.join(" ") : ""}, ${l.simd ? "simd" : "no directive"}${why ? ` [${why.rule}]: ${why.summary}` : ""}`;
  }
  const main = blocking[0];
  // Pipelined by rows (row-pipeline.ts): the region, the row loops it shares out, and what keeps it from being DOALL.
  if (l.emitted && l.rowPipeline && main) {
    const phases = l.rowPipeline.phases.map((p) => `${p.file === l.file ? "" : p.file + ":"}${p.line}${p.ordered ? " (ordered)" : ""}`).join(", ");
    return `${at}${paint.parallel("pipelined by rows")} ${clauses}: every thread runs the loop, sharing out the rows of the loops at ${phases}, a row waiting for the row before it where marked; serial otherwise [${main.rule}]: ${main.summary}`;
  }
  if (l.emitted && l.orphan && main) return `${at}${paint.parallel("pipelined")} ordered: ${region}, each row waiting for the row before it; serial otherwise [${main.rule}]: ${main.summary}`;
  // Serial as a DOALL loop, but pipelined: the directive, the ordered lines, and what keeps it from being DOALL.
  if (l.emitted && l.doacross && main) return `${at}${paint.parallel("pipelined")} ${clauses}: lines ${l.doacross.from}-${l.doacross.to} run in iteration order, the rest of each iteration in parallel; serial otherwise [${main.rule}]: ${main.summary}`;
  if (!main) return `${at}${paint.serial("serial")}`;
  const more = blocking.length > 1 ? paint.dim(` (+${blocking.length - 1} more cause${blocking.length > 2 ? "s" : ""})`) : "";
  return `${at}${paint.serial("serial")} [${main.rule}]: ${main.summary}${more}`;
}

/**
 * `doall analyze` text output: one verdict line per loop; with `verbose`,
 * the loop's header, nesting and procedure before it and every cause, with
 * its fix, under it; then a count per file.
 */
export function renderAnalyzeText(r: FileReport, options: { verbose?: boolean; paint?: Paint } = {}): string {
  const out: string[] = [];
  const paint = options.paint ?? NO_PAINT;
  for (const l of r.loops) {
    if (options.verbose) {
      const nest = `depth ${l.depth}${l.parent !== null ? `, in loop at line ${l.parent}` : ""}`;
      let head = `${l.file}:${l.line}: ${loopHeaderText(l, r.language)}  [${l.procedure}; ${nest}]`;
      if (!l.candidate && l.notCandidate) head += ` not a candidate: ${l.notCandidate}`;
      if (l.existingDirective) head += ` (already has ${r.language === "c" ? "#pragma omp" : "!$omp"} ${l.existingDirective})`;
      if (l.unanalyzable) head += ` (procedure not analyzed: ${l.unanalyzable})`;
      out.push(paint.dim(head));
    }
    out.push(verdictLine(l, paint, r.language));
    if (options.verbose) {
      // The verdict line gave the main cause's summary: its fix, then the other causes.
      const main = mainCause(l);
      for (const c of l.causes ?? []) {
        if (c !== main) out.push(`    [${c.rule}] ${c.summary}`);
        if (c.fix) out.push(`    ${c === main ? "" : "  "}fix: ${c.fix}`);
      }
    }
  }
  const n = r.loops.length;
  const emitted = r.loops.filter((l) => l.emitted).length;
  out.push(`${r.file}: ${n} loop${n === 1 ? "" : "s"} in ${r.procedures.length} procedure${r.procedures.length === 1 ? "" : "s"}, ${parallelCounts(r.loops)}, ${emitted} with a directive`);
  return out.join("\n") + "\n";
}
