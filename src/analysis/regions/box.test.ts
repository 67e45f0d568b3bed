import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import type { Expr } from "../../ir/expr.js";
import type { Sym } from "../../ir/symbol.js";
import { addMay, addMust, boxContains, exactUnion, hull, type Box } from "./box.js";

/**
 * The box operations against brute-force enumeration: bounds are
 * constants or `n + c` for a symbol n, and every claim must hold for every
 * value of n tried (a proof by linear forms may not depend on n).
 */
const span = { file: "t", line: 1, column: 1, endLine: 1, endColumn: 1 };
const N: Sym = { id: 1, name: "n", type: { base: "integer", bytes: 4 }, dims: [], layout: "column-major", storage: "dummy", attrs: {}, span };
const int = (v: number): Expr => ({ kind: "int", value: v, span });
const bound = fc.oneof(
  fc.integer({ min: -2, max: 5 }).map((c) => ({ e: int(c), at: () => c })),
  fc.integer({ min: -2, max: 2 }).map((c) => ({ e: { kind: "binary", op: "+", left: { kind: "var", sym: N, span }, right: int(c), span } as Expr, at: (n: number) => n + c })),
);
type B = { box: Box; at: (n: number) => [number, number][] };
const box: fc.Arbitrary<B> = fc.array(fc.tuple(bound, bound), { minLength: 1, maxLength: 2 }).map((dims) => ({ box: dims.map(([l, h]) => ({ lo: l.e, hi: h.e })), at: (n) => dims.map(([l, h]) => [l.at(n), h.at(n)]) }));

/** The elements of a box for a value of n (every dimension's values; a null dimension is not generated here). */
function elements(b: Box, n: number): Set<string> {
  const ranges = b.map((r) => [evalAt(r!.lo, n), evalAt(r!.hi, n)] as const);
  let out = [""];
  for (const [lo, hi] of ranges) {
    const next: string[] = [];
    for (const p of out) for (let v = lo; v <= hi; v++) next.push(p + "," + v);
    out = next;
  }
  return new Set(out);
}

function evalAt(e: Expr, n: number): number {
  if (e.kind === "int") return e.value;
  if (e.kind === "var") return n;
  if (e.kind === "binary") {
    const l = evalAt(e.left, n);
    const r = evalAt(e.right, n);
    return e.op === "+" ? l + r : e.op === "-" ? l - r : l * r;
  }
  if (e.kind === "unary") return -evalAt(e.operand, n);
  throw new Error(`unexpected ${e.kind}`);
}

const NS = [-3, -1, 0, 1, 2, 4, 7];
const same = (a: B, b: B) => a.box.length === b.box.length;

test("boxContains, exactUnion and hull against enumeration for every n (property)", () => {
  fc.assert(
    fc.property(box, box, (a, b) => {
      if (!same(a, b)) return;
      if (boxContains(a.box, b.box)) for (const n of NS) for (const x of elements(b.box, n)) assert.ok(elements(a.box, n).has(x), `n=${n}: ${x} not in the outer box`);
      const u = exactUnion(a.box, b.box);
      if (u)
        for (const n of NS) {
          const want = new Set([...elements(a.box, n), ...elements(b.box, n)]);
          const got = elements(u, n);
          assert.deepEqual([...got].sort(), [...want].sort(), `n=${n}: exactUnion is not the union`);
        }
      const h = hull(a.box, b.box);
      for (const n of NS)
        for (const x of [...elements(a.box, n), ...elements(b.box, n)]) {
          const parts = x.split(",").slice(1).map(Number);
          assert.ok(
            h.every((r, d) => !r || (evalAt(r.lo, n) <= parts[d]! && parts[d]! <= evalAt(r.hi, n))),
            `n=${n}: ${x} not in the hull`,
          );
        }
    }),
    { numRuns: 3000 },
  );
});

test("addMay never loses an element, addMust never adds one (property)", () => {
  fc.assert(
    fc.property(fc.array(box, { minLength: 1, maxLength: 12 }), (bs) => {
      const rank = bs[0]!.box.length;
      const list = bs.filter((b) => b.box.length === rank);
      const may = list.reduce((acc, b) => addMay(acc, b.box), [] as Box[]);
      const must = list.reduce((acc, b) => addMust(acc, b.box), [] as Box[]);
      for (const n of NS) {
        const all = new Set(list.flatMap((b) => [...elements(b.box, n)]));
        for (const x of all) {
          const parts = x.split(",").slice(1).map(Number);
          assert.ok(
            may.some((m) => m.every((r, d) => !r || (evalAt(r.lo, n) <= parts[d]! && parts[d]! <= evalAt(r.hi, n)))),
            `n=${n}: addMay lost ${x}`,
          );
        }
        for (const m of must) for (const x of elements(m, n)) assert.ok(all.has(x), `n=${n}: addMust added ${x}`);
      }
    }),
    { numRuns: 1500 },
  );
});
