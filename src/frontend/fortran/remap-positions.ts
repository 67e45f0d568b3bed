import type { Diagnostic } from "../../diagnostics/diagnostic.js";
import type { Span } from "../../source/span.js";
import type { SplitResult } from "./fixed-form.js";
import type { LogicalLine, Segment } from "./logical-line.js";

/**
 * Where the text the Fortran reader sees came from, when it is not the
 * file itself: a .F/.F90 file goes through the preprocessor first, whose
 * output has its own line numbers (included files are spliced in) and
 * columns (macros are replaced). Positions are 1-based.
 */
export interface PositionMap {
  at(line: number, column: number): { file: string; line: number; column: number };
}

/**
 * Rewrites every position of a split preprocessed file to the original
 * file, line and column, so diagnostics and loop lines point at what the
 * user wrote. A segment that crosses a macro expansion is cut where the
 * mapping stops being column-for-column.
 */
export function remapSplit(split: SplitResult, map: PositionMap): void {
  for (const ll of split.lines) remapLine(ll, map);
  for (const d of split.directives) d.span = remapSpan(d.span, map);
  split.diagnostics = split.diagnostics.map((d): Diagnostic => (d.span ? { ...d, span: remapSpan(d.span, map) } : d));
}

function remapLine(ll: LogicalLine, map: PositionMap): void {
  const segs: Segment[] = [];
  ll.segments.forEach((s, k) => {
    const len = (k + 1 < ll.segments.length ? ll.segments[k + 1]!.offset : ll.text.length) - s.offset;
    const a = map.at(s.line, s.column);
    const b = map.at(s.line, s.column + Math.max(0, len - 1));
    if (len <= 1 || (a.file === b.file && a.line === b.line && b.column - a.column === len - 1)) {
      segs.push({ offset: s.offset, line: a.line, column: a.column });
      return;
    }
    // Not column-for-column (a macro was expanded here): one segment per contiguous piece.
    let prev: { line: number; column: number } | null = null;
    for (let i = 0; i < len; i++) {
      const p = map.at(s.line, s.column + i);
      if (!prev || p.line !== prev.line || p.column !== prev.column + 1) segs.push({ offset: s.offset + i, line: p.line, column: p.column });
      prev = p;
    }
  });
  const first = ll.segments[0];
  if (first) ll.file = map.at(first.line, first.column).file;
  ll.segments = segs;
  ll.line = segs[0]?.line ?? map.at(ll.line, 1).line;
  ll.endLine = segs.length ? Math.max(...segs.map((s) => s.line)) : ll.line;
  if (ll.labelSpan) ll.labelSpan = remapSpan(ll.labelSpan, map);
}

function remapSpan(s: Span, map: PositionMap): Span {
  const a = map.at(s.line, s.column);
  const b = map.at(s.endLine, Math.max(1, s.endColumn - 1));
  const sameEnd = b.file === a.file && (b.line > a.line || (b.line === a.line && b.column >= a.column));
  return { file: a.file, line: a.line, column: a.column, endLine: sameEnd ? b.line : a.line, endColumn: sameEnd ? b.column + 1 : a.column + 1 };
}
