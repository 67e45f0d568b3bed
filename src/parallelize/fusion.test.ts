import { before, test } from "node:test";
import assert from "node:assert/strict";
import { ensureCParser } from "../node/c-parser-node.js";
import { loadProgram } from "../driver/load-program.js";
import { parallelizeLoadedRun } from "../driver/parallelize-file.js";
import { memoryHost } from "../source/host.js";

before(() => ensureCParser());

/** doall parallelize on one file: the text written and each loop's plan by line. */
function run(name: string, src: string, restructure?: boolean) {
  const host = memoryHost({ [name]: src });
  const r = parallelizeLoadedRun([loadProgram(name, host)], host, restructure === undefined ? {} : { restructure })[0]!;
  const at = (line: number) => r.plan!.loops.find((l) => l.loop.span.line === line)!;
  return { out: r.output!, at, report: r.report };
}

const fortran = (first: string[], between: string[], second: string[]) =>
  ["subroutine s(a, b, c, n)", "  integer :: n, i", "  double precision :: a(n), b(n), c(n), t", "  do i = 1, n", ...first.map((x) => `    ${x}`), "  end do", ...between, "  do i = 1, n", ...second.map((x) => `    ${x}`), "  end do", "end subroutine", ""].join("\n");

test("Fortran: two loops over one range fuse: one directive on the first, its END DO and the second's header emptied, the clauses of both", () => {
  const { out, at, report } = run("f.f90", fortran(["a(i) = b(i) * 2.0d0"], ["  ! between"], ["t = a(i) + 1.0d0", "c(i) = t * t"]));
  assert.equal(at(4).fusion?.second, at(8));
  assert.equal(at(8).emitted, false);
  assert.match(at(8).reasons[0]!.message, /^fused into the loop at line 4/);
  assert.deepEqual(at(4).private, ["t"]);
  const lines = out.split("\n");
  assert.match(lines[3]!, /^\s*!\$omp parallel do( simd)? private\(t\)/);
  const kept = lines.filter((l) => /^\s*(do i|end do|!\$omp)/.test(l)).map((l) => l.trim());
  assert.match(kept[0]!, /^!\$omp parallel do( simd)? private\(t\)( if\(.*\))?$/);
  assert.deepEqual(kept.slice(1, 3), ["do i = 1, n", "end do"]);
  assert.match(kept[3]!, /^!\$omp end parallel do( simd)?$/);
  assert.equal(out.split("\n").length, fortran(["a(i) = b(i) * 2.0d0"], ["  ! between"], ["t = a(i) + 1.0d0", "c(i) = t * t"]).split("\n").length + 2, "two directive lines added, none removed");
  assert.deepEqual(report.loops.find((l) => l.line === 4)?.fusion, { with: 8 });
});

test("Fortran: no fusion where it would change the result or the text cannot merge the loops", () => {
  // The second loop reads a(i + 1), which a later iteration of the first writes.
  assert.equal(run("f.f90", fortran(["a(i) = b(i) * 2.0d0"], [], ["c(i) = a(i + 1)"])).at(4).fusion, undefined);
  // The second reads t as the first loop left it (its last value).
  assert.equal(run("f.f90", fortran(["t = b(i)", "a(i) = t"], [], ["c(i) = t"])).at(4).fusion, undefined);
  // The first body may skip the rest of its iteration: fused, that would skip the second body too.
  assert.equal(run("f.f90", fortran(["if (b(i) < 0) cycle", "a(i) = b(i)"], [], ["c(i) = 2 * b(i)"])).at(4).fusion, undefined);
  // Other bounds.
  const other = fortran(["a(i) = b(i)"], [], ["c(i) = 2 * b(i)"]).replace(/do i = 1, n\n    c/, "do i = 2, n\n    c");
  assert.equal(run("f.f90", other).at(4).fusion, undefined);
  // The second reads j as the first loop's inner DO left it (found by fuzzing: fused, each iteration saw its own).
  const inner = fortran(["do j = 1, 3", "  a(i) = b(i) + j", "end do"], [], ["c(i) = i * j"]).replace("integer :: n, i", "integer :: n, i, j");
  assert.equal(run("f.f90", inner).at(4).fusion, undefined);
  // A statement between the loops.
  assert.equal(run("f.f90", fortran(["a(i) = b(i)"], ["  t = 1"], ["c(i) = t * b(i)"])).at(4).fusion, undefined);
  // --no-restructure keeps them apart.
  const plain = fortran(["a(i) = b(i) * 2.0d0"], [], ["c(i) = a(i)"]);
  assert.ok(run("f.f90", plain).at(4).fusion);
  assert.equal(run("f.f90", plain, false).at(4).fusion, undefined);
  assert.equal(run("f.f90", plain, false).at(7).emitted, true);
});

const c = (first: string, second: string) =>
  ["void s(double *restrict a, double *restrict b, double *restrict c, int n) {", "  int i;", "  for (i = 0; i < n; i++) {", `    ${first}`, "  }", "  for (i = 0; i < n; i++) {", `    ${second}`, "  }", "}", ""].join("\n");

test("C: the closing brace of the first loop and the header of the second emptied; not with a body that is no block, nor with declarations in the bodies", () => {
  const { out, at } = run("c.c", c("a[i] = b[i] * 2.0;", "c[i] = a[i] + 1.0;"));
  assert.equal(at(3).fusion?.second, at(6));
  const lines = out.split("\n");
  assert.equal(lines.filter((l) => /for \(/.test(l)).length, 1);
  assert.equal(lines.filter((l) => /#pragma omp parallel for/.test(l)).length, 1);
  assert.equal(lines.filter((l) => l.trim() === "}").length, 2, "the second loop's brace and the function's");
  // The second loop's body on the header's line: its text cannot be merged, each keeps its directive.
  const oneLine = c("a[i] = b[i] * 2.0;", "c[i] = a[i] + 1.0;").replace("  for (i = 0; i < n; i++) {\n    c[i] = a[i] + 1.0;\n  }", "  for (i = 0; i < n; i++) c[i] = a[i] + 1.0;");
  const r = run("c.c", oneLine);
  assert.equal(r.at(3).fusion, undefined);
  assert.equal(r.out.split("\n").filter((l) => /#pragma omp parallel for/.test(l)).length, 2);
  // A comment between the loops is no code; a line that starts and ends with comments around code is
  // (found by fuzzing: the typedef went inside the fused loop's body).
  const between = (line: string) => c("a[i] = b[i] * 2.0;", "c[i] = a[i] + 1.0;").replace("  }\n  for", `  }\n${line}\n  for`);
  assert.ok(run("c.c", between("  /* next */")).at(3).fusion);
  assert.equal(run("c.c", between("  /* t */ typedef double real; /* u */")).at(3).fusion, undefined);
  // Both bodies declare t: one block would declare it twice.
  assert.equal(run("c.c", c("double t = b[i]; a[i] = t;", "double t = a[i]; c[i] = t;")).at(3).fusion, undefined);
});

test("found by fuzzing: no fusion when the second loop's bounds may change in the first (EQUIVALENCE, a function), nor of C bodies that declare a name", () => {
  const prog = (decl: string[], bound: string, first: string) =>
    ["module m11", "  integer :: mm(2000000)", "contains", "  pure integer function top()", "    top = mm(1)", "  end function", "end module", "program p", "  use m11", "  integer, parameter :: n = 2000000", "  integer :: a(n), b(n), i, m", ...decl, "  b = 1", "  mm = 0", "  mm(1) = n", "  m = n", `  do i = 1, ${bound}`, `    ${first}`, "  end do", `  do i = 1, ${bound}`, "    a(i) = b(i) + 1", "  end do", "  print *, a(1), a(n)", "end program", ""].join("\n");
  // m is mm2(1), which the first loop sets to 7: as written the second loop runs 1..7.
  const equiv = run("f.f90", prog(["  integer :: mm2(n)", "  equivalence (m, mm2(1))"], "m", "mm2(i) = 7"));
  assert.equal(equiv.at(18).fusion, undefined);
  // top() reads mm(1), which the first loop writes.
  const call = run("f.f90", prog([], "top()", "mm(i) = 7"));
  assert.equal(call.at(16).fusion, undefined);
  // C: the first body's `enum { K = 3 }` would hide the file's K from the second.
  const src = ["enum { K = 5 };", "static int a[2000000], b[2000000], c[2000000];", "void f(int n) {", "  int i;", "  for (i = 0; i < n; i++) {", "    enum { K = 3 };", "    a[i] = b[i] * K;", "  }", "  for (i = 0; i < n; i++) {", "    c[i] = b[i] * K;", "  }", "}", ""].join("\n");
  const c = run("c.c", src);
  assert.equal(c.out.match(/#pragma omp parallel for/g)?.length, 2);
});

test("found by fuzzing: no fusion across a directive line (`!GCC$ ivdep` binds to the DO after it), nor of loops whose emptied lines hold a comment", () => {
  const ivdep = run("f.f90", fortran(["a(i) = b(i) * 2.0d0"], ["  !GCC$ ivdep"], ["c(i) = a(i) + 1.0d0"]));
  assert.equal(ivdep.at(4).fusion, undefined);
  assert.match(ivdep.out, /!GCC\$ ivdep\n\s*!\$omp parallel do/);
  const src = ["static int a[2000000], b[2000000];", "void f(int n) {", "  int i;", "  for (i = 0; i < n; i++) {", "    a[i] = i % 7;", "  }", "  for (i = 0; i < n; i++) { /* keep me */", "    b[i] = a[i] + 1;", "  }", "}", ""].join("\n");
  const c = run("c.c", src);
  assert.match(c.out, /\/\* keep me \*\//);
  assert.equal(c.at(4).fusion, undefined);
});

test("found by fuzzing round 12: no C fusion when the first loop's header line declares a name (it would hide the caller's from the second body)", () => {
  const src = ["static int c[2000000], d[2000000];", "void f(int n) {", "  int i, g = 1000;", "  for (i = 0; i < n; i++) { int g = i % 7;", "    c[i] = g;", "  }", "  for (i = 0; i < n; i++) {", "    d[i] = c[i] + g;", "  }", "}", ""].join("\n");
  const r = run("c.c", src);
  assert.equal(r.at(4).fusion, undefined);
  assert.equal(r.out.match(/#pragma omp parallel for/g)?.length, 2);
});
