import { test } from "node:test";
import assert from "node:assert/strict";
import { fortran } from "../analysis/test-support/parse.js";
import { planProgram } from "./plan-program.js";

/**
 * A COMMON array the loop's procedure declares but never names, which a
 * callee writes and reads through the block (NPB FT's Swarztrauber and
 * scr): the dataflow has no reference of it at the call, yet a private
 * copy would not be the callee's. It is private only with its block
 * threadprivate; when the block cannot be made so, the loop stays serial.
 * (Before, `private(plane, scr)` was written here: a race.)
 */
const drive = `subroutine drive(out)
  integer i
  double precision scr(100), out(50), plane(10)
  common /w/ plane, scr
  do i = 1, 50
    plane(1) = i
    out(i) = plane(1)
    call sub(i, out)
  end do
end subroutine

subroutine sub(i, out)
  integer i, j
  double precision scr(100), out(50), pl(10)
  common /w/ pl, scr
  do j = 1, 100
    scr(j) = dble(i + j)
  end do
  out(i) = out(i) + scr(7) + scr(100)
end subroutine
`;

test("a COMMON array only a callee names is private only with its block threadprivate", () => {
  const whole = planProgram(fortran(`program e\n  double precision out(50)\n  call drive(out)\n  print *, out(1)\nend program\n\n${drive}`)).loops.find((l) => l.loop.span.line === 11)!;
  assert.ok(whole.parallel, whole.reasons.map((r) => r.message).join("; "));
  assert.deepEqual(whole.threadprivate, ["w"]);

  // Not the whole program: no block may be made threadprivate, and scr may not be private.
  const alone = planProgram(fortran(drive)).loops.find((l) => l.loop.span.line === 5)!;
  assert.ok(!alone.parallel);
  assert.ok(!alone.privateArrays.includes("scr"));
});
