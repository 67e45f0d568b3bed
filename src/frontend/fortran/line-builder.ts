import type { Diagnostic } from "../../diagnostics/diagnostic.js";
import type { Span } from "../../source/span.js";
import type { DirectiveLine, LogicalLine, Segment } from "./logical-line.js";

/**
 * Accumulates the pieces of one logical line (a statement spread over
 * continuation lines) together with where each piece came from.
 */
export class LineBuilder {
  text = "";
  segments: Segment[] = [];
  label: string | undefined;
  labelSpan: Span | undefined;
  firstLine = 0;
  lastLine = 0;
  directives: DirectiveLine[] = [];

  constructor(readonly file: string) {}

  get empty(): boolean {
    return this.segments.length === 0 && this.label === undefined;
  }

  start(line: number, label: string | undefined, labelSpan: Span | undefined): void {
    this.firstLine = line;
    this.lastLine = line;
    this.label = label;
    this.labelSpan = labelSpan;
  }

  append(piece: string, line: number, column: number): void {
    if (piece.length === 0) return;
    this.segments.push({ offset: this.text.length, line, column });
    this.text += piece;
    this.lastLine = line;
  }

  /** Emits the statement(s) built so far (split at `;`) and resets. */
  flush(out: LogicalLine[], diags: Diagnostic[]): void {
    if (this.empty) return;
    const ll: LogicalLine = {
      file: this.file,
      text: this.text,
      segments: this.segments,
      line: this.firstLine,
      endLine: this.lastLine,
    };
    if (this.label !== undefined) {
      ll.label = this.label;
      if (this.labelSpan) ll.labelSpan = this.labelSpan;
    }
    if (this.directives.length) ll.directivesBefore = this.directives;
    const parts = splitAtSemicolons(ll);
    for (const p of parts) {
      if (p.text.trim().length === 0) {
        if (p.label !== undefined && p.labelSpan)
          diags.push({ id: "fortran.label-without-statement", severity: "error", message: `label ${p.label} is not followed by a statement`, span: p.labelSpan });
        continue;
      }
      out.push(p);
    }
    this.text = "";
    this.segments = [];
    this.label = undefined;
    this.labelSpan = undefined;
    this.directives = [];
  }
}

/** Splits `a = 1; b = 2` into two statements; `;` inside strings is kept. */
function splitAtSemicolons(ll: LogicalLine): LogicalLine[] {
  const t = ll.text;
  if (!t.includes(";")) return [ll];
  const cuts: number[] = [];
  let quote = "";
  for (let i = 0; i < t.length; i++) {
    const c = t[i]!;
    if (quote) {
      if (c === quote) quote = "";
    } else if (c === "'" || c === '"') quote = c;
    else if (c === ";") cuts.push(i);
  }
  if (cuts.length === 0) return [ll];
  const out: LogicalLine[] = [];
  let from = 0;
  for (const cut of [...cuts, t.length]) {
    // Without the blanks around it, so that a statement continued from the line of the one
    // before it (`a = 0; &` / `do i = ...`) starts on the line where its text does.
    let a = from;
    let b = cut;
    while (a < b && (t[a] === " " || t[a] === "\t")) a++;
    while (b > a && (t[b - 1] === " " || t[b - 1] === "\t")) b--;
    out.push(a < b ? sliceLine(ll, a, b, out.length === 0) : sliceLine(ll, from, cut, out.length === 0));
    from = cut + 1;
  }
  // Which statements share a physical line with a neighbour: a directive line cannot go
  // between them (blank pieces, `a = 1;;`, are dropped later and share nothing).
  const real = out.filter((p) => p.text.trim().length > 0);
  for (let i = 1; i < real.length; i++) {
    if (real[i - 1]!.endLine === real[i]!.line) {
      real[i - 1]!.sharesLastLine = true;
      real[i]!.sharesFirstLine = true;
    }
  }
  return out;
}

function sliceLine(ll: LogicalLine, from: number, to: number, first: boolean): LogicalLine {
  const segs: Segment[] = [];
  for (let i = 0; i < ll.segments.length; i++) {
    const s = ll.segments[i]!;
    const next = i + 1 < ll.segments.length ? ll.segments[i + 1]!.offset : ll.text.length;
    if (next <= from || s.offset >= to) continue;
    const start = Math.max(s.offset, from);
    segs.push({ offset: start - from, line: s.line, column: s.column + (start - s.offset) });
  }
  const part: LogicalLine = {
    file: ll.file,
    text: ll.text.slice(from, to),
    segments: segs,
    line: segs[0]?.line ?? ll.line,
    endLine: segs.length ? segs[segs.length - 1]!.line : ll.endLine,
  };
  if (first) {
    if (ll.label !== undefined) part.label = ll.label;
    if (ll.labelSpan) part.labelSpan = ll.labelSpan;
    if (ll.directivesBefore) part.directivesBefore = ll.directivesBefore;
  }
  return part;
}

/**
 * Scans `s` from `from` for the end of the code part: the index of a `!`
 * comment outside strings, or s.length. `quote` is the string state carried
 * in from the previous line ("" when not inside a string); the returned
 * `quote` is the state at the end of the code part.
 */
export function codeEnd(s: string, from: number, quote: string): { end: number; quote: string } {
  for (let i = from; i < s.length; i++) {
    const c = s[i]!;
    if (quote) {
      if (c === quote) quote = "";
    } else if (c === "'" || c === '"') quote = c;
    else if (c === "!") return { end: i, quote };
  }
  return { end: s.length, quote };
}
