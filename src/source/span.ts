/**
 * Positions in the user's original text. Every HIR node keeps one, so that a
 * diagnostic, a report line or an emitted directive can point back at the
 * exact file, line and column the user wrote (1-based, like compilers print).
 */
export interface Span {
  /** Path of the file as the user named it (or as an include resolved it). */
  file: string;
  line: number;
  column: number;
  endLine: number;
  /** Column just past the last character of the span. */
  endColumn: number;
}

export function span(file: string, line: number, column: number, endLine = line, endColumn = column + 1): Span {
  return { file, line, column, endLine, endColumn };
}

/** The smallest span covering both (they must be in the same file to be meaningful). */
export function joinSpans(a: Span, b: Span): Span {
  if (a.file !== b.file) return a;
  const startFirst = a.line < b.line || (a.line === b.line && a.column <= b.column);
  const endLast = a.endLine > b.endLine || (a.endLine === b.endLine && a.endColumn >= b.endColumn);
  return {
    file: a.file,
    line: startFirst ? a.line : b.line,
    column: startFirst ? a.column : b.column,
    endLine: endLast ? a.endLine : b.endLine,
    endColumn: endLast ? a.endColumn : b.endColumn,
  };
}

/** From the start of `a` to the end of `b` (built explicitly: object spread is slow in hot paths). */
export function spanTo(a: Span, b: Span): Span {
  return { file: a.file, line: a.line, column: a.column, endLine: b.endLine, endColumn: b.endColumn };
}

export function formatPos(s: Span): string {
  return `${s.file}:${s.line}:${s.column}`;
}
