import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { findCombination, solvePair, type Part } from "./combination.js";
import { enumerateRaw } from "./test-support/oracle.js";

function check(target: number, parts: Part[], budget?: number): string {
  const r = findCombination(target, parts, budget);
  const reachable = enumerateRaw(0, parts.map((p) => [p.step, p.count] as const)).includes(target);
  if (r.kind === "found") {
    assert.ok(reachable);
    assert.equal(r.rho.length, parts.length);
    r.rho.forEach((x, i) => assert.ok(Number.isInteger(x) && x >= 0 && x <= parts[i]!.count));
    assert.equal(r.rho.reduce((s, x, i) => s + x * parts[i]!.step, 0), target);
    return r.via;
  }
  if (r.kind === "none") {
    assert.ok(!reachable, `claimed none for reachable ${target}`);
    return r.via;
  }
  return "unknown";
}

const arbParts = (maxStep: number, maxCount: number, maxLen: number) =>
  fc.array(
    fc.record({ step: fc.integer({ min: -maxStep, max: maxStep }), count: fc.integer({ min: 0, max: maxCount }) }),
    { maxLength: maxLen },
  );

test("findCombination agrees with enumeration (few parts, large steps: enumeration path)", () => {
  const seen = new Set<string>();
  fc.assert(
    fc.property(arbParts(40, 4, 6), fc.integer({ min: -150, max: 150 }), (parts, t) => {
      seen.add(check(t, parts));
    }),
    { numRuns: 1500 },
  );
  for (const via of ["bounds", "gcd", "closed-form", "enumeration"]) assert.ok(seen.has(via), via);
  assert.ok(!seen.has("unknown"));
});

test("findCombination agrees with enumeration (many parts, large counts: table path)", () => {
  const seen = new Set<string>();
  fc.assert(
    fc.property(arbParts(7, 40, 6), fc.integer({ min: -100, max: 400 }), (parts, t) => {
      seen.add(check(t, parts));
    }),
    { numRuns: 600 },
  );
  assert.ok(seen.has("table"));
  assert.ok(!seen.has("unknown"));
});

test("findCombination with a tiny budget says unknown but is never wrong", () => {
  const seen = new Set<string>();
  fc.assert(
    fc.property(arbParts(9, 6, 6), fc.integer({ min: 0, max: 100 }), (parts, t) => {
      seen.add(check(t, parts, 20));
    }),
    { numRuns: 600 },
  );
  assert.ok(seen.has("unknown"));
});

test("solvePair: the two-step equation in closed form", () => {
  fc.assert(
    fc.property(
      fc.integer({ min: 1, max: 50 }),
      fc.integer({ min: 0, max: 20 }),
      fc.integer({ min: 1, max: 50 }),
      fc.integer({ min: 0, max: 20 }),
      fc.integer({ min: -10, max: 1200 }),
      (a, A, b, B, t) => {
        let any = false;
        for (let x = 0; x <= A; x++) for (let y = 0; y <= B; y++) if (a * x + b * y === t) any = true;
        const r = solvePair(t, a, A, b, B);
        assert.equal(r !== undefined, any);
        if (r) assert.equal(a * r[0] + b * r[1], t);
      },
    ),
    { numRuns: 1000 },
  );
  // Degree 2 is decided whatever the budget.
  assert.equal(findCombination(7 * 3 + 11 * 5, [{ step: 7, count: 10 ** 9 }, { step: 11, count: 10 ** 9 }], 0).kind, "found");
  // Large values stay exact (the inverse is computed with bigint).
  const big = solvePair(2 ** 52 + 7, 3, 2 ** 51, 2 ** 40 + 1, 5);
  assert.ok(big !== undefined);
  assert.equal(BigInt(3) * BigInt(big[0]) + BigInt(2 ** 40 + 1) * BigInt(big[1]), BigInt(2 ** 52 + 7));
});
