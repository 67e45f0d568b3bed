import { test } from "node:test";
import assert from "node:assert/strict";
import type { Sym } from "../../ir/symbol.js";
import type { Expr } from "../../ir/expr.js";
import { constant } from "../symbolic/affine.js";
import { linearize, offsetOf } from "./linearize.js";
import { intSym } from "./test-support/syms.js";

const sp = { file: "t", line: 1, column: 1, endLine: 1, endColumn: 2 };
const int = (v: number): Expr => ({ kind: "int", value: v, span: sp });
const arr = (dims: [number, number | null][], layout: Sym["layout"], storage: Sym["storage"] = "local"): Sym => ({
  ...intSym(9, "a"),
  dims: dims.map(([lo, hi]) => ({ lower: int(lo), upper: hi === null ? null : int(hi) })),
  layout,
  storage,
});

test("Fortran is column-major, C row-major; offsets count from the first element", () => {
  const f = linearize(arr([[1, 10], [0, 4], [1, 3]], "column-major"));
  assert.ok(f.ok);
  assert.deepEqual(f.lin.coeffs, [1, 10, 50]);
  // a(1, 0, 1) is the first element; a(2, 1, 2) is 1 + 10 + 50.
  assert.equal(offsetOf(f.lin, [constant(2), constant(1), constant(2)])!.c, 61);
  const c = linearize(arr([[0, 9], [0, 4], [0, 2]], "row-major"));
  assert.ok(c.ok);
  assert.deepEqual(c.lin.coeffs, [15, 3, 1]);
});

test("the slowest dimension's extent is not needed; the others' are", () => {
  assert.ok(linearize(arr([[1, 10], [1, null]], "column-major")).ok);
  assert.ok(linearize(arr([[0, null], [0, 9]], "row-major")).ok);
  const bad = linearize(arr([[1, null], [1, 10]], "column-major"));
  assert.ok(!bad.ok && /extent of dimension 1/.test(bad.message));
});

test("the last extent of a dummy argument does not bound its subscript (the a(1) idiom)", () => {
  const d = linearize(arr([[1, 5], [1, 1]], "column-major", "dummy"));
  assert.ok(d.ok);
  assert.deepEqual(d.lin.boundedExtents, [5, undefined]);
  const l = linearize(arr([[1, 5], [1, 1]], "column-major"));
  assert.ok(l.ok);
  assert.deepEqual(l.lin.boundedExtents, [5, 1]);
});
