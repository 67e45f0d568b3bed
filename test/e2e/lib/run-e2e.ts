import { checkExpectations, type ExpectationCheck } from "./check-expectations.js";
import { checkTransformedProgram, type CheckOptions, type TransformedCheck } from "./check-transformed.js";
import type { E2EProgram } from "./corpus.js";
import { emittedLoops, type EmittedLoop } from "./emitted-loops.js";
import { loopSites } from "./loop-sites.js";
import { onlyHeaderSwaps } from "./header-swaps.js";
import { onlyFusedLines } from "./fused-lines.js";
import { onlyRealignedLines, type RealignedLoop } from "./realigned-lines.js";
import { onlyReversedHeaders } from "./reversed-headers.js";

/** A parallelizer under test: the path of the source file and its text in, the new text out. */
export type Transform = (path: string, text: string) => string | Promise<string>;

export interface E2EOptions extends CheckOptions {
  /** Accept changed lines other than added directives (loops a transform rewrote). Default false. */
  allowRewrites?: boolean;
  /** Accept changed lines that only swap loop controls between headers (doall's interchange: header-swaps.ts), or only empty the lines two fused loops shared (fused-lines.ts). Default false. */
  allowHeaderSwaps?: boolean;
  /** The loops the transform aligned or peeled (asked once it ran): changes inside them only are accepted (realigned-lines.ts). */
  realigned?: () => readonly RealignedLoop[];
}

export interface E2EReport {
  program: E2EProgram;
  transformed: string;
  run: TransformedCheck;
  emitted: EmittedLoop[];
  expectations: ExpectationCheck;
  /** Sound (no directive on a serial loop), same output with 1, 2, 4 threads, text kept. */
  ok: boolean;
  problems: string[];
}

/**
 * The whole end-to-end check of one program against a transformer: run it,
 * compile and run what it wrote with 1, 2 and 4 threads against the serial
 * output, check the text was only added to, read back which loops got a
 * directive and compare with the markers.
 */
export async function runE2E(program: E2EProgram, transform: Transform, opts: E2EOptions = {}): Promise<E2EReport> {
  const transformed = await transform(program.path, program.text);
  const run = await checkTransformedProgram(program, transformed, opts);
  const realigned = opts.realigned?.() ?? [];
  // A loop peeled at its first iteration has a copy of itself before it, which the line alignment matches
  // with the loop as written: its directive then reads as one on the line after the loop's end.
  const emitted = emittedLoops(program.text, transformed, program.lang, loopSites(program.path, program.text, program.lang)).map((e) => {
    const peeled = realigned.find((l) => e.line === l.endLine + 1);
    return peeled && !program.expectations.some((x) => x.loopLine === e.line) ? { ...e, line: peeled.line, rewritten: true } : e;
  });
  const expectations = checkExpectations(program.expectations, emitted);
  const problems = [...run.problems];
  for (const u of expectations.unsound) problems.push(`line ${u.expectation.loopLine}: directive '${u.emitted.directive}' on a loop ${u.why}`);
  for (const u of expectations.unmarked) problems.push(`line ${u.line}: directive on a line that is not a marked loop`);
  const kept =
    opts.allowRewrites ||
    (opts.allowHeaderSwaps && (onlyHeaderSwaps(program.text, transformed, run.text.directiveLines, program.lang) || onlyFusedLines(program.text, transformed, run.text.directiveLines, program.lang) || onlyReversedHeaders(program.text, transformed, run.text.directiveLines, program.lang))) ||
    (realigned.length > 0 && onlyRealignedLines(program.text, transformed, program.lang, realigned));
  if (!run.text.identical && !kept) {
    for (const h of run.text.changed) problems.push(`text changed at original line ${h.originalLine}: ${JSON.stringify(h.original)} -> ${JSON.stringify(h.transformed)}`);
  }
  return { program, transformed, run, emitted, expectations, ok: problems.length === 0, problems };
}

/** A few lines for a failing assertion or a log: problems first, then the precision figure. */
export function formatReport(r: E2EReport): string {
  const lines = [`${r.program.name}: ${r.ok ? "ok" : "FAILED"}; parallel loops found ${r.expectations.precision.found}/${r.expectations.precision.expected}`];
  for (const p of r.problems) lines.push(`  ${p}`);
  for (const m of r.expectations.missed) lines.push(`  missed: line ${m.loopLine} (parallel${m.note ? `: ${m.note}` : ""})`);
  return lines.join("\n");
}
