import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { integerFeasible, type LinSys, type Row } from "./omega.js";

function bruteForce(sys: LinSys, box: number): boolean {
  const x = new Array(sys.n).fill(-box);
  const val = (r: Row) => r[0]! + x.reduce((s, v, i) => s + v * (r[i + 1] ?? 0), 0);
  for (;;) {
    if (sys.eqs.every((r) => val(r) === 0) && sys.geqs.every((r) => val(r) >= 0)) return true;
    let i = 0;
    while (i < sys.n && x[i] === box) x[i++] = -box;
    if (i === sys.n) return false;
    x[i]++;
  }
}

test("omega: gcd of an equality (2x + 4y = 3 has no solution) and tightening", () => {
  assert.equal(integerFeasible({ n: 2, eqs: [[-3, 2, 4]], geqs: [] }), "infeasible");
  // 4 ≤ 3x ≤ 5 has no integer x although it has real ones.
  assert.equal(integerFeasible({ n: 1, eqs: [], geqs: [[-4, 3], [5, -3]] }), "infeasible");
  assert.equal(integerFeasible({ n: 1, eqs: [], geqs: [[-4, 3], [6, -3]] }), "feasible");
});

test("omega: Pugh's example needs the equality substitution (7x + 12y + 31z = 17, 3x + 5y + 14z = 7)", () => {
  const sys: LinSys = { n: 3, eqs: [[-17, 7, 12, 31], [-7, 3, 5, 14]], geqs: [[-1, 1], [40, -1], [50, 1], [50, -1]] };
  assert.equal(integerFeasible(sys), bruteForce({ ...sys }, 60) ? "feasible" : "infeasible");
});

test("omega: a thin real polytope with no integer point needs the dark shadow and splinters", () => {
  // 27 ≤ 11x + 13y ≤ 45, -10 ≤ 7x - 9y ≤ 4 (Pugh's §3 style example)
  const sys: LinSys = { n: 2, eqs: [], geqs: [[-27, 11, 13], [45, -11, -13], [10, 7, -9], [4, -7, 9]] };
  const r = integerFeasible(sys);
  assert.equal(r, bruteForce(sys, 20) ? "feasible" : "infeasible");
});

test("omega: never contradicts brute force on random bounded systems", () => {
  const coef = fc.integer({ min: -4, max: 4 });
  const row = (n: number) => fc.tuple(fc.integer({ min: -8, max: 8 }), fc.array(coef, { minLength: n, maxLength: n })).map(([c, a]) => [c, ...a]);
  const sysArb = fc.integer({ min: 1, max: 3 }).chain((n) =>
    fc.record({
      n: fc.constant(n),
      eqs: fc.array(row(n), { maxLength: 2 }),
      geqs: fc.array(row(n), { maxLength: 4 }),
    }),
  );
  fc.assert(
    fc.property(sysArb, (s) => {
      // Box every variable to -5..5 so that brute force is finite and exact.
      const box: Row[] = [];
      for (let i = 0; i < s.n; i++) {
        const lo = new Array(s.n + 1).fill(0);
        lo[0] = 5;
        lo[i + 1] = 1;
        const hi = new Array(s.n + 1).fill(0);
        hi[0] = 5;
        hi[i + 1] = -1;
        box.push(lo, hi);
      }
      const sys: LinSys = { n: s.n, eqs: s.eqs, geqs: [...s.geqs, ...box] };
      const truth = bruteForce(sys, 5);
      const r = integerFeasible(sys);
      if (r === "infeasible") assert.equal(truth, false, JSON.stringify(sys));
      if (r === "feasible") assert.equal(truth, true, JSON.stringify(sys));
    }),
    { numRuns: 1500 },
  );
});
