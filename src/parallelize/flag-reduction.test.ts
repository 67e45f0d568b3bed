import { test } from "node:test";
import assert from "node:assert/strict";
import { fortran } from "../analysis/test-support/parse.js";
import { planProgram } from "./plan-program.js";

const planOf = (body: string[]) => {
  const src = ["subroutine s(x, n, f)", "  integer n, i", "  real x(n)", "  logical f", "  integer c", ...body, "end subroutine"].join("\n");
  const p = planProgram(fortran(src), { rangeFacts: false }).loops.find((l) => l.loop.span.line === 6)!;
  return { parallel: p.parallel, reductions: p.reductions.map((r) => `${r.op}:${r.var}`) };
};

test("a flag only raised (or only lowered) is a .or. (.and.) reduction", () => {
  assert.deepEqual(planOf(["  do i = 1, n", "    if (x(i) > 1.0) then", "      if (.not. f) f = .true.", "    end if", "  end do"]), { parallel: true, reductions: ["or:f"] });
  assert.deepEqual(planOf(["  do i = 1, n", "    if (x(i) > 1.0) f = .false.", "  end do"]), { parallel: true, reductions: ["and:f"] });
});

test("a flag raised and lowered, read for anything else, or stored a computed value stays serial", () => {
  assert.equal(planOf(["  do i = 1, n", "    if (x(i) > 1.0) f = .true.", "    if (x(i) < 0.0) f = .false.", "  end do"]).parallel, false);
  assert.equal(planOf(["  do i = 1, n", "    if (f) x(i) = 0.0", "    if (x(i) > 1.0) f = .true.", "  end do"]).parallel, false);
  assert.equal(planOf(["  do i = 1, n", "    if (x(i) > 1.0) f = x(i) > 2.0", "  end do"]).parallel, false);
  assert.equal(planOf(["  do i = 1, n", "    if (f) f = .true.", "  end do"]).parallel, false, "the IF must skip a store of what f holds");
});
