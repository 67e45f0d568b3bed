import { test } from "node:test";
import assert from "node:assert/strict";
import { emitFortranDirectives } from "../../../src/emit/fortran/emit-fortran.js";
import { alignLines, checkDirectivesOnly } from "./line-diff.js";

const none = { private: [], firstprivate: [], lastprivate: [], reductions: [] };

test("alignLines matches a longest common subsequence", () => {
  assert.deepEqual(alignLines(["a", "b", "c"], ["a", "x", "b", "c", "y"]), [0, -1, 1, 2, -1]);
  assert.deepEqual(alignLines([], ["a"]), [-1]);
});

test("only directive lines added: identical, and the directive lines are listed", () => {
  const src = "program p\n  do i = 1, n\n    a(i) = 0\n  end do\nend program p\n";
  const out = emitFortranDirectives(src, "free", [{ line: 2, endLine: 4, clauses: { ...none, private: ["t"] }, end: true }]);
  const r = checkDirectivesOnly(src, out, "fortran");
  assert.equal(r.identical, true);
  assert.deepEqual(r.directiveLines, [2, 6]);
  assert.deepEqual(r.changed, []);
});

test("a line split to make room for a pragma is reported as a changed hunk", () => {
  const src = "int f(int *a, int n) {\n  int i; for (i = 0; i < n; i++)\n    a[i] = 0;\n  return 0;\n}\n";
  const out = "int f(int *a, int n) {\n  int i;\n  #pragma omp parallel for\n  for (i = 0; i < n; i++)\n    a[i] = 0;\n  return 0;\n}\n";
  const r = checkDirectivesOnly(src, out, "c");
  assert.equal(r.identical, false);
  assert.equal(r.changed.length, 1);
  assert.equal(r.changed[0]!.originalLine, 2);
  assert.deepEqual(r.changed[0]!.original, ["  int i; for (i = 0; i < n; i++)"]);
  assert.deepEqual(r.changed[0]!.transformed, ["  int i;", "  for (i = 0; i < n; i++)"]);
});

test("any other edit is reported: a changed statement, a deleted line, a lost final newline", () => {
  const src = "      x = 1\n      y = 2\n      z = 3\n";
  const r = checkDirectivesOnly(src, "      x = 1\n!$omp parallel do\n      y = 5\n      z = 3\n", "fortran");
  assert.equal(r.identical, false);
  assert.deepEqual(r.changed, [{ originalLine: 2, original: ["      y = 2"], transformedLine: 3, transformed: ["      y = 5"] }]);
  assert.deepEqual(checkDirectivesOnly(src, "      x = 1\n      z = 3\n", "fortran").changed[0]!.original, ["      y = 2"]);
  assert.equal(checkDirectivesOnly(src, src.slice(0, -1), "fortran").identical, false);
  // CRLF bytes count.
  assert.equal(checkDirectivesOnly("a\r\nb\r\n", "a\nb\n", "c").identical, false);
});

test("C pragmas continued with a backslash are directive lines", () => {
  const src = "void f(void) {\n  for (;;) ;\n}\n";
  const out = "void f(void) {\n  #pragma omp parallel for \\\n      private(t)\n  for (;;) ;\n}\n";
  const r = checkDirectivesOnly(src, out, "c");
  assert.equal(r.identical, true);
  assert.deepEqual(r.directiveLines, [2, 3]);
});

test("the lines only OpenMP compilers read that doall adds count as directive lines: Fortran's !$ declarations, C's omp.h under _OPENMP", () => {
  const f = "      program p\n      integer i\n      i = 1\n      end\n";
  const fo = "      program p\n      integer i\n!$    integer omp_get_max_threads, omp_get_num_procs\n      i = 1\n      end\n";
  assert.equal(checkDirectivesOnly(f, fo, "fortran").identical, true);
  const c = "int x;\nint main(void) { return x; }\n";
  const co = "int x;\n#ifdef _OPENMP\n#include <omp.h>\n#endif\nint main(void) { return x; }\n";
  assert.equal(checkDirectivesOnly(c, co, "c").identical, true);
  // Any other preprocessor line is the user's text changed.
  assert.equal(checkDirectivesOnly(c, "int x;\n#include <omp.h>\nint main(void) { return x; }\n", "c").identical, false);
});

test("an added SAVE statement of a main program's arrays counts as added (main-program-saves.ts), its continuations too; other new lines do not", () => {
  const src = "      program p\n      real a(10), b(10)\n      a(1) = 0\n      end\n";
  const fixed = "      program p\n      real a(10), b(10)\n      save a,\n     &b\n      a(1) = 0\n      end\n";
  assert.equal(checkDirectivesOnly(src, fixed, "fortran").identical, true);
  const free = "program p\n  real :: a(10), b(10)\n  save a, &\n    b\n  a(1) = 0\nend program p\n";
  assert.equal(checkDirectivesOnly(free.replace("  save a, &\n    b\n", ""), free, "fortran").identical, true);
  // Not a list of names: a changed statement.
  assert.equal(checkDirectivesOnly(src, src.replace("      a(1) = 0\n", "      save /blk/\n      a(1) = 0\n"), "fortran").identical, false);
  assert.equal(checkDirectivesOnly(src, src.replace("      a(1) = 0\n", "      a(1) = 0\n      b(1) = 0\n"), "fortran").identical, false);
});
