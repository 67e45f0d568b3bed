import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { mergeWhy } from "./var-range.js";

// The sources of a range end: the union, increasing, of at most the last six ids (var-range.ts).
test("mergeWhy is the increasing union of two source lists, cut to the last six, whether the lists are increasing or not", () => {
  const ids = fc.array(fc.integer({ min: 0, max: 20 }), { maxLength: 8 });
  const increasing = ids.map((a) => [...new Set(a)].sort((x, y) => x - y));
  fc.assert(
    fc.property(fc.oneof(ids, increasing), fc.oneof(ids, increasing), (a, b) => {
      const union = [...new Set([...a, ...b])].sort((x, y) => x - y);
      const expected = a.length === 0 ? b : b.length === 0 ? a : union.slice(Math.max(0, union.length - 6));
      assert.deepEqual(mergeWhy(a, b), expected);
    }),
    { numRuns: 3000 },
  );
});
