import type { Span } from "../../source/span.js";

/** A position in an original file (1-based line and column, as compilers print). */
export interface Origin {
  file: string;
  line: number;
  column: number;
}

/**
 * One run of preprocessed output and where it came from. `exact` runs are
 * text copied from the original, so offset k of the run is column
 * `column + k` of the original line; other runs (macro expansions) map as a
 * whole to the place the macro was invoked, as compilers report them.
 */
interface Run {
  out: number;
  len: number;
  file: string;
  line: number;
  column: number;
  exact: boolean;
}

/**
 * The map from every offset of the preprocessed text back to the original
 * file, line and column. The C front end maps tree-sitter offsets through
 * it; the Fortran front end maps (line, column) of the preprocessed text.
 */
export class SourceMap {
  private readonly runs: Run[] = [];
  private lineStarts: number[] | null = null;
  private text = "";
  /** Where offsets before the first run (or in an empty output) map to. */
  constructor(private readonly fallback: Origin) {}

  /** Records that output text [out, out+len) came from `origin` (exactly, or as a macro expansion). */
  add(out: number, len: number, origin: Origin, exact: boolean): void {
    if (len <= 0) return;
    const last = this.runs[this.runs.length - 1];
    // Merge adjacent exact runs of the same line: most lines become one run.
    if (last && exact && last.exact && last.file === origin.file && last.line === origin.line && last.out + last.len === out && last.column + last.len === origin.column) {
      last.len += len;
      return;
    }
    this.runs.push({ out, len, file: origin.file, line: origin.line, column: origin.column, exact });
  }

  /** Called once the output is complete, to allow (line, column) lookups. */
  finish(text: string): void {
    this.text = text;
    this.lineStarts = null;
  }

  /** The original position of output offset `off`. */
  at(off: number): Origin {
    const runs = this.runs;
    if (runs.length === 0 || off < runs[0]!.out) return runs.length ? { file: runs[0]!.file, line: runs[0]!.line, column: runs[0]!.column } : this.fallback;
    let lo = 0;
    let hi = runs.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (runs[mid]!.out <= off) lo = mid;
      else hi = mid - 1;
    }
    const r = runs[lo]!;
    if (!r.exact) return { file: r.file, line: r.line, column: r.column };
    // Past the end of the run (whitespace after it): the column just past it.
    const k = Math.min(off - r.out, r.len);
    return { file: r.file, line: r.line, column: r.column + k };
  }

  /** The original span of output text [start, end). */
  span(start: number, end: number): Span {
    const a = this.at(start);
    if (end <= start) return { file: a.file, line: a.line, column: a.column, endLine: a.line, endColumn: a.column + 1 };
    const b = this.at(end - 1);
    // A span whose end maps into another file (a macro from a header) keeps its start line.
    if (b.file !== a.file || b.line < a.line || (b.line === a.line && b.column < a.column)) return { file: a.file, line: a.line, column: a.column, endLine: a.line, endColumn: a.column + 1 };
    return { file: a.file, line: a.line, column: a.column, endLine: b.line, endColumn: b.column + 1 };
  }

  /** The original position of (1-based) line and column of the output text. */
  atLineColumn(line: number, column: number): Origin {
    const starts = (this.lineStarts ??= computeLineStarts(this.text));
    const l = Math.max(1, Math.min(line, starts.length));
    return this.at(starts[l - 1]! + Math.max(0, column - 1));
  }
}

export function computeLineStarts(text: string): number[] {
  const starts = [0];
  for (let i = text.indexOf("\n"); i >= 0; i = text.indexOf("\n", i + 1)) starts.push(i + 1);
  return starts;
}
