import fc from "/work/wt-dep/node_modules/fast-check/lib/fast-check.js";
import { buildNest, nestArb } from "/work/wt-dep/src/analysis/dependence/test-support/random-nest.ts";
import { analyzeProcedure } from "/work/wt-dep/src/analysis/dependence/analyze.ts";
import { checkAgainstExecution } from "/work/wt-dep/src/analysis/dependence/test-support/check.ts";
const specs = fc.sample(nestArb("fortran"), { numRuns: 500, seed: 42 });
let ta = 0, tc = 0;
for (const spec of specs) {
  const { proc, n, m } = buildNest(spec);
  const t0 = performance.now();
  const deps = analyzeProcedure(proc);
  const t1 = performance.now();
  for (const e of [{ n: 2, m: 1 }, { n: 0, m: -1 }]) checkAgainstExecution(deps, new Map([[n, e.n], [m, e.m]]));
  const t2 = performance.now();
  ta += t1 - t0; tc += t2 - t1;
}
console.log("analysis ms/case", ta / specs.length, "check ms/case", tc / specs.length);
