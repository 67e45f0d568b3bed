import { test } from "node:test";
import assert from "node:assert/strict";
import { compile, compileAndRun, run } from "./toolchain.js";

test("compileAndRun: C with a local header and -lm, OMP_NUM_THREADS reaches the program", async () => {
  const files = [
    { name: "main.c", text: '#include <math.h>\n#include <stdio.h>\n#include <omp.h>\n#include "k.h"\nint main(void) { printf("%d %.1f %d\\n", K, sqrt(16.0), omp_get_max_threads()); return 0; }\n' },
    { name: "k.h", text: "#define K 7\n" },
  ];
  const r = await compileAndRun("c", files, { threads: 3 });
  assert.equal(r.status, 0, r.stderr);
  assert.equal(r.stdout, "7 4.0 3\n");
});

test("Fortran: modules and include files next to the source", async () => {
  const r = await compileAndRun(
    "fortran",
    [
      { name: "p.f90", text: "module m\n  integer :: k = 5\nend module m\nprogram p\n  use m\n  include 'h.inc'\n  print '(i0)', k + j\nend program p\n" },
      { name: "h.inc", text: "  integer, parameter :: j = 2\n" },
    ],
    { threads: 1, openmp: false },
  );
  assert.equal(r.status, 0, r.stderr);
  assert.equal(r.stdout, "7\n");
});

test("a compile error comes back with the compiler's message; a hung program is killed at its time limit", async () => {
  const bad = await compileAndRun("c", [{ name: "bad.c", text: "int main(void) { return x; }\n" }], { threads: 1 });
  assert.equal(bad.compile.ok, false);
  assert.match(bad.stderr, /undeclared/);
  const c = await compile("c", [{ name: "spin.c", text: "int main(void) { volatile int x = 1; while (x) ; return 0; }\n" }], { openmp: false });
  assert.ok(c.ok);
  const t0 = Date.now();
  const r = await run(c.exe, { threads: 1, timeoutMs: 300 });
  assert.equal(r.timedOut, true);
  assert.equal(r.signal, "SIGKILL");
  assert.ok(Date.now() - t0 < 5000);
});

test("compiled binaries are cached by content within a run", async () => {
  const f = [{ name: "c.c", text: "int main(void) { return 3; }\n" }];
  const a = await compile("c", f, { openmp: true });
  const b = await compile("c", f, { openmp: true });
  assert.ok(a.ok && b.ok);
  assert.equal(a, b);
  assert.equal((await run(a.exe, { threads: 1 })).status, 3);
});
