import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { condition1, condition2, condition3, condition4, type ConditionProof } from "./conditions.js";
import { emi, type Emi } from "./emi.js";
import { linear } from "./linear.js";
import { arbEnv, arbRaw, elements, type Env } from "./test-support/oracle.js";

function disjoint(a: Emi, b: Emi, env: Env = {}): boolean {
  const s = new Set(elements(a, env));
  return elements(b, env).every((x) => !s.has(x));
}

/** Runs a condition on generated pairs; it must never prove a false emptiness, and must fire. */
function soundAndUseful(
  cond: (a: Emi, b: Emi) => ConditionProof | undefined,
  pairs: fc.Arbitrary<[Emi, Emi]>,
  envs: fc.Arbitrary<Env[]> = fc.constant([{}]),
): void {
  let fired = 0;
  fc.assert(
    fc.property(pairs, envs, ([a, b], es) => {
      const p = cond(a, b);
      if (!p) return;
      fired++;
      for (const env of es) assert.ok(disjoint(a, b, env), p.reason);
    }),
    { numRuns: 800 },
  );
  assert.ok(fired > 20, `the condition fired only ${fired} times`);
}

const anyPair = fc
  .tuple(arbRaw({ maxDegree: 3, maxStep: 12, maxCount: 4 }), arbRaw({ maxDegree: 3, maxStep: 12, maxCount: 4 }))
  .map(([x, y]): [Emi, Emi] => [emi(x.lo, x.terms), emi(y.lo, y.terms)]);

/** Same steps and counts, different lower bounds: condition 3's setting. */
const samePattern = fc
  .record({
    terms: fc.array(fc.tuple(fc.integer({ min: 1, max: 60 }), fc.integer({ min: 1, max: 3 })), { minLength: 1, maxLength: 3 }),
    l1: fc.integer({ min: -30, max: 30 }),
    d: fc.integer({ min: 1, max: 40 }),
  })
  .map(({ terms, l1, d }): [Emi, Emi] => [emi(l1, terms), emi(l1 + d, terms)]);

/** The same with symbolic bounds (l2 - l1 constant) and a symbolic last count. */
const samePatternSym = fc
  .record({
    terms: fc.array(fc.tuple(fc.integer({ min: 1, max: 60 }), fc.integer({ min: 1, max: 3 })), { minLength: 1, maxLength: 3 }),
    l1: fc.integer({ min: -30, max: 30 }),
    k: fc.integer({ min: -2, max: 2 }),
    d: fc.integer({ min: 1, max: 40 }),
  })
  .map(({ terms, l1, k, d }): [Emi, Emi] => {
    const ts = terms.map(([s, c], i) => [s, i === terms.length - 1 ? linear(c, { X: 1 }) : linear(c)] as const);
    return [emi(linear(l1, { Y: k }), ts), emi(linear(l1 + d, { Y: k }), ts)];
  });

/** Equal largest step M, small lower parts: condition 4's setting, optionally with a symbolic top count. */
const sameTop = (symbolic: boolean) =>
  fc
    .record({
      M: fc.integer({ min: 5, max: 40 }),
      low1: fc.array(fc.tuple(fc.integer({ min: 1, max: 6 }), fc.integer({ min: 0, max: 3 })), { maxLength: 2 }),
      low2: fc.array(fc.tuple(fc.integer({ min: 1, max: 6 }), fc.integer({ min: 0, max: 3 })), { maxLength: 2 }),
      c1: fc.integer({ min: 1, max: 3 }),
      c2: fc.integer({ min: 1, max: 3 }),
      l1: fc.integer({ min: -20, max: 20 }),
      d: fc.integer({ min: -30, max: 30 }),
    })
    .map(({ M, low1, low2, c1, c2, l1, d }): [Emi, Emi] => [
      emi(l1, [...low1, [M, symbolic ? linear(c1, { X: 1 }) : c1]]),
      emi(l1 + d, [...low2, [M, symbolic ? linear(c2, { Y: 1 }) : c2]]),
    ]);

const envs = fc.array(arbEnv, { minLength: 1, maxLength: 4 });

test("condition 1 (disjoint ranges) is sound", () => soundAndUseful(condition1, anyPair));
test("condition 2 (gcd of all steps ∤ l2 - l1) is sound", () => soundAndUseful(condition2, anyPair));
test("condition 3 (sound form, with (1') α1β1 < d or α1 ∤ d) is sound", () => soundAndUseful(condition3, samePattern));
test("condition 3 (sound form) is sound with symbolic bounds and counts, for every assignment", () =>
  soundAndUseful(condition3, samePatternSym, envs));
test("condition 4 is sound as printed", () => soundAndUseful(condition4, sameTop(false)));
test("condition 4 is sound with symbolic counts, for every assignment", () => soundAndUseful(condition4, sameTop(true), envs));

/** Condition 3 exactly as seed 000 §3.1 prints it: (1) α1 < d, (2) Σ_{j<i} α_jβ_j + d < α_i. */
function printedCondition3(a: Emi, b: Emi): boolean {
  const d = Math.abs(a.lo.c - b.lo.c);
  const ts = a.terms;
  if (ts.length === 0 || !(ts[0]!.step < d)) return false;
  let below = 0;
  for (let i = 1; i < ts.length; i++) {
    below += ts[i - 1]!.step * ts[i - 1]!.count.c;
    if (!(below + d < ts[i]!.step)) return false;
  }
  return true;
}

test("condition 3 as printed is unsound: it claims emptiness for intersecting sets", () => {
  const a = emi(0, [[1, 2], [10, 1]]); // {0,1,2,10,11,12}
  const b = emi(2, [[1, 2], [10, 1]]); // {2,3,4,12,13,14}
  assert.ok(printedCondition3(a, b));
  assert.ok(!disjoint(a, b)); // 2 and 12 are in both
  assert.equal(condition3(a, b), undefined);
  const c = emi(0, [[2, 2]]); // degree 1: {0,2,4} and {4,6,8}
  const d = emi(4, [[2, 2]]);
  assert.ok(printedCondition3(c, d) && !disjoint(c, d));
  assert.equal(condition3(c, d), undefined);
  // And fast-check finds such pairs on its own.
  const run = fc.check(fc.property(samePattern, ([x, y]) => !printedCondition3(x, y) || disjoint(x, y)), { numRuns: 2000 });
  assert.equal(run.failed, true);
});

test("condition 4 does not hold for seed 000 §3.3's OLDA sets", () => {
  const xi = emi(112, [[1, 108], [110, 54]]);
  const xi2 = emi(222, [[1, 108], [110, 53]]);
  assert.equal(condition4(xi, xi2), undefined); // (3): 108 + 110 < 110 fails
  assert.ok(!disjoint(xi, xi2));
});
