import { test } from "node:test";
import assert from "node:assert/strict";
import { loadProgram } from "../driver/load-program.js";
import { parallelizeLoadedRun } from "../driver/parallelize-file.js";
import { memoryHost } from "../source/host.js";

/** doall parallelize on one free-form file: its text and messages. */
function run(src: string) {
  const host = memoryHost({ "n.f90": src });
  const r = parallelizeLoadedRun([loadProgram("n.f90", host)], host, {})[0]!;
  return { out: r.output ?? "", failed: r.failed, messages: r.messages.join("\n") };
}

test("found by fuzzing: a NAMELIST write reads every member of its group, so a COMMON work array it prints after the loop is live there, and no block is made threadprivate", () => {
  const src = [
    "program p",
    "  integer :: res(2000000)",
    "  call drive(res, 2000000)",
    "  print *, res(1), res(2000000)",
    "  call report()",
    "end program",
    "subroutine report()",
    "  integer :: w(4)",
    "  common /blk/ w",
    "  namelist /nl/ w",
    "  write(*, nml=nl)",
    "end subroutine",
    "subroutine drive(res, n)",
    "  integer :: n, res(n), i",
    "  integer :: w(4)",
    "  common /blk/ w",
    "  w = 0",
    "  do i = 1, n",
    "    call fill(i)",
    "    res(i) = w(1) + w(4)",
    "  end do",
    "end subroutine",
    "subroutine fill(i)",
    "  integer :: i, w(4)",
    "  common /blk/ w",
    "  w = i",
    "end subroutine",
    "",
  ].join("\n");
  const { out } = run(src);
  assert.doesNotMatch(out, /threadprivate/);
  assert.doesNotMatch(out, /!\$omp parallel do[^\n]*\n\s*do i = 1, n\n\s*call fill/);
});

test("found by fuzzing: a NAMELIST member is in no private clause (gfortran refuses it), and a group name in an I/O statement is no variable under IMPLICIT NONE", () => {
  const priv = run(["program p", "  integer :: i, n, x", "  integer :: a(2000000)", "  namelist /nl/ x", "  n = 2000000", "  do i = 1, n", "    x = i * 3", "    a(i) = x + 1", "  end do", "  print *, a(1), a(n)", "end program", ""].join("\n"));
  assert.doesNotMatch(priv.out, /private\(x\)/);
  const none = run(["program p", "  implicit none", "  integer :: i, n, x", "  integer :: a(2000000)", "  namelist /nl/ x", "  n = 2000000", "  x = 0", "  do i = 1, n", "    a(i) = i * 3", "  end do", "  print *, a(1), a(n)", "  write(*, nl)", "  write(*, nml=nl)", "end program", ""].join("\n"));
  assert.equal(none.failed, false, none.messages);
  assert.match(none.out, /!\$omp parallel do/);
});
