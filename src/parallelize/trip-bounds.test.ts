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
  // Without ranges, the extents of the dimensions the indices subscript: a(100, 100).
  assert.deepEqual(loops.map(broken), [50, 100, 100]);
});

test("trip bounds from subscripts: an index used as `i + c` in a dimension of constant extent, by a reference every iteration makes (not under an IF, not `2*i`)", () => {
  const proc = fortran(`subroutine s(a, b, n, m)
  real a(0:7, 40), b(n)
  integer i, j, n, m
  do i = 1, n
    a(i - 1, 1) = 0.0
  end do
  do i = 1, n
    do j = 1, m
      a(1, j + 2) = b(i)
    end do
  end do
  do i = 1, n
    if (i .lt. 4) a(i, 1) = 1.0
  end do
  do i = 1, n
    a(1, 2 * i) = 1.0
  end do
end
`).procedures[0]!;
  const loops = collectLoops(proc.body).map((l) => l.loop);
  assert.deepEqual(loops.map(tripBounds(proc, null)), [8, null, 40, null, null]);
});

test("trip bounds: an IF's condition is a reference every iteration makes; a constant step divides the span", () => {
  const proc = fortran(`subroutine s(a, n, p)
  integer a(1000), n, p, i, t
  do i = 1 + mod(p, 2), n - 1, 2
    if (a(i) .gt. a(i + 1)) then
      t = a(i)
      a(i) = a(i + 1)
      a(i + 1) = t
    end if
  end do
  if (n .le. 30) then
    do i = 1, n, 3
      a(i) = 0
    end do
    do i = n, 1, -2
      a(i) = 0
    end do
  end if
end
`).procedures[0]!;
  const loops = collectLoops(proc.body).map((l) => l.loop);
  // The odd-even sort's pass: its bounds are not linear in scalars, but the IF reads a(i) every iteration: at most 1000.
  // With n <= 30: 1, 4, ..., at most 10 iterations; 30, 28, ..., at most 15.
  assert.deepEqual(loops.map(tripBounds(proc, new NestRanges(analyzeRanges(proc)))), [1000, 10, 15]);
});
