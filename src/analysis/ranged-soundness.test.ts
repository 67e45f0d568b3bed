// Property test of the dependence tests fed with value ranges (issue 7 §5,
// seed 003 §2-§4): random nests from the dependence layer's generator,
// after a random prologue of references b(c0·m + c1), b(n + c2) (some under
// an IF) that bound n and m under the bounds assumption. Every run whose
// subscripts all stay within their declared bounds (seed 003's correct
// program) must agree with what doall says: no real collision where it
// says independent, no carried dependence in a loop it calls parallel.
// Runs that leave the bounds are not the programs the assumption is about
// and are skipped.
import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import type { Sym } from "../ir/symbol.js";
import { checkAgainstExecution, type CheckTally } from "./dependence/test-support/check.js";
import { run } from "./dependence/test-support/interpret.js";
import { fortranText, nestArb } from "./dependence/test-support/random-nest.js";
import { analyzeRangedDependences } from "./ranged-dependences.js";
import { fortran } from "./test-support/parse.js";

interface Prologue {
  lo: number;
  ext: number;
  facts: { v: "n" | "m"; c0: number; c1: number; guard: number | null }[];
}

const prologueArb: fc.Arbitrary<Prologue> = fc.record({
  lo: fc.integer({ min: -3, max: 1 }),
  ext: fc.integer({ min: 1, max: 6 }),
  facts: fc.array(
    fc.record({ v: fc.constantFrom("n" as const, "m" as const), c0: fc.constantFrom(1, 1, -1, 2), c1: fc.integer({ min: -3, max: 3 }), guard: fc.option(fc.integer({ min: -2, max: 3 }), { freq: 3 }) }),
    { minLength: 1, maxLength: 3 },
  ),
});

function withPrologue(nest: string, p: Prologue): string {
  const lines = nest.split("\n");
  const at = lines.findIndex((l) => l.startsWith("real a("));
  const body = p.facts.map((f) => {
    const ref = `b(${f.c0 === 1 ? "" : `${f.c0} * `}${f.v} + (${f.c1})) = 1.0`;
    return f.guard === null ? ref : `if (${f.v} < ${f.guard}) ${ref}`;
  });
  return [...lines.slice(0, at + 1), `real b(${p.lo}:${p.lo + p.ext - 1})`, ...body, ...lines.slice(at + 1)].join("\n");
}

test("dependence tests with ranges agree with every in-bounds run of random nests", (t) => {
  const tally: CheckTally = { pairs: 0, collisions: 0, independentClaims: 0 };
  let runs = 0;
  let inBounds = 0;
  let ranged = 0;
  fc.assert(
    fc.property(nestArb("fortran"), prologueArb, (spec, pro) => {
      const text = withPrologue(fortranText(spec), pro);
      const proc = fortran(text, "p.f90").procedures[0]!;
      const r = analyzeRangedDependences(proc, {}, { boundsAssumption: true });
      if (r.ranges?.answered.size) ranged++;
      const n = proc.symbols.get("n") as Sym;
      const m = proc.symbols.get("m") as Sym;
      for (let nv = -1; nv <= 4; nv++) {
        for (let mv = -4; mv <= 4; mv++) {
          const env = new Map<Sym, number>([
            [n, nv],
            [m, mv],
          ]);
          runs++;
          if (!run(proc, env).every((a) => a.inBounds)) continue;
          inBounds++;
          try {
            checkAgainstExecution(r.deps, env, tally);
          } catch (err) {
            throw new Error(`${(err as Error).message}\n${text}`);
          }
        }
      }
    }),
    { numRuns: Math.round(Number(process.env.DOALL_PROPERTY_SCALE ?? 1) * 400) },
  );
  t.diagnostic(`${runs} runs, ${inBounds} in bounds; ${ranged} of the nests got a range; ${JSON.stringify(tally)}`);
  assert.ok(tally.collisions > 0 && tally.independentClaims > 0 && inBounds > runs / 20, JSON.stringify({ runs, inBounds, ...tally }));
});
