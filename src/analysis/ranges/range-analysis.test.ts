import { test } from "node:test";
import assert from "node:assert/strict";
import { fortran } from "../test-support/parse.js";
import { rangesByLine } from "./test-support/ranges-at.js";

const ALL = "[-inf, +inf]";

test("classic sources: constants, PARAMETERs, assignments, integer division, MOD, MIN, MAX, ABS", () => {
  const r = rangesByLine(
    fortran(`subroutine s(n)
  integer n, k, m, q, d
  integer, parameter :: np = 12
  k = np - 2
  m = k * 3 + 1
  q = (m - 1) / 4
  d = mod(n, 8)
  d = mod(abs(n), 8)
  q = min(n, 5) + max(q, 0)
  d = -7 / 2
  k = d
end subroutine
`),
  );
  assert.equal(r.at(5, "k"), "{10}");
  assert.equal(r.at(6, "m"), "{31}");
  assert.equal(r.at(7, "q"), "{7}");
  assert.equal(r.at(8, "d"), "[-7, 7]");
  assert.equal(r.at(9, "d"), "[0, 7]");
  assert.equal(r.at(10, "q"), "[-inf, 12]");
  assert.equal(r.at(11, "d"), "{-3}", "division truncates toward zero");
  assert.equal(r.at(4, "n"), ALL);
});

test("branch conditions narrow each side, the false side by the negated comparison; joins unite", () => {
  const r = rangesByLine(
    fortran(`subroutine s(n, m)
  integer n, m, k
  if (n > 0 .and. n <= 100) then
    k = n
  else if (m /= 3) then
    k = m
  else
    k = -n
  end if
  if (.not. (m >= 10)) then
    k = 1
  end if
end subroutine
`),
  );
  assert.equal(r.at(4, "n"), "[1, 100]");
  assert.equal(r.at(6, "n"), "[-inf, 0] ∪ [101, +inf]", "not (n > 0 and n <= 100)");
  assert.equal(r.at(6, "m"), "[-inf, 2] ∪ [4, +inf]");
  assert.equal(r.at(8, "m"), "{3}");
  assert.equal(r.at(8, "k"), ALL);
  assert.equal(r.at(11, "m"), "[-inf, 9]");
});

test("a counted loop's index takes its whole range inside and lower + trip·step after (§5)", () => {
  const r = rangesByLine(
    fortran(`subroutine s(n)
  integer n, i, j, k
  do i = 1, 50
    do j = 10, i, -2
      k = i + j
    end do
    k = i
  end do
  if (n >= 1 .and. n <= 20) then
    do i = 1, n
      k = i
    end do
    k = i
  end if
end subroutine
`),
  );
  assert.equal(r.at(4, "i"), "[1, 50]");
  assert.equal(r.at(5, "j"), "[1, 10]");
  assert.equal(r.at(5, "k"), ALL);
  assert.equal(r.at(7, "i"), "[1, 50]", "the inner loop does not change i");
  assert.equal(r.at(7, "j"), "[-1, 10]", "after the inner loop: i - 2 < j <= 10, or j = 10 when it did not run");
  assert.equal(r.at(11, "i"), "[1, 20]");
  assert.equal(r.at(13, "i"), "[2, 21]", "the loop ran at least once: i is n + 1");
});

test("monotonic variables of a loop keep their bound from before it (§5, by widening)", () => {
  const r = rangesByLine(
    fortran(`subroutine s(n)
  integer n, k, m
  k = 1
  m = 100
  do while (k < n)
    k = k + 2
    m = m - 1
  end do
  k = k
end subroutine
`),
  );
  assert.equal(r.hull(6, "k"), "[1, +inf]");
  assert.equal(r.hull(6, "m"), "[-inf, 100]");
  assert.equal(r.hull(9, "k"), "[1, +inf]");
});

test("the end of a range: any definition, a READ, a call that may change the variable", () => {
  const r = rangesByLine(
    fortran(`subroutine s(k)
  integer k, m, c
  common /cb/ c
  k = 5
  m = 6
  c = 7
  call f(k)
  m = m
  read *, m
  c = c
end subroutine
`),
  );
  assert.equal(r.at(8, "k"), ALL, "an argument is passed by reference");
  assert.equal(r.at(8, "m"), "{6}", "a local not passed is not touched");
  assert.equal(r.at(8, "c"), ALL, "a COMMON member may be changed by the callee");
  assert.equal(r.at(10, "m"), ALL);
});
