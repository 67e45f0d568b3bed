import fc from "/work/wt-dep/node_modules/fast-check/lib/fast-check.js";
import { buildNest, nestArb } from "/work/wt-dep/src/analysis/dependence/test-support/random-nest.ts";
import { analyzeProcedure } from "/work/wt-dep/src/analysis/dependence/analyze.ts";
import * as ex from "/work/wt-dep/src/analysis/dependence/exact-test.ts";
const specs = fc.sample(nestArb("fortran"), { numRuns: 300, seed: 42 });
let pairs = 0, nodes = 0;
const t0 = performance.now(); const c0 = process.cpuUsage();
for (const spec of specs) {
  const { proc } = buildNest(spec);
  const deps = analyzeProcedure(proc);
  for (const n of deps.nests) { pairs += n.pairs.length; }
}
console.log("pairs/case", pairs / specs.length, "ms/case", (performance.now() - t0) / specs.length, "cpu ms/case", process.cpuUsage(c0).user / 1000 / specs.length);
console.log((globalThis as any).__tt);
