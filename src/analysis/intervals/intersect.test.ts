import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { emi, emiToString, type Emi } from "./emi.js";
import { intersect } from "./intersect.js";
import { linear } from "./linear.js";
import { arbEnv, arbRaw, arbRawSym, elements, evalLin, type Env, type RawSymEmi } from "./test-support/oracle.js";

const sym = (r: RawSymEmi): Emi =>
  emi(linear(r.lo.c, r.lo.coefs), r.terms.map(([s, c]) => [s, linear(c.c, c.coefs)] as const));

function common(a: Emi, b: Emi, env: Env = {}): number[] {
  const s = new Set(elements(a, env));
  return elements(b, env).filter((x) => s.has(x));
}

const constPair = fc.tuple(
  arbRaw({ maxDegree: 3, maxStep: 25, maxCount: 5, maxLo: 60 }),
  arbRaw({ maxDegree: 3, maxStep: 25, maxCount: 5, maxLo: 60 }),
);

for (const conditions of [true, false]) {
  test(`intersect on constant EMIs is exact and agrees with enumeration (conditions ${conditions ? "on" : "off"})`, () => {
    fc.assert(
      fc.property(constPair, ([x, y]) => {
        const a = emi(x.lo, x.terms);
        const b = emi(y.lo, y.terms);
        const r = intersect(a, b, { conditions });
        const both = common(a, b);
        assert.ok(r.exact, r.reason);
        assert.equal(r.answer, both.length > 0 ? "intersects" : "empty", r.reason);
        if (r.witness) assert.ok(both.includes(evalLin(r.witness)));
      }),
      { numRuns: 800 },
    );
  });
}

test("intersect with symbolic bounds and counts is sound for every assignment", () => {
  fc.assert(
    fc.property(arbRawSym({ maxDegree: 3, maxStep: 12 }), arbRawSym({ maxDegree: 3, maxStep: 12 }), fc.array(arbEnv, { minLength: 1, maxLength: 4 }), (x, y, envs) => {
      const a = sym(x);
      const b = sym(y);
      const r = intersect(a, b);
      for (const env of envs) {
        const both = common(a, b, env);
        if (r.answer === "empty") assert.equal(both.length, 0, r.reason);
        if (r.answer === "intersects") assert.ok(both.includes(evalLin(r.witness!, env)), r.reason);
      }
    }),
    { numRuns: 600 },
  );
});

test("'empty' is never said of intersecting sets, even with a tiny budget", () => {
  const wide = arbRaw({ maxDegree: 5, maxStep: 30, maxCount: 9, maxLo: 60 });
  let undecided = 0;
  fc.assert(
    fc.property(wide, wide, (x, y) => {
      const a = emi(x.lo, x.terms);
      const b = emi(y.lo, y.terms);
      const r = intersect(a, b, { budget: 5 });
      const both = common(a, b);
      if (r.answer === "empty") assert.equal(both.length, 0, r.reason);
      if (r.answer === "intersects") assert.ok(both.includes(evalLin(r.witness!)));
      if (r.answer === "may-intersect") undecided++;
    }),
    { numRuns: 500 },
  );
  assert.ok(undecided > 0);
});

test("the answer carries A - B, exactly reduced", () => {
  const r = intersect(emi(12, [[12, 249]]), emi(7, [[8, 249]]));
  assert.equal(emiToString(r.difference!), "[-1987,2993]<8:249,12:249>");
});

test("an unrepresentable A - B gives may-intersect, not an exception", () => {
  const big = 2 ** 53 - 2;
  const r = intersect(emi(0, [[1, big]]), emi(-big, [[1, big]]));
  assert.equal(r.answer, "may-intersect");
  assert.match(r.reason, /overflow/);
  assert.equal(r.difference, undefined);
});
