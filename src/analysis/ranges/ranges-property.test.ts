import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import type { Loop } from "../../ir/stmt.js";
import { fortran } from "../test-support/parse.js";
import { analyzeRanges } from "./range-analysis.js";
import { randomFortran } from "./test-support/random-fortran.js";
import { runProcedure, type Outcome } from "./test-support/run-fortran.js";

/**
 * Issue 7's property: on random programs, the inferred range always
 * contains every value observed in an interpreter run that stays in
 * bounds. Runs that stop, and runs that never end (a repeated state), are
 * kept: facts about references that such a run never reaches must not
 * cover it. Without the bounds assumption every run counts, out of
 * bounds or not.
 */
interface Tally {
  programs: number;
  runs: Map<Outcome, number>;
  checked: number;
  /** Observations whose range was narrower than "any integer". */
  bounded: number;
}

function check(boundsAssumption: boolean, numRuns: number): Tally {
  const tally: Tally = { programs: 0, runs: new Map(), checked: 0, bounded: 0 };
  fc.assert(
    fc.property(fc.array(fc.nat({ max: 9999 }), { minLength: 300, maxLength: 300 }), fc.array(fc.integer({ min: -12, max: 12 }), { minLength: 8, maxLength: 8 }), (stream, inputs) => {
      let at = 0;
      const { text } = randomFortran(() => stream[at++ % stream.length]! / 10000);
      const proc = fortran(text, "r.f90").procedures[0]!;
      const ranges = analyzeRanges(proc, { boundsAssumption });
      tally.programs++;
      for (let run = 0; run < 6; run++) {
        let k = 0;
        const r = runProcedure(proc, () => inputs[(run * 3 + k++) % inputs.length]! + run, { checkBounds: boundsAssumption, seed: run + 1 });
        tally.runs.set(r.outcome, (tally.runs.get(r.outcome) ?? 0) + 1);
        if (r.outcome === "out-of-bounds" || r.outcome === "error" || r.outcome === "too-long") continue;
        for (const o of r.observations) {
          for (const [sym, value] of o.values) {
            const range = o.entry ? ranges.atLoopEntry(o.stmt as Loop, sym) : ranges.before(o.stmt, sym);
            tally.checked++;
            if (!range.set.isAll()) tally.bounded++;
            assert.ok(
              range.set.has(value),
              `${sym.name} = ${value} ${o.entry ? "at the start of the loop" : "before the statement"} at line ${o.stmt.span.line} (run ${run}, ${r.outcome}), outside ${range.set}\n${text}`,
            );
          }
        }
      }
    }),
    { numRuns },
  );
  return tally;
}

function summary(t: Tally): string {
  return `${t.programs} programs, runs ${[...t.runs].map(([k, v]) => `${k} ${v}`).join(", ")}; ${t.checked} values checked, ${t.bounded} against a bounded range`;
}

test("ranges contain every value of in-bounds runs (bounds assumption)", (t) => {
  const tally = check(true, 1500);
  t.diagnostic(summary(tally));
  assert.ok((tally.runs.get("endless") ?? 0) > 0 && (tally.runs.get("stopped") ?? 0) > 0, "the generator makes endless and stopping runs");
  assert.ok(tally.bounded > tally.checked / 10, "the ranges are not vacuous");
});

test("ranges contain every value of every run (no bounds assumption)", (t) => {
  const tally = check(false, 800);
  t.diagnostic(summary(tally));
  assert.ok(tally.bounded > 0);
});
