import { test } from "node:test";
import assert from "node:assert/strict";
import { onlyFusedLines } from "./fused-lines.js";

test("fused loops: an END DO and the next DO header emptied pass; any other change fails", () => {
  const f = ["  do i = 1, n", "    a(i) = 1", "  end do", "  do i = 1, n", "    b(i) = a(i)", "  end do"].join("\n");
  const fused = ["  !$omp parallel do", "  do i = 1, n", "    a(i) = 1", "", "", "    b(i) = a(i)", "  end do", "  !$omp end parallel do"].join("\n");
  assert.equal(onlyFusedLines(f, fused, [1, 8], "fortran"), true);
  // A body line emptied instead.
  assert.equal(onlyFusedLines(f, fused.replace("    b(i) = a(i)", ""), [1, 8], "fortran"), false);
  // Only the END DO: the second loop's header left.
  const half = ["  !$omp parallel do", "  do i = 1, n", "    a(i) = 1", "", "  do i = 1, n", "    b(i) = a(i)", "  end do", "  !$omp end parallel do"].join("\n");
  assert.equal(onlyFusedLines(f, half, [1, 8], "fortran"), false);
  const c = ["  for (i = 0; i < n; i++) {", "    a[i] = 1;", "  }", "  for (i = 0; i < n; i++) {", "    b[i] = a[i];", "  }"].join("\n");
  const cf = ["  #pragma omp parallel for", "  for (i = 0; i < n; i++) {", "    a[i] = 1;", "", "", "    b[i] = a[i];", "  }"].join("\n");
  assert.equal(onlyFusedLines(c, cf, [1], "c"), true);
  assert.equal(onlyFusedLines(c, c, [], "c"), false, "nothing changed is not a fusion");
});
