import type { Diagnostic } from "../../diagnostics/diagnostic.js";
import type { Origin } from "./source-map.js";

/**
 * One output line of the text phase, and where its characters came from:
 * `runs[k]` says that text from offset `at` on (up to the next run) was
 * copied from physical line `line`, column `column` onwards.
 */
export interface CppLine {
  text: string;
  runs: { at: number; line: number; column: number }[];
}

/**
 * What gfortran's preprocessor (`gfortran -cpp`, which runs cpp in
 * traditional mode) does to a .F/.F90 file or a header it #includes
 * before it looks at directives, observed with `gfortran -cpp -E`
 * (gcc 12; the cases are in traditional-lines.test.ts):
 * - a backslash at the end of a line joins the next line to it, in
 *   directives and in Fortran lines alike (`! path C:\` swallows the
 *   next line);
 * - a C comment `/* ... *\/` is removed, in Fortran lines and Fortran
 *   comments too (cpp knows nothing of `!`), with nothing left in its
 *   place: `a /* x *\/, b` becomes `a , b`; the text after a comment that
 *   spans lines continues the line where it started;
 * - except inside a '...' or "..." literal, which runs to its closing
 *   quote (a backslash escapes the next character) or to the end of the
 *   line: `'x /* y *\/'` keeps its comment, and so does `! don't /* x *\/`;
 * - `//` is never a comment: it is Fortran's concatenation, and a
 *   `#define M 7 // seven` keeps `// seven` in its body;
 * - a comment left open at the end of the file is an error, and the rest
 *   of the file is dropped.
 * The result has exactly as many lines as the input (joined and
 * commented-out lines leave empty lines after the line they joined), so
 * the Fortran reader and its positions keep the user's line numbers.
 */
export function traditionalLines(text: string, file: string): { lines: CppLine[]; diagnostics: Diagnostic[] } {
  const phys = text.split("\n").map((l) => (l.endsWith("\r") ? l.slice(0, -1) : l));
  const lines: CppLine[] = [];
  const diagnostics: Diagnostic[] = [];
  let cur: CppLine = { text: "", runs: [] };
  let first = 1;
  let inComment: { line: number; column: number } | null = null;
  /** The quote of a literal still open at a backslash-newline (the join continues it). */
  let quote: string | null = null;
  for (let n = 0; n < phys.length; n++) {
    let s = phys[n]!;
    const spliced = s.endsWith("\\") && n + 1 < phys.length;
    if (spliced) s = s.slice(0, -1);
    let i = 0;
    let runStart = -1;
    const open = (at: number) => {
      if (runStart >= 0) return;
      runStart = at;
      cur.runs.push({ at: cur.text.length, line: n + 1, column: at + 1 });
    };
    const close = (at: number) => {
      if (runStart >= 0) cur.text += s.slice(runStart, at);
      runStart = -1;
    };
    while (i < s.length) {
      if (inComment) {
        const e = s.indexOf("*/", i);
        if (e < 0) {
          i = s.length;
          break;
        }
        i = e + 2;
        inComment = null;
        continue;
      }
      if (!quote && s[i] === "/" && s[i + 1] === "*") {
        close(i);
        inComment = { line: n + 1, column: i + 1 };
        i += 2;
        continue;
      }
      open(i);
      if (quote) {
        // Inside a literal: to its closing quote (a backslash escapes the next character) or the end of the line.
        while (i < s.length && s[i] !== quote) i += s[i] === "\\" ? 2 : 1;
        if (i < s.length) quote = null;
        i = Math.min(i + 1, s.length);
        continue;
      }
      const c = s[i]!;
      if (c === "'" || c === '"') quote = c;
      i++;
    }
    close(s.length);
    // A literal open at the end of a line ends there (traditional cpp does not complain); at a join it goes on.
    if (!spliced) quote = null;
    if ((spliced || inComment) && n + 1 < phys.length) continue;
    if (cur.runs.length === 0) cur.runs.push({ at: 0, line: first, column: 1 });
    lines.push(cur);
    // The physical lines joined to this one leave empty lines after it.
    for (let k = first + 1; k <= n + 1; k++) lines.push({ text: "", runs: [{ at: 0, line: k, column: 1 }] });
    cur = { text: "", runs: [] };
    first = n + 2;
  }
  if (inComment) {
    diagnostics.push({ id: "cpp.unterminated-comment", severity: "error", message: "unterminated /* comment: the rest of the file is ignored", span: { file, line: inComment.line, column: inComment.column, endLine: inComment.line, endColumn: inComment.column + 2 } });
  }
  return { lines, diagnostics };
}

/** The original position of offset `at` of a line (`lineDelta` and `name` from a #line directive). */
export function originAt(line: CppLine, at: number, name: string, lineDelta: number): Origin {
  let r = line.runs[0]!;
  for (const x of line.runs) if (x.at <= at) r = x;
  return { file: name, line: r.line + lineDelta, column: r.column + at - r.at };
}

/** Text [from, to) of a line as exact pieces, one per run it crosses, each with its origin. */
export function exactPieces(line: CppLine, from: number, to: number, name: string, lineDelta: number): { text: string; origin: Origin; exact: boolean }[] {
  const out: { text: string; origin: Origin; exact: boolean }[] = [];
  const runs = line.runs;
  for (let k = 0; k < runs.length; k++) {
    const a = Math.max(from, runs[k]!.at);
    const b = Math.min(to, k + 1 < runs.length ? runs[k + 1]!.at : line.text.length);
    if (a < b || (out.length === 0 && a === b && k === runs.length - 1)) out.push({ text: line.text.slice(a, b), origin: originAt(line, a, name, lineDelta), exact: true });
  }
  if (out.length === 0) out.push({ text: "", origin: originAt(line, from, name, lineDelta), exact: true });
  return out;
}
