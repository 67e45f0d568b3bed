import type { DepEdgeReport, DepsFileReport, LoopDepsReport } from "./deps-report.js";

/**
 * `doall deps` text output: per procedure, one line per dependence edge
 * (`flow s: line 12 -> line 14 carried by loop at line 10 (definite)`),
 * then per loop the class of each scalar it touches.
 */
export function renderDepsText(r: DepsFileReport): string {
  const out: string[] = [];
  for (const p of r.procedures) {
    out.push(`${r.file}:${p.line}: ${p.name}${p.unanalyzable ? ` (not analyzable: ${p.unanalyzable}; results not trusted)` : ""}`);
    if (p.edges.length === 0) out.push("  no dependences");
    for (const e of p.edges) out.push("  " + edgeText(e));
    const hid: string[] = [];
    if (p.hidden.arrays) hid.push(`${p.hidden.arrays} on arrays (--arrays)`);
    if (p.hidden.indices) hid.push(`${p.hidden.indices} on loop indices inside their loops (--indices)`);
    if (hid.length) out.push(`  (not shown: ${hid.join(", ")})`);
    if (p.removedByTest) out.push(`  (array edges proved impossible: ${Object.entries(p.removedByTest).map(([t, n]) => `${n} by ${t}`).join(", ")})`);
    for (const l of p.loops) out.push(...loopText(l));
  }
  return out.join("\n") + "\n";
}

export function edgeText(e: DepEdgeReport): string {
  const end = (line: number, via?: string) => `line ${line}${via ? ` (${via})` : ""}`;
  const carried = e.carrier === null ? "" : ` carried by loop at line ${e.carrier}`;
  const arr: string[] = [];
  if (e.direction) arr.push(`direction (${e.direction.join(",")})`);
  if (e.distance?.some((d) => d !== null)) arr.push(`distance (${e.distance.map((d) => (d === null ? "?" : d)).join(",")})`);
  if (e.test) arr.push(`${e.test} test`);
  return `${e.kind} ${e.var}${e.array ? "()" : ""}: ${end(e.source, e.sourceVia)} -> ${end(e.sink, e.sinkVia)}${carried} (${e.definite ? "definite" : "possible"})${arr.length ? ` [${arr.join(", ")}]` : ""}`;
}

function loopText(l: LoopDepsReport): string[] {
  const head = l.index !== null ? `do ${l.index}` : "loop";
  const out = [`  loop at line ${l.line} (${head}, depth ${l.depth}${l.parent !== null ? `, in loop at line ${l.parent}` : ""}; ${l.method} regions)`];
  if (l.scalars.length === 0) out.push("    no scalars");
  for (const s of l.scalars) {
    let t = `    ${s.var}: ${s.class}`;
    if (s.why === "exposed-use") t += " (read before written in an iteration)";
    if (s.why === "conditional-last-value") t += " (written in some iterations only, and live after the loop)";
    if (s.reduction) t += `, reduction candidate (${s.reduction})`;
    if (s.live && (s.class === "lastprivate" || s.class === "index")) t += ", live after the loop";
    out.push(t);
  }
  const set = (name: string, xs: string[]) => `${name} {${xs.join(", ")}}`;
  out.push(`    one iteration: ${set("MOD", l.sets.mod)} ${set("USE", l.sets.use)} ${set("DDEF", l.sets.ddef)} ${set("EUSE", l.sets.euse)}; ${set("LIVE after", l.sets.liveAfter)}`);
  return out;
}

const COLORS: Record<DepEdgeReport["kind"], string> = { flow: "black", anti: "blue", output: "red", input: "gray" };

/**
 * Graphviz: one node per source line that is an end of an edge, one
 * cluster per procedure; flow black, anti blue, output red, input gray;
 * carried edges dashed and labelled with the carrying loop's line;
 * possible edges thin, definite ones bold.
 */
export function renderDepsDot(r: DepsFileReport): string {
  const out = [`digraph deps {`, `  label=${q(r.file)};`, `  node [shape=box, fontname="monospace"];`];
  r.procedures.forEach((p, pi) => {
    out.push(`  subgraph cluster_${pi} {`, `    label=${q(p.name)};`);
    const lines = new Set<number>();
    for (const e of p.edges) lines.add(e.source).add(e.sink);
    for (const l of [...lines].sort((a, b) => a - b)) out.push(`    p${pi}_${l} [label=${q(`line ${l}`)}];`);
    for (const e of p.edges) {
      const label = `${e.kind} ${e.var}${e.carrier !== null ? ` @${e.carrier}` : ""}`;
      const style = [e.carrier !== null ? "dashed" : "solid", e.definite ? "bold" : ""].filter(Boolean).join(",");
      out.push(`    p${pi}_${e.source} -> p${pi}_${e.sink} [label=${q(label)}, color=${COLORS[e.kind]}, style=${q(style)}];`);
    }
    out.push("  }");
  });
  out.push("}");
  return out.join("\n") + "\n";
}

function q(s: string): string {
  return JSON.stringify(s);
}
