import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { IntSet, MAX_PARTS } from "./int-set.js";

/** Every operation against brute force on a window of small integers (ends outside it stand for ±∞). */
const W = 24;
const arbSet = fc
  .array(fc.tuple(fc.integer({ min: -W, max: W }), fc.integer({ min: 0, max: 10 }), fc.boolean(), fc.boolean()), { maxLength: 6 })
  .map((xs) => IntSet.of(xs.map(([lo, len, openLo, openHi]) => ({ lo: openLo && lo < -W + 6 ? -Infinity : lo, hi: openHi && lo > W - 6 ? Infinity : lo + len }))));

const window = (s: IntSet, r = W) => {
  const out: number[] = [];
  for (let v = -r; v <= r; v++) if (s.has(v)) out.push(v);
  return out;
};

test("sets are normalized: sorted, disjoint, not touching, at most MAX_PARTS", () => {
  fc.assert(
    fc.property(arbSet, (s) => {
      assert.ok(s.parts.length <= MAX_PARTS);
      for (let k = 1; k < s.parts.length; k++) assert.ok(s.parts[k]!.lo > s.parts[k - 1]!.hi + 1);
    }),
  );
});

test("union, intersection and complement are exact below the cap, supersets at it", () => {
  fc.assert(
    fc.property(arbSet, arbSet, (a, b) => {
      const u = a.union(b);
      const i = a.intersect(b);
      for (let v = -W - 5; v <= W + 5; v++) {
        // A result at the cap may have had gaps filled: then it is only a superset.
        if (i.parts.length < MAX_PARTS) assert.equal(i.has(v), a.has(v) && b.has(v), `∩ at ${v}`);
        else if (a.has(v) && b.has(v)) assert.ok(i.has(v));
        if (u.parts.length < MAX_PARTS) assert.equal(u.has(v), a.has(v) || b.has(v), `∪ at ${v}`);
        else if (a.has(v) || b.has(v)) assert.ok(u.has(v));
        if (a.parts.length < MAX_PARTS) assert.equal(a.complement().has(v), !a.has(v), `¬ at ${v}`);
      }
      if (i.parts.length < MAX_PARTS) assert.ok(i.subsetOf(a));
      assert.ok(a.subsetOf(u) && b.subsetOf(u));
    }),
    { numRuns: 2000 },
  );
});

/** Checks that op(a, b) contains f(x, y) for every pair of elements in the window. */
function sound(op: (a: IntSet, b: IntSet) => IntSet, f: (x: number, y: number) => number | undefined, name: string, r = 12) {
  fc.assert(
    fc.property(arbSet, arbSet, (a, b) => {
      const got = op(a, b);
      for (const x of window(a, r)) {
        for (const y of window(b, r)) {
          const z = f(x, y);
          if (z !== undefined) assert.ok(got.has(z), `${name}: ${x}, ${y} -> ${z} not in ${got} (a = ${a}, b = ${b})`);
        }
      }
    }),
    { numRuns: 300 },
  );
}

test("arithmetic contains every result (brute force)", () => {
  sound((a, b) => a.add(b), (x, y) => x + y, "add");
  sound((a, b) => a.sub(b), (x, y) => x - y, "sub");
  sound((a, b) => a.mul(b), (x, y) => x * y, "mul");
  sound((a, b) => a.div(b), (x, y) => (y === 0 ? undefined : Math.trunc(x / y)), "div");
  sound((a, b) => a.mod(b), (x, y) => (y === 0 ? undefined : x % y), "mod");
  sound((a, b) => a.min2(b), Math.min, "min");
  sound((a, b) => a.max2(b), Math.max, "max");
  sound((a) => a.abs(), (x) => Math.abs(x), "abs");
  sound((a) => a.neg(), (x) => -x, "neg");
  for (const k of [-3, -1, 2, 5]) sound((a) => a.scale(k), (x) => k * x, `scale ${k}`);
});

test("mod by a constant within one period keeps the dividend's own values", () => {
  assert.equal(IntSet.range(7, 9).mod(IntSet.point(5)).toString(), "[2, 4]");
  assert.equal(IntSet.range(-9, -7).mod(IntSet.point(5)).toString(), "[-4, -2]");
  assert.equal(IntSet.atLeast(0).mod(IntSet.point(8)).toString(), "[0, 7]");
  assert.equal(IntSet.ALL.mod(IntSet.point(-8)).toString(), "[-7, 7]");
});

test("solveScale is exactly {x : k·x ∈ S}", () => {
  fc.assert(
    fc.property(arbSet, fc.integer({ min: -4, max: 4 }).filter((k) => k !== 0), (s, k) => {
      const got = s.solveScale(k);
      for (let x = -8; x <= 8; x++) assert.equal(got.has(x), s.has(k * x), `${k}·${x} in ${s}`);
    }),
  );
  // Seed 003 §3 with C0 = 3, C1 = 2, A(1..100): ⌈(1-2)/3⌉ = 0 ≤ V ≤ ⌊98/3⌋ = 32.
  assert.equal(IntSet.range(1, 100).sub(IntSet.point(2)).solveScale(3).toString(), "[0, 32]");
});

test("widening reaches a bound in one step and keeps an end that did not move", () => {
  const a = IntSet.range(0, 3);
  assert.equal(a.widen(IntSet.range(0, 4)).toString(), "[0, +inf]");
  assert.equal(a.widen(IntSet.range(-1, 3)).toString(), "[-inf, 3]");
  assert.equal(a.widen(IntSet.range(1, 2)).toString(), "[0, 3]");
  assert.equal(a.widen(IntSet.range(0, 4), [10, 100]).toString(), "[0, 10]");
});

test("ends beyond 2^53 round outward to infinity", () => {
  const big = IntSet.range(2 ** 52, 2 ** 52);
  assert.equal(big.scale(4).max, Infinity);
  assert.ok(big.scale(4).has(2 ** 54));
  assert.equal(big.neg().scale(4).min, -Infinity);
});

test("IntSet.of's short way for two intervals gives the parts of the general one (an empty third interval takes that)", () => {
  const end = fc.oneof(fc.integer({ min: -W, max: W }), fc.constantFrom(-Infinity, Infinity), fc.double({ min: -W, max: W, noNaN: true }));
  const iv = fc.tuple(end, end).map(([lo, hi]) => ({ lo, hi }));
  fc.assert(
    fc.property(iv, iv, (a, b) => {
      const two = IntSet.of([a, b]);
      const general = IntSet.of([a, b, { lo: 1, hi: 0 }]);
      assert.deepEqual(two.parts, general.parts);
      assert.equal(two === IntSet.ALL, general === IntSet.ALL);
    }),
    { numRuns: 2000 },
  );
});
