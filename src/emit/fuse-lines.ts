import type { Loop } from "../ir/stmt.js";
import type { LineReplacement } from "./swap-headers.js";

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
  const ok = lang === "c" ? cEnd(endLine) && cHead(headLine, second, lines[head]) : fortranEnd(endLine, form) && fortranHead(headLine, lines[head], form);
  if (!ok) return null;
  const cr = (k: number) => (lines[k - 1]!.endsWith("\r") ? "\r" : "");
  return [
    { line: end, text: cr(end) },
    { line: head, text: cr(head) },
  ];
}

function commentOrBlank(line: string, lang: "fortran" | "c", form: "fixed" | "free" | undefined): boolean {
  if (/^\s*$/.test(line)) return true;
  if (lang === "c") return /^\s*\/\/.*$/.test(line) || /^\s*\/\*.*\*\/\s*$/.test(line);
  if (form !== "free" && /^[cC*!]/.test(line)) return true;
  return /^\s*!/.test(line);
}

/** `end do` / `enddo` alone (a trailing comment allowed), no label, no construct name. */
function fortranEnd(line: string, form: "fixed" | "free" | undefined): boolean {
  const code = form === "free" ? line : line.length > 72 ? null : line.slice(0, 6).trim() === "" ? line.slice(6) : null;
  if (code === null) return false;
  return /^\s*end\s*do\s*(!.*)?$/i.test(code);
}

/** A DO statement alone on its line (no label, no continuation, no other statement after `;`). */
function fortranHead(line: string, next: string | undefined, form: "fixed" | "free" | undefined): boolean {
  let code = line;
  if (form !== "free") {
    if (line.length > 72 || /^[cC*!]/.test(line) || line.slice(0, 6).trim() !== "" || line.includes("\t")) return false;
    if (next !== undefined && /^ {5}[^ 0]/.test(next.replace(/\r$/, ""))) return false;
    code = line.slice(6);
  }
  const bang = code.indexOf("!");
  const body = bang >= 0 ? code.slice(0, bang) : code;
  if (body.includes(";") || /&\s*$/.test(body)) return false;
  return /^\s*do\s+[A-Za-z_]\w*\s*=/i.test(body);
}

/** A line that is only the closing brace (a trailing comment allowed). */
function cEnd(line: string): boolean {
  return /^\s*\}\s*(\/\/.*|\/\*.*\*\/)?\s*$/.test(line);
}

/** The second loop's `for (...) {` alone on its line, its body opened there. */
function cHead(line: string, loop: Loop, _next: string | undefined): boolean {
  const at = loop.span.column - 1;
  if (line.slice(0, at).trim() !== "") return false;
  const m = /^for\s*\(/.exec(line.slice(at));
  if (!m) return false;
  let depth = 0;
  for (let k = at + m[0].length - 1; k < line.length; k++) {
    const c = line[k];
    if (c === "(") depth++;
    else if (c === ")" && --depth === 0) return /^\s*\{\s*(\/\/.*|\/\*.*\*\/)?\s*$/.test(line.slice(k + 1));
    else if (c === '"' || c === "'") return false;
  }
  return false;
}
