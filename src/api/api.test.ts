import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { memoryHost } from "../source/host.js";
import { initCParser } from "../frontend/c/c-parser.js";
import { nodeCParserWasm } from "../node/c-parser-node.js";
import { access } from "./access.js";
import { analyze } from "./analyze.js";
import { deps } from "./deps.js";
import { explain } from "./explain.js";
import { parallelize } from "./parallelize.js";
import type { Options } from "./options.js";

/**
 * The library's contract (issue 18, docs/api.md): data back, never a throw
 * for bad sources; a throw, with what to do, for a mistake in the call.
 */

const SAXPY = `      subroutine saxpy(n, a, x, y)
      integer n, i
      real a, x(n), y(n)
      do i = 1, n
         y(i) = y(i) + a * x(i)
      end do
      end
`;

describe("the library API", () => {
  // First in this file: the C parser is loaded by a later test of the same process.
  it("throws before the C parser is loaded, saying what to call", () => {
    assert.throws(() => parallelize([{ path: "a.c", text: "void f(void) {}\n" }]), /a\.c is C, and the C parser is not loaded: await initCParser\(wasm\) first \(in Node, initCParserFromNodeModules\(\) from "doall\/node"\)/);
  });

  it("throws a TypeError for a mistake in the call, before any work", () => {
    const f = [{ path: "s.f", text: SAXPY }];
    const bad: [unknown, RegExp][] = [
      [{ form: "fortran77" }, /form must be "fixed" or "free"/],
      [{ includeDirs: "inc" }, /includeDirs must be an array of strings/],
      [{ defines: ["N=3"] }, /defines must be an object of NAME: VALUE/],
      [{ defines: { "2x": "1" } }, /'2x' is not a macro name/],
      [{ defines: { N: 3 } }, /the value of N must be a string/],
      [{ maxFileSize: 0 }, /maxFileSize must be a positive number/],
      [{ boundsAssumption: "no" }, /boundsAssumption must be true or false/],
      [{ host: {} }, /host must be a SourceHost/],
    ];
    for (const [options, message] of bad) {
      assert.throws(() => parallelize(f, options as Options), (e: Error) => e instanceof TypeError && message.test(e.message), JSON.stringify(options));
      assert.throws(() => analyze(f, options as Options), TypeError);
    }
    assert.throws(() => parallelize("s.f" as never), /the files must be an array/);
    assert.throws(() => parallelize([{ path: "s.f" }] as never), /each file must be \{ path: string, text: string \}/);
    assert.throws(() => parallelize([{ path: "s.f", text: SAXPY }, { path: "./s.f", text: "" }]), /two files have the path '\.\/s\.f'/);
    assert.throws(() => explain(f, { line: 0 }), /line must be a line number/);
  });

  it("gives bad sources back unchanged with their errors, and reads what it can", () => {
    const broken = "      program p\n      x = (\n      end\n";
    const { files, report } = parallelize([
      { path: "bad.f", text: broken },
      { path: "s.f", text: SAXPY },
      { path: "big.f90", text: "x".repeat(2000) },
      { path: "b.f", text: "      include 'missing.h'\n      end\n" },
    ], { maxFileSize: 1000 });
    assert.deepEqual(files.map((f) => f.path), ["bad.f", "s.f", "big.f90", "b.f"]);
    assert.equal(files[0]!.text, broken);
    assert.equal(report.files[0]!.diagnostics[0]!.severity, "error");
    assert.ok(report.files[1]!.loops[0]!.emitted);
    assert.match(report.files[2]!.diagnostics[0]!.message, /over the limit/);
    assert.match(report.files[3]!.diagnostics[0]!.message, /cannot find include file 'missing\.h'/);
  });

  it("finds includes among the files given (paths normalized), then in options.host, then in includeDirs", () => {
    const main = "      program p\n      include 'n.h'\n      include 'm.h'\n      integer i, a(n + m)\n      do i = 1, n + m\n         a(i) = i\n      end do\n      print *, a(1)\n      end\n";
    const host = memoryHost({ "inc/m.h": "      integer m\n      parameter (m = 5)\n" });
    const { report } = parallelize([{ path: "./src/p.f", text: main }, { path: "src/n.h", text: "      integer n\n      parameter (n = 1000)\n" }], { host, includeDirs: ["inc"] });
    assert.deepEqual(report.files.map((f) => [f.file, f.diagnostics.length]), [["./src/p.f", 0]]);
    assert.equal(report.files[0]!.loops[0]!.upper, "n + m");
  });

  it("says so for a file that is neither a source nor included, and keeps headers quiet", () => {
    const { files, report } = parallelize([{ path: "s.f", text: SAXPY }, { path: "notes.txt", text: "hello" }, { path: "unused.h", text: "" }]);
    assert.equal(files.length, 1);
    assert.deepEqual(report.files.map((f) => [f.file, f.language, f.diagnostics.map((d) => d.severity)]), [
      ["s.f", "fortran", []],
      ["notes.txt", "unknown", ["warning"]],
    ]);
  });

  it("takes the CLI's options: form, defines, the bounds assumption", () => {
    // Free form read as fixed: the statements start in column 1, which fixed form does not allow.
    const free = "program p\n  integer :: i, a(10)\n  do i = 1, 10\n    a(i) = i\n  end do\nend program\n";
    assert.equal(analyze([{ path: "p.f90", text: free }]).report.files[0]!.diagnostics.length, 0);
    assert.ok(analyze([{ path: "p.f90", text: free }], { form: "fixed" }).report.files[0]!.diagnostics.length > 0);
    const pp = "#ifdef BIG\n      integer, parameter :: n = 100000\n#else\n      integer, parameter :: n = 10\n#endif\n";
    const upper = (o?: Options) => analyze([{ path: "p.F90", text: `program p\n${pp}integer :: i\nreal :: a(n)\ndo i = 1, n\n  a(i) = 0\nend do\nend program\n` }], o).report.files[0]!.loops[0]!.emitted;
    assert.equal(upper(), false);
    assert.equal(upper({ defines: { BIG: "1" } }), true);
    // a(v+i+1, v) in a(100, 100): parallel only when the subscripts are assumed in bounds (README).
    const ranged = "      subroutine s(a, v)\n      integer v, i\n      real a(100, 100)\n      do i = 1, 50\n         a(v+i+1, v) = a(v+i, v+1)\n      end do\n      end\n";
    const parallel = (o?: Options) => analyze([{ path: "s.f", text: ranged }], o).report.files[0]!.loops[0]!.parallel;
    assert.equal(parallel(), true);
    assert.equal(parallel({ boundsAssumption: false }), false);
  });

  it("explains the loops of the file asked for, linked with the others", () => {
    const main = "      program p\n      real a(100), t\n      integer i\n      do i = 1, 100\n         call square(t, 0.5 * i)\n         a(i) = t\n      end do\n      print *, a(7)\n      end\n";
    const lib = "      subroutine square(out, v)\n      real out, v\n      out = v * v\n      end\n";
    const files = [{ path: "lib.f", text: lib }, { path: "main.f", text: main }];
    assert.deepEqual(explain(files).loops, []);
    const e = explain(files, { file: "./main.f", line: 4 });
    assert.deepEqual(e.loops.map((l) => [l.file, l.line]), [["main.f", 4]]);
    assert.match(e.text, /^main\.f:4: DO i = 1, 100 .*\nParallel/);
    // Alone, the call is unknown and blocks the loop.
    assert.match(explain([files[1]!]).text, /Serial/);
    assert.match(explain(files, { file: "other.f" }).diagnostics[0]!.message, /other\.f is not among the Fortran and C sources given/);
  });

  it("deps: the graph of one file or loop, as data and DOT; options checked", () => {
    const f = [{ path: "s.f", text: SAXPY }];
    const all = deps(f, { arrays: true });
    assert.deepEqual(all.report.procedures.map((p) => p.name), ["saxpy"]);
    // y(i) read and written at line 5 in every iteration, never across iterations: loop-independent edges only.
    assert.ok(all.report.procedures[0]!.edges.some((e) => e.var === "y" && e.array && e.carrier === null));
    assert.match(all.dot, /^digraph deps \{/);
    assert.deepEqual(deps(f).report.procedures[0]!.hidden.arrays > 0, true);
    assert.deepEqual(deps(f, { loop: 3 }).diagnostics.map((d) => [d.line, d.message]), [[3, "no loop starts on this line (loops start on lines 4)"]]);
    assert.deepEqual(deps(f, { loop: 4 }).report.procedures[0]!.loops.map((l) => l.line), [4]);
    assert.match(deps(f, { file: "t.f" }).diagnostics[0]!.message, /t\.f is not among the Fortran and C sources given/);
    const broken = deps([{ path: "b.f", text: "      subroutine b\n      x = (\n      end\n" }]);
    assert.equal(broken.diagnostics[0]!.severity, "error");
    assert.match(broken.report.procedures[0]!.unanalyzable ?? "", /syntax error/);
    assert.throws(() => deps(f, { arrays: "yes" } as never), /arrays must be true or false/);
    assert.throws(() => deps(f, { loop: 0 }), (e: Error) => e instanceof TypeError && /loop must be a line number/.test(e.message));
  });

  it("access: the patterns of every reference (seed 001), with the CLI's options", () => {
    const files = [{ path: "s.f", text: SAXPY }];
    const r = access(files).report.files[0]!;
    assert.deepEqual(r.references.map((x) => [x.text, x.role, x.status, x.levels[0]!.stride]), [
      ["y(i)", "write", "full", 1],
      ["y(i)", "read", "full", 1],
      ["x(i)", "read", "full", 1],
    ]);
    assert.deepEqual(access([{ path: "b.f", text: "x" }]).report.files[0]!.diagnostics.map((d) => d.severity), ["error"]);
    assert.throws(() => access(files, { widen: 1 } as never), /widen must be true or false/);
  });

  it("parallelizes C once initCParser has the wasm bytes", async () => {
    await initCParser(nodeCParserWasm());
    const text = "void scale(int n, double *restrict a) {\n  for (int i = 0; i < n; i++)\n    a[i] *= 2;\n}\n";
    const { files } = parallelize([{ path: "s.c", text }]);
    assert.match(files[0]!.text, /#pragma omp parallel for/);
  });
});
