import { test } from "node:test";
import assert from "node:assert/strict";
import { parseFortran } from "../../frontend/fortran/parse-fortran.js";
import { memoryHost } from "../../source/host.js";
import { analyzeProgramAccess } from "./analyze-access.js";
import { percent, summarize, totalRow } from "./summary.js";

const SRC = `subroutine s(x, n)
  integer n, i, j, k, x(n, n), a(10, 10, 10), b(10)
  b(1) = 0
  do i = 1, 10
    do j = 1, 9
      do k = 1, 9
        a(k, j, i) = 0
      end do
    end do
    x(1, i) = b(i)
    if (i > 2) b(i) = 1
  end do
end
`;

test("a program's row counts references, outcomes, failure reasons, MAY and widened results, and Table 2", () => {
  const p = parseFortran("s.f90", SRC, memoryHost({}), { form: "free" });
  const row = summarize("S", [analyzeProgramAccess(p)], [{ file: "t.c", reason: "C input is not supported yet" }]);
  assert.equal(row.references, 4);
  assert.deepEqual([row.analyzed, row.full, row.partial, row.failed], [3, 3, 0, 1]);
  assert.equal(row.reasons["variable size"], 1);
  assert.equal(row.outside, 1); // b(1) before the loop
  assert.equal(row.widened, 1); // a(k, j, i): Str×Num = 9 < Vel = 10 at the i loop (Fig. 8)
  assert.equal(row.may, 2); // that one, and the conditional b(i)
  // Depth 1: x(1, i) failed (0 loops reached), b(i) twice full; depth 3: a(k, j, i) full.
  assert.deepEqual(row.levels, [[], [1, 2], [], [0, 0, 0, 1]]);
  const t = totalRow([row, row]);
  assert.deepEqual([t.references, t.full, t.reasons["variable size"], t.unreadable.length], [8, 6, 2, 2]);
  assert.deepEqual(t.levels, [[], [2, 4], [], [0, 0, 0, 2]]);
  assert.equal(percent(4895, 5102), "95.9%");
});
