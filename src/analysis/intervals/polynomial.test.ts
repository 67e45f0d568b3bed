import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { add, mul } from "./arithmetic.js";
import { emi, emiToString, range, type Emi } from "./emi.js";
import { EmiError } from "./errors.js";
import { linear } from "./linear.js";
import { evalPolynomial, type Monomial } from "./polynomial.js";
import { reduceExact } from "./reduce.js";
import { arbRaw, elements, isSubset } from "./test-support/oracle.js";

const smallRange = arbRaw({ maxDegree: 2, maxStep: 4, maxCount: 2, maxLo: 4 }).map((r) => emi(r.lo, r.terms));
const monomial = fc.record({
  coef: fc.integer({ min: -3, max: 3 }),
  powers: fc.record({ x: fc.integer({ min: 0, max: 2 }), y: fc.integer({ min: 0, max: 2 }) }),
}).map(({ coef, powers }): Monomial => ({
  coef,
  powers: Object.fromEntries(Object.entries(powers).filter(([, e]) => e > 0)),
}));

function values(p: readonly Monomial[], xs: number[], ys: number[]): number[] {
  const out = new Set<number>();
  for (const x of xs)
    for (const y of ys) {
      let s = 0;
      for (const m of p) s += (m.coef as number) * x ** (m.powers.x ?? 0) * y ** (m.powers.y ?? 0);
      out.add(s + 0);
    }
  return [...out].sort((a, b) => a - b);
}

test("evalPolynomial contains every value, and is exact when it says so", () => {
  let exactSeen = 0;
  fc.assert(
    fc.property(fc.array(monomial, { maxLength: 4 }), smallRange, smallRange, fc.integer({ min: 1, max: 8 }), (p, X, Y, m) => {
      const r = evalPolynomial(p, { x: X, y: Y }, { maxDegree: m });
      const got = elements(r.value);
      const want = values(p, elements(X), elements(Y));
      assert.ok(isSubset(want, got));
      assert.ok(r.value.terms.length <= m);
      if (r.exact) {
        exactSeen++;
        assert.deepEqual(got, want);
      }
    }),
    { numRuns: 200 },
  );
  assert.ok(exactSeen > 0);
});

// The paper claims the shift "generally" lowers the degree; it is not a
// theorem (for X = {-2, 2}, -X²+X gives [-22,14]<4:9> directly and
// [-22,14]<16:1,20:1> shifted: more pairs, but 4 elements instead of 10),
// so it is shown on an example rather than as a property.
test("§2.4.3 on [2,8]<3:2>: X² + X, directly and shifted", () => {
  const X = emi(2, [[3, 2]]); // {2, 5, 8}: values of X²+X are 6, 30, 72
  const direct = add(mul(X, X), X);
  const shifted = evalPolynomial([{ coef: 1, powers: { x: 2 } }, { coef: 1, powers: { x: 1 } }], { x: X }, { maxDegree: 100 }).value;
  assert.equal(emiToString(direct), "[6,72]<3:2,6:4,9:4>"); // steps Lα (twice), α², bα
  assert.equal(emiToString(reduceExact(direct)), "[6,72]<3:22>");
  assert.equal(emiToString(shifted), "[6,72]<9:4,15:2>"); // X'² + 5X' + 6
  assert.ok(isSubset([6, 30, 72], elements(shifted)));
  assert.equal(elements(direct).length, 23);
  assert.equal(elements(shifted).length, 15);
});

test("symbolic lower bounds may enter affine polynomials only", () => {
  const N = range(linear(0, { N: 1 }), linear(5, { N: 1 }));
  const affine = evalPolynomial([{ coef: 2, powers: { i: 1 } }, { coef: linear(0, { N: 3 }), powers: {} }], { i: N });
  assert.equal(emiToString(affine.value), "[5N,10+5N]<2:5>");
  assert.ok(affine.exact);
  assert.throws(
    () => evalPolynomial([{ coef: 1, powers: { i: 2 } }], { i: N }),
    (e: unknown) => e instanceof EmiError && (e.code === "nonlinear" || e.code === "symbolic-step"),
  );
});

test("every range must be given", () => {
  assert.throws(() => evalPolynomial([{ coef: 1, powers: { z: 1 } }], {} as Record<string, Emi>), /no range for variable z/);
});
