import { FAILURE_CATEGORIES, type FailureCategory, type ProgramAccess, type RefAccess } from "./analyze-access.js";

/**
 * The counts of seed 001 Table 1 for one program (or the total): array
 * references, analyzed (full + partial), full, partial, failed and the
 * failure reasons, plus Table 2 (levels reached by nest depth) and what
 * the paper does not report: how many results needed a §5.2 widening.
 */
export interface SummaryRow {
  program: string;
  files: number;
  references: number;
  analyzed: number;
  full: number;
  partial: number;
  failed: number;
  reasons: Record<FailureCategory, number>;
  /** Analyzed references whose last pattern used a §5.2 widening. */
  widened: number;
  /** Analyzed references whose last pattern is MAY. */
  may: number;
  /** Why partial references stopped: a Table 1 category or "not convolvable". */
  partialReasons: Record<string, number>;
  /** Table 2: levels[depth][reached] = references in a nest of that depth whose pattern reached that many loops. */
  levels: number[][];
  /** Element references outside every loop (not counted). */
  outside: number;
  /** Files that could not be analyzed, with the reason. */
  unreadable: { file: string; reason: string }[];
}

export function emptyRow(program: string): SummaryRow {
  return {
    program, files: 0, references: 0, analyzed: 0, full: 0, partial: 0, failed: 0,
    reasons: Object.fromEntries(FAILURE_CATEGORIES.map((c) => [c, 0])) as Record<FailureCategory, number>,
    widened: 0, may: 0, partialReasons: {}, levels: [], outside: 0, unreadable: [],
  };
}

export function addRef(row: SummaryRow, r: RefAccess): void {
  row.references++;
  row[r.status]++;
  if (r.status === "failed") row.reasons[r.stop!.category as FailureCategory]++;
  else {
    row.analyzed++;
    const last = r.levels[r.levels.length - 1]!;
    if (r.levels.some((l) => l.widenings.length > 0)) row.widened++;
    if (last.pattern.accuracy === "MAY") row.may++;
    if (r.status === "partial") row.partialReasons[r.stop!.category] = (row.partialReasons[r.stop!.category] ?? 0) + 1;
  }
  const depth = r.loops.length;
  while (row.levels.length <= depth) row.levels.push([]);
  const line = row.levels[depth]!;
  while (line.length <= depth) line.push(0);
  line[r.levels.length]!++;
}

/** The row of one program from the analyses of its files. */
export function summarize(program: string, files: readonly ProgramAccess[], unreadable: { file: string; reason: string }[] = []): SummaryRow {
  const row = emptyRow(program);
  row.files = files.length;
  row.unreadable = [...unreadable];
  for (const f of files)
    for (const p of f.procedures) {
      row.outside += p.outside;
      for (const r of p.refs) addRef(row, r);
    }
  return row;
}

/** The `total` row: sums of the program rows. */
export function totalRow(rows: readonly SummaryRow[]): SummaryRow {
  const t = emptyRow("total");
  for (const r of rows) {
    for (const k of ["files", "references", "analyzed", "full", "partial", "failed", "widened", "may", "outside"] as const) t[k] += r[k];
    for (const c of FAILURE_CATEGORIES) t.reasons[c] += r.reasons[c];
    for (const [k, v] of Object.entries(r.partialReasons)) t.partialReasons[k] = (t.partialReasons[k] ?? 0) + v;
    r.levels.forEach((line, depth) => {
      while (t.levels.length <= depth) t.levels.push([]);
      line.forEach((n, k) => {
        const tl = t.levels[depth]!;
        while (tl.length <= k) tl.push(0);
        tl[k]! += n;
      });
    });
    t.unreadable.push(...r.unreadable);
  }
  return t;
}

/** "95.9%": one decimal, as the paper prints it. */
export function percent(part: number, whole: number): string {
  return whole === 0 ? "-" : `${((100 * part) / whole).toFixed(1)}%`;
}
