import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runCli } from "../main.js";
import { fakeIO } from "../test-support/fake-io.js";

const ROOT = new URL("../../../", import.meta.url).pathname;

function tmpFile(name: string, text: string): string {
  const dir = mkdtempSync(join(tmpdir(), "doall-"));
  const p = join(dir, name);
  writeFileSync(p, text);
  return p;
}

test("analyze lists every loop with file:line, bounds, depth and parent", async () => {
  const io = fakeIO(ROOT);
  const code = await runCli(["analyze", "--verbose", "-I", "test/golden/fortran/inc", "test/golden/fortran/fixed-form.f"], io);
  assert.equal(code, 0, io.err);
  assert.match(io.out, /^test\/golden\/fortran\/fixed-form\.f:30: do i = 1, n  \[fixed; depth 1\] \(already has !\$omp parallel do\)$/m);
  assert.match(io.out, /^test\/golden\/fortran\/fixed-form\.f:31: do j = 0, n - 1  \[fixed; depth 2, in loop at line 30\]/m);
  assert.match(io.out, /:56: do while \(k < 10\)  \[fixed; depth 1\] not a candidate: DO WHILE loop/);
  assert.match(io.out, /fixed-form\.f: 7 loops in 4 procedures, /);
  // Without --verbose: one verdict line per loop.
  const short = fakeIO(ROOT);
  assert.equal(await runCli(["analyze", "-I", "test/golden/fortran/inc", "test/golden/fortran/fixed-form.f"], short), 0, short.err);
  assert.match(short.out, /^test\/golden\/fortran\/fixed-form\.f:30: parallel, no directive \[existing-directive\]: it already has the directive 'parallel do'/m);
  assert.match(short.out, /^test\/golden\/fortran\/fixed-form\.f:56: serial \[not-counted\]: DO WHILE loop/m);
  assert.equal(short.out.split("\n").filter((l) => /^\S+:\d+: (parallel|serial)/.test(l)).length, 7);
});

test("analyze --json has the report shape of DESIGN.md", async () => {
  const io = fakeIO(ROOT);
  const code = await runCli(["analyze", "--json", "test/golden/fortran/free-form.f90"], io);
  assert.equal(code, 0, io.err);
  const r = JSON.parse(io.out);
  assert.equal(r.files.length, 1);
  const f = r.files[0];
  assert.equal(f.file, "test/golden/fortran/free-form.f90");
  assert.equal(f.language, "fortran");
  assert.deepEqual(f.diagnostics, []);
  const outer = f.loops[0];
  assert.deepEqual(
    { line: outer.line, endLine: outer.endLine, procedure: outer.procedure, index: outer.index, depth: outer.depth, parent: outer.parent, lower: outer.lower, upper: outer.upper },
    { line: 26, endLine: 29, procedure: "freeform", index: "i", depth: 1, parent: null, lower: "1", upper: "n" },
  );
  assert.equal(f.loops[1].parent, 26);
  assert.equal(outer.existingDirective, "parallel do private(j)");
});

test("syntax errors print file:line:col: error: and exit 1, and the rest of the file is still analyzed", async () => {
  const p = tmpFile("bad.f", ["      PROGRAM P", "      X = (1 + ", "      DO 10 I = 1, 3", "   10 CONTINUE", "      END"].join("\n"));
  const io = fakeIO();
  const code = await runCli(["analyze", "--verbose", p], io);
  assert.equal(code, 1);
  assert.match(io.err, new RegExp(`^${p}:2:\\d+: error: expected an expression`, "m"));
  assert.match(io.out, /bad\.f:3: do i = 1, 3/);
});

test("a parallel loop in a file with errors gets no directive, as parallelize writes none: analyze, explain and the JSON report say why", async () => {
  const text = ["      program p", "      integer i", "      real a(100000)", "      do i = 1, 100000", "         a(i) = i * 2.0", "      end do", "      print *, a(5)", "      end", "      subroutine bad(x)", "      real x", "      x = = 2", "      end"].join("\n");
  const p = tmpFile("half.f", text);
  const io = fakeIO();
  assert.equal(await runCli(["analyze", p], io), 1);
  assert.match(io.out, /half\.f:4: parallel, no directive \[file-errors\]: the file has errors/);
  assert.match(io.out, /1 parallel, 0 with a directive/);
  const ex = fakeIO();
  await runCli(["explain", p], ex);
  assert.doesNotMatch(ex.out, /Directive written/);
  assert.match(ex.out, /No directive here \[file-errors\]/);
  const js = fakeIO();
  await runCli(["analyze", "--json", p], js);
  const loop = JSON.parse(js.out).files[0].loops[0];
  assert.equal(loop.parallel, true);
  assert.equal(loop.emitted, false);
  // The same file without the error gets its directive.
  const ok = fakeIO();
  assert.equal(await runCli(["analyze", tmpFile("whole.f", text.replace("x = = 2", "x = 2"))], ok), 0, ok.err);
  assert.match(ok.out, /whole\.f:4: parallel simd\n.*1 with a directive/);
});

test("unreadable files and unknown suffixes are input errors (exit 1)", async () => {
  const io = fakeIO();
  assert.equal(await runCli(["analyze", "/nonexistent/x.f"], io), 1);
  assert.match(io.err, /\/nonexistent\/x\.f: error: no such file or directory/);
  const io2 = fakeIO();
  assert.equal(await runCli(["analyze", tmpFile("x.txt", "hello")], io2), 1);
  assert.match(io2.err, /cannot tell the language/);
  // A place as doall prints them (`x.f90:12`) is no file name: the message says how to name the loop.
  const io3 = fakeIO();
  const f = tmpFile("place.f90", "program p\nend program\n");
  assert.equal(await runCli(["explain", `${f}:12`], io3), 1);
  assert.match(io3.err, /give the file and --loop 12/);
});

test("usage errors exit 2 with a message", async () => {
  for (const argv of [["analyze"], ["analyze", "--bogus", "a.f"], ["analyze", "--form", "wide", "a.f"], ["frobnicate"], []]) {
    const io = fakeIO();
    assert.equal(await runCli(argv, io), 2, argv.join(" "));
    assert.ok(io.err.length > 0);
  }
  const io = fakeIO();
  assert.equal(await runCli(["analyze", "--help"], io), 0);
  assert.match(io.out, /Usage: doall analyze/);
});

test("--form overrides the suffix", async () => {
  const p = tmpFile("free.f", "program p\n  integer :: i\n  do i = 1, 2\n  end do\nend program p\n");
  const io = fakeIO();
  assert.equal(await runCli(["analyze", "--verbose", "--form", "free", p], io), 0, io.err);
  assert.match(io.out, /free\.f:3: do i = 1, 2/);
});
