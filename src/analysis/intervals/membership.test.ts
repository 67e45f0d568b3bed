import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { emi, type Emi } from "./emi.js";
import { linear } from "./linear.js";
import { containsZero, isMember, zeroInSum } from "./membership.js";
import { arbEnv, arbRaw, arbRawSym, elements, evalLin, type Env, type RawSymEmi } from "./test-support/oracle.js";

const sym = (r: RawSymEmi): Emi =>
  emi(linear(r.lo.c, r.lo.coefs), r.terms.map(([s, c]) => [s, linear(c.c, c.coefs)] as const));

test("isMember on constant EMIs is exact and agrees with enumeration", () => {
  fc.assert(
    fc.property(arbRaw({ maxDegree: 5, maxStep: 30, maxCount: 6 }), fc.integer({ min: -80, max: 250 }), (r, n) => {
      const a = emi(r.lo, r.terms);
      const ans = isMember(n, a);
      assert.ok(ans.exact, ans.reason); // small degree: always decided
      assert.equal(ans.answer === "yes", elements(a).includes(n));
      if (ans.rho) {
        assert.equal(a.terms.reduce((s, t, i) => s + t.step * ans.rho![i]!, evalLin(a.lo)), n);
      }
    }),
    { numRuns: 1000 },
  );
});

test("isMember with symbolic counts and a constant lower bound: exact, and 'maybe' only when it depends on the names", () => {
  const zero: Env = { X: 0, Y: 0 };
  let depends = 0;
  fc.assert(
    fc.property(arbRawSym({ maxDegree: 3, maxStep: 9, symbolicLo: false }), fc.integer({ min: -20, max: 20 }), arbEnv, (r, n, env) => {
      const a = sym(r);
      const ans = isMember(n, a);
      const at = (e: Env) => elements(a, e).includes(n);
      // A symbolic count c + aX + bY (a + b ≥ 1) is then ≥ n - l + 1: no ρ of a
      // solution can need more (steps ≥ 1), so this is "every count large".
      const k = Math.max(0, n - a.lo.c) + 1;
      const big: Env = { X: k, Y: k };
      if (ans.answer === "yes") assert.ok(at(env) && at(zero) && at(big));
      if (ans.answer === "no") assert.ok(!at(env) && !at(zero) && !at(big));
      // Exactness claim (constant lower bound, positive steps): "maybe" means "depends".
      if (ans.answer === "maybe" && a.lo.terms.length === 0) {
        assert.ok(!at(zero) && at(big), ans.reason);
        depends++;
      }
    }),
    { numRuns: 600 },
  );
  assert.ok(depends > 0);
});

test("containsZero with symbolic lower bounds is sound for every assignment", () => {
  fc.assert(
    fc.property(arbRawSym({ maxDegree: 3, maxStep: 9 }), fc.array(arbEnv, { minLength: 1, maxLength: 4 }), (r, envs) => {
      const h = sym(r);
      const ans = containsZero(h);
      for (const env of envs) {
        const has = elements(h, env).includes(0);
        if (ans.answer === "yes") assert.ok(has, ans.reason);
        if (ans.answer === "no") assert.ok(!has, ans.reason);
      }
    }),
    { numRuns: 600 },
  );
});

test("the residue argument decides sets whose symbolic parts are multiples of M", () => {
  let decided = 0;
  const arb = fc
    .record({
      M: fc.integer({ min: 2, max: 7 }),
      c: fc.integer({ min: -40, max: 40 }),
      k: fc.integer({ min: -2, max: 2 }),
      consts: fc.array(fc.tuple(fc.integer({ min: 1, max: 12 }), fc.integer({ min: 0, max: 3 })), { maxLength: 3 }),
      syms: fc.array(fc.tuple(fc.integer({ min: -2, max: 2 }), fc.integer({ min: 0, max: 2 }), fc.integer({ min: 1, max: 2 })), {
        minLength: 1,
        maxLength: 2,
      }),
    })
    .map(({ M, c, k, consts, syms }) =>
      emi(linear(c, { X: M * k }), [
        ...consts,
        ...syms.map(([j, c0, a]) => [M * j, linear(c0, { X: a })] as const),
      ]),
    );
  fc.assert(
    fc.property(arb, fc.array(arbEnv, { minLength: 1, maxLength: 4 }), (h, envs) => {
      const ans = containsZero(h);
      if (ans.answer === "no") decided++;
      for (const env of envs) {
        const has = elements(h, env).includes(0);
        if (ans.answer === "no") assert.ok(!has, ans.reason);
        if (ans.answer === "yes") assert.ok(has, ans.reason);
      }
    }),
    { numRuns: 600 },
  );
  assert.ok(decided > 20, `decided ${decided}`);
});

test("a tiny budget makes answers conservative, never wrong", () => {
  fc.assert(
    fc.property(arbRaw({ maxDegree: 6, maxStep: 20, maxCount: 8 }), fc.integer({ min: -50, max: 400 }), (r, n) => {
      const a = emi(r.lo, r.terms);
      const ans = isMember(n, a, { budget: 10 });
      const has = elements(a).includes(n);
      if (ans.answer === "yes") assert.ok(has);
      if (ans.answer === "no") assert.ok(!has);
    }),
    { numRuns: 500 },
  );
});

test("membership reasons name the check", () => {
  const a = emi(12, [[12, 249]]); // A(3i), i = 4..1000 step 4
  assert.match(isMember(13, a).reason, /gcd 12/);
  assert.equal(isMember(3001, a).reason, "3001 is above the greatest element 3000");
  assert.equal(isMember(11, a).reason, "11 is below the least element 12");
  assert.equal(isMember(13, a).reason, "the gcd 12 of the steps does not divide 13 - 12 = 1");
  const y = isMember(36, a);
  assert.equal(y.answer, "yes");
  assert.equal(y.reason, "36 = 12+12*2");
  // Degree 2 with huge counts: decided by the closed form, no search.
  const wide = emi(0, [[1_000_003, 1_000_000_000], [999_983, 1_000_000_000]]);
  assert.equal(isMember(1_000_003 * 5 + 999_983 * 7, wide).answer, "yes");
  assert.equal(isMember(1, wide).answer, "no");
  // Past the budget with many large counts: only residues can answer.
  const many = emi(0, [[6, 10 ** 6], [10, 10 ** 6], [15, 10 ** 6], [1000, 10 ** 6]]);
  assert.equal(isMember(1, many).answer, "no"); // small targets: the table decides
  assert.equal(isMember(500_000_001, many).answer, "maybe");
  // ... and residues can still say "no": modulo 5000 the steps 7 (count 3), 1000 and 3000 never make 5.
  const lattice = emi(0, [[7, 3], [1000, 10 ** 6], [3000, 10 ** 6], [5000, 10 ** 6]]);
  const r = isMember(500_000_005, lattice);
  assert.equal(r.answer, "no");
  assert.match(r.reason, /^modulo 5000 \(the larger steps vanish\)/);
  assert.equal(isMember(500_000_014, lattice).answer, "maybe");
  assert.equal(zeroInSum(-7, [{ step: 2, count: linear(3) }, { step: 4, count: linear(0, { X: 1 }) }]).answer, "no");
});
