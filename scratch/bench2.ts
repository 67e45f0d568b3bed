import fc from "/work/wt-dep/node_modules/fast-check/lib/fast-check.js";
import { buildNest, nestArb } from "/work/wt-dep/src/analysis/dependence/test-support/random-nest.ts";
import { analyzeProcedure } from "/work/wt-dep/src/analysis/dependence/analyze.ts";
const specs = fc.sample(nestArb("fortran"), { numRuns: 1000, seed: 7 });
const procs = specs.map((s) => buildNest(s).proc);
for (let rep = 0; rep < 3; rep++) {
  const c0 = process.cpuUsage(); const t0 = performance.now();
  for (const p of procs) analyzeProcedure(p);
  console.log("cpu ms/case", process.cpuUsage(c0).user / 1000 / procs.length, "wall", (performance.now() - t0) / procs.length);
}
