import type { Loop } from "../ir/stmt.js";

/** The last column of Fortran fixed-form code. */
export const FIXED_WIDTH = 72;

/** Free-form Fortran's longest line (F2008 3.3.2.1). */
export const FREE_WIDTH = 132;

/**
 * Reading a loop's header and end in the source text, for the rewrites
 * that change those lines (swap-headers.ts, fuse-lines.ts) or put lines
 * beside them (ordered-lines.ts).
 *
 * The columns [from, to) of the loop control on its header line (Fortran
 * `i = 1, n`, C what is between the `for` parentheses), when the header
 * is that one line; null otherwise.
 */
export function loopControl(line: string, next: string | undefined, loop: Loop, lang: "fortran" | "c", form: "fixed" | "free" | undefined): { from: number; to: number } | null {
  return lang === "c" ? cControl(line, loop) : fortranControl(line, next, loop, form ?? "fixed");
}

/** A line that is only a closing brace (a trailing comment allowed). */
export function closingBraceAlone(line: string): boolean {
  // Not a `//` comment ending in a backslash, which continues it over the next line (found by fuzzing: a
  // line added after it became part of the comment).
  return /^\s*\}\s*(\/\/.*|\/\*.*\*\/)?\s*$/.test(line) && !/\\\s*$/.test(line);
}

/** `end do` / `enddo` alone (a trailing comment allowed), no label, no construct name. */
export function fortranEndDo(line: string, form: "fixed" | "free" | undefined): boolean {
  const code = form === "free" ? line : line.length > FIXED_WIDTH ? null : line.slice(0, 6).trim() === "" ? line.slice(6) : null;
  if (code === null) return false;
  return /^\s*end\s*do\s*(!.*)?$/i.test(code);
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
function cControl(line: string, loop: Loop): { from: number; to: number } | null {
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
    // A comment in the control may hold a parenthesis (`i < M /* cols) */`: found by fuzzing): not taken apart.
    else if (c === "/" && (line[k + 1] === "*" || line[k + 1] === "/")) return null;
  }
  return null;
}

/**
 * Whether what stands on the line above `line` (1-based) belongs to the
 * statement on it, so that no line may go between them: a directive or
 * preprocessor line (`#pragma GCC ivdep`, `!$omp simd`, `!dir$`), or, in
 * C, a label alone on its line (a directive put between would be the
 * labeled statement: gcc refuses a standalone `ordered` there). Found by
 * fuzzing.
 */
export function attachedAbove(lines: readonly string[], line: number, lang: "fortran" | "c"): boolean {
  const above = (lines[line - 2] ?? "").replace(/\r$/, "");
  if (/^\s*(#|!\$|!dir\$|[cC*]\$)/i.test(above)) return true;
  // A C line ending with a backslash goes on in the next: a line put between would be joined to it.
  if (lang === "c" && /\\$/.test(above)) return true;
  return lang === "c" && /(^|[^:]):\s*(\/\/.*|\/\*.*\*\/\s*)?$/.test(above);
}

/** Whether two of the statements start at one place of the text (a macro's expansion: `TWO(i);` may be two statements). */
export function sharedStarts(stmts: readonly { span: { line: number; column: number } }[]): boolean {
  const seen = new Set<string>();
  for (const s of stmts) {
    const k = `${s.span.line}:${s.span.column}`;
    if (seen.has(k)) return true;
    seen.add(k);
  }
  return false;
}

/** Columns in [from, to) of `sep` outside parentheses and brackets (a loop control's commas or semicolons). */
export function topLevelCuts(line: string, from: number, to: number, sep: string): number[] {
  const out: number[] = [];
  let depth = 0;
  for (let k = from; k < to; k++) {
    const c = line[k];
    if (c === "(" || c === "[") depth++;
    else if (c === ")" || c === "]") depth--;
    else if (c === sep && depth === 0) out.push(k);
  }
  return out;
}
