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
 * its line, other code after its end on the last line, a label in its
 * body (a copy would define it twice), or a preprocessor conditional that
 * the loop's lines enter or leave.
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
  // The copy and the braces around it must not cut across a conditional of the preprocessor (a header
  // under `#else` whose `#endif` comes before the body): the copied lines open and close their own.
  if (!balancedConditionals(lines.slice(head - 1, end))) return null;
  // A macro the body defines or undefines would read otherwise in the copy after it (found by fuzzing).
  if (lines.slice(head - 1, end).some((l) => /^\s*#\s*(define|undef)\b/.test(l))) return null;
  const indent = /^[ \t]*/.exec(header)![0];
  return [
    { line: head, where: "before", lines: [`${indent}if (${check}) {`] },
    { line: end, where: "after", lines: [`${indent}} else {`, ...lines.slice(head - 1, end), `${indent}}`] },
  ];
}

/** Whether every #if, #ifdef and #ifndef of the lines has its #endif among them, with #else and #elif inside. */
function balancedConditionals(lines: readonly string[]): boolean {
  let depth = 0;
  for (const l of lines) {
    const m = /^\s*#\s*(if|ifdef|ifndef|elif|else|endif)\b/.exec(l);
    if (!m) continue;
    if (m[1] === "if" || m[1] === "ifdef" || m[1] === "ifndef") depth++;
    else if (m[1] === "endif") depth--;
    if (depth < 0 || ((m[1] === "else" || m[1] === "elif") && depth === 0)) return false;
  }
  return depth === 0;
}
