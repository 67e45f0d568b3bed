import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { add, mul, neg, scale, shift, square, sub, sum } from "./arithmetic.js";
import { emi, type Emi } from "./emi.js";
import { EmiError } from "./errors.js";
import { linear } from "./linear.js";
import {
  arbEnv,
  arbRaw,
  arbRawSym,
  elements,
  isSubset,
  sumSet,
  type Env,
  type RawSymEmi,
} from "./test-support/oracle.js";

const small = arbRaw({ maxDegree: 3, maxStep: 9, maxCount: 4, maxLo: 20 }).map((r) => emi(r.lo, r.terms));
const tiny = arbRaw({ maxDegree: 2, maxStep: 6, maxCount: 3, maxLo: 8 }).map((r) => emi(r.lo, r.terms));
const sym = (r: RawSymEmi): Emi =>
  emi(linear(r.lo.c, r.lo.coefs), r.terms.map(([s, c]) => [s, linear(c.c, c.coefs)] as const));

test("neg (Def. 1) is exact", () => {
  fc.assert(
    fc.property(small, (a) => {
      assert.deepEqual(elements(neg(a)), elements(a).map((x) => 0 - x).sort((x, y) => x - y));
    }),
    { numRuns: 300 },
  );
});

test("add and sub (Def. 2) are exact", () => {
  fc.assert(
    fc.property(small, small, (a, b) => {
      const xa = elements(a);
      const xb = elements(b);
      assert.deepEqual(elements(add(a, b)), sumSet(xa, xb, (x, y) => x + y));
      assert.deepEqual(elements(sub(a, b)), sumSet(xa, xb, (x, y) => x - y));
    }),
    { numRuns: 300 },
  );
});

test("add, sub and neg are exact with symbolic bounds and counts, for every assignment", () => {
  fc.assert(
    fc.property(arbRawSym(), arbRawSym(), arbEnv, (ra, rb, env: Env) => {
      const a = sym(ra);
      const b = sym(rb);
      const xa = elements(a, env);
      const xb = elements(b, env);
      assert.deepEqual(elements(add(a, b), env), sumSet(xa, xb, (x, y) => x + y));
      assert.deepEqual(elements(sub(a, b), env), sumSet(xa, xb, (x, y) => x - y));
      assert.deepEqual(elements(neg(a), env), xa.map((x) => 0 - x).sort((x, y) => x - y));
    }),
    { numRuns: 300 },
  );
});

test("scale and shift are exact", () => {
  fc.assert(
    fc.property(small, fc.integer({ min: -6, max: 6 }), (a, k) => {
      const xa = elements(a);
      assert.deepEqual(elements(scale(a, k)), [...new Set(xa.map((x) => k * x + 0))].sort((x, y) => x - y));
      assert.deepEqual(elements(shift(a, k)), xa.map((x) => x + k));
    }),
    { numRuns: 300 },
  );
});

test("mul (Def. 3, §2.4.3 shifted) contains every product, and is exact by a point", () => {
  fc.assert(
    fc.property(tiny, tiny, (a, b) => {
      const got = elements(mul(a, b));
      const want = sumSet(elements(a), elements(b), (x, y) => x * y + 0);
      assert.ok(isSubset(want, got));
      if (a.terms.length === 0 || b.terms.length === 0) assert.deepEqual(got, want);
    }),
    { numRuns: 300 },
  );
});

test("mul with symbolic counts contains every product under every assignment, or refuses", () => {
  fc.assert(
    fc.property(arbRawSym({ maxDegree: 2, maxStep: 5 }), arbRawSym({ maxDegree: 2, maxStep: 5 }), arbEnv, (ra, rb, env) => {
      const a = sym(ra);
      const b = sym(rb);
      let p: Emi;
      try {
        p = mul(a, b);
      } catch (e) {
        assert.ok(e instanceof EmiError && (e.code === "nonlinear" || e.code === "symbolic-step"));
        return;
      }
      const want = sumSet(elements(a, env), elements(b, env), (x, y) => x * y + 0);
      assert.ok(isSubset(want, elements(p, env)));
    }),
    { numRuns: 300 },
  );
});

test("square contains every square and is inside A×A", () => {
  fc.assert(
    fc.property(tiny, (a) => {
      const got = elements(square(a));
      const xa = elements(a);
      assert.ok(isSubset([...new Set(xa.map((x) => x * x))].sort((x, y) => x - y), got));
      assert.ok(isSubset(got, elements(mul(a, a))));
    }),
    { numRuns: 300 },
  );
});

test("§2.3: A×A for A = [0,10]<2:5> is no EMI; Def. 3 gives a superset of the 15 products", () => {
  const a = emi(0, [[2, 5]]);
  const want = [0, 4, 8, 12, 16, 20, 24, 32, 36, 40, 48, 60, 64, 80, 100];
  assert.deepEqual(sumSet(elements(a), elements(a), (x, y) => x * y), want);
  assert.ok(isSubset(want, elements(mul(a, a))));
  assert.ok(elements(mul(a, a)).includes(84)); // the paper's witness that no EMI is exact here
});

test("sum of a list is the iterated Def. 2 sum", () => {
  fc.assert(
    fc.property(fc.array(small, { maxLength: 3 }), (xs) => {
      const want = xs.reduce<number[]>((acc, e) => sumSet(acc, elements(e), (x, y) => x + y), [0]);
      assert.deepEqual(elements(sum(xs)), want);
    }),
  );
});
