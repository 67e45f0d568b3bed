import { clauseWords, type DirectiveClauses } from "../directive-text.js";

/** A `#pragma omp parallel for` to write before one for loop. */
export interface CLoopDirective {
  /** Line and column of the `for` keyword. */
  line: number;
  column: number;
  clauses: DirectiveClauses;
}

/**
 * Writes `#pragma omp parallel for` lines into C source, indented like the
 * loop. The original text is kept byte for byte, except where `for` does
 * not start its line (`x = 0; for (...)`): that line is split before `for`
 * so the pragma can stand on its own line.
 */
export function emitCDirectives(text: string, loops: CLoopDirective[]): string {
  const eol = text.includes("\r\n") ? "\r\n" : "\n";
  const lines = text.split("\n");
  const byLine = new Map<number, CLoopDirective[]>();
  for (const l of loops) byLine.set(l.line, [...(byLine.get(l.line) ?? []), l]);
  const out: string[] = [];
  lines.forEach((raw, i) => {
    const hasCR = raw.endsWith("\r");
    const line = hasCR ? raw.slice(0, -1) : raw;
    const ds = (byLine.get(i + 1) ?? []).sort((a, b) => b.column - a.column);
    let rest = line;
    const pieces: string[] = [];
    // Right to left, so earlier columns stay valid.
    for (const d of ds) {
      const at = d.column - 1;
      const head = rest.slice(0, at);
      const tail = rest.slice(at);
      const indent = /^[ \t]*/.exec(line)![0];
      const pragma = `${indent}#pragma omp parallel for${clauseWords(d.clauses, "c").map((w) => " " + w).join("")}`;
      pieces.unshift(pragma, head.trim() === "" ? head + tail : indent + tail);
      rest = head.trim() === "" ? "" : head.trimEnd();
      if (rest === "") break;
    }
    if (pieces.length === 0) {
      out.push(raw);
      return;
    }
    if (rest !== "") pieces.unshift(rest);
    out.push(pieces.join(eol) + (hasCR ? "\r" : ""));
  });
  return out.join("\n");
}
