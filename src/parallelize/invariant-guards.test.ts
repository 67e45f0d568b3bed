import { test } from "node:test";
import assert from "node:assert/strict";
import { fortran } from "../analysis/test-support/parse.js";
import { planProgram } from "./plan-program.js";

/** The plan of the loop on `line` of the first procedure: its run-time check (Fortran text) and guard, or its reasons. */
function planAt(src: string, line: number) {
  const plan = planProgram(fortran(src), { rangeFacts: false }).loops.find((l) => l.loop.span.line === line)!;
  return { check: plan.runtimeCheck?.fortran ?? null, guard: plan.guard ?? null, serial: !plan.parallel && !plan.runtimeCheck, reasons: plan.reasons.map((r) => r.kind) };
}

const wrap = (body: string[]) =>
  [
    "subroutine s(a, n, dbg)", // 1
    "  integer n, i", // 2
    "  real a(n)", // 3
    "  logical dbg", // 4
    ...body,
    "end subroutine",
    "subroutine trace(i)",
    "  integer i",
    "  print *, 'at', i",
    "end subroutine",
  ].join("\n");

test("a loop held back only by calls under a flag it never changes is parallel while the flag is false", () => {
  const p = planAt(
    wrap([
      "  do i = 1, n", // 5
      "    if (dbg) call trace(i)", // 6
      "    a(i) = a(i) * 2.0", // 7
      "    if (dbg) then", // 8
      "      call trace(-i)", // 9
      "    end if", // 10
      "  end do", // 11
    ]),
    5,
  );
  assert.equal(p.check, ".not. dbg");
  assert.deepEqual(p.guard, { cond: "dbg", lines: [6, 9] });
});

test("no unswitching when the loop writes the flag, when the IF has an ELSE, or when its condition calls a function", () => {
  const written = planAt(wrap(["  do i = 1, n", "    if (dbg) call trace(i)", "    dbg = a(i) > 0.0", "    a(i) = a(i) * 2.0", "  end do"]), 5);
  assert.ok(written.serial, "dbg changes inside the loop");
  const other = planAt(wrap(["  do i = 1, n", "    if (dbg) then", "      call trace(i)", "    else", "      a(i) = 0.0", "    end if", "  end do"]), 5);
  assert.ok(other.serial, "an ELSE branch runs when the flag is false");
  const fn = planAt(wrap(["  do i = 1, n", "    if (f(n)) call trace(i)", "    a(i) = a(i) * 2.0", "  end do"]) + "\nlogical function f(n)\n  integer n\n  f = n > 3\nend function", 5);
  assert.ok(fn.serial, "the condition calls a function");
});

test("no unswitching when a guarded statement touches a variable the loop makes private", () => {
  const p = planAt(
    wrap([
      "  real t", // 5
      "  t = 0.0", // 6
      "  do i = 1, n", // 7
      "    if (dbg) print *, t", // 8
      "    t = a(i) + 1.0", // 9
      "    a(i) = t * t", // 10
      "  end do", // 11
    ]),
    7,
  );
  assert.ok(p.serial, "with the flag true, the message must see the previous iteration's t");
});

test("what the guarded statements write does not unfix their own condition; a write outside them does", () => {
  // With dbg false at the start the branch never runs, so it cannot set dbg: parallel under .not. dbg.
  const own = planAt(wrap(["  do i = 1, n", "    if (dbg) then", "      call trace(i)", "      dbg = .false.", "    end if", "    a(i) = a(i) * 2.0", "  end do"]), 5);
  assert.equal(own.check, ".not. dbg");
  // A write under another IF (of another condition) runs with dbg false: it may raise the flag mid-loop.
  const outside = planAt(wrap(["  do i = 1, n", "    if (dbg) call trace(i)", "    if (i == 3) dbg = .true.", "    a(i) = a(i) * 2.0", "  end do"]), 5);
  assert.ok(outside.serial, "dbg is raised outside its guards");
  // Nor does a write under the same condition in an IF with an ELSE (not a guard: its ELSE runs when dbg is false).
  const withElse = planAt(wrap(["  do i = 1, n", "    if (dbg) call trace(i)", "    if (dbg) then", "      dbg = .false.", "    else", "      a(i) = 1.0", "    end if", "    a(i) = a(i) * 2.0", "  end do"]), 5);
  assert.ok(withElse.serial, "the IF with an ELSE is no guard, and its THEN writes dbg");
});
