import { checkDirectivesOnly } from "./line-diff.js";
import type { Lang } from "./toolchain.js";

/** A loop doall aligned, peeled or gave a serial copy: its lines in the original text. */
export interface RealignedLoop {
  line: number;
  endLine: number;
}

/**
 * Whether the transformed text, once its added directive lines are taken
 * out, differs from the original only inside loops doall aligned, peeled
 * (src/parallelize/realign.ts, src/emit/realign-lines.ts) or gave a serial
 * copy (src/emit/serial-copy-lines.ts), and only
 * as those rewrites change a loop: every changed run of lines lies within
 * one such loop (or right after its end: the copy of a peeled loop, the
 * `} else {`, copy and `}` of a serial copy; its `if (...) {` comes before), and
 * each of its lines is a line of that loop, an `exit` / `break;`, a header
 * over the loop's own index (its bounds changed: a peeled copy runs from
 * the last iteration down), or a line of that loop with a guard `if (...)`
 * put before a statement and numbers, `+`, `-` and parentheses changed (a
 * bound one lower or higher, `i + 1` for `i`), or an `if (...) then` /
 * `end if` around a statement of the loop. What the rewritten loops
 * compute, the run checks; the exact text, src/emit/realign-lines.test.ts
 * and serial-copy-lines.test.ts.
 */
export function onlyRealignedLines(original: string, transformed: string, lang: Lang, loops: readonly RealignedLoop[]): boolean {
  const check = checkDirectivesOnly(original, transformed, lang);
  if (check.identical) return false;
  const lines = original.split("\n");
  for (const h of check.changed) {
    const last = h.originalLine + Math.max(h.original.length, 1) - 1;
    const loop = loops.find((l) => h.originalLine >= l.line && h.originalLine <= l.endLine + 1 && last <= l.endLine + 1);
    if (!loop) return false;
    const own = new Set(lines.slice(loop.line - 1, loop.endLine).map(shape));
    const index = indexOf(lines[loop.line - 1]!);
    for (const t of h.transformed) if (!/^\s*(exit|break;|\} else \{|\}|if \(.*\) \{|if \(.*\) then|end if)\s*$/i.test(t) && !own.has(shape(t)) && (index === null || indexOf(t) !== index)) return false;
  }
  return true;
}

/** The index a DO or for header line sets, or null. */
function indexOf(line: string): string | null {
  const m = /^\s*(?:do\s+([A-Za-z_]\w*)\s*=|for\s*\(\s*(?:[A-Za-z_]\w*\s+)*([A-Za-z_]\w*)\s*=)/i.exec(line);
  return m ? (m[1] ?? m[2]!).toLowerCase() : null;
}

/** A line without its statement guards, blanks, digits, parentheses, `+` and `-`. */
function shape(line: string): string {
  let s = line;
  for (;;) {
    const m = /\bif\s*\(/.exec(s);
    if (!m) break;
    let depth = 0;
    let k = m.index + m[0].length - 1;
    for (; k < s.length; k++) {
      if (s[k] === "(") depth++;
      else if (s[k] === ")" && --depth === 0) break;
    }
    // A guard is followed by its statement; an IF block's `then` stays (it is no guard of ours).
    if (/^\s*then\b/i.test(s.slice(k + 1))) break;
    s = s.slice(0, m.index) + s.slice(k + 1);
  }
  return s.replace(/[\s\d()+\-]/g, "");
}
