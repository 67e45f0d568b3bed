import { test } from "node:test";
import assert from "node:assert/strict";
import type { Sym } from "../../ir/symbol.js";
import type { Expr } from "../../ir/expr.js";
import { printExpr } from "../../ir/print.js";
import { linearize } from "./linearize.js";
import { intSym } from "./test-support/syms.js";

const sp = { file: "t", line: 1, column: 1, endLine: 1, endColumn: 2 };
const int = (v: number): Expr => ({ kind: "int", value: v, span: sp });
const n = intSym(5, "n");
const bound = (b: number | "n" | null): Expr | null => (b === null ? null : b === "n" ? { kind: "var", sym: n, span: sp } : int(b));
const arr = (dims: [number, number | "n" | null][], layout: Sym["layout"], storage: Sym["storage"] = "local"): Sym => ({
  ...intSym(9, "a"),
  dims: dims.map(([lo, hi]) => ({ lower: int(lo), upper: bound(hi) })),
  layout,
  storage,
});
const coeffs = (s: Sym) => {
  const r = linearize(s);
  assert.ok(r.ok);
  return r.lin.dims.map((d) => (d.sizeFactor ? `${d.coeff}*${printExpr(d.sizeFactor)}` : String(d.coeff)));
};

test("Fortran is column-major, C row-major; coefficients multiply the extents before", () => {
  // a(1:10, 0:4, 1:3): a(2, 1, 2) is 1·1 + 10·1 + 50·1 past a(1, 0, 1).
  assert.deepEqual(coeffs(arr([[1, 10], [0, 4], [1, 3]], "column-major")), ["1", "10", "50"]);
  assert.deepEqual(coeffs(arr([[0, 9], [0, 4], [0, 2]], "row-major")), ["15", "3", "1"]);
});

test("the slowest dimension's extent is not needed; a non-constant one before it makes later coefficients symbolic", () => {
  assert.deepEqual(coeffs(arr([[1, 10], [1, null]], "column-major")), ["1", "10"]);
  assert.deepEqual(coeffs(arr([[0, null], [0, 9]], "row-major")), ["10", "1"]);
  assert.deepEqual(coeffs(arr([[1, 5], [1, "n"], [1, 4], [1, null]], "column-major")), ["1", "5", "5*n", "20*n"]);
  const r = linearize(arr([[1, 5], [1, "n"], [1, 4]], "column-major"));
  assert.ok(r.ok && r.lin.variable === "the extent of dimension 2 of a (n) is not a constant");
  const bad = linearize(arr([[1, null], [1, 10]], "column-major"));
  assert.ok(!bad.ok && /extent of dimension 1 of a is not declared/.test(bad.message));
});

test("the last extent of a dummy argument does not bound its subscript (the a(1) idiom)", () => {
  const d = linearize(arr([[1, 5], [1, 1]], "column-major", "dummy"));
  assert.ok(d.ok);
  assert.deepEqual(d.lin.boundedExtents, [5, undefined]);
  const l = linearize(arr([[1, 5], [1, 1]], "column-major"));
  assert.ok(l.ok);
  assert.deepEqual(l.lin.boundedExtents, [5, 1]);
});
