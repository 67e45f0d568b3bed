// The least or greatest of expressions, as loop bounds write them (extreme.ts).
import { test } from "node:test";
import assert from "node:assert/strict";
import { extremeOf } from "./extreme.js";
import { printExpr } from "./print.js";
import type { Expr } from "./expr.js";
import { HirBuilder } from "../analysis/dependence/test-support/hir.js";

const b = new HirBuilder("c");
const i = b.int("i");
const n = b.int("n");
const v = (s: typeof i) => b.v(s);
const shown = (e: Expr) => {
  const x = extremeOf(e);
  return x && `${x.op}(${x.args.map(printExpr).join(", ")})`;
};
const cond = (op: "<" | "<=" | ">" | ">=" | "==", l: Expr, r: Expr, then: Expr, other: Expr): Expr => ({ kind: "cond", cond: b.cmp(op, l, r), then, else: other, span: l.span, type: l.type });

test("Fortran MIN and MAX, and C's conditional operator in its four orientations", () => {
  assert.equal(shown(b.call("min", [b.bin("+", v(i), b.c(31)), v(n)])), "min((i + 31), n)");
  assert.equal(shown(b.call("MAX0", [v(i), b.c(1), v(n)])), "max(i, 1, n)");
  assert.equal(shown(cond("<", v(i), v(n), v(i), v(n))), "min(i, n)");
  assert.equal(shown(cond("<=", v(i), v(n), v(n), v(i))), "max(i, n)");
  assert.equal(shown(cond(">", v(i), v(n), v(i), v(n))), "max(i, n)");
  assert.equal(shown(cond(">=", v(i), v(n), v(n), v(i))), "min(i, n)");
});

test("a constant added to a min or max moves into its arguments (C's i < MIN(a, b) is i <= MIN(a, b) - 1)", () => {
  assert.equal(shown(b.bin("-", b.call("min", [b.bin("+", v(i), b.c(32)), v(n)]), b.c(1))), "min((i + 31), (n - 1))");
  assert.equal(shown(b.bin("+", cond(">", v(i), b.c(0), v(i), b.c(0)), b.c(2))), "max((i + 2), 2)");
});

test("anything else is not one: a conditional whose branches are not what it compares, a single argument, another call", () => {
  assert.equal(shown(cond("<", v(i), v(n), v(n), b.c(0))), null);
  assert.equal(shown(cond("==", v(i), v(n), v(i), v(n))), null);
  assert.equal(shown(b.call("min", [v(i)])), null);
  assert.equal(shown(b.call("mod", [v(i), v(n)])), null);
  assert.equal(shown(b.bin("*", b.call("min", [v(i), v(n)]), b.c(2))), null);
});
