// One case of the soundness property tests (soundness-*.test.ts): a random
// nest, analyzed once, checked against execution for a few values of its
// symbols.
import assert from "node:assert/strict";
import fc from "fast-check";
import { parseC } from "../../../frontend/c/parse-c.js";
import { parseFortran } from "../../../frontend/fortran/parse-fortran.js";
import { memoryHost } from "../../../source/host.js";
import type { Sym } from "../../../ir/symbol.js";
import { analyzeProcedure } from "../analyze.js";
import { analyzeRangedDependences } from "../../ranged-dependences.js";
import { checkAgainstExecution, type CheckTally } from "./check.js";
import { buildNest, cSpec, cText, fortranText, nestArb, type NestSpec } from "./random-nest.js";

export const envArb = fc.array(fc.record({ n: fc.integer({ min: -1, max: 4 }), m: fc.integer({ min: -3, max: 3 }) }), { minLength: 2, maxLength: 3 });

/**
 * `ranged`: analyzed once per assignment, with the value ranges told that
 * the dummies n and m hold exactly those values on entry (as every call of
 * the whole program gives them: run-constants.ts), and no bounds assumption
 * (the random subscripts may leave their bounds): the ranges then fix n and
 * m in the dependence problems (problem.ts's `fixed`) and bound the values
 * loop instances start with (`instanceRanges`).
 */
export function checkSpec(spec: NestSpec, envs: { n: number; m: number }[], tally: CheckTally, viaText: boolean, ranged = false): void {
  let proc;
  let n: Sym | undefined;
  let m: Sym | undefined;
  if (viaText && spec.lang === "c") {
    const text = cText(spec);
    const prog = parseC("p.c", text, memoryHost({ "p.c": text }));
    assert.equal(prog.diagnostics.filter((d) => d.severity === "error").length, 0, text + prog.diagnostics.map((d) => d.message).join("\n"));
    proc = prog.procedures.find((x) => x.name === "p")!;
    n = proc.symbols.get("n");
    m = proc.symbols.get("m");
  } else if (viaText) {
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
  const general = ranged ? null : analyzeProcedure(proc);
  for (const e of envs) {
    const env = new Map<Sym, number>();
    if (n) env.set(n, e.n);
    if (m) env.set(m, e.m);
    const deps = general ?? analyzeRangedDependences(proc, { entryValues: env }, { boundsAssumption: false }).deps;
    try {
      checkAgainstExecution(deps, env, tally);
    } catch (err) {
      throw new Error(`${(err as Error).message}\n${viaText && spec.lang === "c" ? cText(spec) : fortranText(spec)}(${spec.lang} layout)`);
    }
  }
}

/**
 * Runs `numRuns` random cases (scaled by DOALL_PROPERTY_SCALE) and checks the generator produced both outcomes.
 * A failure found with a random seed replays with FC_SEED and FC_PATH set to the seed and path it printed.
 */
export function soundnessProperty(lang: "fortran" | "c", viaText: boolean, numRuns: number, ranged = false): void {
  const tally: CheckTally = { pairs: 0, collisions: 0, independentClaims: 0 };
  fc.assert(
    fc.property(nestArb(lang).map((s) => (viaText && lang === "c" ? cSpec(s) : s)), envArb, (spec, envs) => checkSpec(spec, envs, tally, viaText, ranged)),
    { numRuns: Math.round(Number(process.env.DOALL_PROPERTY_SCALE ?? 1) * numRuns), ...(process.env.FC_SEED ? { seed: Number(process.env.FC_SEED), path: process.env.FC_PATH, endOnFailure: true } : {}) },
  );
  // The generator must produce both outcomes, or the test proves little.
  assert.ok(tally.collisions > 0 && tally.independentClaims > 0, JSON.stringify(tally));
}
