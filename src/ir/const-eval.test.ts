import { test } from "node:test";
import assert from "node:assert/strict";
import type { BinaryOp, Expr } from "./expr.js";
import { evalCondition, evalInt } from "./const-eval.js";

const at = { file: "t.f", line: 1, column: 1, endLine: 1, endColumn: 2 };
const int = (value: number): Expr => ({ kind: "int", value, span: at });
const neg = (operand: Expr): Expr => ({ kind: "unary", op: "-", operand, span: at });
const bin = (op: BinaryOp, left: Expr, right: Expr): Expr => ({ kind: "binary", op, left, right, span: at });
const n: Expr = { kind: "var", sym: { id: 1, name: "n", type: { base: "integer", bytes: 4 }, dims: [], layout: "column-major", storage: "local", attrs: {}, span: at }, span: at };

test("the guard of issue 17's blur folds: (-(-1) + 2) * (-(-1) + 2) >= 20000 is false", () => {
  const trips = bin("+", neg(neg(int(1))), int(2));
  const guard = bin(">=", bin("*", trips, trips), int(20000));
  assert.equal(evalInt(trips), 3);
  assert.equal(evalCondition(guard), false);
  assert.equal(evalCondition(bin(">=", bin("*", trips, trips), int(9))), true);
});

test("a comparison with a run-time value does not fold", () => {
  assert.equal(evalCondition(bin(">=", n, int(200))), undefined);
});

test(".and. with a false side and .or. with a true side fold whatever the other side is", () => {
  const unknown = bin(">=", n, int(200));
  const f = bin("<", int(3), int(2));
  const t = bin("<", int(2), int(3));
  assert.equal(evalCondition(bin("and", unknown, f)), false);
  assert.equal(evalCondition(bin("and", unknown, t)), undefined);
  assert.equal(evalCondition(bin("or", t, unknown)), true);
  assert.equal(evalCondition(bin("or", f, unknown)), undefined);
  assert.equal(evalCondition({ kind: "unary", op: "not", operand: f, span: at }), true);
});
