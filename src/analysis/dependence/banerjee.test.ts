import { test } from "node:test";
import assert from "node:assert/strict";
import { polyToString } from "../symbolic/polynomial.js";
import fc from "fast-check";
import { banerjeeBounds, banerjeeSymbolic, banerjeeTest } from "./banerjee.js";
import { analyzeProcedure } from "./analyze.js";
import type { Dir } from "./problem.js";
import { analyzeFortran } from "./test-support/fortran.js";
import { buildNest, nestArb } from "./test-support/random-nest.js";

test("Banerjee bounds under each direction: a(2*i) = a(i + 10), i = 1..10", () => {
  const a = analyzeFortran(`
subroutine s(a)
  real a(*)
  integer i
  do i = 1, 10
    a(2*i) = a(i + 10)
  end do
end
`);
  const pr = a.pairs(6, 6).find((p) => p.src.kind !== p.snk.kind)!;
  // source a(i+10) at t, sink a(2i) at t': h = (t + 11) - (2t' + 2) = t - 2t' + 9, t, t' in 0..9.
  // The region of each direction is a polygon with integer vertices: its bounds are exact.
  assert.equal(polyToString(pr.problem.eqs[0]!.poly), "a:t0 - 2*b:t0 + 9");
  const e = pr.problem.eqs[0]!.poly;
  for (const d of ["*", "=", "<", ">"] as const) {
    let lo = Infinity;
    let hi = -Infinity;
    for (let t = 0; t <= 9; t++)
      for (let u = 0; u <= 9; u++) {
        if (d === "<" ? !(t < u) : d === ">" ? !(t > u) : d === "=" ? t !== u : false) continue;
        lo = Math.min(lo, t - 2 * u + 9);
        hi = Math.max(hi, t - 2 * u + 9);
      }
    const r = banerjeeBounds(pr.problem, e, [d])!;
    assert.deepEqual([r.min!.map((m) => polyToString(m.num)), r.max!.map((m) => polyToString(m.num))], [[String(lo)], [String(hi)]], d);
  }
  assert.equal(banerjeeTest(pr.problem, ["="]).independent, false);
});

test("Banerjee proves independence when the difference keeps its sign: a(i + 20) vs a(i), i = 1..10", () => {
  const a = analyzeFortran(`
subroutine s(a)
  real a(*)
  integer i
  do i = 1, 10
    a(i + 20) = a(i)
  end do
end
`);
  const pr = a.pairs(6, 6).find((p) => p.src.kind !== p.snk.kind)!;
  assert.equal(banerjeeTest(pr.problem, ["*"]).independent, true);
});

// The numeric shortcut (issue 16: no symbol, every U a number) must answer as the symbolic candidates do,
// for every equation and direction vector; its soundness is each-test.test.ts's.
test("Banerjee's numeric bounds give the symbolic path's answer on random nests, for every direction vector", () => {
  let numbers = 0;
  fc.assert(
    fc.property(nestArb("fortran"), (spec) => {
      const { proc } = buildNest(spec);
      for (const pr of analyzeProcedure(proc).nests.flatMap((x) => x.pairs)) {
        let psis: Dir[][] = [[]];
        for (let k = 0; k < pr.problem.levels.length; k++) psis = psis.flatMap((v) => (["<", "=", ">", "*"] as Dir[]).map((d) => [...v, d]));
        for (const psi of psis) {
          const fast = banerjeeTest(pr.problem, psi);
          assert.deepEqual(fast, banerjeeSymbolic(pr.problem, psi), `${pr.problem.eqs.map((e) => polyToString(e.poly)).join("; ")} under (${psi.join(",")})`);
          if (fast.independent) numbers++;
        }
      }
    }),
    { numRuns: 300 },
  );
  assert.ok(numbers > 50, `only ${numbers} independences proved: the cases do not exercise the test`);
});
