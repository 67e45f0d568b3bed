import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import {
  addLinear,
  constant,
  equalLinear,
  evaluateLinear,
  linear,
  linearToString,
  mulLinear,
  provablyLess,
  provablyLessEq,
  provablyNonNegative,
  scaleLinear,
  subLinear,
  variable,
} from "./linear.js";
import { EmiError } from "./errors.js";
import { arbEnv, arbLinear } from "./test-support/oracle.js";

const arbLin = arbLinear(-20, 20, -3, 3).map(({ c, coefs }) => linear(c, coefs));

test("linear: add, sub and scale agree with evaluation under every assignment", () => {
  fc.assert(
    fc.property(arbLin, arbLin, fc.integer({ min: -5, max: 5 }), arbEnv, (a, b, k, env) => {
      const ea = evaluateLinear(a, env);
      const eb = evaluateLinear(b, env);
      assert.equal(evaluateLinear(addLinear(a, b), env), ea + eb);
      assert.equal(evaluateLinear(subLinear(a, b), env), ea - eb);
      assert.equal(evaluateLinear(scaleLinear(a, k), env), k * ea + 0); // +0: no -0
    }),
    { numRuns: 300 },
  );
});

test("linear: 'provably' comparisons never claim what some assignment refutes", () => {
  fc.assert(
    fc.property(arbLin, arbLin, fc.array(arbEnv, { minLength: 1, maxLength: 6 }), (a, b, envs) => {
      for (const env of envs) {
        const ea = evaluateLinear(a, env);
        const eb = evaluateLinear(b, env);
        if (provablyLess(a, b)) assert.ok(ea < eb);
        if (provablyLessEq(a, b)) assert.ok(ea <= eb);
        if (provablyNonNegative(a)) assert.ok(ea >= 0);
      }
    }),
    { numRuns: 300 },
  );
});

test("linear: comparisons are complete for names ranging over all naturals", () => {
  // If a ≥ 0 is not provable, some assignment (one name large, others 0, or all 0) makes a < 0.
  fc.assert(
    fc.property(arbLin, (a) => {
      if (provablyNonNegative(a)) return;
      const candidates = [{ X: 0, Y: 0 }, { X: 1000, Y: 0 }, { X: 0, Y: 1000 }];
      assert.ok(candidates.some((env) => evaluateLinear(a, env) < 0), linearToString(a));
    }),
  );
});

test("linear: printing follows the paper's style", () => {
  assert.equal(linearToString(linear(12900, { X: 25800 })), "12900+25800X");
  assert.equal(linearToString(linear(-1, { X: -1 })), "-1-X");
  assert.equal(linearToString(linear(0, { N: 3, M: -2 })), "-2M+3N");
  assert.equal(linearToString(constant(0)), "0");
  assert.equal(linearToString(variable("X")), "X");
});

test("linear: products stay linear or throw", () => {
  assert.ok(equalLinear(mulLinear(variable("X"), 3), linear(0, { X: 3 })));
  assert.throws(() => mulLinear(variable("X"), variable("Y")), (e: unknown) => e instanceof EmiError && e.code === "nonlinear");
});

test("linear: overflow throws instead of rounding", () => {
  assert.throws(() => scaleLinear(constant(2 ** 52), 4), (e: unknown) => e instanceof EmiError && e.code === "overflow");
  assert.throws(() => addLinear(Number.MAX_SAFE_INTEGER, 1), (e: unknown) => e instanceof EmiError && e.code === "overflow");
});
