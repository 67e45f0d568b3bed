import { test } from "node:test";
import assert from "node:assert/strict";
import type { Expr } from "./expr.js";
import type { Sym } from "./symbol.js";
import { exprKey } from "./expr-key.js";

const at = (line: number) => ({ file: "t.f", line, column: 1, endLine: line, endColumn: 2 });
const sym = (id: number, name: string): Sym => ({ id, name, type: { base: "integer", bytes: 4 }, dims: [], layout: "column-major", storage: "local", attrs: {}, span: at(1) });
const v = (s: Sym, line: number): Expr => ({ kind: "var", sym: s, span: at(line) });

test("equal structure gives equal keys whatever the spans", () => {
  const n = sym(1, "n");
  const a: Expr = { kind: "binary", op: "+", left: v(n, 1), right: { kind: "int", value: 1, span: at(1) }, span: at(1) };
  const b: Expr = { kind: "binary", op: "+", left: v(n, 7), right: { kind: "int", value: 1, span: at(9) }, span: at(7) };
  assert.equal(exprKey(a), exprKey(b));
});

test("two symbols of one name are different atoms", () => {
  assert.notEqual(exprKey(v(sym(1, "n"), 1)), exprKey(v(sym(2, "n"), 1)));
});

test("operators and literal values are part of the key", () => {
  const n = sym(1, "n");
  const one: Expr = { kind: "int", value: 1, span: at(1) };
  const two: Expr = { kind: "int", value: 2, span: at(1) };
  assert.notEqual(exprKey({ kind: "binary", op: "+", left: v(n, 1), right: one, span: at(1) }), exprKey({ kind: "binary", op: "-", left: v(n, 1), right: one, span: at(1) }));
  assert.notEqual(exprKey(one), exprKey(two));
});

test("a symbol's own fields are not the key, and a shared subtree keys the same in every parent", () => {
  const n = sym(1, "n");
  const m = { ...sym(1, "m"), dims: [{ lower: null, upper: null }] } as unknown as Sym;
  assert.equal(exprKey(v(n, 1)), exprKey(v(m, 2)));
  const shared: Expr = { kind: "binary", op: "*", left: v(n, 1), right: { kind: "int", value: 3, span: at(1) }, span: at(1) };
  const a: Expr = { kind: "unary", op: "-", operand: shared, span: at(1) };
  exprKey(shared);
  const b: Expr = { kind: "unary", op: "-", operand: { ...shared, span: at(5) }, span: at(2) };
  assert.equal(exprKey(a), exprKey(b));
  assert.notEqual(exprKey(a), exprKey(shared));
});

test("strings and the parts of a cast are in the key", () => {
  const s = (value: string): Expr => ({ kind: "string", value, span: at(1) });
  assert.notEqual(exprKey(s("a,b")), exprKey(s("a\",b")));
  const n = sym(1, "n");
  const cast = (bytes: number): Expr => ({ kind: "cast", to: { base: "integer", bytes }, operand: v(n, 1), span: at(1) }) as Expr;
  assert.notEqual(exprKey(cast(4)), exprKey(cast(8)));
});
