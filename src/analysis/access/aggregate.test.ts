import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { constant } from "../symbolic/affine.js";
import { aggregateByLoop, aggregatePatterns, mergePatterns } from "./aggregate.js";
import { patternText, type AccessPattern } from "./pattern.js";
import { regionOffsets } from "./pattern-enumerate.js";
import { accessOf } from "./test-support/run.js";
import { intSym, lin } from "./test-support/syms.js";

const i = intSym(0, "i");
const pat = (start: number, stride: number, num: number, velocity = 10): AccessPattern => ({
  var: i, start: constant(start), stride, num: constant(num), velocity, accuracy: "MUST", ub: constant(10), first: constant(1), step: 10,
});

test("Fig. 3(b): a(i), a(i+3), a(i+6) for i = 1, 91, 10 aggregate into A(i, 0, 3, 3, 10, MUST)10", () => {
  const src = `subroutine f
  integer a(100), i
  do i = 1, 91, 10
    a(i) = 0
    a(i + 3) = 0
    a(i + 6) = 0
  end do
end
`;
  const groups = aggregateByLoop(accessOf(src));
  assert.equal(groups.length, 1);
  assert.equal(groups[0]!.refs.length, 3);
  assert.deepEqual(groups[0]!.patterns.map((p) => patternText(p)), ["A(i, 0, 3, 3, 10, MUST)_10"]);
});

test("an irregular union stays a list; reads and writes are aggregated apart", () => {
  const src = `subroutine f
  integer a(100), i
  do i = 1, 91, 10
    a(i) = a(i + 1) + a(i + 2) + a(i + 5)
    a(i + 4) = 0
  end do
end
`;
  const groups = aggregateByLoop(accessOf(src));
  assert.deepEqual(groups.map((g) => `${g.role}: ${g.patterns.map((p) => patternText(p)).join("; ")}`), [
    "write: A(i, 0, 4, 2, 10, MUST)_10",
    "read: A(i, 1, 1, 2, 10, MUST)_10; A(i, 5, 1, 1, 10, MUST)_10",
  ]);
});

test("patterns that move differently, or whose starts differ by a symbol, do not merge", () => {
  assert.equal(mergePatterns(pat(0, 1, 3, 10), pat(3, 1, 3, 20)), undefined);
  const n = intSym(1, "n");
  assert.equal(mergePatterns(pat(0, 1, 3), { ...pat(0, 1, 3), start: lin(0, [1, n]) }), undefined);
  // The whole union can be regular though no pair is: {0, 4} ∪ {1, 3} ∪ {2}.
  assert.deepEqual(aggregatePatterns([pat(0, 4, 2), pat(1, 2, 2), pat(2, 1, 1)]).map((p) => patternText(p)), ["A(i, 0, 1, 5, 10, MUST)_10"]);
});

test("property: an aggregate describes exactly the union of its patterns, iteration by iteration", () => {
  const arb = fc.array(fc.record({ start: fc.integer({ min: -6, max: 6 }), stride: fc.integer({ min: 1, max: 4 }), num: fc.integer({ min: 0, max: 5 }), may: fc.boolean() }), { minLength: 1, maxLength: 4 });
  let merged = 0;
  fc.assert(
    fc.property(arb, (xs) => {
      const ps = xs.map((x): AccessPattern => ({ ...pat(x.start, x.stride, x.num, 7), accuracy: x.may ? "MAY" : "MUST" }));
      const out = aggregatePatterns(ps);
      if (out.length < ps.length) merged++;
      const env = new Map<number, number>();
      for (let t = 1; t <= 3; t++) {
        const want = new Set(ps.flatMap((p) => regionOffsets(p, env, t)));
        const got = new Set(out.flatMap((p) => regionOffsets(p, env, t)));
        assert.deepEqual([...got].sort((a, b) => a - b), [...want].sort((a, b) => a - b));
      }
      if (out.length === 1 && ps.some((p) => p.accuracy === "MAY")) assert.equal(out[0]!.accuracy, "MAY");
    }),
    { numRuns: 2000 },
  );
  assert.ok(merged > 200, `only ${merged} merges`);
});
