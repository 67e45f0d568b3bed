import { parseFortran } from "/work/wt-dep/src/frontend/fortran/parse-fortran.ts";
import { memoryHost } from "/work/wt-dep/src/source/host.ts";
import { readFileSync } from "node:fs";
import { analyzeProcedure } from "/work/wt-dep/src/analysis/dependence/analyze.ts";
import { emiTest } from "/work/wt-dep/src/analysis/dependence/emi-test.ts";
const p = parseFortran("f.f", readFileSync("/tmp/dep/ftrvmt.f", "utf8"), memoryHost({}), {});
const deps = analyzeProcedure(p.procedures[0]!);
for (const n of deps.nests) for (const pr of n.pairs) {
  const t0 = performance.now();
  const r = emiTest(pr.problem, ["<", "*", "*"], { affine: true, budget: 2_000_000 });
  console.log(pr.src.stmt.span.line, pr.snk.stmt.span.line, r.independent, r.note, (performance.now() - t0).toFixed(1), "ms");
}
