import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { emi, emiToString, upper, type Emi } from "./emi.js";
import { gcdAll } from "./integers.js";
import { equalLinear, linear } from "./linear.js";
import { reduce, reduceApprox, reduceExact } from "./reduce.js";
import { arbEnv, arbRaw, arbRawSym, elements, enumerateRaw, isSubset, type RawSymEmi } from "./test-support/oracle.js";

const constEmi = arbRaw({ maxDegree: 5, maxStep: 12, maxCount: 4, maxLo: 20 }).map((r) => emi(r.lo, r.terms));
const sym = (r: RawSymEmi): Emi =>
  emi(linear(r.lo.c, r.lo.coefs), r.terms.map(([s, c]) => [s, linear(c.c, c.coefs)] as const));

test("exact reduction (§2.4.1) leaves the set unchanged", () => {
  fc.assert(
    fc.property(constEmi, (a) => {
      const r = reduceExact(a);
      assert.deepEqual(elements(r), elements(a));
      assert.ok(r.terms.length <= a.terms.length);
    }),
    { numRuns: 500 },
  );
});

test("exact reduction leaves the set unchanged for every assignment of symbolic counts", () => {
  fc.assert(
    fc.property(arbRawSym({ maxDegree: 4, maxStep: 8 }), arbEnv, (r, env) => {
      const a = sym(r);
      assert.deepEqual(elements(reduceExact(a), env), elements(a, env));
    }),
    { numRuns: 400 },
  );
});

test("exact reduction merges whenever §2.4.1's condition holds (nothing mergeable is left)", () => {
  fc.assert(
    fc.property(constEmi, (a) => {
      const ts = reduceExact(a).terms;
      for (let i = 0; i < ts.length; i++)
        for (let j = i + 1; j < ts.length; j++) {
          const k = ts[j]!.step / ts[i]!.step;
          assert.ok(!(Number.isInteger(k) && ts[i]!.count.c >= k - 1));
        }
    }),
  );
});

test("approximate reduction (§2.4.2) gives a superset of degree ≤ m", () => {
  fc.assert(
    fc.property(constEmi, fc.integer({ min: 1, max: 4 }), (a, m) => {
      const r = reduceApprox(a, m);
      assert.ok(r.terms.length <= m);
      assert.ok(isSubset(elements(a), elements(r)));
      assert.ok(equalLinear(upper(r), upper(a))); // relation 6 keeps u
    }),
    { numRuns: 500 },
  );
});

test("approximate reduction is a superset for every assignment of symbolic counts", () => {
  fc.assert(
    fc.property(arbRawSym({ maxDegree: 4, maxStep: 8 }), fc.integer({ min: 1, max: 3 }), arbEnv, (r, m, env) => {
      const a = sym(r);
      const red = reduceApprox(a, m);
      assert.ok(red.terms.length <= m);
      assert.ok(isSubset(elements(a, env), elements(red, env)));
    }),
    { numRuns: 400 },
  );
});

test("§2.4.2: reducing to degree 1 gives the modulo-interval result [l,u]<g:(u-l)/g>, g = gcd of steps", () => {
  fc.assert(
    fc.property(constEmi, (a) => {
      if (a.terms.length === 0) return;
      const r = reduceApprox(a, 1);
      const g = gcdAll(a.terms.map((t) => t.step));
      assert.equal(r.terms.length, 1);
      assert.equal(r.terms[0]!.step, g);
      assert.ok(equalLinear(r.lo, a.lo));
    }),
  );
});

test("reduce reports whether the set changed", () => {
  const a = emi(0, [[3, 1], [5, 1], [7, 1]]);
  assert.deepEqual(reduce(a, { maxDegree: 3 }), { value: a, exact: true });
  const r = reduce(a, { maxDegree: 2 });
  assert.equal(r.exact, false);
  assert.ok(r.value.terms.length <= 2);
  assert.throws(() => reduce(a, { maxDegree: 0 }));
});

test("§2.4.2 erratum: the printed count (α_iβ_j + α_jβ_i)/γ loses elements; relation 6's does not", () => {
  // A = [0,42]<2:1,4:10>: the pair (2,4) has γ = 2.
  const a = emi(0, [[2, 1], [4, 10]]);
  assert.equal(emiToString(a), "[0,42]<2:1,4:10>");
  const printed = enumerateRaw(0, [[2, (2 * 10 + 4 * 1) / 2]]); // count 12: up to 24
  assert.ok(elements(a).includes(42) && !printed.includes(42));
  const ours = reduceApprox(a, 1);
  assert.equal(emiToString(ours), "[0,42]<2:21>");
  assert.ok(isSubset(elements(a), elements(ours)));
});

test("§2.4.2 picks the pair of least cost (1/γ)(α_i/γ − 1)", () => {
  // Pairs of <4,6,9>: (4,6) γ=2 cost 1/2; (4,9) γ=1 cost 3; (6,9) γ=3 cost 1/3 → merge 6 and 9 into 3.
  const r = reduceApprox(emi(0, [[4, 1], [6, 1], [9, 1]]), 2);
  assert.deepEqual(r.terms.map((t) => t.step), [3, 4]);
  assert.equal(emiToString(r), "[0,19]<3:5,4:1>");
});
