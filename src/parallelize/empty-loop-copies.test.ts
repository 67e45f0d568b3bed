import { before, test } from "node:test";
import assert from "node:assert/strict";
import { parallelize } from "../api/parallelize.js";
import { ensureCParser } from "../node/c-parser-node.js";

before(() => ensureCParser());

/**
 * Private copies an empty loop or the loop's own header would read
 * uninitialized (plan-program.ts noEmptyCopies; found by fuzzing): gcc
 * copies a lastprivate copy out of a loop that ran no iteration, and
 * gfortran evaluates the bounds from the thread's copy.
 */
const loops = (path: string, text: string) => parallelize([{ path, text }]).report.files[0]!.loops;

test("a lastprivate scalar of a loop that may run no iteration is firstprivate too; a bound the body assigns is firstprivate", () => {
  const f = loops("t.f90", ["program p", "  integer :: b(0:2600), c(0:2600), i, kk, t, m", "  common /arr/ b, c", "  do i = 6, 2500, 3", "    t = 0", "    m = mod(i, 4) - 1", "    do kk = 1, m", "      t = mod(c(i + 1) + kk, 1009)", "      m = t", "    end do", "    b(i) = t + m", "  end do", "  print *, b(7)", "end program", ""].join("\n"));
  const inner = f.find((l) => l.line === 7)!;
  assert.equal(inner.parallel, true);
  assert.ok(inner.firstprivate?.includes("t"), JSON.stringify(inner));
  assert.ok(inner.firstprivate?.includes("m"), JSON.stringify(inner));
  assert.ok(inner.lastprivate?.includes("t"));
});

test("a loop whose index is read after it and that may run no iteration stays serial; with constant bounds it does not", () => {
  const src = (hi: string) => ["int a[5000];", "int f(int n) {", "  int i;", `  for (i = 0; i < ${hi}; i++)`, "    a[i] = i * 2;", "  return i;", "}", ""].join("\n");
  const symbolic = loops("a.c", src("n")).find((l) => l.line === 4)!;
  assert.equal(symbolic.parallel, false);
  assert.ok((symbolic.reasons ?? []).some((r) => /may run no iteration/.test(r.message)));
  const constant = loops("b.c", src("5000")).find((l) => l.line === 4)!;
  assert.equal(constant.parallel, true);
});
