import type { Loop } from "../ir/stmt.js";

/** One source line replaced (1-based), its line ending kept. */
export interface LineReplacement {
  line: number;
  text: string;
}

const FIXED_WIDTH = 72;

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
  const parse = lang === "c" ? cControl : (line: string, next: string | undefined, l: Loop) => fortranControl(line, next, l, form ?? "fixed");
  const x = parse(a.replace(/\r$/, ""), lines[outer.span.line], outer);
  const y = parse(b.replace(/\r$/, ""), lines[inner.span.line], inner);
  if (!x || !y) return null;
  const cr = (s: string) => (s.endsWith("\r") ? "\r" : "");
  const na = a.slice(0, x.from) + b.slice(y.from, y.to) + a.replace(/\r$/, "").slice(x.to) + cr(a);
  const nb = b.slice(0, y.from) + a.slice(x.from, x.to) + b.replace(/\r$/, "").slice(y.to) + cr(b);
  if (lang === "fortran" && form !== "free" && [na, nb].some((l) => l.replace(/\r$/, "").length > FIXED_WIDTH)) return null;
  return [
    { line: outer.span.line, text: na },
    { line: inner.span.line, text: nb },
  ];
}

/** The columns [from, to) of a DO statement's control (`i = 1, n`), when the statement is this one line. */
function fortranControl(line: string, next: string | undefined, loop: Loop, form: "fixed" | "free"): { from: number; to: number } | null {
  const name = loop.index?.name;
  if (!name) return null;
  let code = line;
  if (form === "fixed") {
    if (line.length > FIXED_WIDTH || /^[cC*!]/.test(line) || line.includes("\t")) return null;
    // A continuation line after it (column 6 not blank or zero).
    if (next !== undefined && /^ {5}[^ 0]/.test(next.replace(/\r$/, ""))) return null;
    code = " ".repeat(6) + line.slice(6);
  }
  const bang = code.indexOf("!");
  const body = bang >= 0 ? code.slice(0, bang) : code;
  if (form === "free" && /&\s*$/.test(body)) return null;
  // Label (free form), construct name, DO, its terminal label: then the control.
  // Another statement after it on the line (`do i = 1, n; a(i) = 0`) would move with the control.
  if (body.includes(";")) return null;
  const m = /^(\s*(?:\d+\s+)?(?:[A-Za-z_]\w*\s*:\s*)?do\s+(?:\d+\s*,?\s*)?)([A-Za-z_]\w*)\s*=/i.exec(body);
  if (!m || m[2]!.toLowerCase() !== name.toLowerCase()) return null;
  const from = m[1]!.length;
  const to = body.replace(/\s+$/, "").length;
  return to > from ? { from, to } : null;
}

/** The columns [from, to) between a for header's parentheses, when they are on this line. */
function cControl(line: string, _next: string | undefined, loop: Loop): { from: number; to: number } | null {
  const at = loop.span.column - 1;
  const m = /^for\s*\(/.exec(line.slice(at));
  if (!m) return null;
  const open = at + m[0].length - 1;
  let depth = 0;
  for (let k = open; k < line.length; k++) {
    const c = line[k];
    if (c === "(") depth++;
    else if (c === ")" && --depth === 0) return { from: open + 1, to: k };
    else if (c === '"' || c === "'") return null;
  }
  return null;
}
