import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { IndexRanges, tripCount } from "./loop-bounds.js";
import { evalAffine } from "./pattern-enumerate.js";
import { intSym, lin } from "./test-support/syms.js";

const i = intSym(0, "i");
const n = intSym(1, "n");

test("trip counts: ⌊(last − first)/step⌋ + 1, affine only when the step divides the coefficients", () => {
  assert.deepEqual(tripCount(lin(1), lin(10), 1), lin(10));
  assert.deepEqual(tripCount(lin(10), lin(1), -1), lin(10));
  assert.deepEqual(tripCount(lin(1), lin(91), 10), lin(10));
  assert.deepEqual(tripCount(lin(1), lin(0, [1, i]), 1), lin(0, [1, i]));
  assert.equal(tripCount(lin(1), lin(0, [1, n]), 2), undefined);
  assert.deepEqual(tripCount(lin(0), lin(0, [2, n]), 2), lin(1, [1, n]));
});

test("property: tripCount agrees with Fortran's max(0, (last − first + step)/step) when positive", () => {
  fc.assert(
    fc.property(fc.integer({ min: -20, max: 20 }), fc.integer({ min: -20, max: 20 }), fc.constantFrom(1, 2, 3, -1, -2, -3), (f, l, s) => {
      const ub = tripCount(lin(f), lin(l), s)!.c;
      assert.equal(Math.max(0, ub), Math.max(0, Math.trunc((l - f + s) / s)));
    }),
  );
});

test("index ranges: a loop running down from 1 with a symbolic trip count is bounded above, not below", () => {
  const r = new IndexRanges([{ index: i, first: lin(1), step: -1, ub: lin(2, [-1, n]) }]);
  assert.deepEqual(r.bounds(lin(0, [1, i])), { max: 1 });
  const up = new IndexRanges([{ index: i, first: lin(3), step: 2, ub: lin(4) }]);
  assert.deepEqual(up.bounds(lin(0, [1, i])), { min: 3, max: 9 });
  assert.deepEqual(up.bounds(lin(1, [-2, i])), { min: -17, max: -5 });
});

test("property: every value an index takes lies within its range", () => {
  fc.assert(
    fc.property(fc.integer({ min: -5, max: 5 }), fc.constantFrom(1, 2, -1, -3), fc.integer({ min: 0, max: 6 }), fc.integer({ min: -3, max: 3 }), (f, s, ub, k) => {
      const r = new IndexRanges([{ index: i, first: lin(f), step: s, ub: lin(ub) }]);
      const b = r.bounds(lin(1, [k, i]));
      for (let t = 1; t <= ub; t++) {
        const v = evalAffine(lin(1, [k, i]), new Map([[i.id, f + s * (t - 1)]]));
        assert.ok((b.min ?? -Infinity) <= v && v <= (b.max ?? Infinity));
      }
    }),
  );
});
