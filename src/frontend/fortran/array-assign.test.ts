import { test } from "node:test";
import assert from "node:assert/strict";
import { collectLoops, userLoops } from "../../ir/walk.js";
import { bodyText, messages, readFree } from "./test-support/hir-text.js";

/**
 * Array assignments lowered to implied loops (array-assign.ts): what the
 * analyses see of `a(2:n) = ...` and `a = 0` (issue 17 §3).
 */
const lowered = (text: string) => {
  const p = readFree(text);
  assert.deepEqual(messages(p), []);
  return bodyText(p);
};

test("a whole array runs over its declared bounds, dimension 1 innermost; a section over its triplets", () => {
  assert.equal(
    lowered("program p\n  real :: c(0:9, 5), b(10)\n  c = 0\n  b(2:) = 1\nend program\n"),
    [
      "do#0 %2 = 1, 5  [implied: array assignment]",
      "  do#1 %1 = 0, 9  [implied: array assignment]",
      "    c(%1, %2) = 0",
      "  end do#1",
      "end do#0",
      "do#2 %1 = 2, 10  [implied: array assignment]",
      "  b(%1) = 1",
      "end do#2",
    ].join("\n"),
  );
});

test("the right side's sections are read at the corresponding positions, strides included", () => {
  assert.equal(
    lowered("program p\n  real :: a(10), b(10), c(10, 10)\n  integer :: j\n  a(2:10) = b(1:9) + c(j, :9)\n  a(1:9:2) = b(1:5)\n  a(10:1:-1) = b\nend program\n"),
    [
      "do#0 %1 = 2, 10  [implied: array assignment]",
      "  a(%1) = (b((%1 - 1)) + c(j, (%1 - 1)))",
      "end do#0",
      "do#1 %1 = 1, 9, 2  [implied: array assignment]",
      "  a(%1) = b((1 + (((%1 - 1) / 2) * 1)))",
      "end do#1",
      "do#2 %1 = 10, 1, (-1)  [implied: array assignment]",
      "  a(%1) = b((1 + ((%1 - 10) * -1)))",
      "end do#2",
    ].join("\n"),
  );
});

test("a right side that reads the stored array elsewhere is read in a first loop, stored in a second (F2018 10.2.1.3)", () => {
  assert.equal(
    lowered("program p\n  real :: a(10)\n  a(2:10) = a(1:9) * 2\nend program\n"),
    [
      "do#0 %1 = 2, 10  [implied: array assignment]",
      "  (a((%1 - 1)) * 2)",
      "end do#0",
      "do#1 %1 = 2, 10  [implied: array assignment]",
      "  a(%1) = ?the right side, evaluated before any element is stored?",
      "end do#1",
    ].join("\n"),
  );
  // The same element, or another column at a constant subscript, needs no second loop.
  assert.equal(lowered("program p\n  real :: a(10), c(10, 3)\n  a = a + 1\nend program\n"), "do#0 %1 = 1, 10  [implied: array assignment]\n  a(%1) = (a(%1) + 1)\nend do#0");
  assert.equal(lowered("program p\n  real :: c(10, 3)\n  c(:, 1) = c(:, 2)\nend program\n"), "do#0 %1 = 1, 10  [implied: array assignment]\n  c(%1, 1) = c(%1, 2)\nend do#0");
  // A whole-array reduction of the stored array, storage shared through EQUIVALENCE, a reversed section.
  for (const stmt of ["a = a / sum(a)", "a(2:10) = b(1:9)", "a = a(10:1:-1)"]) {
    const t = lowered(`program p\n  real :: a(10), b(10)\n  equivalence (a, b)\n  ${stmt}\nend program\n`);
    assert.equal(t.match(/^do#/gm)?.length, 2, `${stmt}:\n${t}`);
    assert.match(t, /evaluated before any element is stored/);
  }
});

test("vector subscripts on the right are read element by element", () => {
  assert.equal(
    lowered("subroutine s(a, b, idx, n, m)\n  integer :: n, m, idx(n)\n  real :: a(n), b(m)\n  a(:) = b(idx) + abs(b(idx(n:1:-1)))\nend subroutine\n"),
    "do#0 %1 = 1, n  [implied: array assignment]\n  a(%1) = (b(idx(%1)) + abs(b(idx((n + ((%1 - 1) * -1))))))\nend do#0",
  );
});

test("what cannot be read element by element stays an assignment of sections", () => {
  const src = [
    "subroutine s(a, b, n, c)",
    "  integer :: n",
    "  real :: a(n), b(n), c(:)",
    "  real, allocatable :: w(:)",
    "  real :: f",
    "  w = 0",
    "  a = matmul(a, b)",
    "  a = f(b)",
    "  c = 1",
    "  a(n:) = spread(b(1), 1, 1)",
    "end subroutine",
    "",
  ].join("\n");
  assert.equal(lowered(src), ["w = 0", "a = matmul(a, b)", "a = f(b)", "c = 1", "a(n:) = spread(b(1), 1, 1)"].join("\n"));
  // An explicit section of an allocatable array has its bounds written: it is lowered.
  assert.match(lowered("subroutine s(a, n)\n  integer :: n\n  real :: a(n)\n  real, allocatable :: w(:)\n  w(1:n) = a\nend subroutine\n"), /w\(%1\) = a\(%1\)/);
});

test("a declared bound the unit may change is not the extent: the whole-array assignment is not lowered", () => {
  // F2018 10.1.11: the bounds are evaluated on entry; n at the statement may differ.
  const changed = ["n = n - 1", "read *, n", "call g(n)", "do n = 1, 2\n  end do"];
  for (const c of changed) assert.equal(lowered(`subroutine s(a, n)\n  integer :: n\n  real :: a(n)\n  a = 0\n  ${c}\nend subroutine\n`).split("\n")[0], "a = 0", c);
  for (const decl of ["common /c/ n", "equivalence (n, m)"])
    assert.equal(lowered(`subroutine s(a)\n  integer :: n, m\n  ${decl}\n  real :: a(n)\n  a = 0\nend subroutine\n`).split("\n")[0], "a = 0", decl);
  // Unchanged dummies and named constants are fine.
  assert.match(lowered("subroutine s(a, n)\n  integer :: n\n  real :: a(n + 1)\n  a = 0\n  print *, n\nend subroutine\n"), /^do#0 %1 = 1, \(n \+ 1\)/);
});

test("implied loops are not the user's loops; a label and a logical IF keep their places", () => {
  const p = readFree("program p\n  real :: a(10)\n  integer :: i\n10 a = 0\n  do i = 1, 10\n    if (a(i) > 0) a(1:i) = 1\n  end do\n  goto 10\nend program\n");
  assert.deepEqual(messages(p), []);
  const body = p.procedures[0]!.body;
  assert.equal(collectLoops(body).length, 3);
  assert.deepEqual(
    userLoops(body).map((l) => [l.loop.span.line, l.depth, l.parent]),
    [[5, 1, null]],
  );
  assert.equal(body[0]!.label, "10");
  assert.match(bodyText(p), /if \(\(a\(i\) > 0\)\)\n {4}do#\d+ %1 = 1, i {2}\[implied: array assignment\]/);
});
