import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, mkdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runCli } from "../main.js";
import { fakeIO } from "../test-support/fake-io.js";

/** `doall analyze` on C and on .F90: the same output shape as Fortran, with -I, -D and -U. */
const ROOT = new URL("../../../", import.meta.url).pathname;

function project(): string {
  const dir = mkdtempSync(join(tmpdir(), "doall-c-"));
  mkdirSync(join(dir, "inc"));
  writeFileSync(join(dir, "inc", "size.h"), "#ifndef N\n#define N 8\n#endif\n");
  writeFileSync(
    join(dir, "k.c"),
    `#include "size.h"
double a[N];
void f(void) {
  int i;
  for (i = 0; i < N; i++) a[i] = 0;
#ifdef EXTRA
  for (i = N - 1; i >= 0; i--) a[i] += 1;
#endif
}
`,
  );
  return dir;
}

test("analyze reads C with -I and prints each loop like Fortran's", async () => {
  const io = fakeIO(project());
  const code = await runCli(["analyze", "--verbose", "-I", "inc", "k.c"], io);
  assert.equal(code, 0, io.err);
  assert.match(io.out, /^k\.c:5: for \(i = 0; i <= 7; i\+\+\)  \[f; depth 1\]$/m);
  assert.match(io.out, /^k\.c: 1 loop in 1 procedure, /m);
});

test("-D and -U change what the C preprocessor keeps", async () => {
  const dir = project();
  const io = fakeIO(dir);
  assert.equal(await runCli(["analyze", "-v", "-I", "inc", "-D", "EXTRA", "-DN=100", "k.c"], io), 0, io.err);
  assert.match(io.out, /k\.c:5: for \(i = 0; i <= 99; i\+\+\) /);
  assert.match(io.out, /k\.c:7: for \(i = 100 - 1; i >= 0; i--\) /);
  const io2 = fakeIO(dir);
  assert.equal(await runCli(["analyze", "-I", "inc", "-D", "EXTRA", "-U", "EXTRA", "k.c"], io2), 0, io2.err);
  assert.match(io2.out, /k\.c: 1 loop in 1 procedure/);
});

test("a missing C include is an input error with file:line:col", async () => {
  const io = fakeIO(project());
  const code = await runCli(["analyze", "k.c"], io);
  assert.equal(code, 1);
  assert.match(io.err, /^k\.c:1:1: error: cannot find include file 'size\.h'/m);
});

test("analyze --json on C reports language c and the loop fields", async () => {
  const io = fakeIO(ROOT);
  const code = await runCli(["analyze", "--json", "-I", "test/golden/c/inc", "test/golden/c/kernels.c"], io);
  assert.equal(code, 0, io.err);
  const f = JSON.parse(io.out).files[0];
  assert.equal(f.language, "c");
  const norm = f.loops.find((l: { procedure: string }) => l.procedure === "norm");
  assert.deepEqual({ line: norm.line, index: norm.index, lower: norm.lower, upper: norm.upper, existing: norm.existingDirective }, { line: 48, index: "k", lower: "0", upper: "n - 1", existing: "parallel for reduction(+:s)" });
});

test("analyze reads .F90 through the preprocessor", async () => {
  const io = fakeIO(ROOT);
  const code = await runCli(["analyze", "--verbose", "-I", "test/golden/fortran-cpp/inc", "test/golden/fortran-cpp/stencil.F90"], io);
  assert.equal(code, 0, io.err);
  assert.match(io.out, /stencil\.F90:14: do i = 2, 64 - 1  \[stencil; depth 3, in loop at line 13\]/);
});
