import { test } from "node:test";
import assert from "node:assert/strict";
import { parseFortran } from "../frontend/fortran/parse-fortran.js";
import { memoryHost } from "../source/host.js";
import { planProgram } from "./plan-program.js";
import { chooseSimd } from "./simd-loops.js";

/** Plans a free-form program and chooses its simd loops, as planRun does; `at(line)` is the plan of the loop on that line. */
function plan(lines: string[]) {
  const program = parseFortran("t.f90", lines.join("\n"), memoryHost({}));
  const plans = planProgram(program, { rangeFacts: false });
  chooseSimd(plans.loops);
  return (line: number) => plans.loops.find((l) => l.loop.span.line === line)!;
}

test("an innermost parallel loop inside a region gets simd with its private scalars; the region's loop does not", () => {
  const at = plan([
    "program p", // 1
    "  integer, parameter :: n = 300", // 2
    "  double precision :: a(n, n), b(n, n), t", // 3
    "  integer :: i, j", // 4
    "  b = 1.0d0", // 5
    "  do j = 1, n", // 6
    "    do i = 1, n", // 7
    "      t = b(i, j) * 2.0d0", // 8
    "      if (t > 1.0d0) a(i, j) = sqrt(t) + dble(j)", // 9
    "    end do", // 10
    "  end do", // 11
    "  print *, a(3, 4)", // 12
    "end program", // 13
  ]);
  assert.equal(at(6).emitted, true);
  assert.equal(at(6).collapse, 1);
  assert.equal(at(6).simd, false, "the region's loop has a loop inside");
  assert.equal(at(7).emitted, false);
  assert.equal(at(7).simd, true);
  assert.deepEqual(at(7).private, ["t"]);
});

test("an emitted innermost loop gets the combined construct; not with a reduction, whose vector sum would change the bits", () => {
  const at = plan([
    "program p", // 1
    "  integer, parameter :: n = 100000", // 2
    "  double precision :: a(n), s", // 3
    "  integer :: i", // 4
    "  do i = 1, n", // 5
    "    a(i) = dble(i) * 0.5d0", // 6
    "  end do", // 7
    "  s = 0", // 8
    "  do i = 1, n", // 9
    "    s = s + a(i)", // 10
    "  end do", // 11
    "  print *, s", // 12
    "end program", // 13
  ]);
  assert.equal(at(5).emitted && at(5).simd, true);
  assert.equal(at(9).emitted, true);
  assert.equal(at(9).simd, false);
});

test("no simd on an inner loop with a call, with a reduction, or outside every region", () => {
  const at = plan([
    "program p", // 1
    "  integer, parameter :: n = 300", // 2
    "  double precision :: a(n, n), r(n), s", // 3
    "  integer :: i, j", // 4
    "  a = 1.0d0", // 5
    "  do j = 1, n", // 6
    "    do i = 1, n", // 7
    "      call touch(a(i, j))", // 8
    "    end do", // 9
    "  end do", // 10
    "  do j = 1, n", // 11
    "    s = 0", // 12
    "    do i = 1, n", // 13
    "      s = s + a(i, j)", // 14
    "    end do", // 15
    "    r(j) = s", // 16
    "  end do", // 17
    "  do j = 2, n", // 18
    "    do i = 1, n", // 19
    "      a(i, j) = a(i, j - 1) + 1.0d0", // 20
    "    end do", // 21
    "  end do", // 22
    "  print *, a(3, 4), r(5)", // 23
    "contains", // 24
    "  subroutine touch(x)", // 25
    "    double precision :: x", // 26
    "    x = x * 2.0d0", // 27
    "  end subroutine", // 28
    "end program", // 29
  ]);
  assert.equal(at(6).emitted, true);
  assert.equal(at(7).simd, false, "a call in the body");
  assert.equal(at(11).emitted, true);
  assert.equal(at(13).parallel, true);
  assert.equal(at(13).simd, false, "a reduction");
  assert.equal(at(18).emitted, false, "j carries a recurrence");
  // The i loop is parallel but too small for a region of its own, entered for every j: serial code,
  // which the compiler vectorizes as it does in the serial build.
  assert.equal(at(19).parallel, true);
  assert.equal(at(19).emitted, false);
  assert.equal(at(19).simd, false);
});

test("no simd on the inner loop of a collapse, which the directive already owns", () => {
  const at = plan([
    "program p", // 1
    "  integer, parameter :: n = 6", // 2
    "  integer, parameter :: m = 4000", // 3
    "  double precision :: a(m, n)", // 4
    "  integer :: i, j", // 5
    "  do j = 1, n", // 6
    "    do i = 1, m", // 7
    "      a(i, j) = dble(i + j)", // 8
    "    end do", // 9
    "  end do", // 10
    "  print *, a(3, 4)", // 11
    "end program", // 12
  ]);
  // Six iterations are too few to share out: the directive takes both loops.
  assert.equal(at(6).emitted, true);
  assert.equal(at(6).collapse, 2);
  assert.equal(at(7).parallel, true);
  assert.equal(at(7).simd, false);
});
