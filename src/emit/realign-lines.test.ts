import { before, test } from "node:test";
import assert from "node:assert/strict";
import { ensureCParser } from "../node/c-parser-node.js";
import { loadProgram } from "../driver/load-program.js";
import { parallelizeLoadedRun } from "../driver/parallelize-file.js";
import { memoryHost } from "../source/host.js";

before(async () => {
  await ensureCParser();
});

/** doall parallelize on one file (no simd: the rewrites are what is checked): its text, and the report's restructuring of a loop. */
function run(name: string, src: string, restructure = true) {
  const host = memoryHost({ [name]: src });
  const r = parallelizeLoadedRun([loadProgram(name, host)], host, { restructure })[0]!;
  return { out: r.output!.replace(/ simd\b/g, "").replace(/ if\([^)]*\)/g, ""), realign: (line: number) => r.report.loops.find((l) => l.line === line)?.realign, reason: (line: number) => (r.report.loops.find((l) => l.line === line)?.causes ?? []).map((c) => c.summary).join("\n") };
}

const f90 = (body: string[], bounds = "1, n") => ["subroutine s(a, b, c, n)", "  integer :: n, i", "  double precision :: a(0:n), b(n), c(n)", `  do i = ${bounds}`, ...body.map((x) => `    ${x}`), "  end do", "end subroutine", ""].join("\n");

test("Fortran, aligned: the lower bound one lower, a logical IF before each statement, the later ones read i + 1 (i - 1 read one iteration later is i)", () => {
  const { out, realign } = run("f.f90", f90(["a(i) = b(i) * 2.0d0", "c(i) = a(i - 1) + b(i)"]));
  assert.deepEqual(realign(4), { kind: "align", from: 6, to: 6, shift: 1 });
  assert.equal(
    out,
    ["subroutine s(a, b, c, n)", "  integer :: n, i", "  double precision :: a(0:n), b(n), c(n)", "  !$omp parallel do", "  do i = 0, n", "    if (i >= 1) a(i) = b(i) * 2.0d0", "    if (i + 1 <= n) c(i + 1) = a(i) + b(i + 1)", "  end do", "  !$omp end parallel do", "end subroutine", ""].join("\n"),
  );
});

test("Fortran fixed form, aligned: .ge. and .le., symbolic bounds, and no line past column 72", () => {
  const src = ["      subroutine s(a, b, c, m, n)", "      integer m, n, i", "      double precision a(0:n), b(n), c(n)", "      do i = m + 1, n", "         a(i) = b(i) * 2.0d0", "         c(i) = a(i - 1) + b(i - 1)", "      end do", "      end", ""].join("\n");
  const { out } = run("f.f", src);
  assert.match(out, /\n      do i = m \+ 1 - 1, n\n         if \(i \.ge\. \(m \+ 1\)\) a\(i\) = b\(i\) \* 2\.0d0\n         if \(i \+ 1 \.le\. n\) c\(i \+ 1\) = a\(i\) \+ b\(i\)\n/);
  // The guard would push the statement past column 72: the loop stays as written, serial, and says why.
  const long = src.replace("c(i) = a(i - 1) + b(i - 1)", "c(i) = a(i - 1) + b(i - 1) + b(i - 1) * 2.0d0 + b(i - 1) * 3.d0");
  const r = run("f.f", long);
  assert.equal(r.realign(4), undefined);
  assert.doesNotMatch(r.out, /!\$omp/);
  assert.match(r.reason(4) ?? "", /aligned, but its text does not allow the rewrite/);
});

test("Fortran, peeled: a copy that leaves after the first iteration, then the loop from L + 1; or to U - 1, then a copy from U down", () => {
  const first = run("f.f90", f90(["a(i) = a(1) * 0.5d0 + b(i)"]));
  assert.deepEqual(first.realign(4), { kind: "peel", iteration: "first" });
  assert.equal(first.out, ["subroutine s(a, b, c, n)", "  integer :: n, i", "  double precision :: a(0:n), b(n), c(n)", "  do i = 1, n", "    a(i) = a(1) * 0.5d0 + b(i)", "    exit", "  end do", "  !$omp parallel do", "  do i = 2, n", "    a(i) = a(1) * 0.5d0 + b(i)", "  end do", "  !$omp end parallel do", "end subroutine", ""].join("\n"));
  const last = run("f.f90", f90(["c(i) = c(n) * 0.5d0 + b(i)"]));
  assert.deepEqual(last.realign(4), { kind: "peel", iteration: "last" });
  assert.equal(last.out, ["subroutine s(a, b, c, n)", "  integer :: n, i", "  double precision :: a(0:n), b(n), c(n)", "  !$omp parallel do", "  do i = 1, n - 1", "    c(i) = c(n) * 0.5d0 + b(i)", "  end do", "  !$omp end parallel do", "  do i = n, 1, -1", "    c(i) = c(n) * 0.5d0 + b(i)", "    exit", "  end do", "end subroutine", ""].join("\n"));
  // --no-restructure: as written, serial.
  assert.doesNotMatch(run("f.f90", f90(["c(i) = c(n) * 0.5d0 + b(i)"]), false).out, /!\$omp/);
});

const c = (body: string[], header = "for (int i = 1; i < n; i++) {") => ["void s(double *restrict a, double *restrict b, double *restrict c, int n) {", `  ${header}`, ...body.map((x) => `    ${x}`), "  }", "}", ""].join("\n");

test("C, aligned: the init one lower, the condition read at i + 1 guards the later statements", () => {
  const { out, realign } = run("c.c", c(["a[i] = b[i] * 2.0;", "c[i] = a[i - 1] + b[i];"]));
  assert.deepEqual(realign(2), { kind: "align", from: 4, to: 4, shift: 1 });
  assert.match(out, /\n  #pragma omp parallel for\n  for \(int i = 0; i < n; i\+\+\) \{\n    if \(i >= 1\) a\[i\] = b\[i\] \* 2\.0;\n    if \(\(i \+ 1\) < n\) c\[i \+ 1\] = a\[i\] \+ b\[i \+ 1\];\n  \}\n/);
});

test("C, peeled: break after one iteration; the last iteration from the inclusive bound down", () => {
  const first = run("c.c", c(["a[i] = a[0] * 0.5 + b[i];"], "for (int i = 0; i < n; i++) {"));
  assert.match(first.out, /\n  for \(int i = 0; i < n; i\+\+\) \{\n    a\[i\] = a\[0\] \* 0\.5 \+ b\[i\];\n    break;\n  \}\n  #pragma omp parallel for( if\([^)]*\))?\n  for \(int i = 1; i < n; i\+\+\) \{\n/);
  const last = run("c.c", c(["c[i] = c[n - 1] * 0.5 + b[i];"], "for (int i = 0; i < n; i++) {"));
  assert.match(last.out, /\n  for \(int i = 0; i < n - 1; i\+\+\) \{\n    c\[i\] = c\[n - 1\] \* 0\.5 \+ b\[i\];\n  \}\n  for \(int i = n - 1; i >= 0; i--\) \{\n    c\[i\] = c\[n - 1\] \* 0\.5 \+ b\[i\];\n    break;\n  \}\n/);
  // A body that declares a variable is copied whole (the copy is a block of its own): peeled.
  assert.deepEqual(run("c.c", c(["double t = a[0];", "a[i] = t * 0.5 + b[i];"], "for (int i = 0; i < n; i++) {")).realign(2), { kind: "peel", iteration: "first" });
  // Aligned, its statements would go under guards: `if (g) double t = ...;` is no C. An inner for's own index is fine.
  assert.equal(run("c.c", c(["a[i] = b[i] * 2.0;", "double t = a[i - 1];", "c[i] = t + b[i];"])).realign(2), undefined);
  const nest = run("c.c", c(["a[i] = b[i] * 2.0;", "for (int j = 0; j < 4; j++) c[i] += a[i - 1] * j;"]));
  assert.deepEqual(nest.realign(2), { kind: "align", from: 4, to: 4, shift: 1 });
  // The inner loop in a block of its own lines (a `#pragma omp simd` it may get must stand right before its for).
  assert.match(nest.out, /\n    if \(i >= 1\) a\[i\] = b\[i\] \* 2\.0;\n    if \(\(i \+ 1\) < n\) \{\n(    #pragma omp\n)?    for \(int j = 0; j < 4; j\+\+\) c\[i \+ 1\] \+= a\[i\] \* j;\n    \}\n/);
});

test("Fortran: a DO among the statements goes inside an IF block of its own lines", () => {
  const src = ["subroutine s(q, r, t, m, n)", "  integer :: m, n, i, j", "  double precision :: q(m, 0:n), r(m, n), t(m, n)", "  do j = 1, n", "    do i = 1, m", "      q(i, j) = r(i, j) * 0.5d0", "    end do", "    do i = 1, m", "      t(i, j) = q(i, j - 1) + r(i, j)", "    end do", "  end do", "end subroutine", ""].join("\n");
  const { out, realign } = run("f.f90", src);
  assert.deepEqual(realign(4), { kind: "align", from: 8, to: 8, shift: 1 });
  assert.match(out, /\n  do j = 0, n\n    if \(j >= 1\) then\n(    !\$omp( simd)?\n)?    do i = 1, m\n      q\(i, j\) = r\(i, j\) \* 0\.5d0\n    end do\n    end if\n    if \(j \+ 1 <= n\) then\n(    !\$omp( simd)?\n)?    do i = 1, m\n      t\(i, j \+ 1\) = q\(i, j\) \+ r\(i, j \+ 1\)\n    end do\n    end if\n  end do\n/);
});

test("a shift of two: the lower bound two lower, the later statements read i + 2", () => {
  const { out, realign } = run("f.f90", f90(["a(i) = b(i) * 2.0d0", "c(i) = a(i - 2) + b(i)"], "2, n"));
  assert.deepEqual(realign(4), { kind: "align", from: 6, to: 6, shift: 2 });
  assert.match(out, /\n  do i = 0, n\n    if \(i >= 2\) a\(i\) = b\(i\) \* 2\.0d0\n    if \(i \+ 2 <= n\) c\(i \+ 2\) = a\(i\) \+ b\(i \+ 2\)\n/);
});

test("a statement with a directive of the user's right before it is not put under a guard", () => {
  const src = c(["a[i] = b[i] * 2.0;", "#pragma GCC ivdep", "for (int j = 0; j < 4; j++) c[i] += a[i - 1] * j;"]);
  const r = run("c.c", src);
  assert.equal(r.realign(2), undefined);
  assert.equal(r.out.includes("if (i >= 1)"), false);
});

test("the index read after the loop, or a step other than 1: as written", () => {
  const live = f90(["a(i) = b(i) * 2.0d0", "c(i) = a(i - 1) + b(i)"]).replace("  end do\n", "  end do\n  b(1) = i\n");
  assert.equal(run("f.f90", live).realign(4), undefined);
  assert.equal(run("f.f90", f90(["a(i) = b(i) * 2.0d0", "c(i) = a(i - 2) + b(i)"], "2, n, 2")).realign(4), undefined);
});

test("found by fuzzing: an octal literal is not folded as decimal, a macro's argument is parenthesized, a peeled copy repeats no label", () => {
  // C reads 010 as 8: the peeled loop starts at 010 + 1, and `a[i - 010]` read 8 iterations later is `a[i + 8 - 010]`.
  const peel = run("c.c", c(["a[i] = a[8] * 0.5 + b[i];"], "for (int i = 010; i < n; i++) {"));
  assert.deepEqual(peel.realign(2), { kind: "peel", iteration: "first" });
  assert.match(peel.out, /for \(int i = 010 \+ 1; i < n; i\+\+\)/);
  const octal = run("c.c", c(["a[i] = b[i] * 2.0;", "c[i] = a[i - 010] + b[i];"], "for (int i = 8; i < n; i++) {"));
  assert.doesNotMatch(octal.out, /a\[i - 2\]/);
  assert.match(octal.out, /a\[i \+ 8 - 010\]/);
  // `TRI(i)` of `#define TRI(x) 3*x` read one iteration later is TRI((i + 1)), not TRI(i + 1) (3*i + 1).
  const macro = run("c.c", ["#define TRI(x) 3*x", ...c(["a[i + 1] = b[i] * 2.0;", "c[i] = a[i] + TRI(i);"]).split("\n")].join("\n"));
  assert.doesNotMatch(macro.out, /TRI\(i \+ 1\)/);
  // A label in the body, or a named inner loop, would be defined twice by the peeled copy: not peeled.
  const labeled = run("f.f90", f90(["100 a(i) = a(1) * 0.5d0 + b(i)"]));
  assert.equal(labeled.realign(4), undefined);
  assert.doesNotMatch(labeled.out, /!\$omp/);
  const named = run("f.f90", f90(["inner: do k = 1, 2", "  a(i) = a(1) * 0.5d0 + b(i) + k", "end do inner"]).replace("integer :: n, i", "integer :: n, i, k"));
  assert.equal(named.realign(4), undefined);
});

test("a preprocessed Fortran file's macro arguments are parenthesized when shifted, never folded", () => {
  // Found by fuzzing: with `#define TW(k) b(k)*k`, TW(i-1) read one iteration later became TW(i), which
  // expands to b(i)*i, not b(i)*i+1-1.
  const src = ["program m", "  integer, parameter :: n = 200000", "  integer a(n), b(n), c(n), i", "#define TW(k) b(k)*k", "  do i = 2, n", "    b(i) = a(i) + 1", "    c(i) = TW(i-1) * 2", "  end do", "  print *, c(2)", "end program", ""].join("\n");
  const { out, realign } = run("m.F90", src);
  assert.deepEqual(realign(5), { kind: "align", from: 7, to: 7, shift: 1 });
  assert.match(out, /TW\(\(i \+ 1\)-1\)/);
});

test("found by fuzzing C text: an unbraced body is not peeled, a line's end is no operand's end, comments are skipped across lines and kept out of headers", () => {
  const cc = (lines: string[]) => ["double a[300000], b[300000], c[300000];", "void s(int n, int m) {", "  int i, k;", ...lines, "}", ""].join("\n");
  // The loop is the body of `for (k ...)` without braces: a peeled copy would be a second statement.
  const unbraced = run("c.c", cc(["  for (k = 0; k < m; k++)", "    for (i = 0; i < n; i++) {", "      a[i] = a[n - 1] + b[i];", "    }"]));
  assert.equal(unbraced.realign(5), undefined);
  // `+ i` ends the line, `* 2` goes on below: i + 1 there is (i + 1).
  const split = run("c.c", cc(["  for (i = 1; i < n; i++) {", "    a[i] = b[i] + 1;", "    c[i] = a[i - 1] + i", "      * 2;", "  }"]));
  assert.match(split.out, /a\[i\] \+ \(i \+ 1\)\n/);
  // The b[i] after a comment opened on the same line is shifted; the i inside the comment's next line is not.
  const comment = run("c.c", cc(["  for (i = 1; i < n; i++) {", "    a[i] = b[i] + 1;", "    c[i] = a[i - 1] /* x */ + b[i] /* note", "      about i */ + 0;", "  }"]));
  assert.deepEqual(comment.realign(4), { kind: "align", from: 6, to: 7, shift: 1 });
  assert.match(comment.out, /\+ b\[i \+ 1\] \/\* note\n {6}about i \*\/ \+ 0;/);
  // A comment inside the control (`/* cols) */`) leaves the header as written.
  const header = run("c.c", cc(["  for (i = 0; i < n /* last) */; i++) {", "    c[i] = c[n - 1] * 0.5 + b[i];", "  }"]));
  assert.equal(header.realign(4), undefined);
});

test("found by fuzzing C text: the reads shifted are the analysis's place for place, a unary plus is no addition, unsigned bounds keep the loop as written", () => {
  const cc = (pre: string[], params: string, lines: string[]) => [...pre, "int a[300000], b[300000], c[300000];", `void s(${params}) {`, "  int i;", ...lines, "}", ""].join("\n");
  // `sizeof(i)` names i and reads nothing; PREV reads a[i - 1] with no i in the text: as many of each, and
  // counting them matched (the analysis shifted PREV's read, the text would not).
  const hidden = run("c.c", cc(["#define PREV a[i - 1]"], "int n", ["  for (i = 1; i < n; i++) {", "    a[i] = b[i] + 1;", "    c[i] = PREV * 2 + (int)sizeof(i);", "  }"]));
  assert.equal(hidden.realign(5), undefined);
  assert.doesNotMatch(hidden.out, /i \+ 1/);
  // A preprocessed Fortran file's macro reads at its name: a function-like one reading only its argument, twice,
  // is shifted in the argument; one whose body also reads the index through another macro is not.
  const f90 = (defs: string[], use: string) => ["program m", "  integer, parameter :: n = 200000", "  integer a(n), b(n), c(n), i", ...defs, "  do i = 2, n", "    b(i) = a(i) + 1", `    c(i) = ${use} + b(i-1)`, "  end do", "  print *, c(2)", "end program", ""].join("\n");
  const twice = run("m.F90", f90(["#define SQ(k) (k)*(k)"], "SQ(i)"));
  assert.deepEqual(twice.realign(5), { kind: "align", from: 7, to: 7, shift: 1 });
  assert.match(twice.out, /SQ\(\(i \+ 1\)\)/);
  const nested = run("m.F90", f90(["#define PREV a(i-1)", "#define F(k) (k) + PREV"], "F(i)"));
  assert.equal(nested.realign(6), undefined);
  assert.doesNotMatch(nested.out, /F\(\(i \+ 1\)\)/);
  // `a - +i` one iteration later is `a - +(i + 1)`, not `a - +i + 1`.
  const unary = run("c.c", cc([], "int n", ["  for (i = 1; i < n; i++) {", "    a[i] = b[i] + 1;", "    c[i] = a[i - 1] - +i;", "  }"]));
  assert.deepEqual(unary.realign(4), { kind: "align", from: 6, to: 6, shift: 1 });
  assert.match(unary.out, /c\[i \+ 1\] = a\[i\] - \+\(i \+ 1\);/);
  // An unsigned lower bound: the aligned loop from lo - 1 guarded by `i >= lo` compares unsigned (-1 >= 0u
  // holds); a peeled copy's `i >= lo` too, and runs once for an empty loop. An unsigned upper bound: the
  // aligned loop's `i < n` with i = -1 is false in C, so it ran nothing.
  const lower = run("c.c", cc([], "int n, unsigned lo", ["  for (i = lo; i < n; i++) {", "    a[i + 1] = b[i + 1] + 1;", "    c[i + 1] = a[i] * 2;", "  }"]));
  assert.equal(lower.realign(4), undefined);
  const peel = run("c.c", cc([], "int n, unsigned lo", ["  for (i = lo; i < n; i++) {", "    b[i + 1] = b[n] * 2 + a[i + 1];", "  }"]));
  assert.equal(peel.realign(4), undefined);
  const upper = run("c.c", cc([], "unsigned n", ["  for (i = 0; i < n; i++) {", "    a[i + 1] = b[i + 1] + 1;", "    c[i + 1] = a[i] * 2;", "  }"]));
  assert.equal(upper.realign(4), undefined);
  // A signed bound still is aligned.
  const signed = run("c.c", cc([], "int n", ["  for (i = 0; i < n; i++) {", "    a[i + 1] = b[i + 1] + 1;", "    c[i + 1] = a[i] * 2;", "  }"]));
  assert.deepEqual(signed.realign(4), { kind: "align", from: 6, to: 6, shift: 1 });
});

test("found by fuzzing round 8: a macro's bound is parenthesized, a macro's statements share one place, an index inside a macro's argument or after a cast is parenthesized", () => {
  const cc = (pre: string[], lines: string[]) => [...pre, "int a[3000000], b[3000000], c[3000000], d[3000000];", "void s(int n, int k) {", "  int i;", ...lines, "}", ""].join("\n");
  // `#define M 1<<21`: peeled, `M - 1` would be 1<<20.
  const peel = run("c.c", cc(["#define M 1<<21"], ["  for (i = 0; i < M; i++) {", "    a[i] = a[2097151] + b[i];", "  }"]));
  assert.deepEqual(peel.realign(5), { kind: "peel", iteration: "last" });
  assert.match(peel.out, /for \(i = 0; i < \(M\) - 1; i\+\+\)/);
  assert.match(peel.out, /for \(i = \(M\) - 1; i >= 0; i--\)/);
  // Aligned from a macro's lower bound: `LO - 1` and the guard `i >= LO` keep LO whole.
  const lower = run("c.c", cc(["#define LO 8>>2"], ["  for (i = LO; i < n; i++) {", "    a[i] = b[i] + 1;", "    c[i] = a[i - 1] * 2;", "  }"]));
  assert.deepEqual(lower.realign(5), { kind: "align", from: 7, to: 7, shift: 1 });
  assert.match(lower.out, /for \(i = \(LO\) - 1; i < n; i\+\+\)/);
  assert.match(lower.out, /if \(i >= \(LO\)\) a\[i\]/);
  // A variable's name stays as written.
  const plain = run("c.c", cc([], ["  for (i = k; i < n; i++) {", "    a[i] = b[i] + 1;", "    c[i] = a[i - 1] * 2;", "  }"]));
  assert.match(plain.out, /for \(i = k - 1; i < n; i\+\+\)/);
  // `TWO(i);` is two statements at one place: a guard before it would take the first alone.
  const two = run("c.c", cc(["#define TWO(k) a[k] = b[k] + 1; d[k] = b[k] * 3"], ["  for (i = 1; i < n; i++) {", "    TWO(i);", "    c[i] = a[i - 1] * 2 + d[i - 1];", "  }"]));
  assert.equal(two.realign(5), undefined);
  // `SQ(k + i)` with `#define SQ(x) x*x` is `SQ(k + (i + 1))` one iteration later, not `SQ(k + i + 1)`.
  const arg = run("c.c", cc(["#define SQ(x) x*x"], ["  for (i = 1; i < n; i++) {", "    a[i] = b[i] + 1;", "    c[i] = a[i - 1] + SQ(k + i);", "  }"]));
  assert.deepEqual(arg.realign(5), { kind: "align", from: 7, to: 7, shift: 1 });
  assert.match(arg.out, /SQ\(k \+ \(i \+ 1\)\)/);
  // `(unsigned char) + i` casts +i: `(unsigned char) + (i + 1)`.
  const cast = run("c.c", cc([], ["  for (i = 1; i < n; i++) {", "    a[i] = b[i] + 1;", "    c[i] = a[i - 1] + (unsigned char) + i;", "  }"]));
  assert.match(cast.out, /\(unsigned char\) \+ \(i \+ 1\);/);
  // A condition's parentheses are no call: `if (r[i + 1] ...)` keeps its subscripts as they were.
  const cond = run("c.c", cc([], ["  for (i = 1; i < n; i++) {", "    a[i] = b[i] + 1;", "    if (b[i] > 2) c[i] = a[i - 1] * 2;", "  }"]));
  assert.match(cond.out, /if \(b\[i \+ 1\] > 2\) c\[i \+ 1\] = a\[i\] \* 2;/);
});

test("found by fuzzing round 8 (Fortran): a bound the body changes through EQUIVALENCE, or the index in its own bounds, keeps the loop as written", () => {
  const prog = (decl: string, pre: string[], loop: string, body: string[]) => ["program p", "  integer, parameter :: n = 2000000", `  integer :: a(0:n), b(0:n), c(0:n), mm(n), i, m${decl}`, ...pre, loop, ...body.map((x) => `    ${x}`), "  end do", "  print *, a(1), c(2)", "end program", ""].join("\n");
  // The body writes mm(i), which is m: the peeled copy would change the parallel loop's bound, the aligned loop's guards race on it.
  const peel = run("p.f90", prog("\n  equivalence (m, mm(1))", ["  m = n"], "  do i = 1, m", ["a(i) = a(1) + b(i)", "mm(i) = 7"]));
  assert.equal(peel.realign(6), undefined);
  assert.doesNotMatch(peel.out, /exit/);
  const align = run("p.f90", prog("\n  equivalence (m, mm(1))", ["  m = n"], "  do i = 1, m", ["a(i) = b(i) + 1", "mm(i) = 7", "c(i) = a(i - 1) * 2"]));
  assert.equal(align.realign(6), undefined);
  // `do i = i, n`: no directive (the bound would read each thread's own i), no alignment (`if (i >= i)`).
  const own = run("p.f90", prog("", ["  i = 2"], "  do i = i, n", ["a(i) = b(i) + 1", "c(i) = a(i - 1) * 2"]));
  assert.equal(own.realign(5), undefined);
  assert.doesNotMatch(own.out, /!\$omp parallel do\s*\n\s*do i = i/);
  assert.match(own.reason(5), /its bounds read its own index i/);
  const plain = run("p.f90", prog("", ["  i = 2"], "  do i = i, n", ["a(i) = b(i) + 1"]));
  assert.doesNotMatch(plain.out, /!\$omp/);
});
