import { test } from "node:test";
import assert from "node:assert/strict";
import { collectLoops } from "../../ir/walk.js";
import { scalarBlockers } from "./interim-scalars.js";
import { analyzeFortran } from "./test-support/fortran.js";

function blockers(body: string): string[] {
  const a = analyzeFortran(`
subroutine s(a, b, n)
  integer n, i, j
  real a(*), b(*), t, sum
${body}
end
`);
  const outer = collectLoops(a.proc.body)[0]!.loop;
  return scalarBlockers(outer, a.proc).map((b) => b.var);
}

test("a scalar defined before any use in every iteration is private; the index never blocks", () => {
  assert.deepEqual(blockers("  do i = 1, n\n    t = a(i)\n    b(i) = t * t\n  end do"), []);
  assert.deepEqual(blockers("  do i = 1, n\n    do j = 1, n\n      t = a(j)\n      b(j) = t\n    end do\n  end do"), []);
});

test("a reduction or a value carried to the next iteration blocks (until the parallelizer recognizes it)", () => {
  assert.deepEqual(blockers("  do i = 1, n\n    sum = sum + a(i)\n  end do"), ["sum"]);
  assert.deepEqual(blockers("  do i = 1, n\n    b(i) = t\n    t = a(i)\n  end do"), ["t"]);
});

test("a definition on one branch only does not cover a later use", () => {
  assert.deepEqual(blockers("  do i = 1, n\n    if (a(i) > 0) t = a(i)\n    b(i) = t\n  end do"), ["t"]);
  assert.deepEqual(blockers("  do i = 1, n\n    if (a(i) > 0) then\n      t = a(i)\n    else\n      t = 0\n    end if\n    b(i) = t\n  end do"), []);
  // A definition inside an inner loop may not happen (zero trips).
  assert.deepEqual(blockers("  do i = 1, n\n    do j = 1, n\n      t = a(j)\n    end do\n    b(i) = t\n  end do"), ["t"]);
});

test("a scalar written in some iterations only and read after the loop blocks (its last value depends on the order)", () => {
  assert.deepEqual(blockers("  do i = 1, n\n    if (a(i) > 0) t = a(i)\n  end do\n  b(1) = t"), ["t"]);
  // Not read afterwards: private.
  assert.deepEqual(blockers("  do i = 1, n\n    if (a(i) > 0) then\n      t = a(i)\n      b(i) = t\n    end if\n  end do"), []);
});

test("statement functions read the variables of their body; structure components are partial writes", () => {
  const a = analyzeFortran(`
subroutine s(r, n)
  integer n, i
  double precision r(*), w, h, x
  h(x) = x * w
  do i = 1, n
    r(i) = h(dble(i))
    w = r(i) + 0.5d0
  end do
end
`);
  assert.deepEqual(scalarBlockers(collectLoops(a.proc.body)[0]!.loop, a.proc).map((b) => [b.var, b.why]), [["w", "exposed"]]);
  const c = analyzeFortran(`
subroutine s(n)
  type t
    integer total
  end type
  type(t) g
  integer n, i
  do i = 1, n
    g%total = g%total * 3 + i
  end do
end
`);
  assert.deepEqual(scalarBlockers(collectLoops(c.proc.body)[0]!.loop, c.proc).map((b) => b.var), ["g"]);
});
