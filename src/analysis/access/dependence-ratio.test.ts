import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { constant } from "../symbolic/affine.js";
import { iterationDependenceRatio } from "./dependence-ratio.js";
import type { AccessPattern } from "./pattern.js";
import { intSym } from "./test-support/syms.js";

const p = (velocity: number): AccessPattern => ({
  var: intSym(0, "i"), start: constant(0), stride: 1, num: constant(1), velocity, accuracy: "MUST", ub: constant(10), first: constant(1), step: 1,
});

test("Vel_s : Vel_p, reduced: a predecessor moving 10 per iteration feeds two iterations of a successor moving 5", () => {
  assert.deepEqual(iterationDependenceRatio(p(10), p(5)), { pred: 1, succ: 2 });
  assert.deepEqual(iterationDependenceRatio(p(4), p(6)), { pred: 3, succ: 2 });
  assert.deepEqual(iterationDependenceRatio(p(-4), p(-4)), { pred: 1, succ: 1 });
});

test("no ratio when a region does not move or the two move in opposite directions", () => {
  assert.equal(iterationDependenceRatio(p(0), p(5)), undefined);
  assert.equal(iterationDependenceRatio(p(5), p(0)), undefined);
  assert.equal(iterationDependenceRatio(p(5), p(-5)), undefined);
});

test("property: pred iterations × Vel_p = succ iterations × Vel_s, in lowest terms", () => {
  fc.assert(
    fc.property(fc.integer({ min: 1, max: 500 }), fc.integer({ min: 1, max: 500 }), fc.boolean(), (vp, vs, neg) => {
      const s = neg ? -1 : 1;
      const r = iterationDependenceRatio(p(s * vp), p(s * vs))!;
      assert.equal(r.pred * vp, r.succ * vs);
      for (let d = 2; d <= Math.min(r.pred, r.succ); d++) assert.ok(r.pred % d !== 0 || r.succ % d !== 0);
    }),
  );
});
