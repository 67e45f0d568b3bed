import type { DepEdgeReport, DepsFileReport } from "doall";

/**
 * The dependence graph of one loop for Graphviz, drawn from `deps()`'s
 * JSON (its edges' fields, not the text of `doall deps --dot`): one node
 * per source line that ends an edge, labelled with the line itself, so
 * the reader sees the statements; edges coloured by kind as the CLI's
 * (flow black, anti blue, output red, input gray), dashed when carried by
 * a loop (labelled with its line), bold when definite. The dependences
 * between two lines share one arrow, a line of its label each.
 */
export const MAX_GRAPH_EDGES = 300;

const COLORS: Record<DepEdgeReport["kind"], string> = { flow: "black", anti: "blue", output: "red", input: "gray" };

export type LoopGraph = { dot: string; edges: number; innerIndices: number } | { tooLarge: number };

/**
 * The graph of the loop at `loopLine` from `deps(..., { loop })`. The
 * edges on the indices of the loops nested in it (their initialization
 * and step, which every iteration redoes: private by construction) are
 * left out and counted, as `deps` leaves out the loop's own index.
 */
export function loopGraphDot(report: DepsFileReport, loopLine: number, source: readonly string[]): LoopGraph {
  const inner = new Set(report.procedures.flatMap((p) => p.loops.filter((l) => l.line !== loopLine && l.index !== null).map((l) => l.index!)));
  const all = report.procedures.flatMap((p) => p.edges);
  const edges = all.filter((e) => e.array || !inner.has(e.var));
  if (edges.length > MAX_GRAPH_EDGES) return { tooLarge: edges.length };
  // Courier and Helvetica: the fonts whose widths Graphviz knows without a font library (viz.js has
  // none), so the boxes fit the text as the browser draws it (with a metric-compatible font).
  const out = ["digraph loop {", '  graph [rankdir=TB, nodesep=0.3, ranksep=0.4];', '  node [shape=box, style="rounded,filled", fillcolor="#f6f8fa", color="#8c959f", fontname="Courier", fontsize=12];', '  edge [fontname="Helvetica", fontsize=11];'];
  const lines = [...new Set(edges.flatMap((e) => [e.source.line, e.sink.line]))].sort((a, b) => a - b);
  for (const l of lines) out.push(`  n${l} [label=${q(`${l}: ${clip(source[l - 1] ?? "")}`)}, id=${q(`line-${l}`)}${l === loopLine ? ', fillcolor="#fff8c5"' : ""}];`);
  // The edges between one pair of lines as one arrow with a line of label per dependence (self-loops
  // on one statement would otherwise pile their labels on one another).
  const pairs = new Map<string, DepEdgeReport[]>();
  for (const e of edges) pairs.set(`${e.source.line}>${e.sink.line}`, [...(pairs.get(`${e.source.line}>${e.sink.line}`) ?? []), e]);
  for (const group of pairs.values()) {
    const { source, sink } = { source: group[0]!.source.line, sink: group[0]!.sink.line };
    const style = [group.some((e) => e.carrier !== null) ? "dashed" : "solid", group.some((e) => e.definite) ? "bold" : ""].filter(Boolean).join(",");
    const kinds = new Set(group.map((e) => e.kind));
    const color = kinds.size === 1 ? COLORS[group[0]!.kind] : "#57606a";
    const label = group.map((e) => `<font color="${COLORS[e.kind]}">${html(edgeLabel(e))}</font>`).join("<br/>");
    out.push(`  n${source} -> n${sink} [label=<${label}>, tooltip=${q(group.map(edgeTooltip).join("; "))}, color=${q(color)}, style=${q(style)}];`);
  }
  out.push("}");
  return { dot: out.join("\n") + "\n", edges: edges.length, innerIndices: all.length - edges.length };
}

function edgeLabel(e: DepEdgeReport): string {
  const parts = [`${e.kind} ${e.var}`];
  if (e.direction) parts.push(`(${e.direction.join(",")})`);
  if (e.distance?.some((d) => d !== null)) parts.push(`d=${e.distance.map((d) => (d === null ? "?" : d)).join(",")}`);
  if (e.carrier !== null) parts.push(`@${e.carrier}`);
  return parts.join(" ");
}

function edgeTooltip(e: DepEdgeReport): string {
  const end = (x: DepEdgeReport["source"]) => `line ${x.line}${x.call ? ` (call ${x.call})` : x.via ? ` (${x.via})` : ""}`;
  const carried = e.carrier === null ? "loop-independent" : `carried by the loop at line ${e.carrier}`;
  return `${e.kind} dependence on ${e.var}: ${end(e.source)} -> ${end(e.sink)}, ${carried}, ${e.definite ? "definite" : "possible"}${e.test ? `, decided by the ${e.test} test` : ""}`;
}

/** A source line as a label: blanks squeezed, at most 48 characters, no control characters. */
function clip(s: string): string {
  // eslint-disable-next-line no-control-regex
  const t = s.replace(/[\u0000-\u001f\u007f]/g, " ").trim().replace(/\s+/g, " ");
  return t.length > 48 ? t.slice(0, 47) + "…" : t;
}

/** Text in a Graphviz HTML-like label. */
function html(s: string): string {
  return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

/** A DOT string literal: only '"' and '\' need escaping inside one. */
function q(s: string): string {
  return `"${s.replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"`;
}
