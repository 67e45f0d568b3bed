import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import {
  polyAdd,
  polyConst,
  polyDegree,
  polyDivide,
  polyEval,
  polyMul,
  polySub,
  polySubstitute,
  polyToString,
  polyVar,
  isAffinePoly,
  constantOf,
} from "./polynomial.js";

const mi = polyVar("mi");
const mj = polyVar("mj");

test("polynomial: OLDA's (mi*mi - mi)/2 + mj is admitted, i/2 is not (seed 000 §3.3)", () => {
  const num = polySub(polyMul(mi, mi), mi);
  const q = polyDivide(num, 2);
  assert.ok(q);
  const s = polyAdd(q!, mj);
  assert.equal(polyToString(s), "(mi*mi - mi + 2*mj)/2");
  assert.equal(polyEval(s, (v) => (v === "mi" ? 4 : 3)), 9);
  assert.equal(polyDivide(mi, 2), undefined);
  assert.equal(polyDegree(s), 2);
  assert.ok(!isAffinePoly(s));
});

test("polynomial: exact division of affine forms folds to integer coefficients", () => {
  const p = polyAdd(polyConst(2), polyVar("t", 2)); // i = 2 + 2t, then i/2
  const q = polyDivide(p, 2)!;
  assert.ok(isAffinePoly(q));
  assert.equal(polyToString(q), "t + 1");
  assert.equal(polyDivide(polyAdd(polyConst(1), polyVar("t", 2)), 2), undefined);
  assert.equal(constantOf(polyDivide(polyConst(-6), -3)!), 2);
});

test("polynomial: evaluation is a ring homomorphism; substitution agrees with evaluation", () => {
  const vars = ["a", "b", "c"];
  const poly = fc.letrec<{ p: ReturnType<typeof polyConst> }>((tie) => ({
    p: fc.oneof(
      { depthSize: "small" },
      fc.integer({ min: -9, max: 9 }).map(polyConst),
      fc.constantFrom(...vars).map((v) => polyVar(v)),
      fc.tuple(tie("p"), tie("p")).map(([x, y]) => polyAdd(x, y)),
      fc.tuple(tie("p"), tie("p")).map(([x, y]) => polySub(x, y)),
      fc.tuple(tie("p"), tie("p")).map(([x, y]) => polyMul(x, y)),
    ),
  })).p;
  const env = fc.record({ a: fc.integer({ min: -20, max: 20 }), b: fc.integer({ min: -20, max: 20 }), c: fc.integer({ min: -20, max: 20 }) });
  fc.assert(
    fc.property(poly, poly, env, fc.integer({ min: 1, max: 6 }), (p, q, e, d) => {
      const at = (v: string) => e[v as "a"];
      assert.equal(polyEval(polyAdd(p, q), at), polyEval(p, at) + polyEval(q, at) + 0);
      assert.equal(polyEval(polyMul(p, q), at), polyEval(p, at) * polyEval(q, at) + 0);
      const s = polySubstitute(p, "a", q);
      assert.equal(polyEval(s, at) + 0, 0 + polyEval(p, (v) => (v === "a" ? polyEval(q, at) : at(v))));
      const r = polyDivide(p, d);
      if (r) assert.equal(polyEval(r, at) * d + 0, polyEval(p, at) + 0);
      // Divisibility must be detected when it holds: d*p / d always divides.
      const back = polyDivide(polyMul(p, polyConst(d)), d);
      assert.ok(back);
      assert.equal(polyEval(back!, at) + 0, polyEval(p, at) + 0);
    }),
    { numRuns: 300 },
  );
});
