import type { Loop, Stmt } from "../ir/stmt.js";
import { walkStmts } from "../ir/walk.js";
import type { LineInsertion } from "./insert-lines.js";
import { closingBraceAlone, FIXED_WIDTH, fortranEndDo } from "./loop-lines.js";
import { wrapWords } from "./directive-text.js";

/** Free-form Fortran's longest line (the standard's 132 characters). */
const FREE_WIDTH = 132;

/**
 * The lines that give a loop a serial copy (the driver decides,
 * LoopPlan.serialCopy): an `if` on the directive's `if()` condition
 * around the directive and the loop, and the loop as written in its else
 * branch.
 *
 *   if (COND) {                        if (COND) then
 *   #pragma omp parallel for ...       !$omp parallel do ... if(COND)
 *   for (...) { ... }                  do ... end do
 *   } else {                           !$omp end parallel do
 *   for (...) { ... }                  else
 *   }                                  do ... end do   (as written)
 *                                      end if
 *
 * When the condition is false, the program runs the loop as the serial
 * build compiles it, not the outlined region on one thread:
 * - under a C overlap check, gcc compiles the region's body for pointers
 *   it knows nothing about, and a recurrence through two overlapping
 *   pointers (our c13's `y[i] = x[i] + y[i] / 2` with x = y - 1) ran 7
 *   times slower there than in the serial build, which sees the overlap;
 * - under a profitability guard of a loop entered very often
 *   (profitability.ts `copyOnly`), a false `if()` clause still enters the
 *   OpenMP runtime (about 2 µs with libgomp), which a comparison avoids.
 * The directive keeps its `if()`: the condition is evaluated twice, once
 * per entry, a few comparisons.
 *
 * Null when the text does not allow it: the loop's header not first on
 * its line, other code after its end on its last line, a label in it (a
 * copy would define it twice: in Fortran a labeled DO's terminal
 * statement, a FORMAT), a construct name, or (fixed form) a line that
 * does not fit in 72 columns.
 */
export function serialCopyLines(text: string, loop: Loop, condition: string, lang: "fortran" | "c", form?: "fixed" | "free"): LineInsertion[] | null {
  const lines = text.split("\n").map((l) => l.replace(/\r$/, ""));
  const head = loop.span.line;
  const end = loop.endSpan.line;
  const header = lines[head - 1];
  const close = lines[end - 1];
  if (header === undefined || close === undefined || end <= head || loop.sharesLine) return null;
  // The loop is whole lines: nothing before its header, nothing after its end.
  if (!/^\s*$/.test(header.slice(0, loop.span.column - 1))) return null;
  const body = lines.slice(head - 1, end);
  if (lang === "c") {
    let labeled = false;
    walkStmts(loop.body, (s: Stmt) => void (s.label !== undefined && (labeled = true)));
    if (labeled) return null;
    if (!closingBraceAlone(close) && !/^\s*(\/\/.*)?$/.test(close.slice(loop.endSpan.endColumn - 1))) return null;
    const indent = /^[ \t]*/.exec(header)![0];
    return [
      { line: head, where: "before", lines: [`${indent}if (${condition}) {`] },
      { line: end, where: "after", lines: [`${indent}} else {`, ...body, `${indent}}`] },
    ];
  }
  const fixed = (form ?? "fixed") === "fixed";
  if (loop.name || (loop.terminalLabel === undefined && !fortranEndDo(close, form))) return null;
  if (fixed && body.some((l) => l.includes("\t"))) return null;
  const copy = relabeled(lines, head, end, fixed);
  if (copy === null) return null;
  const indent = fixed ? " ".repeat(Math.max(6, /^ */.exec(header)![0].length)) : /^[ \t]*/.exec(header)![0];
  const width = fixed ? FIXED_WIDTH : FREE_WIDTH;
  // `if (COND) then`, continued where it does not fit: fixed form marks column 6, free form ends a line with `&`.
  const words = `if (${condition}) then`.split(" ");
  const wrapped = wrapWords(words, width - indent.length - (fixed ? 0 : 2));
  if (wrapped.some((w) => indent.length + w.length > width - (fixed ? 0 : 2))) return null;
  const ifLines = wrapped.map((w, i) => (fixed ? (i === 0 ? indent + w : "     &" + indent.slice(6) + w) : indent + w + (i < wrapped.length - 1 ? " &" : "")));
  return [
    { line: head, where: "before", lines: ifLines },
    { line: end, where: "after", lines: [`${indent}else`, ...copy, `${indent}end if`] },
  ];
}

/** Comment, directive, preprocessor and blank lines: fixed form (`c`, `*`, `!` in column 1), free form. */
const FIXED_COMMENT = /^([cC*!#]|\s*!|\s*$)/;
const FREE_COMMENT = /^\s*(!|#|$)/;

/**
 * The Fortran loop's lines with each statement label defined in them
 * renamed (a label is defined once in its program unit): `do 20 i = ...`
 * ... `20 continue` becomes `do 99999 i = ...` ... `99999 continue`. The
 * new label of the k-th smallest label defined in the file is the k-th
 * largest number no line of the file defines, so two loops of one unit
 * never get the same one, and the copy is the same whenever it is made.
 * Null when a label is also used otherwise in the lines (a GOTO, a FORMAT
 * a WRITE names: any other occurrence of the number in the code; so is a
 * constant equal to it, conservatively), or when a DO before the loop
 * ends on one of its labels (its terminal statement is shared with an
 * enclosing loop).
 */
function relabeled(lines: readonly string[], head: number, end: number, fixed: boolean): string[] | null {
  const COMMENT = fixed ? FIXED_COMMENT : FREE_COMMENT;
  // The label each line defines (free form: not on a continuation line, which may start with a number).
  const labels: (string | null)[] = [];
  let continued = false;
  for (const l of lines) {
    if (COMMENT.test(l)) {
      labels.push(null);
      continue;
    }
    const m = fixed ? /^ {0,4}(\d{1,5})/.exec(l.slice(0, 5)) : continued ? null : /^\s*(\d{1,5})\s/.exec(l);
    labels.push(m ? String(Number(m[1])) : null);
    if (!fixed) continued = /&\s*(!.*)?$/.test(l);
  }
  const labelOf = (k: number): string | null => labels[k] ?? null;
  const body = lines.slice(head - 1, end);
  const own = new Set(body.map((_, k) => labelOf(head - 1 + k)).filter((x) => x !== null));
  if (own.size === 0) return [...body];
  const defined = [...new Set(labels.filter((x) => x !== null))].map(Number).sort((a, b) => a - b);
  const taken = new Set(defined);
  const fresh: number[] = [];
  for (let n = 99999; fresh.length < defined.length && n > 0; n--) if (!taken.has(n)) fresh.push(n);
  const renamed = new Map([...own].map((x) => [x, String(fresh[defined.indexOf(Number(x))])]));
  const doRef = /^(\s*(?:[A-Za-z_]\w*\s*:\s*)?do\s*)(\d+)/i;
  // A DO above the loop that ends on one of its labels: the terminal statement is shared.
  for (const l of lines.slice(0, head - 1)) {
    const code = fixed ? l.slice(6) : l.replace(/^\s*\d+\s/, "");
    const m = COMMENT.test(l) ? null : doRef.exec(code);
    if (m && own.has(String(Number(m[2])))) return null;
  }
  const out: string[] = [];
  for (let k = 0; k < body.length; k++) {
    const l = body[k]!;
    if (COMMENT.test(l)) {
      out.push(l);
      continue;
    }
    // Fixed form: the label field (columns 1-5) and the rest, from the continuation column on.
    const label = labelOf(head - 1 + k);
    let field = fixed ? l.slice(0, 5) : "";
    let code = fixed ? l.slice(5) : l;
    if (label !== null) {
      const m = fixed ? null : /^(\s*)(\d+)/.exec(l)!;
      field = fixed ? renamed.get(label)!.padStart(5) : m![1] + renamed.get(label)!;
      if (!fixed) code = l.slice(m![0].length);
    }
    const start = fixed ? 1 : 0;
    const dm = doRef.exec(code.slice(start));
    if (dm && renamed.has(String(Number(dm[2])))) code = code.slice(0, start) + dm[1] + renamed.get(String(Number(dm[2])))! + code.slice(start + dm[0].length);
    // Any other occurrence of a renamed label's number (outside the new DO reference): refused.
    const rest = dm && renamed.has(String(Number(dm[2]))) ? code.slice(start + dm[1]!.length + renamed.get(String(Number(dm[2])))!.length) : code;
    for (const x of own) if (new RegExp(`(^|[^\\w.])0*${x}(?![\\w.])`).test(rest)) return null;
    out.push(field + code);
  }
  return out;
}
