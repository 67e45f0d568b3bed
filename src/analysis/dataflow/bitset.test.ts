import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { BitSet } from "./bitset.js";

// Sizes around word boundaries catch the off-by-one errors of masks.
const sizeArb = fc.constantFrom(1, 5, 31, 32, 33, 63, 64, 65, 100, 130);
const twoSets = sizeArb.chain((n) =>
  fc.tuple(fc.constant(n), fc.uniqueArray(fc.nat(n - 1), { maxLength: n }), fc.uniqueArray(fc.nat(n - 1), { maxLength: n })),
);
const sorted = (s: Set<number>) => [...s].sort((a, b) => a - b);

test("union, intersection and difference agree with JS Sets and report change", () => {
  fc.assert(
    fc.property(twoSets, ([n, xs, ys]) => {
      const a = new Set(xs);
      const b = new Set(ys);
      const u = BitSet.of(n, xs);
      const changedU = u.unionWith(BitSet.of(n, ys));
      const expectU = new Set([...a, ...b]);
      assert.deepEqual(u.toArray(), sorted(expectU));
      assert.equal(changedU, expectU.size !== a.size);

      const i = BitSet.of(n, xs);
      const changedI = i.intersectWith(BitSet.of(n, ys));
      const expectI = new Set(xs.filter((x) => b.has(x)));
      assert.deepEqual(i.toArray(), sorted(expectI));
      assert.equal(changedI, expectI.size !== a.size);

      const d = BitSet.of(n, xs);
      const changedD = d.subtract(BitSet.of(n, ys));
      const expectD = new Set(xs.filter((x) => !b.has(x)));
      assert.deepEqual(d.toArray(), sorted(expectD));
      assert.equal(changedD, expectD.size !== a.size);

      assert.equal(BitSet.of(n, xs).equals(BitSet.of(n, ys)), a.size === b.size && xs.every((x) => b.has(x)));
      assert.equal(BitSet.of(n, xs).isSubsetOf(BitSet.of(n, ys)), xs.every((x) => b.has(x)));
      assert.equal(BitSet.of(n, xs).intersects(BitSet.of(n, ys)), xs.some((x) => b.has(x)));
    }),
    { numRuns: 500 },
  );
});

test("transfer (in − kill) ∪ gen agrees with Sets", () => {
  fc.assert(
    fc.property(
      sizeArb.chain((n) => fc.tuple(fc.constant(n), fc.array(fc.uniqueArray(fc.nat(n - 1), { maxLength: n }), { minLength: 4, maxLength: 4 }), fc.boolean())),
      ([n, [x, k, g, old], withGen]) => {
        const out = BitSet.of(n, old!);
        const changed = out.assignTransfer(BitSet.of(n, x!), BitSet.of(n, k!), withGen ? BitSet.of(n, g!) : null);
        const kill = new Set(k);
        const expect = new Set([...x!.filter((e) => !kill.has(e)), ...(withGen ? g! : [])]);
        assert.deepEqual(out.toArray(), sorted(expect));
        assert.equal(changed, !BitSet.of(n, old!).equals(out));
      },
    ),
    { numRuns: 500 },
  );
});

test("ranges, counting, iteration and nextSetBit agree with Sets", () => {
  fc.assert(
    fc.property(
      sizeArb.chain((n) => fc.tuple(fc.constant(n), fc.uniqueArray(fc.nat(n - 1), { maxLength: n }), fc.nat(n), fc.nat(n))),
      ([n, xs, p, q]) => {
        const lo = Math.min(p, q);
        const hi = Math.max(p, q);
        const s = BitSet.of(n, xs);
        assert.equal(s.count(), xs.length);
        assert.equal(s.isEmpty(), xs.length === 0);
        assert.deepEqual([...s], sorted(new Set(xs)));
        assert.equal(s.anyInRange(lo, hi), xs.some((x) => x >= lo && x < hi));
        const next = xs.filter((x) => x >= lo).sort((a, b) => a - b)[0] ?? -1;
        assert.equal(s.nextSetBit(lo), next);

        const r = s.clone();
        r.deleteRange(lo, hi);
        assert.deepEqual(r.toArray(), sorted(new Set(xs.filter((x) => x < lo || x >= hi))));
        const a = s.clone();
        a.addRange(lo, hi);
        const expect = new Set(xs);
        for (let i = lo; i < hi; i++) expect.add(i);
        assert.deepEqual(a.toArray(), sorted(expect));
      },
    ),
    { numRuns: 500 },
  );
});

test("full has exactly the universe, so intersections never invent members past size", () => {
  for (const n of [1, 31, 32, 33, 64, 65]) {
    const f = BitSet.full(n);
    assert.equal(f.count(), n);
    assert.equal(f.nextSetBit(n - 1), n - 1);
    assert.equal(f.nextSetBit(n), -1);
  }
});

test("mixing sizes and out-of-range members are errors", () => {
  assert.throws(() => new BitSet(10).unionWith(new BitSet(11)), RangeError);
  assert.throws(() => new BitSet(10).add(10), RangeError);
  assert.throws(() => new BitSet(10).add(-1), RangeError);
});
