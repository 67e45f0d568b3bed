import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { immediateDominators } from "./dominators.js";

/** Nodes reachable from the root when `removed` is taken out of the graph. */
function reach(succs: number[][], root: number, removed: number): Set<number> {
  const seen = new Set<number>();
  const stack = root === removed ? [] : [root];
  while (stack.length) {
    const v = stack.pop()!;
    if (seen.has(v)) continue;
    seen.add(v);
    for (const w of succs[v]!) if (w !== removed) stack.push(w);
  }
  return seen;
}

test("dominance agrees with its definition: a dominates b iff removing a cuts b off the root", () => {
  fc.assert(
    fc.property(
      fc.integer({ min: 1, max: 9 }).chain((n) => fc.tuple(fc.constant(n), fc.array(fc.tuple(fc.nat(n - 1), fc.nat(n - 1)), { maxLength: 3 * n }))),
      ([n, edges]) => {
        const succs: number[][] = Array.from({ length: n }, () => []);
        const preds: number[][] = Array.from({ length: n }, () => []);
        for (const [a, b] of edges) {
          if (succs[a]!.includes(b)) continue;
          succs[a]!.push(b);
          preds[b]!.push(a);
        }
        const t = immediateDominators(succs, preds, 0);
        const all = reach(succs, 0, -1);
        for (let a = 0; a < n; a++) {
          const without = reach(succs, 0, a);
          for (let b = 0; b < n; b++) {
            const expect = all.has(a) && all.has(b) && (a === b || !without.has(b));
            assert.equal(t.dominates(a, b), expect, `${a} dom ${b}`);
          }
          // The immediate dominator is the closest strict dominator.
          if (a !== 0 && all.has(a)) {
            const d = t.idom[a]!;
            assert.ok(d >= 0 && t.dominates(d, a) && d !== a);
            for (let c = 0; c < n; c++) if (c !== a && t.dominates(c, a)) assert.ok(t.dominates(c, d));
          }
        }
      },
    ),
    { numRuns: 1000 },
  );
});
