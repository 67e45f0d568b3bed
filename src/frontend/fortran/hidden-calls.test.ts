import { test } from "node:test";
import assert from "node:assert/strict";
import { parallelize } from "../../api/parallelize.js";

/**
 * Calls Fortran 2003 writes as something else (units.ts hiddenCalls): a
 * type-bound function `g%next()`, a defined operator `k .plus. 1`, a
 * defined assignment `r(k) = k`. Each runs a procedure that bumps a module
 * counter; doall follows none of them, so each is an unknown call and its
 * loop stays serial (all three were parallel, and raced, before).
 */
const loopOf = (text: string, line: number) => {
  const f = parallelize([{ path: "t.f90", text }]).report.files[0]!;
  assert.deepEqual(f.diagnostics.filter((d) => d.severity === "error"), []);
  return f.loops.find((l) => l.line === line)!;
};
const counter = ["module m", "  implicit none", "  integer :: cnt = 0"];

test("a type-bound function call is an unknown call", () => {
  const text = [...counter, "  type :: gen_t", "    integer :: base = 5", "  contains", "    procedure :: next", "  end type", "contains", "  integer function next(self)", "    class(gen_t), intent(in) :: self", "    cnt = cnt + 1", "    next = self%base + cnt", "  end function", "end module", "program p", "  use m", "  implicit none", "  type(gen_t) :: g", "  integer :: k, r(5000)", "  do k = 1, 5000", "    r(k) = g%next()", "  end do", "  print *, sum(r), cnt", "end program", ""].join("\n");
  const l = loopOf(text, 21);
  assert.equal(l.parallel, false);
  assert.ok((l.reasons ?? []).some((r) => /%next/.test(r.message)));
});

test("a defined operator is an unknown call", () => {
  const text = [...counter, "  interface operator(.plus.)", "    module procedure plus", "  end interface", "contains", "  integer function plus(a, b)", "    integer, intent(in) :: a, b", "    cnt = cnt + 1", "    plus = a + b + cnt", "  end function", "end module", "program p", "  use m", "  implicit none", "  integer :: k, r(5000)", "  do k = 1, 5000", "    r(k) = k .plus. 1", "  end do", "  print *, sum(r), cnt", "end program", ""].join("\n");
  assert.equal(loopOf(text, 18).parallel, false);
});

test("an assignment to a derived-type object where an interface defines assignment is an unknown call", () => {
  const text = [...counter, "  type :: box", "    integer :: v", "  end type", "  interface assignment(=)", "    module procedure assign_int", "  end interface", "contains", "  subroutine assign_int(lhs, rhs)", "    type(box), intent(out) :: lhs", "    integer, intent(in) :: rhs", "    cnt = cnt + 1", "    lhs%v = rhs + cnt", "  end subroutine", "end module", "program p", "  use m", "  implicit none", "  integer :: k", "  type(box) :: r(5000)", "  do k = 1, 5000", "    r(k) = k", "  end do", "  print *, r(5000)%v, cnt", "end program", ""].join("\n");
  assert.equal(loopOf(text, 23).parallel, false);
});
