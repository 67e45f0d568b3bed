import { before, test } from "node:test";
import assert from "node:assert/strict";
import { parallelize } from "../api/parallelize.js";
import { ensureCParser } from "../node/c-parser-node.js";

before(() => ensureCParser());

/**
 * Loops OpenMP's loop form does not take (found by fuzzing): a C for whose
 * first clause sets more than its index (the directive did not compile),
 * and a Fortran index of integer(1), whose trip count, -100 to 126,
 * overflows the kind (wrong results). Both stay without a directive.
 */
const loop = (path: string, text: string, line: number) => parallelize([{ path, text }]).report.files[0]!.loops.find((l) => l.line === line)!;

test("a C for that sets more than its index in its first clause gets no directive", () => {
  const l = loop("a.c", ["int a[5000];", "int main(void) {", "  int j, t;", "  for (j = 0, t = 3; j < 5000; j++)", "    a[j] = j + t;", "  return a[9];", "}", ""].join("\n"), 4);
  assert.equal(l.emitted, false);
  assert.ok((l.reasons ?? []).some((r) => /first clause sets more/.test(r.message)));
});

test("a Fortran DO over an integer(1) index gets no directive", () => {
  const l = loop("b.f90", ["program b3", "  integer :: b(300)", "  integer(1) :: c", "  b = 0", "  do c = -100_1, 126_1", "    b(c + 101) = c", "  end do", "  print *, sum(b)", "end program", ""].join("\n"), 5);
  assert.equal(l.emitted, false);
});

test("constant bounds further apart than the index's type holds get no directive (gcc's trip count overflows: the loop ran no iteration)", () => {
  const l = loop("c.c", ["int b[5000];", "int main(void) {", "  for (int i = -2000000000; i <= 2000000000; i += 1000000)", "    b[i / 1000000 + 2000] = 1;", "  return b[7];", "}", ""].join("\n"), 3);
  assert.equal(l.emitted, false);
});
