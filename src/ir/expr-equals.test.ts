import { describe, it } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import type { BinaryOp, Expr, UnaryOp } from "./expr.js";
import { exprEquals } from "./expr-equals.js";
import { exprHash } from "./expr-map.js";
import { exprText } from "./expr-text.js";
import type { Language } from "./program.js";
import type { Sym } from "./symbol.js";
import type { Span } from "../source/span.js";

const span = (line: number): Span => ({ file: "t.f", line, column: 1, endLine: line, endColumn: 2 });
const INT = { base: "integer" as const, bytes: 4 };

function sym(id: number, name: string, rank = 0): Sym {
  const dims = Array.from({ length: rank }, () => ({ lower: { kind: "int" as const, value: 1, span: span(1) }, upper: { kind: "int" as const, value: 9, span: span(1) } }));
  return { id, name, type: INT, dims, layout: "column-major", storage: "local", attrs: {}, span: span(1) };
}

// Distinct names: on this pool, equal text should mean equal structure.
const SCALARS = [sym(0, "i"), sym(1, "j"), sym(2, "n"), sym(3, "x")];
const ARRAYS = [sym(4, "a", 1), sym(5, "b", 2)];

/**
 * The expressions on which both printers are injective, so that the printed
 * text comparison the decisions used before and exprEquals must agree. Left
 * out, because the printers map them to the same text on purpose: negative
 * literals (`-1` prints as the negation of 1), Fortran casts (invisible),
 * C logical literals (1 and 0) and C eqv/neqv (printed == and !=).
 */
function exprArb(lang: Language): fc.Arbitrary<Expr> {
  const unary: UnaryOp[] = lang === "fortran" ? ["-", "not"] : ["-", "not", "bitnot"];
  const binary: BinaryOp[] =
    lang === "fortran" ? ["+", "-", "*", "/", "**", "==", "<", "<=", "and", "or", "eqv", "neqv"] : ["+", "-", "*", "/", "%", "==", "<", ">=", "and", "or", "bitand", "bitor", "bitxor", "shl", "shr"];
  const { e } = fc.letrec<{ e: Expr; leaf: Expr }>((tie) => ({
    leaf: fc.oneof(
      fc.nat({ max: 12 }).map((value): Expr => ({ kind: "int", value, span: span(2) })),
      fc.constantFrom("1.0", "2.5", "0.1", ...(lang === "fortran" ? ["0.1d0", "1.0e3"] : ["1e3"])).map((text): Expr => ({ kind: "real", value: Number(text.replace("d", "e")), text, span: span(2) })),
      fc.constantFrom(...SCALARS).map((s): Expr => ({ kind: "var", sym: s, span: span(3) })),
      ...(lang === "fortran" ? [fc.boolean().map((value): Expr => ({ kind: "logical", value, span: span(2) }))] : []),
    ),
    e: fc.oneof(
      { depthSize: "small", withCrossShrink: true },
      tie("leaf"),
      fc.tuple(fc.constantFrom(...unary), tie("e")).map(([op, operand]): Expr => ({ kind: "unary", op, operand, span: span(4) })),
      fc.tuple(fc.constantFrom(...binary), tie("e"), tie("e")).map(([op, left, right]): Expr => ({ kind: "binary", op, left, right, span: span(5) })),
      fc.tuple(fc.constantFrom(...ARRAYS), fc.array(tie("e"), { minLength: 2, maxLength: 2 })).map(([s, subs]): Expr => ({ kind: "elem", sym: s, subs: subs.slice(0, s.dims.length), span: span(6) })),
      fc.tuple(fc.constantFrom("max", "abs", "mod"), fc.array(tie("e"), { minLength: 1, maxLength: 2 })).map(([name, args]): Expr => ({ kind: "call", name, args, intrinsic: true, span: span(7) })),
      ...(lang === "c" ? [fc.tuple(tie("e"), tie("e"), tie("e")).map(([cond, then, els]): Expr => ({ kind: "cond", cond, then, else: els, span: span(8) }))] : []),
    ),
  }));
  return e;
}

/** A deep copy with other spans: equal by structure, never the same objects (symbols are shared, as in a program). */
function copy(e: Expr): Expr {
  const at = span(99);
  switch (e.kind) {
    case "unary":
      return { ...e, operand: copy(e.operand), span: at };
    case "binary":
      return { ...e, left: copy(e.left), right: copy(e.right), span: at };
    case "elem":
      return { ...e, subs: e.subs.map(copy), span: at };
    case "call":
      return { ...e, args: e.args.map(copy), span: at };
    case "cond":
      return { ...e, cond: copy(e.cond), then: copy(e.then), else: copy(e.else), span: at };
    default:
      return { ...e, span: at };
  }
}

/** `e` with the leftmost leaf replaced by `leaf`. */
function replaceLeftmost(e: Expr, leaf: Expr): Expr {
  switch (e.kind) {
    case "unary":
      return { ...e, operand: replaceLeftmost(e.operand, leaf) };
    case "binary":
      return { ...e, left: replaceLeftmost(e.left, leaf) };
    case "elem":
      return { ...e, subs: [replaceLeftmost(e.subs[0]!, leaf), ...e.subs.slice(1)] };
    case "call":
      return { ...e, args: [replaceLeftmost(e.args[0]!, leaf), ...e.args.slice(1)] };
    case "cond":
      return { ...e, cond: replaceLeftmost(e.cond, leaf) };
    default:
      return leaf;
  }
}

function pairs(lang: Language): fc.Arbitrary<[Expr, Expr]> {
  const e = exprArb(lang);
  return fc.oneof(
    fc.tuple(e, e),
    e.map((a): [Expr, Expr] => [a, copy(a)]),
    fc.tuple(e, e).map(([a, b]): [Expr, Expr] => [a, replaceLeftmost(copy(a), b)]),
  );
}

describe("exprEquals", () => {
  for (const lang of ["fortran", "c"] as const) {
    it(`agrees with comparing the printed ${lang} text where the printer is injective (property)`, () => {
      fc.assert(
        fc.property(pairs(lang), ([a, b]) => {
          const byText = exprText(a, lang) === exprText(b, lang);
          assert.equal(exprEquals(a, b), byText, `${exprText(a, lang)}  vs  ${exprText(b, lang)}`);
          assert.equal(exprEquals(b, a), byText);
          if (byText) assert.equal(exprHash(a), exprHash(b));
        }),
        { numRuns: 2000 },
      );
    });
  }

  it("is reflexive on copies and ignores spans and types", () => {
    const e: Expr = { kind: "binary", op: "+", left: { kind: "var", sym: SCALARS[0]!, span: span(1), type: INT }, right: { kind: "int", value: 1, span: span(1) }, span: span(1) };
    assert.ok(exprEquals(e, e));
    assert.ok(exprEquals(e, copy(e)));
  });

  it("tells apart two symbols of the same name, which print alike", () => {
    // A C variable declared in an inner block shadows the outer one: `k` and `k` are two variables.
    const outer = sym(10, "k");
    const inner = sym(11, "k");
    const a: Expr = { kind: "elem", sym: ARRAYS[0]!, subs: [{ kind: "var", sym: outer, span: span(1) }], span: span(1) };
    const b: Expr = { kind: "elem", sym: ARRAYS[0]!, subs: [{ kind: "var", sym: inner, span: span(2) }], span: span(2) };
    assert.equal(exprText(a, "c"), exprText(b, "c"));
    assert.equal(exprEquals(a, b), false);
  });

  it("compares real literals as written: 0.1 and 0.1d0 are different Fortran constants", () => {
    const r = (text: string): Expr => ({ kind: "real", value: 0.1, text, span: span(1) });
    assert.ok(exprEquals(r("0.1"), r("0.1")));
    assert.equal(exprEquals(r("0.1"), r("0.1d0")), false);
  });

  it("sees casts that Fortran's printer hides, and C logical literals apart from integers", () => {
    const n: Expr = { kind: "var", sym: SCALARS[2]!, span: span(1) };
    const cast: Expr = { kind: "cast", to: { base: "real", bytes: 8 }, operand: n, span: span(1) };
    assert.equal(exprText(cast, "fortran"), exprText(n, "fortran"));
    assert.equal(exprEquals(cast, n), false);
    assert.ok(exprEquals(cast, { ...cast, to: { base: "real", bytes: 8 } }));
    assert.equal(exprEquals(cast, { ...cast, to: { base: "real", bytes: 4 } }), false);
    const one: Expr = { kind: "int", value: 1, span: span(1) };
    const truth: Expr = { kind: "logical", value: true, span: span(1) };
    assert.equal(exprText(one, "c"), exprText(truth, "c"));
    assert.equal(exprEquals(one, truth), false);
  });

  it("counts an unknown expression equal only to itself", () => {
    const u: Expr = { kind: "unknown", text: "f(x)", span: span(1) };
    assert.ok(exprEquals(u, u));
    assert.equal(exprEquals(u, { ...u }), false);
  });
});

describe("literals past the default integer kind", () => {
  it("print with their kind in Fortran (gfortran rejects 3000000000 as an integer*4 literal), as written in C", () => {
    const big = { kind: "int" as const, value: 3000000000, span: span(1) };
    const neg = { kind: "unary" as const, op: "-" as UnaryOp, operand: big, span: span(1) } as Expr;
    assert.equal(exprText(big, "fortran"), "3000000000_8");
    assert.equal(exprText({ ...big, value: -3000000000 }, "fortran"), "-3000000000_8");
    assert.equal(exprText({ ...big, value: 2147483647 }, "fortran"), "2147483647");
    assert.equal(exprText(big, "c"), "3000000000");
    assert.match(exprText(neg, "fortran"), /3000000000_8/);
  });
});
