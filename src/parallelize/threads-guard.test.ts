import { test } from "node:test";
import assert from "node:assert/strict";
import { parallelizeFile } from "../driver/parallelize-file.js";
import { ensureCParser } from "../node/c-parser-node.js";
import { memoryHost } from "../source/host.js";
import { explainPaths } from "../api/explain.js";

await ensureCParser();

/** `doall parallelize` of one file: its output and its loops' report. */
function run(name: string, lines: string[]) {
  const src = lines.join("\n") + "\n";
  const r = parallelizeFile(name, memoryHost({ [name]: src }), {});
  assert.equal(r.failed, false, r.messages.join("\n"));
  return { out: r.output!, at: (line: number) => r.report.loops.find((l) => l.line === line)! };
}

// A running sum after each iteration's own work (line 8: the loop; line 14: the sum): pipelined.
const free = (decl: string[] = []) => [
  "program p", // 1
  "  integer, parameter :: n = 200, m = 50000", // 2
  "  double precision :: x(n), s(n), w(m), t", // 3
  "  integer :: i, k", // 4
  ...decl,
  "  w = 0.5d0",
  "  s(1) = 0.0d0",
  "  do i = 2, n",
  "    t = 0.0d0",
  "    do k = 1, m",
  "      t = t + dble(mod(i * k, 17)) * w(k)",
  "    end do",
  "    x(i) = t",
  "    s(i) = s(i - 1) + x(i)",
  "  end do",
  "  print *, s(n), x(2)",
  "end program",
];

const GUARD = "omp_get_max_threads() <= omp_get_num_procs()";

test("a pipelined loop runs in parallel only with no more threads than processors, and its unit declares what the if clause asks", () => {
  const { out, at } = run("t.f90", free());
  const loop = at(7);
  assert.equal(loop.emitted, true);
  assert.equal(loop.ifClause, GUARD);
  assert.match(out, /  integer :: i, k\n  !\$ integer :: omp_get_max_threads, omp_get_num_procs\n  save s, w, x\n  w = 0\.5d0\n/);
  assert.match(out, /!\$omp parallel do private\(t\) ordered\(1\) schedule\(static, 1\) if\(omp_get_max_threads\(\) <= omp_get_num_procs\(\)\)\n  do i = 2, n\n/);
});

test("fixed form: the declaration is a !$ line with the statement from column 7", () => {
  const lines = [
    "      program p",
    "      integer n, m",
    "      parameter (n = 200, m = 50000)",
    "      double precision x(n), s(n), w(m), t",
    "      integer i, k",
    "      do 5 k = 1, m",
    "         w(k) = 0.5d0",
    "    5 continue",
    "      s(1) = 0.0d0",
    "      do 20 i = 2, n",
    "         t = 0.0d0",
    "         do 10 k = 1, m",
    "            t = t + dble(mod(i * k, 17)) * w(k)",
    "   10    continue",
    "         x(i) = t",
    "         s(i) = s(i - 1) + x(i)",
    "   20 continue",
    "      print *, s(n), x(2)",
    "      end",
  ];
  const { out, at } = run("t.f", lines);
  assert.equal(at(10).emitted, true);
  assert.match(at(10).ifClause ?? "", /omp_get_max_threads\(\) <= omp_get_num_procs\(\)/);
  assert.match(out, /      integer i, k\n!\$    integer omp_get_max_threads, omp_get_num_procs\n/);
  for (const l of out.split("\n")) assert.ok(l.length <= 72 || !l.startsWith("!$"), `past column 72: ${l}`);
});

test("a code that names one of the runtime's functions itself keeps its pipelined loop without the guard (its declaration would clash)", () => {
  const { out, at } = run("t.f90", free(["  integer :: omp_get_num_procs"]));
  const loop = at(8);
  assert.equal(loop.emitted, true);
  assert.equal(loop.ifClause, null);
  assert.doesNotMatch(out, /omp_get_max_threads/);
});

test("C: omp.h included under _OPENMP before the first function; the guard in the if clause", () => {
  const lines = [
    "#include <stdio.h>", // 1
    "#define N 200", // 2
    "#define M 50000", // 3
    "double x[N], s[N], w[M];", // 4
    "int main(void) {", // 5
    "  int i, k;", // 6
    "  double t;", // 7
    "  for (k = 0; k < M; k++) w[k] = 0.5;", // 8
    "  s[0] = 0.0;", // 9
    "  for (i = 1; i < N; i++) {", // 10
    "    t = 0.0;", // 11
    "    for (k = 0; k < M; k++) t += (double)((i * k) % 17) * w[k];", // 12
    "    x[i] = t;", // 13
    "    s[i] = s[i - 1] + x[i];", // 14
    "  }", // 15
    '  printf("%f %f\\n", s[N - 1], x[1]);', // 16
    "  return 0;", // 17
    "}", // 18
  ];
  const { out, at } = run("t.c", lines);
  assert.equal(at(10).emitted, true);
  assert.match(at(10).ifClause ?? "", /omp_get_max_threads\(\) <= omp_get_num_procs\(\)/);
  assert.match(out, /double x\[N\], s\[N\], w\[M\];\n#ifdef _OPENMP\n#include <omp.h>\n#endif\nint main\(void\) \{\n/);
});

test("explain says why the pipelined loop asks for no more threads than processors", () => {
  const src = free().join("\n") + "\n";
  const text = explainPaths(["t.f90"], memoryHost({ "t.f90": src }), { line: 7 }).text;
  assert.match(text, /only while there are no more threads than processors/);
});

test("a unit that takes the OpenMP interface (use omp_lib, include 'omp_lib.h', behind !$ or not) keeps the guard and declares nothing (gfortran: 'conflicts with symbol from module')", () => {
  for (const decl of ["  !$ use omp_lib", "  use omp_lib", "  use, intrinsic :: omp_lib"]) {
    const src = free();
    src.splice(1, 0, decl);
    const { out } = run("p.f90", src);
    assert.ok(out.includes(GUARD), decl);
    assert.doesNotMatch(out, /integer\s*(::)?\s*omp_get_max_threads/i, decl);
  }
  const inc = free();
  inc.splice(4, 0, "!$ include 'omp_lib.h'");
  const { out } = run("p.f90", inc);
  assert.ok(out.includes(GUARD));
  assert.doesNotMatch(out, /integer\s*(::)?\s*omp_get_max_threads/i);
});

test("found by fuzzing: `use omp_lib, only:` gives only what it lists; a module that uses omp_lib gives its functions (no declaration of ours, no guard)", () => {
  const using = (line: string) => free().map((l) => (l === "program p" ? `program p\n  ${line}` : l));
  const only = run("t.f90", using("!$ use omp_lib, only: omp_get_wtime"));
  assert.match(only.out, /!\$ integer :: omp_get_max_threads, omp_get_num_procs/);
  const half = run("t.f90", using("!$ use omp_lib, only: omp_get_num_procs"));
  assert.match(half.out, /!\$ integer :: omp_get_max_threads\n/);
  const viaModule = run("t.f90", ["module m", "  use omp_lib", "end module", ...free()].map((l) => (l === "program p" ? "program p\n  use m" : l)));
  assert.doesNotMatch(viaModule.out, /!\$ integer :: omp_get/);
  assert.doesNotMatch(viaModule.out, /omp_get_max_threads\(\) <= omp_get_num_procs\(\)/);
});
