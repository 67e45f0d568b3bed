import { test } from "node:test";
import assert from "node:assert/strict";
import { fortran } from "../test-support/parse.js";
import { FIG1 } from "./test-support/fig1.js";
import { rangesByLine } from "./test-support/ranges-at.js";

const ALL = "[-inf, +inf]";


test("Fig. 1: 1 <= v <= 49 from A(v+i+1, v) over i = 1..50, valid in the j loop (§3, §6)", () => {
  const r = rangesByLine(fortran(FIG1));
  assert.equal(r.at(6, "v"), "[1, 49]", "at the first reference (line 4 of the figure)");
  assert.equal(r.at(8, "v"), "[1, 49]", "in the j loop (lines 6 and 7)");
  assert.deepEqual(r.why(8, "v").sort(), [
    "a(v + i + 1, v) (declared a(100, 100)) at line 6",
    "a(v + i + 1, v) (declared a(100, 100)) at line 6, for every i = 1..50",
    "a(v, j) (declared a(100, 100)) at line 8",
  ]);
  // The loop surely runs 50 times, so the fact holds from the read on (§4's backward move).
  assert.equal(r.at(5, "v"), "[1, 49]");
  const off = rangesByLine(fortran(FIG1), { boundsAssumption: false });
  assert.equal(off.at(8, "v"), ALL);
  assert.equal(off.at(8, "j"), "[1, 50]");
});

test("§3 first form, generalized: ⌈(lb - C1)/C0⌉ <= V <= ⌊(ub - C1)/C0⌋ for any sign of C0, and other variables by their ranges", () => {
  const r = rangesByLine(
    fortran(`subroutine s(k, m, n)
  integer k, m, n
  real x(10), y(0:5, 3)
  x(2*k + 1) = 0.0
  x(11 - m) = y(n, n - 2)
  k = k
end subroutine
`),
  );
  assert.equal(r.at(5, "k"), "[0, 4]", "1 <= 2k + 1 <= 10");
  assert.equal(r.at(6, "m"), "[1, 10]", "1 <= 11 - m <= 10");
  assert.equal(r.at(6, "n"), "[3, 5]", "0 <= n <= 5 and 1 <= n - 2 <= 3");
});

test("§3 second form needs the reference in every iteration of a loop that runs to its end", () => {
  const r = rangesByLine(
    fortran(`subroutine s(v, w, u, a)
  integer v, w, u, i
  real a(100)
  do i = 1, 50
    if (i == 1) a(v + i) = 0.0
    a(w + i) = 0.0
    if (a(i) > 0.0) exit
  end do
  do i = 1, 50
    a(u + i) = 0.0
  end do
end subroutine
`),
  );
  assert.equal(r.at(6, "v"), ALL, "a reference under a condition says nothing about the last iteration");
  // The reference on line 6 runs in every iteration until an EXIT: w + i in bounds for the i of this
  // iteration (from line 6 on, and before it, since line 6 surely comes next), but not for i = 50.
  assert.equal(r.at(6, "w"), "[-49, 99]");
  assert.equal(r.at(7, "w"), "[-49, 99]");
  assert.equal(r.at(10, "u"), "[0, 50]", "every iteration, to the end: 1 <= u + 1 and u + 50 <= 100");
});

test("§5, last paragraph: a subscript with the index bounds the variables of the loop's bounds", () => {
  const r = rangesByLine(
    fortran(`subroutine s(n, a)
  integer n, i, k
  real a(100)
  do i = 1, n
    a(i) = 0.0
  end do
  k = n
end subroutine
`),
  );
  assert.equal(r.at(5, "n"), "[1, 100]", "while the loop runs, its last index n is a subscript of a");
  assert.equal(r.at(7, "n"), "[-inf, 100]", "after it: it ran (n <= 100) or did not (n < 1)");
  assert.equal(r.at(4, "n"), "[-inf, 100]", "and from the start, since nothing stops the program before the loop");
});

test("§4: a fact under `if (V < 100)` moves to V's definition as `1 <= V <= 10 or V >= 100`", () => {
  const r = rangesByLine(
    fortran(`subroutine s(n)
  integer n, v, k
  real a(10)
  v = n
  k = 0
  if (v < 100) then
    a(v) = 0.0
  end if
  k = v
end subroutine
`),
  );
  assert.equal(r.at(5, "v"), "[1, 10] ∪ [100, +inf]");
  assert.equal(r.at(9, "v"), "[1, 10] ∪ [100, +inf]");
  assert.equal(r.at(5, "n"), ALL, "the fact is about v's value; n keeps its own (it is the same value, but ranges are not relations)");
});

test("the bounds assumption never uses assumed-size, deferred-shape, or dummy extent-1 dimensions", () => {
  const r = rangesByLine(
    fortran(`subroutine s(a, b, c, d, n, k, m, p, q)
  integer n, k, m, p, q
  real a(*), b(1), c(n, 1)
  real, allocatable :: d(:)
  real e(10)
  a(k) = 0.0
  b(m) = 0.0
  c(p, q) = 0.0
  d(k) = 0.0
  n = n
  e(m) = 0.0
end subroutine
`),
  );
  assert.equal(r.at(10, "k"), ALL);
  assert.equal(r.at(10, "q"), ALL);
  assert.equal(r.at(10, "p"), "[1, +inf]", "c's first dimension is n, unknown but fixed: only its lower bound is known");
  assert.equal(r.at(10, "m"), "[1, 10]", "b(1) as a dummy is the old idiom for an array of any size; e(m) below bounds m");
  assert.equal(r.at(7, "m"), "[1, 10]", "the fact of e(m) holds from the start: every execution gets there");
});

test("only elements surely evaluated give facts: not behind .and./.or., not in implied DOs", () => {
  const r = rangesByLine(
    fortran(`subroutine s(k, m, n)
  integer k, m, n, i
  real e(10)
  if (k > 0 .and. e(k) > 0.0) m = 1
  print *, (e(m), i = 1, n)
  if (e(n) > 0.0) k = 2
  i = 0
end subroutine
`),
  );
  assert.equal(r.at(5, "k"), ALL, "no fact from e(k): the comparison may be evaluated alone");
  assert.equal(r.at(6, "m"), ALL);
  assert.equal(r.at(7, "n"), "[1, 10]");
});
