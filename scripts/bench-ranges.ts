// What the value ranges (issue 7, seed 003) buy on a set of sources, by
// default NPB 3.3-SER: how many loops the parallelizer (planProgram, as
// `doall analyze` decides) calls parallel (and parallel under a run-time
// check) with and without the bounds assumption, how many loops have no
// carried array dependence in four settings, and what the range analysis
// costs. Prints figures; asserts nothing; writes nothing (no source or
// derived data leaves the machine).
//
//   default   ranges with array-bounds facts, tests assume subscripts in bounds
//   no-bounds --no-bounds-assumption: ranges without bounds facts, no in-bounds assumption
//   in-bounds tests assume subscripts in bounds, no ranges (what the ranges add to it)
//   neither   no ranges, no in-bounds assumption (the dependence layer alone)
// The last two are not settings of doall (it always uses the ranges): only
// the array verdict (a fact, "arrays-parallel") is counted for them.
//
// Usage: node scripts/bench-ranges.js [DIR...] [--runs N]
import { dirname } from "node:path";
import { analyzeProcedure, type DependenceOptions, type ProcedureDeps } from "../src/analysis/dependence/analyze.js";
import { arrayVerdict } from "../src/analysis/dependence/verdict.js";
import { analyzeFlow, type ProcedureFlow } from "../src/analysis/flow-analysis.js";
import { RangeFactsUsed } from "../src/analysis/range-facts-used.js";
import { analyzeRangedDependences } from "../src/analysis/ranged-dependences.js";
import { analyzeRanges } from "../src/analysis/ranges/range-analysis.js";
import { nodeHost } from "../src/node/node-host.js";
import { loadProgram } from "../src/driver/load-program.js";
import { FortranCache } from "../src/frontend/fortran/source-reader.js";
import type { Program } from "../src/ir/program.js";
import { collectLoops } from "../src/ir/walk.js";
import { planProgram } from "../src/parallelize/plan-program.js";
import { sourceFiles } from "./source-files.js";

const args = process.argv.slice(2);
const dirs: string[] = [];
let runs = 3;
for (let i = 0; i < args.length; i++) {
  if (args[i] === "--runs") runs = Number(args[++i]);
  else dirs.push(args[i]!);
}
if (dirs.length === 0) dirs.push("/work/npb/NPB3.3-SER");


const host = nodeHost(process.cwd());
const cache = new FortranCache();
const programs: Program[] = [];
for (const f of dirs.flatMap((d) => sourceFiles(d, (n) => /\.(f|f90|c)$/.test(n)))) {
  const l = loadProgram(f, host, { includeDirs: [dirname(f)], fortranCache: cache });
  if (l.program) programs.push(l.program);
}
const flows: ProcedureFlow[] = programs.flatMap((p) => {
  try {
    return analyzeFlow(p);
  } catch {
    return [];
  }
});

type Setting = "default" | "no-bounds" | "in-bounds" | "neither";
const SETTINGS: Setting[] = ["default", "no-bounds", "in-bounds", "neither"];
const count = new Map(SETTINGS.map((s) => [s, { parallel: 0, check: 0, arrays: 0, ms: 0 }]));
const perLoop = new Map<string, Map<Setting, string>>();
let loops = 0;
let withFacts = 0;
let factsMs = 0;
let failures = 0;
for (const s of SETTINGS) {
  const t0 = performance.now();
  for (const f of flows) {
    let deps: ProcedureDeps | null = null;
    let used: RangeFactsUsed | null = null;
    try {
      if (s === "default" || s === "no-bounds") {
        const r = analyzeRangedDependences(f.proc, {}, { boundsAssumption: s === "default" }, f.cfg);
        deps = r.deps;
        used = new RangeFactsUsed(r);
      } else deps = analyzeProcedure(f.proc, { assumeInBounds: s === "in-bounds" } satisfies DependenceOptions);
    } catch {
      if (s === "default") failures++;
      deps = null;
    }
    for (const { loop } of collectLoops(f.proc.body)) {
      const c = count.get(s)!;
      if (s === "default") loops++;
      const v = deps ? arrayVerdict(deps, loop) : null;
      if (v?.parallel) c.arrays++;
      const key = `${loop.span.file}:${loop.span.line}`;
      if (!perLoop.has(key)) perLoop.set(key, new Map());
      perLoop.get(key)!.set(s, v?.parallel ? "P" : v?.runtimeCheck ? "C" : "S");
      if (s === "default" && v?.parallel && used) {
        const t1 = performance.now();
        if (used.forLoop(loop).length) withFacts++;
        factsMs += performance.now() - t1;
      }
    }
  }
  count.get(s)!.ms = performance.now() - t0;
}
// The decisions: the parallelizer itself, with and without the bounds assumption.
for (const s of ["default", "no-bounds"] as const) {
  const c = count.get(s)!;
  for (const p of programs) {
    for (const lp of planProgram(p, { boundsAssumption: s === "default", rangeFacts: false }).loops) {
      if (lp.parallel) c.parallel++;
      else if (lp.runtimeCheck) c.check++;
    }
  }
}

const cpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const time = (boundsAssumption: boolean) => {
  const xs: number[] = [];
  for (let r = 0; r < runs; r++) {
    const c0 = cpu();
    for (const f of flows) analyzeRanges(f.cfg, { boundsAssumption });
    xs.push(cpu() - c0);
  }
  return xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
};
const depCpu = () => {
  const c0 = cpu();
  for (const f of flows) {
    try {
      analyzeProcedure(f.proc, { assumeInBounds: true });
    } catch {
      // counted as failures above
    }
  }
  return cpu() - c0;
};
const flowCpu = () => {
  const c0 = cpu();
  for (const p of programs) analyzeFlow(p);
  return cpu() - c0;
};

console.log(`value ranges on ${dirs.join(", ")}: ${programs.length} files, ${flows.length} procedures, ${loops} loops`);
if (failures) console.log(`procedures whose dependence analysis threw: ${failures}`);
console.log(`setting     parallel  +check  arrays-parallel  (dependence pass, wall)`);
for (const s of SETTINGS) {
  const c = count.get(s)!;
  const planned = s === "default" || s === "no-bounds";
  console.log(`${s.padEnd(10)}  ${(planned ? String(c.parallel) : "-").padStart(8)}  ${(planned ? String(c.check) : "-").padStart(6)}  ${String(c.arrays).padStart(15)}  ${(c.ms / 1000).toFixed(1)} s`);
}
const moves = new Map<string, number>();
for (const m of perLoop.values()) {
  const k = `in-bounds ${m.get("in-bounds")} -> default ${m.get("default")}`;
  if (m.get("in-bounds") !== m.get("default")) moves.set(k, (moves.get(k) ?? 0) + 1);
  const k2 = `neither ${m.get("neither")} -> no-bounds ${m.get("no-bounds")}`;
  if (m.get("neither") !== m.get("no-bounds")) moves.set(k2, (moves.get(k2) ?? 0) + 1);
}
for (const [k, v] of moves) console.log(`  ${k}: ${v} loops (P parallel, C under a check, S serial)`);
console.log(`loops citing range facts (default): ${withFacts}; finding them took ${(factsMs / 1000).toFixed(1)} s`);
console.log(`cpu, median of ${runs}: range analysis ${time(true).toFixed(0)} ms with bounds facts, ${time(false).toFixed(0)} ms without;`);
console.log(`  for scale: dataflow ${flowCpu().toFixed(0)} ms, dependence tests (in-bounds, no ranges) ${depCpu().toFixed(0)} ms`);
