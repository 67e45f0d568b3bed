import type { Diagnostic } from "../../diagnostics/diagnostic.js";
import { spanOf, textOf, type CContext } from "./c-context.js";
import type { CNode } from "./c-syntax.js";

const MAX_REPORTED = 25;

/**
 * Turns tree-sitter's error recovery into diagnostics: an ERROR node is
 * text the grammar could not place ("unexpected ..."), a missing node a
 * token it had to assume ("expected ';'"). Reported once per file, in
 * source order, at most 25 (a truncated file would otherwise flood).
 */
export function syntaxErrors(c: CContext, root: CNode): Diagnostic[] {
  const out: Diagnostic[] = [];
  let extra = 0;
  const stack: CNode[] = [root];
  while (stack.length) {
    const n = stack.pop()!;
    if (n.type === "ERROR" || n.missing) {
      if (out.length >= MAX_REPORTED) {
        extra++;
        continue;
      }
      const span = spanOf(c, n);
      if (n.missing) out.push({ id: "c.syntax", severity: "error", message: `syntax error: expected '${n.type}'`, span });
      else {
        const text = textOf(c, n).trim();
        const first = /^\S+/.exec(text)?.[0] ?? text;
        out.push({ id: "c.syntax", severity: "error", message: text ? `syntax error: unexpected '${first.slice(0, 30)}'` : "syntax error", span });
      }
      if (n.type === "ERROR") continue;
    }
    for (let i = n.children.length - 1; i >= 0; i--) stack.push(n.children[i]!);
  }
  if (extra > 0) out.push({ id: "c.syntax", severity: "note", message: `${extra} more syntax errors not shown`, span: out[out.length - 1]!.span! });
  return out;
}
