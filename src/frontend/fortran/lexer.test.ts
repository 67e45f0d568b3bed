import { test } from "node:test";
import assert from "node:assert/strict";
import { tokenize } from "./lexer.js";
import type { LogicalLine } from "./logical-line.js";

function lex(text: string): string[] {
  const ll: LogicalLine = { file: "t.f", text, segments: [{ offset: 0, line: 1, column: 7 }], line: 1, endLine: 1 };
  return tokenize(ll, []).filter((t) => t.kind !== "eol").map((t) => `${t.kind}:${t.value}${t.kindParam ? "_" + t.kindParam : ""}`);
}

test("numbers: integers, reals with d/e/q exponents, kinds, and 1.eq.2", () => {
  assert.deepEqual(lex("1 1.0 1. .5 1e5 1.d-3 2.5Q0 7_8 1.0_dp"), ["int:1", "real:1.0", "real:1.", "real:.5", "real:1e5", "real:1.d-3", "real:2.5Q0", "int:7_8", "real:1.0_dp"]);
  assert.deepEqual(lex("1.eq.2"), ["int:1", "op:==", "int:2"]);
  assert.deepEqual(lex("1.e5"), ["real:1.e5"]);
  assert.deepEqual(lex("x.and.y"), ["ident:x", "op:.and.", "ident:y"]);
});

test("dotted operators, with the blanks fixed form allows", () => {
  assert.deepEqual(lex("a . eq . b .NE. c .lt.d .not. e .true. .false._1 .eqv. .neqv."), [
    "ident:a",
    "op:==",
    "ident:b",
    "op:/=",
    "ident:c",
    "op:<",
    "ident:d",
    "op:.not.",
    "ident:e",
    "logical:true",
    "logical:false_1",
    "op:.eqv.",
    "op:.neqv.",
  ]);
});

test("strings with doubled quotes, case folding, two-character operators, BOZ", () => {
  assert.deepEqual(lex(`'it''s' "say ""hi""" ABC_1 x**2 a//b c /= d e=>f (/1/) z'FF'`), [
    "string:it's",
    'string:say "hi"',
    "ident:abc_1",
    "ident:x",
    "op:**",
    "int:2",
    "ident:a",
    "op://",
    "ident:b",
    "ident:c",
    "op:/=",
    "ident:d",
    "ident:e",
    "op:=>",
    "ident:f",
    "op:(/",
    "int:1",
    "op:/)",
    "boz:z'FF'",
  ]);
});

test("an unterminated string and a stray character are diagnostics with columns", () => {
  const ll: LogicalLine = { file: "t.f", text: "x = 'abc @", segments: [{ offset: 0, line: 3, column: 7 }], line: 3, endLine: 3 };
  const diags: import("../../diagnostics/diagnostic.js").Diagnostic[] = [];
  tokenize(ll, diags);
  assert.equal(diags.length, 1);
  assert.equal(diags[0]!.message, "unterminated character string");
  assert.deepEqual([diags[0]!.span?.line, diags[0]!.span?.column], [3, 11]);
  const ll2: LogicalLine = { ...ll, text: "x = 1 @ 2" };
  const d2: typeof diags = [];
  tokenize(ll2, d2);
  assert.equal(d2[0]!.message, "unexpected character '@'");
  assert.equal(d2[0]!.span?.column, 13);
});
