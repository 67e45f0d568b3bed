import { test } from "node:test";
import assert from "node:assert/strict";
import { polyToString } from "../symbolic/polynomial.js";
import { banerjeeBounds, banerjeeTest } from "./banerjee.js";
import { analyzeFortran } from "./test-support/fortran.js";

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
