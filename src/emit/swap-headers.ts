import type { Loop } from "../ir/stmt.js";
import { FIXED_WIDTH, FREE_WIDTH, loopControl } from "./loop-lines.js";

/** One source line replaced (1-based), its line ending kept. */
export interface LineReplacement {
  line: number;
  text: string;
}

/**
 * The two header lines of an interchanged nest (parallelize/interchange.ts)
 * with their loop controls swapped: `do i = 2, n` / `do j = 1, m` become
 * `do j = 1, m` / `do i = 2, n` (labels, construct names, indentation and
 * comments stay where they are, so labeled DOs keep their terminal
 * statements); C swaps what is between the `for` parentheses. Null when
 * the text does not allow it: a header over several lines, a control
 * that is not `var = ...` (Fortran), a fixed-form line that would pass
 * column 72. Then the nest keeps its order and gets no directive (the
 * driver checks before the report is made).
 */
export function swapHeaders(text: string, lang: "fortran" | "c", form: "fixed" | "free" | undefined, outer: Loop, inner: Loop): LineReplacement[] | null {
  const lines = text.split("\n");
  const a = lines[outer.span.line - 1];
  const b = lines[inner.span.line - 1];
  if (a === undefined || b === undefined || outer.span.line === inner.span.line) return null;
  const x = loopControl(a.replace(/\r$/, ""), lines[outer.span.line], outer, lang, form);
  const y = loopControl(b.replace(/\r$/, ""), lines[inner.span.line], inner, lang, form);
  if (!x || !y) return null;
  const cr = (s: string) => (s.endsWith("\r") ? "\r" : "");
  const na = a.slice(0, x.from) + b.slice(y.from, y.to) + a.replace(/\r$/, "").slice(x.to) + cr(a);
  const nb = b.slice(0, y.from) + a.slice(x.from, x.to) + b.replace(/\r$/, "").slice(y.to) + cr(b);
  // Past the line's width the compiler cuts the header (fixed form 72, free form 132: found by fuzzing, a
  // long header moved to a deeper indentation reached column 135).
  const width = lang === "c" ? Infinity : form === "free" ? FREE_WIDTH : FIXED_WIDTH;
  if ([na, nb].some((l) => l.replace(/\r$/, "").length > width)) return null;
  return [
    { line: outer.span.line, text: na },
    { line: inner.span.line, text: nb },
  ];
}
