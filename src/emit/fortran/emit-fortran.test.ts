import { test } from "node:test";
import assert from "node:assert/strict";
import { emitFortranDirectives } from "./emit-fortran.js";

const none = { private: [], firstprivate: [], lastprivate: [], reductions: [] };

test("fixed form: directive in column 1 before the DO, END after the terminal statement, bytes kept", () => {
  const src = "      program p\n   10 do 20 i = 1, n\n         a(i) = 0\n   20 continue\n      end\n";
  const out = emitFortranDirectives(src, "fixed", [{ line: 2, endLine: 4, clauses: { ...none, private: ["t"] }, end: true }]);
  assert.equal(out, "      program p\n!$omp parallel do private(t)\n   10 do 20 i = 1, n\n         a(i) = 0\n   20 continue\n!$omp end parallel do\n      end\n");
  // Removing the inserted lines gives back the original exactly.
  assert.equal(out.split("\n").filter((l) => !l.startsWith("!$omp")).join("\n"), src);
});

test("fixed form: long directives continue on !$omp& lines within 72 columns", () => {
  const vars = Array.from({ length: 30 }, (_, k) => `var${k}`);
  const out = emitFortranDirectives("      do i = 1, n\n      end do\n", "fixed", [{ line: 1, endLine: 2, clauses: { ...none, private: vars, reductions: [{ op: "+", var: "s" }, { op: "max", var: "m" }] }, end: true }]);
  const dirs = out.split("\n").filter((l) => l.startsWith("!$omp"));
  assert.ok(dirs.length > 2);
  for (const d of dirs) assert.ok(d.length <= 72, d);
  assert.ok(dirs.slice(1, -1).every((d) => d.startsWith("!$omp& ")));
  const joined = dirs.slice(0, -1).map((d, i) => (i === 0 ? d.slice(6) : d.slice(7))).join(" ");
  assert.match(joined, /^parallel do private\(var0, var1, .*var29\) reduction\(\+:s\) reduction\(max:m\)$/);
});

test("free form: indented like the DO, & continuation, CRLF line endings kept", () => {
  const src = "program p\r\n  do i = 1, n\r\n    a(i) = 0\r\n  end do\r\nend program p";
  const out = emitFortranDirectives(src, "free", [{ line: 2, endLine: 4, clauses: { ...none, ifCondition: "n > 1000" }, end: true }]);
  assert.equal(out, "program p\r\n  !$omp parallel do if(n > 1000)\r\n  do i = 1, n\r\n    a(i) = 0\r\n  end do\r\n  !$omp end parallel do\r\nend program p");
});

test("no END directive for a DO sharing its terminal statement", () => {
  const src = "      do 10 j = 1, n\n      do 10 i = 1, n\n   10 a(i, j) = 0\n";
  const out = emitFortranDirectives(src, "fixed", [{ line: 2, endLine: 3, clauses: none, end: false }]);
  assert.equal(out, "      do 10 j = 1, n\n!$omp parallel do\n      do 10 i = 1, n\n   10 a(i, j) = 0\n");
});
