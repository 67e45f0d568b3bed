#!/usr/bin/env node
// Precision and cost of the array dependence tests over directories of
// sources (e.g. NPB 3.3-SER): per test, on how many reference pairs it ran
// and how many it proved independent; how many pairs stayed dependent or
// unknown (and why); how many loops the parallelizer (planProgram, the one
// decision procedure of doall) calls parallel, parallel under a run-time
// check, or serial; wall time. Prints figures; asserts nothing.
//
// Usage: npm run build && node scripts/bench-deps.js DIR... [--ext .f,.f90] [-I DIR] [--no-bounds-assumption]
//   Files are found recursively by suffix. Nothing is written; no source or
//   derived data leaves the machine.
import { existsSync, readdirSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { sourceFiles } from "./source-files.js";

const root = fileURLToPath(new URL("..", import.meta.url));
const args = process.argv.slice(2);
const dirs = [];
let exts = [".f", ".for", ".f77", ".f90", ".f95", ".c"];
const includeDirs = [];
let boundsAssumption = true;
for (let i = 0; i < args.length; i++) {
  const a = args[i];
  if (a === "--ext") exts = args[++i].split(",");
  else if (a === "-I") includeDirs.push(args[++i]);
  else if (a === "--no-bounds-assumption") boundsAssumption = false;
  else dirs.push(a);
}
if (dirs.length === 0) {
  console.error("usage: node scripts/bench-deps.js DIR... [--ext .f,.f90] [-I DIR] [--no-bounds-assumption]");
  process.exit(2);
}
const dist = (p) => join(root, "dist", p);
if (!existsSync(dist("analysis/dependence/analyze.js"))) {
  console.error("dist/ is missing: run `npm run build` first");
  process.exit(2);
}
const { loadProgram } = await import(dist("driver/load-program.js"));
const { linkLoaded } = await import(dist("driver/link-loaded.js"));
const { DepStats } = await import(dist("analysis/dependence/stats.js"));
const { planProgram } = await import(dist("parallelize/plan-program.js"));
const { nodeHost } = await import(dist("node/node-host.js"));
const { FortranCache } = await import(dist("frontend/fortran/source-reader.js"));
const { ensureCParser } = await import(dist("node/c-parser-node.js"));
await ensureCParser();


const host = nodeHost(process.cwd());
const cache = new FortranCache();
const total = new DepStats();
const perDir = [];
const loops = { total: 0, parallel: 0, conditional: 0, serial: 0 };
let failures = 0;
const t0 = process.hrtime.bigint();
for (const d of dirs) {
  for (const sub of readdirSync(d).sort()) {
    const p = join(d, sub);
    if (!statSync(p).isDirectory()) continue;
    const files = sourceFiles(p, (n) => exts.some((e) => n.endsWith(e)));
    if (files.length === 0) continue;
    const stats = new DepStats();
    const t1 = process.hrtime.bigint();
    // The files of a program are linked, as `doall parallelize DIR` links them.
    const loaded = files.map((f) => loadProgram(f, host, { includeDirs: [dirname(f), ...includeDirs], fortranCache: cache }));
    const link = linkLoaded(loaded);
    for (const l of loaded) {
      if (!l.program) continue;
      let plan;
      try {
        plan = planProgram(l.program, { boundsAssumption, rangeFacts: false, link, stats });
      } catch (e) {
        failures++;
        console.error(`${l.path}: ${e.stack ?? e}`);
        continue;
      }
      failures += plan.warnings.length;
      for (const lp of plan.loops) {
        loops.total++;
        if (lp.parallel) loops.parallel++;
        else if (lp.runtimeCheck) loops.conditional++;
        else loops.serial++;
      }
    }
    perDir.push({ name: sub, stats, seconds: Number(process.hrtime.bigint() - t1) / 1e9 });
    total.add(stats);
  }
}
const seconds = Number(process.hrtime.bigint() - t0) / 1e9;

const tests = ["ziv", "siv", "gcd", "banerjee", "emi", "exact"];
const row = (name, s, secs) => [name, String(s.pairs), ...tests.map((t) => `${s.tests[t].proved}/${s.tests[t].tried}`), String(s.independent), String(s.dependent), String(s.unknown), String(s.assumingBounds), secs.toFixed(1)];
const header = ["", "pairs", ...tests.map((t) => `${t} proved/tried`), "indep", "dep", "unknown", "in-bounds?", "s"];
const rows = [header, ...perDir.map((p) => row(p.name, p.stats, p.seconds)), row("total", total, seconds)];
const w = header.map((_, i) => Math.max(...rows.map((r) => r[i].length)));
for (const r of rows) console.log(r.map((c, i) => (i === 0 ? c.padEnd(w[i]) : c.padStart(w[i]))).join("  "));
console.log();
console.log(`loops: ${loops.total}, parallel ${loops.parallel}, parallel under a run-time check ${loops.conditional}, serial ${loops.serial}`);
console.log(`pairs whose answer relies on subscripts staying in bounds: ${total.assumingBounds}`);
console.log("unknown pairs by reason:");
for (const [k, v] of [...total.unknownWhy].sort((a, b) => b[1] - a[1]).slice(0, 12)) console.log(`  ${String(v).padStart(7)}  ${k}`);
if (failures) console.log(`analyses that failed (warnings of the plans): ${failures}`);
console.log(`time: ${seconds.toFixed(1)} s`);
