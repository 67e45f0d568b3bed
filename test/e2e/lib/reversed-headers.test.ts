import { test } from "node:test";
import assert from "node:assert/strict";
import { onlyReversedHeaders } from "./reversed-headers.js";

test("a header turned round is the only change accepted: the same bounds the other way, nothing else", () => {
  const f = "      do j = jst, jend\n         a(j) = 0\n      end do\n";
  assert.equal(onlyReversedHeaders(f, "!$omp do\n      do j = jend, jst, -1\n         a(j) = 0\n      end do\n", [1], "fortran"), true);
  // A wrong bound, a step left as it was, another line changed.
  assert.equal(onlyReversedHeaders(f, "      do j = jend - 1, jst, -1\n         a(j) = 0\n      end do\n", [], "fortran"), false);
  assert.equal(onlyReversedHeaders(f, "      do j = jend, jst\n         a(j) = 0\n      end do\n", [], "fortran"), false);
  assert.equal(onlyReversedHeaders(f, "      do j = jend, jst, -1\n         a(j) = 1\n      end do\n", [], "fortran"), false);
  const c = "  for (j = 0; j < N - 1; j++) {\n    a[j] = 0;\n  }\n";
  assert.equal(onlyReversedHeaders(c, "  for (j = (N - 1) - 1; j >= 0; j--) {\n    a[j] = 0;\n  }\n", [], "c"), true);
  assert.equal(onlyReversedHeaders(c, "  for (j = N - 1; j >= 0; j--) {\n    a[j] = 0;\n  }\n", [], "c"), false);
  assert.equal(onlyReversedHeaders("  for (j = 1; j <= n; j++)\n", "  for (j = n; j >= 1; j--)\n", [], "c"), true);
  assert.equal(onlyReversedHeaders(c, c, [], "c"), false);
});
