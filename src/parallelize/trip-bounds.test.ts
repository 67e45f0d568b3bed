import { test } from "node:test";
import assert from "node:assert/strict";
import { collectLoops } from "../ir/walk.js";
import { NestRanges } from "../analysis/ranges/nest-ranges.js";
import { analyzeRanges } from "../analysis/ranges/range-analysis.js";
import { fortran } from "../analysis/test-support/parse.js";
import { tripBounds } from "./trip-bounds.js";

const PROC = `subroutine s(a, n, m)
  real a(100, 100)
  integer i, j, n, m
  do i = 1, 50
    do j = 1, i
      a(i, j) = 0.0
    end do
  end do
  if (n .le. 30) then
    do i = 1, n
      a(i, m) = 1.0
    end do
  end if
end
`;

test("trip bounds: from the ranges at each nest's start and from enclosing indices; none when the ranges could not be computed", () => {
  const proc = fortran(PROC).procedures[0]!;
  const loops = collectLoops(proc.body).map((l) => l.loop);
  const working = tripBounds(proc, new NestRanges(analyzeRanges(proc)));
  assert.deepEqual(loops.map(working), [50, 50, 30]);
  // The ranges are computed when first needed, and may fail then: as with no ranges at all.
  const broken = tripBounds(
    proc,
    new NestRanges(() => {
      throw new Error("broken");
    }),
  );
  assert.deepEqual(loops.map(broken), loops.map(tripBounds(proc, null)));
  assert.deepEqual(loops.map(broken), [50, null, null]);
});
