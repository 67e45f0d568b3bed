import type { Diagnostic } from "../../diagnostics/diagnostic.js";
import type { SplitResult } from "./fixed-form.js";
import { LineBuilder } from "./line-builder.js";
import type { DirectiveLine, LogicalLine } from "./logical-line.js";

/**
 * Splits free-form source (Fortran 90+) into logical lines: `!` starts a
 * comment outside strings, a trailing `&` continues the statement on the
 * next line (where a leading `&` is skipped), a statement may start with a
 * numeric label. `!$omp` lines are directives, recorded and otherwise
 * treated as comments; `!$ ` lines are conditional compilation lines,
 * recorded and read as code, the sentinel blanked: doall's output is
 * compiled with OpenMP, which compiles them (OpenMP 4.5 2.2.2; found by
 * fuzzing: `!$ a(i) = a(i+1) + 1` in a loop, read as a comment, let the
 * loop get a directive).
 */
export function splitFreeForm(text: string, file: string): SplitResult {
  const physical = text.split("\n");
  const out: LogicalLine[] = [];
  const directives: DirectiveLine[] = [];
  const diags: Diagnostic[] = [];
  const b = new LineBuilder(file);
  let continuing = false;
  let quote = "";
  let pendingDirective: DirectiveLine | null = null;
  let waiting: DirectiveLine[] = [];
  let directiveContinues = false;

  for (let n = 0; n < physical.length; n++) {
    let raw = physical[n]!;
    if (raw.endsWith("\r")) raw = raw.slice(0, -1);
    const lineNo = n + 1;
    let first = raw.search(/\S/);
    if (first < 0) continue;

    if (!continuing && raw[first] === "#") {
      diags.push({ id: "fortran.preprocessor-line", severity: "warning", message: "preprocessor line ignored (name the file .F90 to have it preprocessed)", span: { file, line: lineNo, column: first + 1, endLine: lineNo, endColumn: raw.length + 1 } });
      continue;
    }
    // A conditional compilation line is code, its sentinel blanked (see above).
    const cond = raw[first] === "!" && !(continuing && quote) ? freeDirective(raw.slice(first)) : null;
    if (cond?.sentinel === "conditional") {
      directives.push({ sentinel: cond.sentinel, text: cond.text, span: { file, line: lineNo, column: first + 1, endLine: lineNo, endColumn: raw.length + 1 } });
      raw = raw.slice(0, first) + "  " + raw.slice(first + 2);
      first = raw.search(/\S/);
      if (first < 0) continue;
    }
    if (raw[first] === "!" && !(continuing && quote)) {
      const d = freeDirective(raw.slice(first));
      if (d) {
        const sp = { file, line: lineNo, column: first + 1, endLine: lineNo, endColumn: raw.length + 1 };
        if (d.sentinel === "omp" && directiveContinues && pendingDirective) {
          pendingDirective.text += " " + d.text;
          pendingDirective.span = { ...pendingDirective.span, endLine: lineNo, endColumn: raw.length + 1 };
        } else {
          pendingDirective = { sentinel: d.sentinel, text: d.text, span: sp };
          directives.push(pendingDirective);
          // Attached to the next statement, which has not started yet.
          waiting.push(pendingDirective);
        }
        directiveContinues = d.continues;
      }
      continue;
    }
    directiveContinues = false;

    let pos = 0;
    if (continuing) {
      pos = first;
      if (raw[pos] === "&") pos++;
      else if (quote) {
        // A string continued without a leading `&` resumes at column 1.
        pos = 0;
      }
    } else {
      b.flush(out, diags);
      b.directives = waiting;
      waiting = [];
      pendingDirective = null;
      let label: string | undefined;
      let labelSpan;
      const m = /^(\s*)(\d{1,5})(?=\s|$)/.exec(raw);
      if (m) {
        label = String(parseInt(m[2]!, 10));
        labelSpan = { file, line: lineNo, column: m[1]!.length + 1, endLine: lineNo, endColumn: m[1]!.length + 1 + m[2]!.length };
        pos = m[0].length;
      } else pos = first;
      b.start(lineNo, label, labelSpan);
    }

    // Find the comment start and a trailing `&`.
    let i = pos;
    let end = raw.length;
    for (; i < raw.length; i++) {
      const c = raw[i]!;
      if (quote) {
        if (c === quote) quote = "";
      } else if (c === "'" || c === '"') quote = c;
      else if (c === "!") {
        end = i;
        break;
      }
    }
    let code = raw.slice(pos, end);
    const trimmed = code.trimEnd();
    if (trimmed.endsWith("&")) {
      continuing = true;
      code = trimmed.slice(0, -1);
    } else {
      continuing = false;
      if (quote) {
        diags.push({ id: "fortran.unterminated-string", severity: "error", message: "unterminated character string", span: { file, line: lineNo, column: pos + 1, endLine: lineNo, endColumn: raw.length + 1 } });
        quote = "";
      }
    }
    b.append(code, lineNo, pos + 1);
  }
  if (continuing) {
    const lastLine = physical.length;
    diags.push({ id: "fortran.dangling-continuation", severity: "error", message: "the last statement ends with '&' but no line follows", span: { file, line: lastLine, column: 1, endLine: lastLine, endColumn: 2 } });
  }
  b.flush(out, diags);
  return { lines: out, directives, diagnostics: diags };
}

function freeDirective(s: string): { sentinel: "omp" | "conditional"; text: string; continues: boolean } | null {
  if (!s.startsWith("!$")) return null;
  if (s.slice(2, 5).toLowerCase() === "omp") {
    let body = s.slice(5);
    if (body.startsWith("&")) body = body.slice(1);
    const bang = body.indexOf("!");
    if (bang >= 0) body = body.slice(0, bang);
    body = body.trim();
    const continues = body.endsWith("&");
    if (continues) body = body.slice(0, -1).trim();
    return { sentinel: "omp", text: body, continues };
  }
  if (s.length === 2 || s[2] === " " || s[2] === "\t") return { sentinel: "conditional", text: s.slice(2).trim(), continues: false };
  return null;
}
