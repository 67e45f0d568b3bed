// Benchmark of the control- and data-flow analyses (CFG, dependence graph,
// regions, summaries) on every procedure of a set of Fortran sources,
// by default NPB 3.3-SER. Parsing is done first and not counted: the figure
// is the analysis time "on top of parsing". Prints figures; asserts nothing.
//
// Usage: node scripts/bench-dataflow.js [DIR...] [--runs N] [--input]
import { dirname } from "node:path";
import { analyzeFlow, type FlowTimings } from "../src/analysis/flow-analysis.js";
import { nodeHost } from "../src/node/node-host.js";
import { parseFortran } from "../src/frontend/fortran/parse-fortran.js";
import type { Program } from "../src/ir/program.js";
import { sourceFiles } from "./source-files.js";

const args = process.argv.slice(2);
const dirs: string[] = [];
let runs = 7;
let input = false;
for (let i = 0; i < args.length; i++) {
  if (args[i] === "--runs") runs = Number(args[++i]);
  else if (args[i] === "--input") input = true;
  else dirs.push(args[i]!);
}
if (dirs.length === 0) dirs.push("/work/npb/NPB3.3-SER");


const files = dirs.flatMap((d) => sourceFiles(d, (n) => /\.(f|f90)$/.test(n)));
const host = nodeHost(process.cwd());
const t0 = performance.now();
const programs: Program[] = files.map((f) => parseFortran(f, host.readFile(f)!, host, { includeDirs: [dirname(f)] }));
const parseMs = performance.now() - t0;

const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const samples: { wall: number; cpu: number; phases: FlowTimings }[] = [];
let stats = { procedures: 0, failed: [] as string[], loops: 0, blocks: 0, refs: 0, edges: 0, arrayEdges: 0, carried: 0, definite: 0, kinds: {} as Record<string, number>, structured: 0, dataflow: 0, scalars: {} as Record<string, number>, reductions: 0 };
for (let r = 0; r < runs + 1; r++) {
  const phases: FlowTimings = { cfg: 0, deps: 0, regions: 0, summaries: 0 };
  const s = { ...stats, failed: [] as string[], kinds: {} as Record<string, number>, scalars: {} as Record<string, number>, procedures: 0, loops: 0, blocks: 0, refs: 0, edges: 0, arrayEdges: 0, carried: 0, definite: 0, structured: 0, dataflow: 0, reductions: 0 };
  const w0 = performance.now();
  const c0 = cpuMs();
  for (const p of programs) {
    let flows;
    try {
      flows = analyzeFlow(p, { input, clock: () => performance.now(), timings: phases });
    } catch (e) {
      s.failed.push(`${p.file.path}: ${(e as Error).message}`);
      continue;
    }
    if (r > 0) continue; // statistics once, outside the timed runs' loop body cost
    for (const f of flows) {
      s.procedures++;
      s.loops += f.cfg.loops.length;
      s.blocks += f.cfg.blocks.length;
      s.refs += f.cfg.refs.size;
      s.edges += f.deps.size;
      for (let i = 0; i < f.deps.size; i++) {
        const k = f.deps.kind(i);
        s.kinds[k] = (s.kinds[k] ?? 0) + 1;
        if (!f.cfg.vars.vars[f.cfg.refs.refs[f.deps.sink(i)]!.var]!.scalar) s.arrayEdges++;
        if (f.deps.carrier(i) !== null) s.carried++;
        if (f.deps.definite(i)) s.definite++;
      }
      for (const l of f.regions.loops) {
        if (l.method === "structured") s.structured++;
        else s.dataflow++;
        for (const x of l.scalars) {
          s.scalars[x.class] = (s.scalars[x.class] ?? 0) + 1;
          if (x.reduction) s.reductions++;
        }
      }
    }
  }
  const wall = performance.now() - w0;
  const cpu = cpuMs() - c0;
  // The first run warms the JIT up and collects the statistics; it is not timed.
  if (r === 0) stats = s;
  else samples.push({ wall, cpu, phases });
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const ms = (x: number) => `${x.toFixed(0)} ms`;
console.log(`dataflow analyses on ${dirs.join(", ")}`);
console.log(`  files              ${files.length} (parsed in ${ms(parseMs)}, not counted)`);
console.log(`  procedures         ${stats.procedures} analyzed, ${stats.failed.length} failed${stats.failed.length ? ": " + stats.failed.join("; ") : ""}`);
console.log(`  loops              ${stats.loops} (regions: ${stats.structured} by the merge rules, ${stats.dataflow} by dataflow)`);
console.log(`  blocks, refs       ${stats.blocks}, ${stats.refs}`);
console.log(`  edges              ${stats.edges} (${stats.edges - stats.arrayEdges} scalar, ${stats.arrayEdges} array; ${stats.carried} carried; ${stats.definite} definite)`);
console.log(`  by kind            ${Object.entries(stats.kinds).map(([k, v]) => `${k} ${v}`).join(", ")}${input ? "" : " (input dependences off; --input)"}`);
console.log(`  scalar classes     ${Object.entries(stats.scalars).sort().map(([k, v]) => `${k} ${v}`).join(", ")}; ${stats.reductions} reduction candidates`);
console.log(`  runs               ${runs} (after one warm-up run)`);
console.log(`  wall (median)      ${ms(median(samples.map((s) => s.wall)))}   [${samples.map((s) => s.wall.toFixed(0)).join(" ")}]`);
console.log(`  cpu (median)       ${ms(median(samples.map((s) => s.cpu)))}`);
for (const k of ["cfg", "deps", "regions", "summaries"] as const) console.log(`    ${k.padEnd(16)} ${ms(median(samples.map((s) => s.phases[k])))}`);
