import { FAILURE_CATEGORIES, percent, type AccessOptions, type SummaryRow } from "../../analysis/access/index.js";

/**
 * `doall access --summary` as text: the columns of seed 001 Table 1 (array
 * references, analyzed with a percentage, full, partial, failed with a
 * percentage, and the four failure reasons), a `total` row, then what the
 * paper does not print — how many results are MAY and how many needed a
 * §5.2 widening — and Table 2, the loops reached by nest depth.
 */
const HEAD = ["program", "refs", "analyzed", "", "full", "partial", "failed", "", "while", "subscript", "bounds", "size", "MAY", "widened"];

function cells(r: SummaryRow): string[] {
  // A program none of whose files could be read (C before the C front end): no counts to show.
  if (r.files === 0 && r.unreadable.length) return [r.program, ...HEAD.slice(1).map(() => "-")];
  return [
    r.program,
    String(r.references),
    String(r.analyzed),
    percent(r.analyzed, r.references),
    String(r.full),
    String(r.partial),
    String(r.failed),
    percent(r.failed, r.references),
    ...FAILURE_CATEGORIES.map((c) => String(r.reasons[c])),
    String(r.may),
    String(r.widened),
  ];
}

function table(rows: string[][]): string {
  const widths = HEAD.map((_, k) => Math.max(...rows.map((r) => r[k]!.length)));
  return rows.map((r) => r.map((c, k) => (k === 0 ? c.padEnd(widths[k]!) : c.padStart(widths[k]!))).join("  ").trimEnd()).join("\n");
}

export function renderSummary(rows: readonly SummaryRow[], total: SummaryRow, opts: AccessOptions): string {
  const out: string[] = [];
  const mode = `${opts.widen === false ? "§3.1 conditions only (no §5.2 widening)" : "with the §5.2 widenings"}${opts.assumeInBounds === false ? ", no in-bounds assumption" : ""}`;
  out.push(`Access-pattern analysis (seed 001 Table 1), ${mode}`);
  out.push(table([HEAD, ...rows.map(cells), cells(total)]));
  out.push("");
  out.push(`Table 2: loops reached (columns) by nest depth (rows); the diagonal is full`);
  for (const r of [...rows, total]) {
    const depths = r.levels.map((line, d) => ({ line, d })).filter(({ line, d }) => d > 0 && line.some((n) => n > 0));
    if (depths.length === 0) continue;
    const maxD = Math.max(...depths.map((x) => x.d));
    const grid: string[][] = [[r.program, ...Array.from({ length: maxD + 1 }, (_, k) => String(k))]];
    for (let d = 1; d <= maxD; d++) {
      const line = r.levels[d] ?? [];
      grid.push([String(d), ...Array.from({ length: maxD + 1 }, (_, k) => (k > d ? "" : String(line[k] ?? 0)))]);
    }
    const w = Math.max(...grid.flat().map((c) => c.length));
    out.push(grid.map((g) => g.map((c, k) => (k === 0 ? c.padEnd(Math.max(w, r.program.length)) : c.padStart(w))).join("  ").trimEnd()).join("\n"));
  }
  const partial = Object.entries(total.partialReasons).sort((a, b) => b[1] - a[1]);
  if (partial.length) {
    out.push("");
    out.push(`Why partial references stopped: ${partial.map(([k, v]) => `${k} ${v}`).join(", ")}`);
  }
  if (total.outside) out.push(`Not counted: ${total.outside} array element references outside every loop.`);
  for (const u of total.unreadable) out.push(`Not analyzed: ${u.file}: ${u.reason.replace(`${u.file}: `, "")}`);
  return out.join("\n") + "\n";
}
