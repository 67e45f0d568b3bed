import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { residueReachable } from "./residues.js";
import { enumerateRaw } from "./test-support/oracle.js";

test("residueReachable agrees with enumeration of the sums modulo M", () => {
  let reachable = 0;
  let unreachable = 0;
  fc.assert(
    fc.property(
      fc.array(fc.record({ step: fc.integer({ min: -30, max: 30 }), count: fc.integer({ min: 0, max: 12 }) }), { maxLength: 4 }),
      fc.integer({ min: 1, max: 40 }),
      fc.integer({ min: -100, max: 100 }),
      (parts, M, t) => {
        const sums = enumerateRaw(0, parts.map((p) => [p.step, p.count] as const));
        const want = sums.some((x) => (((x - t) % M) + M) % M === 0);
        assert.equal(residueReachable(t, parts, M, 1e7), want);
        if (want) reachable++;
        else unreachable++;
      },
    ),
    { numRuns: 600 },
  );
  assert.ok(reachable > 0 && unreachable > 0);
});

test("residueReachable refuses a table over its budget", () => {
  assert.equal(residueReachable(1, [{ step: 3, count: 5 }], 1_000_000, 1000), undefined);
  assert.equal(residueReachable(5, [{ step: 7, count: 3 }, { step: 1000, count: 10 ** 6 }], 5000, 1e6), false);
});
