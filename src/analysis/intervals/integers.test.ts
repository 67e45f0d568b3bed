import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { ceilDiv, floorDiv, gcd, modInverse, modPos, mulInt, mulMod } from "./integers.js";
import { EmiError } from "./errors.js";

test("integers: floorDiv and ceilDiv agree with bigint division", () => {
  const big = fc.integer({ min: -Number.MAX_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER });
  fc.assert(
    fc.property(big, big.filter((b) => b !== 0), (a, b) => {
      const A = BigInt(a);
      const B = BigInt(b);
      let q = A / B;
      if (A % B !== 0n && (A < 0n) !== (B < 0n)) q -= 1n;
      assert.equal(floorDiv(a, b), Number(q));
      const c = A % B !== 0n && (A < 0n) === (B < 0n) ? A / B + 1n : A / B;
      assert.equal(ceilDiv(a, b), Number(c));
    }),
    { numRuns: 500 },
  );
});

test("integers: modular helpers", () => {
  fc.assert(
    fc.property(fc.integer({ min: 1, max: 10_000 }), fc.integer({ min: -100_000, max: 100_000 }), (m, a) => {
      assert.equal(modPos(a, m), ((a % m) + m) % m);
      if (gcd(a, m) === 1) assert.equal(mulMod(modInverse(a, m), a, m), m === 1 ? 0 : 1);
    }),
  );
  assert.equal(mulMod(2 ** 40, 2 ** 40 + 3, 1_000_003), Number((2n ** 40n * (2n ** 40n + 3n)) % 1_000_003n));
  assert.equal(gcd(0, 0), 0);
  assert.equal(gcd(-12, 18), 6);
});

test("integers: products beyond 2^53 throw", () => {
  assert.throws(() => mulInt(2 ** 27, 2 ** 27), (e: unknown) => e instanceof EmiError && e.code === "overflow");
  assert.equal(mulInt(2 ** 26, 2 ** 26), 2 ** 52);
});
