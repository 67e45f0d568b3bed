import { before, test } from "node:test";
import assert from "node:assert/strict";
import { ensureCParser } from "../node/c-parser-node.js";
import { parseC } from "../frontend/c/parse-c.js";
import { parseFortran } from "../frontend/fortran/parse-fortran.js";
import type { Loop } from "../ir/stmt.js";
import { collectLoops } from "../ir/walk.js";
import { memoryHost } from "../source/host.js";
import { planProgram } from "./plan-program.js";
import { profitGuard } from "./profit-guard.js";
import { constTrips } from "./trip-count.js";

before(() => ensureCParser());

const fortranLoops = (src: string): Loop[] => parseFortran("t.f90", src, memoryHost({})).procedures.flatMap((p) => collectLoops(p.body).map((l) => l.loop));
const noCap = () => null;

// Issue 17: a 3x3 blur inside a serial 2-D sweep over the image (in place, so the sweep carries a dependence).
const blurC = [
  "#include <stdlib.h>", // 1
  "double blur(double *img, int h, int w) {", // 2
  "  int y, x, dy, dx;", // 3
  "  for (y = 1; y < h - 1; y++)", // 4
  "    for (x = 1; x < w - 1; x++) {", // 5
  "      double s = 0.0;", // 6
  "      for (dy = -1; dy <= 1; dy++)", // 7
  "        for (dx = -1; dx <= 1; dx++)", // 8
  "          s += img[(y + dy) * w + x + dx];", // 9
  "      img[y * w + x] = s / 9.0;", // 10
  "    }", // 11
  "  return img[w + 1];", // 12
  "}", // 13
].join("\n");

test("issue 17's blur: the 3-trip loops `for (dy = -1; dy <= 1; dy++)` have constant trip counts and get no directive", () => {
  const program = parseC("t.c", blurC, memoryHost({ "t.c": blurC }));
  const plan = planProgram(program, { rangeFacts: false });
  const at = (line: number) => plan.loops.find((l) => l.loop.span.line === line)!;
  assert.equal(constTrips(at(7).loop), 3);
  assert.equal(constTrips(at(8).loop), 3);
  assert.equal(at(7).parallel, true);
  assert.equal(at(7).emitted, false);
  assert.equal(at(7).profitableIf, null);
  assert.match(at(7).reasons.map((r) => r.message).join("; "), /runs only 3 iterations/);
  assert.ok(plan.loops.every((l) => !l.emitted), JSON.stringify(plan.loops.filter((l) => l.emitted).map((l) => l.loop.span.line)));
});

test("bounds that differ by a constant give a constant trip count: do i = n, n + 2", () => {
  const [l] = fortranLoops("subroutine s(a, n)\n  integer n, i\n  real a(*)\n  do i = n, n + 2\n    a(i) = 0\n  end do\nend subroutine\n");
  assert.equal(constTrips(l!), 3);
});

test("a guard over a constant trip count folds: false means no directive, true means no clause", () => {
  const [l] = fortranLoops("subroutine s(a, n)\n  integer n, i\n  real a(*)\n  do i = n - 1, n + 1\n    a(i) = 0\n  end do\nend subroutine\n");
  assert.deepEqual(profitGuard([l!], 20000, "fortran", noCap), { kind: "never", why: "it runs only 3 iterations, and a region pays only from 20000 iterations on" });
  assert.deepEqual(profitGuard([l!], 3, "fortran", noCap), { kind: "always" });
});

test("a constant factor of a product guard moves into the threshold", () => {
  const loops = fortranLoops(["subroutine s(a, n, m)", "  integer n, m, i, j", "  real a(n, *)", "  do j = 1, m", "    do i = n - 9, n", "      a(i, j) = 0", "    end do", "  end do", "end subroutine"].join("\n"));
  const g = profitGuard(loops, 2000, "fortran", noCap);
  assert.equal(g?.kind === "test" && g.text, "m >= 200");
});

test("a product guard is written as the trip counts' product, constants gathered", () => {
  const loops = fortranLoops(["subroutine s(a, n, m)", "  integer n, m, i, j", "  real a(n, *)", "  do j = 2, m - 1", "    do i = 1, n", "      a(i, j) = 0", "    end do", "  end do", "end subroutine"].join("\n"));
  const g = profitGuard(loops, 5000, "fortran", noCap);
  assert.equal(g?.kind === "test" && g.text, "(m - 2) * n >= 5000");
  const c = profitGuard(loops, 5000, "c", noCap);
  assert.equal(c?.kind === "test" && c.text, "(m - 2) * n >= 5000");
});

test("a non-unit step is guarded exactly: do i = 1, n, 4 runs at least 50 times when n >= 197", () => {
  const [l] = fortranLoops("subroutine s(a, n)\n  integer n, i\n  real a(*)\n  do i = 1, n, 4\n    a(i) = 0\n  end do\nend subroutine\n");
  const g = profitGuard([l!], 50, "fortran", noCap);
  assert.equal(g?.kind === "test" && g.text, "n >= 197");
});

test("value-range caps decide a product guard that can never hold", () => {
  const loops = fortranLoops(["subroutine s(a, n, m)", "  integer n, m, i, j", "  real a(n, *)", "  do j = 1, m", "    do i = 1, n", "      a(i, j) = 0", "    end do", "  end do", "end subroutine"].join("\n"));
  const g = profitGuard(loops, 20000, "fortran", () => 100);
  assert.equal(g?.kind, "never");
  assert.match(g?.kind === "never" ? g.why : "", /at most 10000 iterations/);
});

test("bounds with a call cannot be evaluated again for a guard", () => {
  const [l] = fortranLoops("subroutine s(a)\n  integer i, f\n  real a(*)\n  do i = 1, f(2)\n    a(i) = 0\n  end do\nend subroutine\n");
  assert.equal(profitGuard([l!], 50, "fortran", noCap), null);
});
