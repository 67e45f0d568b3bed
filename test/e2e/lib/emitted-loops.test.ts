import { test } from "node:test";
import assert from "node:assert/strict";
import { emitFortranDirectives } from "../../../src/emit/fortran/emit-fortran.js";
import { emittedLoops, parseClauses } from "./emitted-loops.js";

const none = { private: [], firstprivate: [], lastprivate: [], reductions: [] };

test("directives map back to the original loop lines, continuations joined, END directives ignored", () => {
  const src = "      program p\n      do 10 i = 1, n\n   10 a(i) = 0\n      do 20 i = 1, n\n   20 s = s + a(i)\n      end\n";
  const vars = Array.from({ length: 20 }, (_, k) => `v${k}`);
  const out = emitFortranDirectives(src, "fixed", [
    { line: 2, endLine: 3, clauses: { ...none, private: vars }, end: true },
    { line: 4, endLine: 5, clauses: { ...none, reductions: [{ op: "+", var: "s" }] }, end: true },
  ]);
  const found = emittedLoops(src, out, "fortran");
  assert.deepEqual(found.map((e) => e.line), [2, 4]);
  assert.deepEqual(found[0]!.clauses.private, vars);
  assert.deepEqual(found[1]!.clauses.reductions, [{ op: "+", var: "s" }]);
  assert.equal(found[0]!.rewritten, false);
});

test("free-form & continuations and upper case", () => {
  const src = "do i = 1, n\nend do\n";
  const out = "!$OMP PARALLEL DO PRIVATE(T) &\n!$OMP& REDUCTION(MAX:M)\ndo i = 1, n\nend do\n";
  const [e] = emittedLoops(src, out, "fortran");
  assert.equal(e!.line, 1);
  assert.deepEqual(e!.clauses.private, ["t"]);
  assert.deepEqual(e!.clauses.reductions, [{ op: "max", var: "m" }]);
});

test("C: a split line is a rewritten loop on its original line; array sections reduce their array", () => {
  const src = "int main(void) {\n  int i; for (i = 0; i < 9; i++) h[k[i]]++;\n}\n";
  const out = "int main(void) {\n  int i;\n  #pragma omp parallel for reduction(+:h[0:64]) schedule(static)\n  for (i = 0; i < 9; i++) h[k[i]]++;\n}\n";
  const [e] = emittedLoops(src, out, "c");
  assert.equal(e!.line, 2);
  assert.equal(e!.rewritten, true);
  assert.deepEqual(e!.clauses.reductions, [{ op: "+", var: "h" }]);
  assert.deepEqual(e!.clauses.other, ["schedule(static)"]);
});

test("collapse(2) also parallelizes the first inner loop; non-loop directives are not loops", () => {
  const src = "a\nb\nc\n";
  const out = "#pragma omp parallel for collapse(2)\na\n#pragma omp critical\nb\nc\n";
  const sites = [
    { line: 1, column: 1, endLine: 3, parentLine: null, counted: true, endOmitted: false, startsMidLine: false },
    { line: 2, column: 1, endLine: 3, parentLine: 1, counted: true, endOmitted: false, startsMidLine: false },
  ];
  const found = emittedLoops(src, out, "c", sites);
  assert.deepEqual(found.map((e) => [e.line, e.collapsedInto]), [
    [1, undefined],
    [2, 1],
  ]);
});

test("parseClauses: if with parentheses, linear, bare words", () => {
  const c = parseClauses("private(a, b) if((m >= n) .or. (m == 0)) linear(k:2) nowait collapse(3)", "fortran");
  assert.deepEqual(c.private, ["a", "b"]);
  assert.equal(c.ifCondition, "(m >= n) .or. (m == 0)");
  assert.deepEqual(c.linear, [{ var: "k", step: "2" }]);
  assert.deepEqual(c.other, ["nowait"]);
  assert.equal(c.collapse, 3);
});
