import type { Loop, Stmt } from "../ir/stmt.js";
import { walkStmts } from "../ir/walk.js";
import type { LineInsertion } from "./insert-lines.js";
import { closingBraceAlone } from "./loop-lines.js";

/**
 * The lines that give a C loop under a run-time overlap check a serial
 * copy (parallelize-file.ts decides, LoopPlan.serialCopy):
 *
 *   if (CHECK) {
 *   #pragma omp parallel for ... if(CHECK && ...)
 *   for (...) { ... }
 *   } else {
 *   for (...) { ... }        the loop as written
 *   }
 *
 * When the check fails, the program runs the loop as the serial build
 * compiles it, not the outlined region on one thread: gcc compiles the
 * region's body for pointers it knows nothing about, and a recurrence
 * through two overlapping pointers (our c13's `y[i] = x[i] + y[i] / 2`
 * with x = y - 1) ran 7 times slower there than in the serial build,
 * which sees the overlap. The directive keeps its `if()`: the check is
 * evaluated twice, once per entry, a few comparisons.
 *
 * Null when the text does not allow it: the loop's header not first on
 * its line, other code after its end on the last line, or a label in its
 * body (a copy would define it twice).
 */
export function serialCopyLines(text: string, loop: Loop, check: string): LineInsertion[] | null {
  const lines = text.split("\n").map((l) => l.replace(/\r$/, ""));
  const head = loop.span.line;
  const end = loop.endSpan.line;
  const header = lines[head - 1];
  const close = lines[end - 1];
  if (header === undefined || close === undefined || end <= head || loop.sharesLine) return null;
  // The loop is whole lines: nothing before its header, nothing after its end (a closing brace, or the last statement of a body without braces).
  if (!/^\s*$/.test(header.slice(0, loop.span.column - 1))) return null;
  if (!closingBraceAlone(close) && !/^\s*(\/\/.*)?$/.test(close.slice(loop.endSpan.endColumn - 1))) return null;
  let labeled = false;
  walkStmts(loop.body, (s: Stmt) => void (s.label !== undefined && (labeled = true)));
  if (labeled) return null;
  const indent = /^[ \t]*/.exec(header)![0];
  return [
    { line: head, where: "before", lines: [`${indent}if (${check}) {`] },
    { line: end, where: "after", lines: [`${indent}} else {`, ...lines.slice(head - 1, end), `${indent}}`] },
  ];
}
