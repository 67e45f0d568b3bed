import type { Loop } from "../ir/stmt.js";
import type { LineReplacement } from "./swap-headers.js";
import { closingBraceAlone, fortranEndDo, loopControl } from "./loop-lines.js";

/**
 * The lines that merge two fused loops (parallelize/fusion.ts) into one:
 * the first loop's closing line and the second loop's header line become
 * empty, so the first header opens both bodies and the second loop's
 * closing line closes them (no line is added or removed: the report's
 * lines stay right). Only when each of the two is a line of its own:
 * Fortran `end do` / `enddo` (no label) and a one-line `do i = ...`; C a
 * line that is only `}` and a line that is only `for (...) {`; comments
 * and blank lines between the loops stay between the bodies. Null when
 * the text does not allow it: then the loops keep their own directives.
 */
export function fuseLines(text: string, lang: "fortran" | "c", form: "fixed" | "free" | undefined, first: Loop, second: Loop): LineReplacement[] | null {
  const lines = text.split("\n");
  const end = first.endSpan.line;
  const head = second.span.line;
  if (end >= head || first.span.line >= end) return null;
  const endLine = lines[end - 1]?.replace(/\r$/, "");
  const headLine = lines[head - 1]?.replace(/\r$/, "");
  if (endLine === undefined || headLine === undefined) return null;
  // Only comments and blank lines between them.
  for (let k = end; k < head - 1; k++) if (!commentOrBlank(lines[k]!.replace(/\r$/, ""), lang, form)) return null;
  const ok = lang === "c" ? closingBraceAlone(endLine) && opensBody(headLine, lines[head], second) : fortranEndDo(endLine, form) && aloneDo(headLine, lines[head], second, form);
  if (!ok) return null;
  // The two lines are emptied: a comment on either would go with them (found by fuzzing: `{ /* keep me */`).
  if ([endLine, headLine].some((l) => (lang === "c" ? /\/\/|\/\*/ : /!/).test(l))) return null;
  // C: the bodies become one block scope. A name either declares (an enum constant, a tag, a typedef: the
  // IR keeps none of them) would clash with, or hide from the second body, one of the file's (found by
  // fuzzing: `enum { K = 3 };` in the first body, the file's K = 5 read by the second). Preprocessor lines
  // would apply to the other body's text too.
  if (lang === "c" && lines.slice(first.span.line - 1, second.endSpan.line - 1).some((l) => /\b(enum|struct|union|typedef)\b|^\s*#/.test(l))) return null;
  const cr = (k: number) => (lines[k - 1]!.endsWith("\r") ? "\r" : "");
  return [
    { line: end, text: cr(end) },
    { line: head, text: cr(head) },
  ];
}

function commentOrBlank(line: string, lang: "fortran" | "c", form: "fixed" | "free" | undefined): boolean {
  if (/^\s*$/.test(line)) return true;
  // One comment only: `/* t */ typedef double real; /* u */` starts and ends like one but is code (found by fuzzing).
  if (lang === "c") return (/^\s*\/\/.*$/.test(line) && !/\\\s*$/.test(line)) || /^\s*\/\*((?!\*\/).)*\*\/\s*$/.test(line);
  // A directive line (`!GCC$ ivdep`, `!DIR$`, `c$omp`) binds to the DO after it: moved into the fused body it
  // would bind to nothing, or to something else (found by fuzzing: gfortran refused the moved `!GCC$ ivdep`).
  if (/^\s*[!cC*][a-zA-Z]*\$/.test(line)) return false;
  if (form !== "free" && /^[cC*!]/.test(line)) return true;
  return /^\s*!/.test(line);
}

/** A DO statement alone on its line: no label, construct name or terminal label (loopControl reads the rest: no continuation, no other statement after `;`). */
function aloneDo(line: string, next: string | undefined, loop: Loop, form: "fixed" | "free" | undefined): boolean {
  const c = loopControl(line, next, loop, "fortran", form);
  return c !== null && /^\s*do\s+$/i.test(line.slice(0, c.from));
}

/** The second loop's `for (...) {` alone on its line, its body opened there. */
function opensBody(line: string, next: string | undefined, loop: Loop): boolean {
  const c = loopControl(line, next, loop, "c", undefined);
  return c !== null && line.slice(0, loop.span.column - 1).trim() === "" && /^\)\s*\{\s*(\/\/.*|\/\*.*\*\/)?\s*$/.test(line.slice(c.to));
}
