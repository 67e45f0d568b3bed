import { test } from "node:test";
import assert from "node:assert/strict";
import { onlyHeaderSwaps } from "./header-swaps.js";

const original = "      do 20 i = 2, n\nc doall: either\n         do 10 j = 1, m\n            x = 1\n   10    continue\n   20 continue\n";

test("two headers whose controls trade places are accepted, the directive lines set aside", () => {
  const swapped = "!$omp parallel do\n      do 20 j = 1, m\nc doall: either\n         do 10 i = 2, n\n            x = 1\n   10    continue\n   20 continue\n!$omp end parallel do\n";
  assert.equal(onlyHeaderSwaps(original, swapped, [1, 8], "fortran"), true);
  const c = "  for (i = 1; i < N; i++)\n    // doall: either\n    for (int j = 0; j < M; j++)\n      a[j][i] = 0;\n";
  const cs = "  #pragma omp parallel for private(i)\n  for (int j = 0; j < M; j++)\n    // doall: either\n    for (i = 1; i < N; i++)\n      a[j][i] = 0;\n";
  assert.equal(onlyHeaderSwaps(c, cs, [1], "c"), true);
  // Lines a diff would take for moved ones: a shared terminal label, headers that read alike.
  const shared = "      do 70 j = 2, 60\nc x\n      do 70 i = 1, 60\n   70 m(i, j) = 0\n";
  assert.equal(onlyHeaderSwaps(shared, "      do 70 i = 1, 60\nc x\n      do 70 j = 2, 60\n   70 m(i, j) = 0\n", [], "fortran"), true);
});

test("a changed bound, a changed label, a changed statement or nothing changed are refused", () => {
  const bound = "      do 20 j = 1, m\nc doall: either\n         do 10 i = 1, n\n            x = 1\n   10    continue\n   20 continue\n";
  assert.equal(onlyHeaderSwaps(original, bound, [], "fortran"), false);
  const label = "      do 10 j = 1, m\nc doall: either\n         do 20 i = 2, n\n            x = 1\n   10    continue\n   20 continue\n";
  assert.equal(onlyHeaderSwaps(original, label, [], "fortran"), false);
  const stmt = "      do 20 j = 1, m\nc doall: either\n         do 10 i = 2, n\n            x = 2\n   10    continue\n   20 continue\n";
  assert.equal(onlyHeaderSwaps(original, stmt, [], "fortran"), false);
  assert.equal(onlyHeaderSwaps(original, original, [], "fortran"), false);
});
