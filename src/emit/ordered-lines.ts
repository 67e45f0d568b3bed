import type { Loop } from "../ir/stmt.js";
import { orderedBody, type DoacrossSpan } from "../parallelize/doacross.js";
import type { LineInsertion } from "./insert-lines.js";
import { attachedAbove, closingBraceAlone, sharedStarts } from "./loop-lines.js";

/**
 * The two directive lines of a doacross loop (parallelize/doacross.ts):
 * `ordered depend(sink: i - 1)` before the first statement of its ordered
 * span and `ordered depend(source)` before the statement after it (or
 * before the loop's END DO, terminal CONTINUE or closing brace). Null
 * when the text does not let a line go there: a statement that starts
 * after other text on its line, a closing brace that is not alone on its
 * line. Fortran fixed form puts the sentinel in column 1; free form and C
 * indent like the statement.
 */
export function orderedLines(text: string, lang: "fortran" | "c", form: "fixed" | "free" | undefined, loop: Loop, span: DoacrossSpan): LineInsertion[] | null {
  const lines = text.split("\n");
  const index = loop.index?.name;
  if (!index) return null;
  const body = orderedBody(loop);
  const first = body[span.lo];
  if (!first) return null;
  const next = body[span.hi + 1];
  // Where each line goes: the first line of a statement that starts its line, or the line of the loop's end.
  const startsLine = (line: number, column: number): boolean => {
    const t = (lines[line - 1] ?? "").replace(/\r$/, "");
    const before = t.slice(0, column - 1);
    // A Fortran label (or fixed form's columns 1-6) may stand before the statement.
    return lang === "fortran" ? /^\s*\d*\s*$/.test(before) : /^\s*$/.test(before);
  };
  if (!startsLine(first.span.line, first.span.column)) return null;
  // Statements of one macro's expansion start at one place: a line before the second would go before the
  // first (found by fuzzing: `depend(source)` ahead of part of the ordered span, a race).
  if (sharedStarts(body)) return null;
  const end = loop.endSpan;
  let sourceLine: number;
  if (next) {
    if (!startsLine(next.span.line, next.span.column)) return null;
    sourceLine = next.span.line;
  } else {
    if (!startsLine(end.line, end.column)) return null;
    // C: the closing brace alone on its line (a body without braces has none to go before).
    if (lang === "c" && !closingBraceAlone((lines[end.line - 1] ?? "").replace(/\r$/, ""))) return null;
    sourceLine = end.line;
  }
  if (sourceLine <= first.span.line) return null;
  if (attachedAbove(lines, first.span.line, lang) || attachedAbove(lines, sourceLine, lang)) return null;
  const off = span.offset < 0 ? `${index} - ${-span.offset}` : `${index} + ${span.offset}`;
  const indentOf = (line: number) => /^[ \t]*/.exec((lines[line - 1] ?? "").replace(/^\s*\d+/, (m) => " ".repeat(m.length)))![0];
  const make = (line: number, what: string): LineInsertion => {
    if (lang === "c") return { line, where: "before", lines: [`${indentOf(line)}#pragma omp ordered ${what}`] };
    return { line, where: "before", lines: [`${form === "free" ? indentOf(line) : ""}!$omp ordered ${what}`] };
  };
  return [make(first.span.line, `depend(sink: ${off})`), make(sourceLine, "depend(source)")];
}
