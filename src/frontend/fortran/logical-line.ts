import { spanTo, type Span } from "../../source/span.js";

/** Fixed form (Fortran 77 card layout) or free form (Fortran 90+). */
export type SourceForm = "fixed" | "free";

/** Where a run of a logical line's text came from in the original file. */
export interface Segment {
  /** Offset in `LogicalLine.text` where this run starts. */
  offset: number;
  line: number;
  column: number;
}

/** An OpenMP directive (`!$omp`, `c$omp`, `*$omp`) or a `!$` conditional line, kept as a comment. */
export interface DirectiveLine {
  sentinel: "omp" | "conditional";
  /** The directive text after the sentinel, continuations joined (e.g. "parallel do private(i)"). */
  text: string;
  span: Span;
}

/**
 * One Fortran statement after continuation lines are joined and comments
 * removed. Columns 1-6 of fixed form (label, continuation mark) and `&` of
 * free form are gone; `segments` maps every offset in `text` back to the
 * original line and column, so tokens can get exact spans.
 */
export interface LogicalLine {
  file: string;
  label?: string;
  labelSpan?: Span;
  text: string;
  segments: Segment[];
  /** First and last physical line of the statement. */
  line: number;
  endLine: number;
  /** Directive lines between the previous statement and this one. */
  directivesBefore?: DirectiveLine[];
  /** Another statement (`a = 0; do ...`) ends on this statement's first physical line. */
  sharesFirstLine?: boolean;
  /** Another statement (`end do; b = 1`) starts on this statement's last physical line. */
  sharesLastLine?: boolean;
}

/** Index of the segment holding offset `off` (binary search; segments are sorted by offset). */
function segmentAt(segs: Segment[], off: number): number {
  let lo = 0;
  let hi = segs.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (segs[mid]!.offset <= off) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** Original line and column of offset `off` in the logical line's text. */
export function positionAt(ll: LogicalLine, off: number): { line: number; column: number } {
  const segs = ll.segments;
  if (segs.length === 0) return { line: ll.line, column: 1 };
  const s = segs[segmentAt(segs, off)]!;
  return { line: s.line, column: s.column + Math.max(0, off - s.offset) };
}

/** Span of text[start, end) in the original file. Hot: builds no temporaries. */
export function spanIn(ll: LogicalLine, start: number, end: number): Span {
  const segs = ll.segments;
  if (segs.length === 0) return { file: ll.file, line: ll.line, column: 1, endLine: ll.line, endColumn: 1 };
  const a = segs[segmentAt(segs, start)]!;
  const last = end > start ? end - 1 : start;
  const b = segs.length === 1 ? a : segs[segmentAt(segs, last)]!;
  return {
    file: ll.file,
    line: a.line,
    column: a.column + Math.max(0, start - a.offset),
    endLine: b.line,
    endColumn: b.column + Math.max(0, last - b.offset) + (end > start ? 1 : 0),
  };
}

/** Span of the whole statement (label included when present). */
export function lineSpan(ll: LogicalLine): Span {
  const s = spanIn(ll, 0, ll.text.length);
  if (ll.labelSpan) return spanTo(ll.labelSpan, s);
  return s;
}
