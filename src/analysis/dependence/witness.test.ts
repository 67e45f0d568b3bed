import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { integerFeasible, type LinSys, type Row } from "./omega.js";
import { findWitness } from "./witness.js";

/**
 * witness.ts: a point it returns satisfies every constraint (so "feasible"
 * is proved), and on the feasible systems of random bounded problems it
 * finds one most of the time (else it is no use). The Omega test and brute
 * force agree with it.
 */

const value = (r: Row, x: number[]) => r[0]! + x.reduce((s, v, i) => s + v * (r[i + 1] ?? 0), 0);

function bruteForce(sys: LinSys, box: number): boolean {
  const x = new Array(sys.n).fill(-box);
  for (;;) {
    if (sys.eqs.every((r) => value(r, x) === 0) && sys.geqs.every((r) => value(r, x) >= 0)) return true;
    let i = 0;
    while (i < sys.n && x[i] === box) x[i++] = -box;
    if (i === sys.n) return false;
    x[i]++;
  }
}

test("a witness is a solution; on feasible random systems one is found most of the time", () => {
  const coef = fc.integer({ min: -3, max: 3 });
  const row = (n: number) => fc.tuple(fc.integer({ min: -6, max: 6 }), fc.array(coef, { minLength: n, maxLength: n })).map(([c, a]) => [c, ...a]);
  const sysArb = fc.integer({ min: 1, max: 4 }).chain((n) => fc.record({ n: fc.constant(n), eqs: fc.array(row(n), { maxLength: 2 }), geqs: fc.array(row(n), { maxLength: 5 }) }));
  let feasible = 0;
  let found = 0;
  fc.assert(
    fc.property(sysArb, (s) => {
      const box: Row[] = [];
      for (let i = 0; i < s.n; i++) {
        const lo: Row = new Array(s.n + 1).fill(0);
        const hi: Row = new Array(s.n + 1).fill(0);
        lo[0] = hi[0] = 4;
        lo[i + 1] = 1;
        hi[i + 1] = -1;
        box.push(lo, hi);
      }
      const sys: LinSys = { n: s.n, eqs: s.eqs, geqs: [...s.geqs, ...box] };
      const w = findWitness(sys);
      const truth = bruteForce(sys, 4);
      if (w) {
        assert.equal(w.length, s.n);
        for (const r of sys.eqs) assert.equal(value(r, w), 0, JSON.stringify({ sys, w }));
        for (const r of sys.geqs) assert.ok(value(r, w) >= 0, JSON.stringify({ sys, w }));
        assert.notEqual(integerFeasible(sys), "infeasible");
      }
      if (truth) {
        feasible++;
        if (w) found++;
      }
    }),
    { numRuns: 2000 },
  );
  assert.ok(found > 0.8 * feasible, `found ${found} of ${feasible} feasible`);
});

test("a dependence system: t' = t + 1 within 0..n-1 and n >= 3 (unbounded above), and the same with t' <= t - 1 (none)", () => {
  // Variables: t, t', n. Rows [c, t, t', n].
  const feasible: LinSys = { n: 3, eqs: [[1, 1, -1, 0]], geqs: [[0, 1, 0, 0], [-1, -1, 0, 1], [0, 0, 1, 0], [-1, 0, -1, 1], [-3, 0, 0, 1]] };
  const w = findWitness(feasible)!;
  assert.ok(w);
  assert.equal(w[1], w[0]! + 1);
  const none: LinSys = { ...feasible, geqs: [...feasible.geqs, [-1, 1, -1, 0]], eqs: [] };
  none.geqs.push([1, 1, -1, 0], [-1, -1, 1, 0]);
  assert.equal(findWitness(none), null);
});
