import { test } from "node:test";
import assert from "node:assert/strict";
import { fortran } from "../test-support/parse.js";
import { planProgram } from "../../parallelize/plan-program.js";

/**
 * A callee's regions through local scalars it sets before use (NPB LU's
 * blts_vec: istp = max(l - jend, ist), iendp = min(l - jst, iend), then
 * j = l - i for i = istp..iendp). The caller's reasons name the region a
 * call reads; `between` goes between the assignment of j and the read.
 */
function reads(between = ""): string {
  const src = `subroutine sw(ist, iend, jst, jend, lst, lend, y, t)
  integer :: ist, iend, jst, jend, lst, lend, l, i, j, istp, iendp
  double precision :: y(40, 40), t(40)
  do l = lst, lend
    istp = max(l - jend, ist)
    iendp = min(l - jst, iend)
    do i = istp, iendp
      j = l - i
${between}      t(i) = y(i, j) * 2.0d0
    end do
  end do
end subroutine
subroutine bump(n)
  integer :: n
  n = n + 1
end subroutine
program p
  double precision :: a(40, 40), t(40)
  integer :: k
  do k = 1, 10
    a(2, 3) = k
    call sw(2, 30, 2, 30, 4, 60, a, t)
  end do
  print *, t(3)
end program
`;
  const plan = planProgram(fortran(src));
  const loop = plan.loops.find((l) => l.proc.name === "p")!;
  return loop.reasons.map((r) => r.message).join("\n");
}

test("a callee's reads through scalars it set (j = l - i, bounds by min and max) are the box they span", () => {
  assert.match(reads(), /sw reads a\(2:30, 2:30\)/);
  // j given to a routine that may change it: what it holds is not known, the column any.
  assert.match(reads("      call bump(j)\n"), /sw reads a\(2:30, :\)/);
  // Set again from a value not known: any column.
  assert.match(reads("      j = int(t(1))\n"), /sw reads a\(2:30, :\)/);
});
