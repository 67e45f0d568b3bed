import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import type { Expr } from "../../ir/expr.js";
import type { Sym } from "../../ir/symbol.js";
import { add, affineOf, affineToString, divideExact, scale, sub, substitute, variable, type Affine } from "./affine.js";

const sp = { file: "t", line: 1, column: 1, endLine: 1, endColumn: 2 };
const mk = (id: number, name: string): Sym => ({ id, name, type: { base: "integer", bytes: 4 }, dims: [], layout: "column-major", storage: "local", attrs: {}, span: sp });
const SYMS = [mk(0, "i"), mk(1, "j"), mk(2, "n")];

function evalAffine(a: Affine, env: number[]): number {
  return a.terms.reduce((s, t) => s + t.coeff * env[t.sym.id]!, a.c) + 0;
}

/** Random integer expressions over i, j, n with + - * by constants and exact division. */
const exprArb: fc.Arbitrary<Expr> = fc.letrec((tie) => ({
  e: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    fc.integer({ min: -20, max: 20 }).map((v): Expr => ({ kind: "int", value: v, span: sp, type: { base: "integer" } })),
    fc.constantFrom(...SYMS).map((s): Expr => ({ kind: "var", sym: s, span: sp, type: s.type })),
    fc.tuple(fc.constantFrom("+", "-", "*"), tie("e"), tie("e")).map(([op, l, r]): Expr => ({ kind: "binary", op: op as "+", left: l as Expr, right: r as Expr, span: sp, type: { base: "integer" } })),
    tie("e").map((x): Expr => ({ kind: "unary", op: "-", operand: x as Expr, span: sp, type: { base: "integer" } })),
  ),
})).e;

function evalExpr(e: Expr, env: number[]): number {
  switch (e.kind) {
    case "int":
      return e.value;
    case "var":
      return env[e.sym.id]!;
    case "unary":
      return -evalExpr(e.operand, env);
    case "binary": {
      const l = evalExpr(e.left, env);
      const r = evalExpr(e.right, env);
      return e.op === "+" ? l + r : e.op === "-" ? l - r : e.op === "*" ? l * r : Math.trunc(l / r);
    }
    default:
      throw new Error("unexpected");
  }
}

test("affineOf agrees with evaluation whenever it answers", () => {
  fc.assert(
    fc.property(exprArb, fc.array(fc.integer({ min: -50, max: 50 }), { minLength: 3, maxLength: 3 }), (e, env) => {
      const a = affineOf(e);
      if (a) assert.equal(evalAffine(a, env), evalExpr(e, env) + 0);
    }),
    { numRuns: 2000 },
  );
});

test("affineOf answers for every expression linear by construction", () => {
  const i = SYMS[0]!;
  const e: Expr = { kind: "binary", op: "-", left: { kind: "binary", op: "*", left: { kind: "int", value: 3, span: sp }, right: { kind: "var", sym: i, span: sp }, span: sp }, right: { kind: "int", value: 5, span: sp }, span: sp };
  const a = affineOf(e)!;
  assert.equal(affineToString(a), "3*i - 5");
});

test("products of variables are not affine", () => {
  const [i, j] = SYMS;
  const e: Expr = { kind: "binary", op: "*", left: { kind: "var", sym: i!, span: sp }, right: { kind: "var", sym: j!, span: sp }, span: sp };
  assert.equal(affineOf(e), undefined);
});

test("add, sub, scale, substitute and exact division are exact", () => {
  const arbA = fc.record({
    c: fc.integer({ min: -100, max: 100 }),
    k: fc.array(fc.integer({ min: -9, max: 9 }), { minLength: 3, maxLength: 3 }),
  }).map(({ c, k }) => k.reduce<Affine>((acc, coeff, idx) => add(acc, variable(SYMS[idx]!, coeff))!, { c, terms: [] }));
  fc.assert(
    fc.property(arbA, arbA, fc.integer({ min: -7, max: 7 }), fc.array(fc.integer({ min: -30, max: 30 }), { minLength: 3, maxLength: 3 }), (a, b, k, env) => {
      assert.equal(evalAffine(add(a, b)!, env), evalAffine(a, env) + evalAffine(b, env));
      assert.equal(evalAffine(sub(a, b)!, env), evalAffine(a, env) - evalAffine(b, env));
      assert.equal(evalAffine(scale(a, k)!, env), k * evalAffine(a, env) + 0);
      // Substituting i := b evaluates a at i = b(env).
      const env2 = [evalAffine(b, env), env[1]!, env[2]!];
      assert.equal(evalAffine(substitute(a, SYMS[0]!, b)!, env), evalAffine(a, env2));
      if (k !== 0) {
        const d = divideExact(scale(a, k)!, k);
        assert.ok(d);
        assert.equal(evalAffine(d, env), evalAffine(a, env));
      }
    }),
    { numRuns: 1000 },
  );
});

test("resolve may reject a scalar, and opaque may stand in for a non-affine leaf", () => {
  const [i, j, n] = SYMS;
  const v = (s: Sym): Expr => ({ kind: "var", sym: s, span: sp, type: s.type });
  const prod: Expr = { kind: "binary", op: "*", left: v(n!), right: v(j!), span: sp, type: { base: "integer" } };
  const e: Expr = { kind: "binary", op: "+", left: v(i!), right: prod, span: sp, type: { base: "integer" } };
  assert.equal(affineOf(e), undefined);
  assert.equal(affineOf(e, { resolve: (s) => (s.id === i!.id ? null : undefined) }), undefined);
  const m = { ...n!, id: 7, name: "n*j" };
  const a = affineOf(e, { opaque: (x) => (x === prod ? variable(m) : undefined) })!;
  assert.equal(affineToString(a), "i + n*j");
});
