// The public API as a dependence test would use it: only `./index.js`.
import { test } from "node:test";
import assert from "node:assert/strict";
import * as emis from "./index.js";

test("index: the documented use decides OLDA's self-output dependence (§3.3, sound form)", () => {
  const { add, sub, scale, range, containsZero, evalPolynomial, emiToString } = emis;
  // f(i, mi, mj) = 2mj + mi² - mi + 110i, with mj, mi in 1..10 and i' - i in 1..54.
  const f = (tag: string): emis.Polynomial => [
    { coef: 2, powers: { [`mj${tag}`]: 1 } },
    { coef: 1, powers: { [`mi${tag}`]: 2 } },
    { coef: -1, powers: { [`mi${tag}`]: 1 } },
  ];
  const ranges = { mj1: range(1, 10), mi1: range(1, 10), mj2: range(1, 10), mi2: range(1, 10) };
  const f1 = evalPolynomial(f("1"), ranges).value;
  const f2 = evalPolynomial(f("2"), ranges).value;
  const h = add(sub(f2, f1), scale(range(1, 54), 110));
  assert.equal(emiToString(emis.reduceExact(h)), "[2,6048]<1:6046>");
  const r = containsZero(h);
  assert.deepEqual([r.answer, r.exact], ["no", true]);
});

test("index: attempt turns unrepresentable results into values", () => {
  const r = emis.attempt(() => emis.mul(emis.range(0, emis.variable("X")), emis.range(0, emis.variable("Y"))));
  assert.ok(!r.ok && r.error.code === "nonlinear");
});
