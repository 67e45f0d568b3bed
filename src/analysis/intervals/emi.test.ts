import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { emi, emiToString, instantiate, moduloInterval, point, range, upper } from "./emi.js";
import { EmiError } from "./errors.js";
import { linear } from "./linear.js";
import { arbEnv, arbRaw, arbRawSym, elements, enumerateRaw, evalLin } from "./test-support/oracle.js";

test("emi: the normal form (§2.1 properties 1–5) is the same set as the raw pairs", () => {
  fc.assert(
    fc.property(arbRaw({ maxDegree: 4 }), (r) => {
      const e = emi(r.lo, r.terms);
      assert.deepEqual(elements(e), enumerateRaw(r.lo, r.terms));
      // Normal form: positive, strictly increasing steps, no zero count.
      for (let i = 0; i < e.terms.length; i++) {
        assert.ok(e.terms[i]!.step > 0);
        assert.ok(e.terms[i]!.count.c > 0);
        if (i > 0) assert.ok(e.terms[i - 1]!.step < e.terms[i]!.step);
      }
      // l and u are the least and greatest elements.
      const xs = elements(e);
      assert.equal(evalLin(e.lo), xs[0]);
      assert.equal(evalLin(upper(e)), xs[xs.length - 1]);
    }),
    { numRuns: 400 },
  );
});

test("emi: with symbolic counts the normal form is right for every assignment", () => {
  fc.assert(
    fc.property(arbRawSym(), arbEnv, (r, env) => {
      const e = emi(linear(r.lo.c, r.lo.coefs), r.terms.map(([s, c]) => [s, linear(c.c, c.coefs)] as const));
      const raw = enumerateRaw(
        evalLin(linear(r.lo.c, r.lo.coefs), env),
        r.terms.map(([s, c]) => [s, evalLin(linear(c.c, c.coefs), env)] as const),
      );
      assert.deepEqual(elements(e, env), raw);
      assert.deepEqual(elements(instantiate(e, env)), raw);
      assert.equal(evalLin(upper(e), env), raw[raw.length - 1]);
    }),
    { numRuns: 300 },
  );
});

test("emi: printing in the calculator syntax", () => {
  assert.equal(emiToString(emi(14, [[5, 2]])), "[14,24]<5:2>");
  assert.equal(emiToString(emi(20, [[5, 2], [4, 2]])), "[20,38]<4:2,5:2>");
  assert.equal(emiToString(point(7)), "[7,7]");
  assert.equal(emiToString(emi(10, [[-1, 3]])), "[7,10]<1:3>"); // property 3
  assert.equal(emiToString(emi(1, [[1, 12899], [25800, linear(0, { X: 1 })]])), "[1,12900+25800X]<1:12899,25800:X>");
  assert.equal(emiToString(emi(0, [[3, linear(0, { X: 1 })], [-3, linear(0, { X: 1 })]])), "[-3X,3X]<3:2X>");
});

test("emi: modulo intervals are the degree-1 case", () => {
  fc.assert(
    fc.property(
      fc.integer({ min: -30, max: 30 }),
      fc.integer({ min: -30, max: 30 }),
      fc.integer({ min: 1, max: 9 }),
      fc.integer({ min: -20, max: 20 }),
      (lo, hi, m, r) => {
        const want: number[] = [];
        for (let x = lo; x <= hi; x++) if ((((x - r) % m) + m) % m === 0) want.push(x);
        const e = moduloInterval(lo, hi, m, r);
        if (want.length === 0) assert.equal(e, undefined);
        else {
          assert.ok(e !== undefined && e.terms.length <= 1);
          assert.deepEqual(elements(e), want);
        }
      },
    ),
  );
});

test("emi: counts must be non-negative for every assignment", () => {
  const bad = (f: () => unknown, code: string) =>
    assert.throws(f, (e: unknown) => e instanceof EmiError && e.code === code);
  bad(() => emi(0, [[1, -1]]), "negative-count");
  bad(() => emi(0, [[1, linear(3, { X: -1 })]]), "negative-count");
  bad(() => range(5, 4), "empty");
  assert.deepEqual(elements(range(2, 5)), [2, 3, 4, 5]);
});
