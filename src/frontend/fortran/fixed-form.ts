import type { Diagnostic } from "../../diagnostics/diagnostic.js";
import { codeEnd, LineBuilder } from "./line-builder.js";
import type { DirectiveLine, LogicalLine } from "./logical-line.js";

/** Columns past this are ignored in fixed form (the card's sequence field). */
export const FIXED_LINE_LENGTH = 72;

export interface SplitResult {
  lines: LogicalLine[];
  directives: DirectiveLine[];
  diagnostics: Diagnostic[];
}

/**
 * Splits fixed-form source (Fortran 77 card layout) into logical lines:
 * - a `c`, `C`, `*`, `!` (or `d`/`D` debug line) in column 1 makes a comment line;
 *   `c$omp`, `*$omp`, `!$omp` are directives, recorded and otherwise treated as
 *   comments; `!$`, `c$`, `*$` conditional lines are recorded and read as code with
 *   columns 1-2 blanked, as an OpenMP compile reads them;
 * - columns 1-5 hold the label, a character other than blank or `0` in
 *   column 6 continues the previous statement;
 * - text past column 72 is ignored; `!` outside strings starts a comment;
 * - DEC tab form: a tab in columns 1-6 ends the label field, a digit right
 *   after it marks a continuation.
 */
export function splitFixedForm(text: string, file: string): SplitResult {
  const physical = text.split("\n");
  const out: LogicalLine[] = [];
  const directives: DirectiveLine[] = [];
  const diags: Diagnostic[] = [];
  const b = new LineBuilder(file);
  let quote = "";
  let pendingDirective: DirectiveLine | null = null;
  let waiting: DirectiveLine[] = [];

  for (let n = 0; n < physical.length; n++) {
    let raw = physical[n]!;
    if (raw.endsWith("\r")) raw = raw.slice(0, -1);
    const lineNo = n + 1;
    if (raw.trim().length === 0) continue;
    const c0 = raw[0]!;

    if (c0 === "#") {
      diags.push({ id: "fortran.preprocessor-line", severity: "warning", message: "preprocessor line ignored (name the file .F or .F90 to have it preprocessed)", span: { file, line: lineNo, column: 1, endLine: lineNo, endColumn: raw.length + 1 } });
      continue;
    }
    // A conditional compilation line (`!$`, `c$`, `*$` with columns 3-5 blank or a label) is code, its
    // sentinel blanked: doall's output is compiled with OpenMP, which compiles it (OpenMP 4.5 2.2.1).
    const cond = "cC*!".includes(c0) ? directiveOf(raw, lineNo, file) : null;
    if (cond?.sentinel === "conditional") {
      directives.push({ sentinel: cond.sentinel, text: cond.text, span: { file, line: lineNo, column: 1, endLine: lineNo, endColumn: raw.length + 1 } });
      raw = "  " + raw.slice(2);
      if (raw.trim().length === 0) continue;
    } else if ("cC*!dD".includes(c0)) {
      const d = directiveOf(raw, lineNo, file);
      if (d) {
        if (d.continuation && pendingDirective) {
          pendingDirective.text += " " + d.text;
          pendingDirective.span = { ...pendingDirective.span, endLine: lineNo, endColumn: raw.length + 1 };
        } else {
          pendingDirective = { sentinel: d.sentinel, text: d.text, span: { file, line: lineNo, column: 1, endLine: lineNo, endColumn: raw.length + 1 } };
          directives.push(pendingDirective);
          // Attached to the next statement, which has not started yet.
          waiting.push(pendingDirective);
        }
      }
      continue;
    }

    // Label field, continuation mark and statement field.
    let labelField: string;
    let contMark: string;
    let stmtStart: number;
    // Where the statement field ends: column 72. After a tab in the label field the statement starts at
    // column 7, whatever the tab's place, so it ends 66 characters later (gfortran; found by fuzzing: a
    // `, 2` past that point was read as the DO's step, which gfortran ignores).
    let limit = FIXED_LINE_LENGTH;
    const tab = raw.indexOf("\t");
    if (tab >= 0 && tab < 6) {
      labelField = raw.slice(0, tab);
      const after = raw[tab + 1] ?? "";
      if (after >= "1" && after <= "9") {
        contMark = after;
        stmtStart = tab + 2;
      } else {
        contMark = " ";
        stmtStart = tab + 1;
      }
      limit = stmtStart + FIXED_LINE_LENGTH - 6;
    } else {
      labelField = raw.slice(0, 5);
      contMark = raw.length > 5 ? raw[5]! : " ";
      stmtStart = 6;
    }
    const field = raw.slice(0, Math.max(stmtStart, limit));
    const isContinuation = contMark !== " " && contMark !== "0";

    // A line whose label field starts a `!` comment is a comment line.
    const lf = labelField.trimStart();
    if (!isContinuation && lf.startsWith("!")) continue;

    const scanFrom = isContinuation ? quote : "";
    const { end, quote: q } = codeEnd(field, stmtStart, scanFrom);
    let code = field.slice(stmtStart, end);
    if (q && end === field.length) code = code.padEnd(limit - stmtStart, " ");

    if (isContinuation) {
      if (b.empty) {
        diags.push({ id: "fortran.orphan-continuation", severity: "error", message: "continuation line with no statement to continue", span: { file, line: lineNo, column: 6, endLine: lineNo, endColumn: 7 } });
        continue;
      }
      if (labelField.trim().length > 0)
        diags.push({ id: "fortran.label-on-continuation", severity: "warning", message: "label field of a continuation line is ignored", span: { file, line: lineNo, column: 1, endLine: lineNo, endColumn: 6 } });
      b.append(code, lineNo, stmtStart + 1);
      quote = q;
      continue;
    }

    // An initial line with nothing but a comment after column 6 is a comment line.
    if (code.trim().length === 0 && labelField.trim().length === 0) continue;

    b.flush(out, diags);
    b.directives = waiting;
    waiting = [];
    pendingDirective = null;
    quote = q;
    const label = labelField.trim();
    let labelText: string | undefined;
    if (label.length > 0) {
      if (/^\d+$/.test(label.replace(/ /g, ""))) labelText = String(parseInt(label.replace(/ /g, ""), 10));
      else
        diags.push({ id: "fortran.bad-label", severity: "error", message: `invalid statement label '${label}' in columns 1-5`, span: { file, line: lineNo, column: 1, endLine: lineNo, endColumn: 6 } });
    }
    const labelCol = raw.search(/\S/) + 1;
    b.start(lineNo, labelText, labelText !== undefined ? { file, line: lineNo, column: labelCol, endLine: lineNo, endColumn: labelCol + label.length } : undefined);
    b.append(code, lineNo, stmtStart + 1);
  }
  b.flush(out, diags);
  return { lines: out, directives, diagnostics: diags };
}

/** Recognizes `c$omp`, `*$omp`, `!$omp` (and continuations) and `c$`, `!$` conditional lines. */
function directiveOf(raw: string, line: number, file: string): { sentinel: "omp" | "conditional"; text: string; continuation: boolean } | null {
  void line;
  void file;
  if (raw.length < 2 || raw[1] !== "$") return null;
  if (!"cC*!".includes(raw[0]!)) return null;
  if (raw.slice(2, 5).toLowerCase() === "omp") {
    const mark = raw[5] ?? " ";
    const continuation = mark !== " " && mark !== "0" && mark !== "\t";
    const body = raw.slice(6, FIXED_LINE_LENGTH);
    const { end } = codeEnd(body, 0, "");
    return { sentinel: "omp", text: body.slice(0, end).trim(), continuation };
  }
  // `!$` conditional compilation line: columns 3-5 blank or digits, then a statement.
  const rest = raw.slice(2, 5);
  if (/^[ 0-9]*$/.test(rest)) return { sentinel: "conditional", text: raw.slice(2, FIXED_LINE_LENGTH).trim(), continuation: false };
  return null;
}
