// Property tests of the whole array dependence analysis against brute
// force (issue 6, "Done when"): random small loop nests are run by an
// interpreter that records every access; doall must never say
// "independent" where two iterations touch the same element, its
// direction vectors must contain every real one, its distances must be the
// real ones, and a loop it calls parallel (or parallel when its run-time
// check holds) must carry no dependence. Fortran and C layouts are built as
// HIR; Fortran is also printed as source and parsed by the front end.
import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { parseFortran } from "../../frontend/fortran/parse-fortran.js";
import { memoryHost } from "../../source/host.js";
import type { Sym } from "../../ir/symbol.js";
import { analyzeProcedure } from "./analyze.js";
import { checkAgainstExecution, type CheckTally } from "./test-support/check.js";
import { buildNest, fortranText, nestArb, type NestSpec } from "./test-support/random-nest.js";

const envArb = fc.array(fc.record({ n: fc.integer({ min: -1, max: 4 }), m: fc.integer({ min: -3, max: 3 }) }), { minLength: 2, maxLength: 3 });

function checkSpec(spec: NestSpec, envs: { n: number; m: number }[], tally: CheckTally, viaText: boolean): void {
  let proc;
  let n: Sym | undefined;
  let m: Sym | undefined;
  if (viaText) {
    const text = fortranText(spec);
    const prog = parseFortran("p.f90", text, memoryHost({}), { form: "free" });
    assert.equal(prog.diagnostics.filter((d) => d.severity === "error").length, 0, text + prog.diagnostics.map((d) => d.message).join("\n"));
    proc = prog.procedures[0]!;
    n = proc.symbols.get("n");
    m = proc.symbols.get("m");
  } else {
    const built = buildNest(spec);
    proc = built.proc;
    n = built.n;
    m = built.m;
  }
  const deps = analyzeProcedure(proc);
  for (const e of envs) {
    const env = new Map<Sym, number>();
    if (n) env.set(n, e.n);
    if (m) env.set(m, e.m);
    try {
      checkAgainstExecution(deps, env, tally);
    } catch (err) {
      throw new Error(`${(err as Error).message}\n${fortranText(spec)}(${spec.lang} layout)`);
    }
  }
}

const runs = (n: number) => Number(process.env.DOALL_PROPERTY_SCALE ?? 1) * n;

for (const [name, lang, viaText, numRuns] of [
  ["Fortran layout (HIR)", "fortran", false, runs(4500)],
  ["C layout (HIR)", "c", false, runs(4000)],
  ["Fortran source through the front end", "fortran", true, runs(1500)],
] as const) {
  test(`soundness against brute force: ${name}`, () => {
    const tally: CheckTally = { pairs: 0, collisions: 0, independentClaims: 0 };
    fc.assert(
      fc.property(nestArb(lang), envArb, (spec, envs) => checkSpec(spec, envs, tally, viaText)),
      { numRuns },
    );
    // The generator must produce both outcomes, or the test proves little.
    assert.ok(tally.collisions > 0 && tally.independentClaims > 0, JSON.stringify(tally));
  });
}
