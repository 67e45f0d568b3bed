import { test } from "node:test";
import assert from "node:assert/strict";
import { parallelize } from "../api/parallelize.js";

/**
 * Storage a loop reaches under names its text does not show (found by
 * fuzzing, each a loop that got a directive and ran wrong): TARGET dummies
 * associated with overlapping actuals (F2018 15.5.2.13 lets them alias),
 * a host's arrays an internal procedure reads and writes, and characters
 * of non-constant length, which gfortran cannot privatize.
 */
const run = (text: string) => parallelize([{ path: "t.f90", text }]).report.files[0]!;
const parallelAt = (text: string, line: number) => {
  const l = run(text).loops.find((x) => x.line === line);
  assert.ok(l, `no loop at line ${line}`);
  return l.parallel;
};

const targets = (attrX: string, attrY: string, body: string) => `subroutine s(x, y, t, n)
  real${attrX} :: x(:), t
  real${attrY} :: y(:)
  integer :: n, i
  do i = 1, n
    ${body}
  end do
end subroutine
`;

test("two TARGET dummies may be one array; a TARGET dummy and a plain one may not", () => {
  assert.equal(parallelAt(targets(", target", ", target", "x(i) = y(i) + 1.0"), 5), false);
  assert.equal(parallelAt(targets(", target", "", "x(i) = y(i) + 1.0"), 5), true);
  assert.equal(parallelAt(targets("", "", "x(i) = y(i) + 1.0"), 5), true);
});

test("a TARGET scalar dummy may be an element of a TARGET array the loop writes", () => {
  // t is TARGET with x (the first declaration line), y is not.
  assert.equal(parallelAt(targets(", target", ", target", "y(i) = t + 1.0"), 5), false);
  assert.equal(parallelAt(targets(", target", "", "y(i) = t + 1.0"), 5), true);
});

test("a TARGET dummy may be part of a TARGET module array", () => {
  const src = (attr: string) => `module m
  real${attr} :: g(1000)
contains
  subroutine s(x, n)
    real, target :: x(:)
    integer :: n, i
    do i = 1, n
      x(i) = g(i) + 1.0
    end do
  end subroutine
end module
`;
  assert.equal(parallelAt(src(", target"), 7), false);
  assert.equal(parallelAt(src(""), 7), true);
});

test("an internal procedure's reads and writes of its host's arrays are the call's", () => {
  const src = (body: string) => `subroutine h(n)
  integer :: n, i
  real :: a(100000)
  a = 0.0
  do i = 2, n
    call s(i)
  end do
  print *, a(n)
contains
  subroutine s(k)
    integer :: k
    ${body}
  end subroutine
end subroutine
`;
  assert.equal(parallelAt(src("a(k) = a(k - 1) + 1.0"), 5), false);
  // One that touches only its own variables and arguments leaves the loop parallel.
  assert.equal(parallelAt(src("real :: w\n    w = real(k)"), 5), true);
});

test("a character whose length is not a constant is never made private", () => {
  const src = (decl: string) => `subroutine s(m, a, n)
  integer :: m, n, i, a(n)
  ${decl}
  do i = 1, n
    buf = repeat('x', mod(i, 7) + 1)
    a(i) = len_trim(buf)
  end do
end subroutine
`;
  assert.equal(parallelAt(src("character(:), allocatable :: buf"), 4), false);
  assert.equal(parallelAt(src("character(len=m) :: buf"), 4), false);
  assert.equal(parallelAt(src("character(len=8) :: buf"), 4), true);
});

test("an array constructor's implied-DO variable is its own: the outer one is neither written nor private", () => {
  const src = `subroutine s(a, b, n)
  integer :: n, i, j
  integer :: a(8, n), b(n)
  j = 42
  do i = 1, n
    a(:, i) = [(i * j, j = 1, 8)]
    b(i) = j
  end do
  print *, j
end subroutine
`;
  const loop = run(src).loops.find((l) => l.line === 5)!;
  assert.equal(loop.parallel, true);
  const out = parallelize([{ path: "t.f90", text: src }]).files[0]!.text;
  assert.match(out, /!\$omp parallel do/i);
  assert.doesNotMatch(out, /private\(j\)|lastprivate\(j\)/i);
  // An I/O list's implied-DO variable is the procedure's own, and is defined there.
  const io = run(`subroutine s(a, n)
  integer :: n, i, j
  integer :: a(8, n)
  do i = 1, n
    read (*, *) (a(j, i), j = 1, 8)
  end do
end subroutine
`).loops.find((l) => l.line === 4)!;
  assert.equal(io.parallel, false);
});
