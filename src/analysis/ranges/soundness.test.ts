import { before, test } from "node:test";
import assert from "node:assert/strict";
import { ensureCParser } from "../../node/c-parser-node.js";
import { parseC } from "../../frontend/c/parse-c.js";
import { memoryHost } from "../../source/host.js";
import { fortran } from "../test-support/parse.js";
import { rangesByLine } from "./test-support/ranges-at.js";

const ALL = "[-inf, +inf]";

before(() => ensureCParser());

function c(text: string) {
  const p = parseC("t.c", text, memoryHost({ "t.c": text }));
  const errors = p.diagnostics.filter((d) => d.severity === "error");
  if (errors.length) throw new Error(errors.map((d) => d.message).join("\n"));
  return p;
}

test("redefinitions end a range: after the reference, and between a definition and a later reference", () => {
  const r = rangesByLine(
    fortran(`subroutine s(k)
  integer k, m
  real a(10)
  a(k) = 0.0
  k = k + 20
  m = k
  k = m - 25
  a(k) = 1.0
end subroutine
`),
  );
  assert.equal(r.at(5, "k"), "[1, 10]");
  assert.equal(r.at(6, "k"), "[21, 30]");
  assert.equal(r.at(7, "m"), "[21, 30]");
  assert.equal(r.at(8, "k"), "[1, 5]", "a later reference narrows the value the definition gave");
});

test("calls: arguments by reference, COMMON members, and a call that may stop before a reference", () => {
  const r = rangesByLine(
    fortran(`subroutine s(k, m, n)
  integer k, m, n, c, e
  real a(10)
  common /cb/ c
  equivalence (e, m)
  c = 1
  call f(k)
  c = c
  call g()
  a(n) = 0.0
  a(k) = a(c) + a(e)
end subroutine
`),
  );
  assert.equal(r.at(8, "c"), ALL, "a COMMON member may change in any call");
  assert.equal(r.at(9, "k"), ALL);
  assert.equal(r.at(9, "n"), ALL, "g may stop the program: a(n) is not surely reached");
  assert.equal(r.at(10, "n"), "[1, 10]", "after the call, a(n) surely comes");
  assert.equal(r.at(11, "k"), "[1, 10]");
  assert.equal(r.at(11, "e"), ALL, "EQUIVALENCEd variables are not followed");
});

test("a call with a summary that leaves the variable alone does not end its range (C: globals, by-value arguments)", () => {
  const p = c(`int g;
void f(int x) { g = x; }
void s(int k, int m) {
  int a[10];
  int *q = &m;
  k = 3;
  m = 4;
  g = 5;
  f(k);
  a[k] = g;
  *q = 40;
  a[m] = 1;
}
`);
  const r = rangesByLine(p, {}, "s");
  assert.equal(r.at(10, "k"), "{3}", "C passes k by value");
  assert.equal(r.at(10, "g"), ALL, "f may change the global");
  assert.equal(r.at(11, "m"), "{4}");
  assert.equal(r.at(12, "m"), "[0, 9]", "a store through q may change m (its address is taken): only a[m]'s bounds hold");
});

test("GOTO into a guarded region: the label is reached without the condition", () => {
  const r = rangesByLine(
    fortran(`subroutine s(n)
  integer n, k
  if (n < 0) goto 10
  if (n > 5) then
    k = 1
10  k = n
  end if
  k = n
end subroutine
`),
  );
  assert.equal(r.at(5, "n"), "[6, +inf]");
  assert.equal(r.at(6, "n"), "[-inf, -1] ∪ [6, +inf]", "from the jump (n < 0) or through the IF (n > 5)");
  assert.equal(r.at(8, "n"), ALL);
});

test("GOTO out of a guarded region: the code after the region is not under its condition", () => {
  const r = rangesByLine(
    fortran(`subroutine s(n, m)
  integer n, m
  real a(10)
  if (n > 0) then
    if (m > 3) goto 20
    a(m) = 0.0
  end if
  m = m
20 continue
  n = m
end subroutine
`),
  );
  assert.equal(r.at(6, "m"), "[1, 3]");
  assert.equal(r.at(8, "m"), ALL, "not n > 0, or a(m) ran");
  assert.equal(r.at(10, "m"), ALL, "the jump skips a(m) when m > 3");
  // Moved back over the test that jumps: 1 <= m <= 3 (then a(m)) or m > 3 (the jump).
  assert.equal(r.at(5, "m"), "[1, +inf]");
  assert.equal(r.at(4, "m"), ALL, "n <= 0 skips both");
});

test("no backward move across STOP, RETURN, or a loop that may not end; conditions say which paths avoid them", () => {
  const r = rangesByLine(
    fortran(`subroutine s(n, m, p, q)
  integer n, m, p, q, k
  real a(10)
  k = 0
  if (k == p) stop
  a(n) = 0.0
  if (m > 5) return
  a(m) = 0.0
  do while (k < p)
    k = k + q
  end do
  a(p) = 0.0
end subroutine
`),
  );
  assert.equal(r.at(5, "n"), ALL, "STOP may end the program first, whatever n is");
  assert.equal(r.at(6, "n"), "[1, 10]", "a(n) comes next");
  assert.equal(r.at(7, "m"), "[1, +inf]", "m > 5 returns; otherwise a(m) comes next");
  assert.equal(r.at(8, "m"), "[1, 5]");
  assert.equal(r.at(9, "p"), "[-inf, -1] ∪ [1, +inf]", "p /= 0 (else STOP), but nothing from a(p): the WHILE loop may run forever");
  assert.equal(r.at(12, "p"), "[1, 10]");
});

test("a loop that may not run at all moves a fact back only for the values that make it run", () => {
  const r = rangesByLine(
    fortran(`subroutine s(n, v)
  integer n, v, i
  real a(10)
  do i = 1, n
    a(v) = 0.0
  end do
  do i = 1, 5
    a(n) = 0.0
  end do
  v = v
end subroutine
`),
  );
  assert.equal(r.at(4, "v"), ALL, "n < 1 skips the loop");
  assert.equal(r.at(5, "v"), "[1, 10]");
  assert.equal(r.at(10, "v"), ALL);
  assert.equal(r.at(4, "n"), "[1, 10]", "the second loop surely runs");
});
