// Multi-dimensional references: dimension by dimension only where the
// subscripts provably stay in bounds, linearized otherwise, run-time
// conditions when the bounds are symbols (layout.ts); storage overlap
// between different arrays (alias.ts).
import { test } from "node:test";
import assert from "node:assert/strict";
import type { Sym } from "../../ir/symbol.js";
import { aliasKind } from "./alias.js";
import { analyzeFortran } from "./test-support/fortran.js";
import { HirBuilder } from "./test-support/hir.js";

const labels = (text: string, a: number, b: number) =>
  analyzeFortran(text)
    .pairs(a, b)
    .map((p) => p.problem.eqs.map((e) => e.label).join(" & "));

test("subscripts proved within their bounds are tested dimension by dimension", () => {
  const text = `
subroutine s(a)
  real a(10, 10)
  integer i, j
  do j = 2, 10
    do i = 1, 10
      a(i, j) = a(i, j - 1)
    end do
  end do
end
`;
  assert.deepEqual(labels(text, 7, 7)[0], "dim 1 & dim 2");
  const a = analyzeFortran(text);
  assert.equal(a.verdict(6).parallel, true);
  const [c] = a.verdict(5).carried;
  assert.deepEqual([c!.kind, c!.distance, c!.direction], ["flow", 1, ["<", "="]]);
});

test("symbolic bounds prove it too when they are the declared ones (a(n, m) with loops to n and m)", () => {
  const text = `
subroutine s(a, n, m)
  integer n, m, i, j
  real a(n, m)
  do j = 1, m
    do i = 1, n
      a(i, j) = a(i, j) + 1
    end do
  end do
end
`;
  const a = analyzeFortran(text);
  assert.equal(a.verdict(5).parallel, true);
  assert.equal(a.verdict(6).parallel, true);
});

test("when a subscript may leave its bounds, the pair relies on a run-time check of the bounds", () => {
  const text = `
subroutine s(a, n)
  integer n, i, j
  real a(10, 10)
  do j = 1, 10
    do i = 1, n
      a(i, j) = a(i, j) + 1
    end do
  end do
end
`;
  const a = analyzeFortran(text);
  const v = a.verdict(5);
  assert.equal(v.parallel, false);
  assert.equal(v.runtimeCheck?.fortran, "n <= 10");
  // With the assumption (the value-range issue's flag) the loop is parallel outright.
  assert.equal(analyzeFortran(text, undefined, { assumeInBounds: true }).verdict(5).parallel, true);
});

test("legacy code walking off a column: a(i, 1) and a(i - 2, 2) with a(2, *) overlap, and doall sees it", () => {
  // a(3, 1) is a(1, 2): the column-major address 2 (from a(1, 1) = 0).
  const text = `
subroutine s(a)
  real a(2, *)
  integer i
  do i = 3, 4
    a(i, 1) = a(i - 2, 2)
  end do
end
`;
  const a = analyzeFortran(text);
  const pair = a.pairs(6, 6).find((p) => p.src.kind !== p.snk.kind)!;
  assert.equal(pair.problem.eqs[0]!.label, "dims 1,2 linearized");
  assert.notEqual(pair.status, "independent");
});

test("assumed-size arrays: only the last dimension's extent is unknown, and no bound is assumed on it", () => {
  const text = `
subroutine s(a, n)
  integer n, i
  real a(5, *)
  do i = 1, n
    a(3, i) = a(3, i + 1)
  end do
end
`;
  assert.deepEqual(labels(text, 6, 6)[0], "dim 1 & dim 2");
  const [c] = analyzeFortran(text).verdict(5).carried;
  assert.deepEqual([c!.kind, c!.distance], ["anti", 1]);
});

test("may two different arrays share storage?", () => {
  const b = new HirBuilder();
  const x = b.array("x", [[1, 10]]);
  const y = b.array("y", [[1, 10]]);
  const e1 = b.array("e1", [[1, 10]], { equivalence: 3 });
  const e2 = b.array("e2", [[1, 10]], { equivalence: 3 });
  const c1 = b.array("c1", [[1, 10]], { storage: "common", common: "blk" });
  const c2 = b.array("c2", [[1, 10]], { storage: "common", common: "blk" });
  const c3 = b.array("c3", [[1, 10]], { storage: "common", common: "other" });
  const p: Sym = { ...b.array("p", [[0, null]]), type: { base: "pointer", pointee: { base: "real", bytes: 8 } } };
  const fp = b.array("fp", [[1, 10]], { attrs: { pointer: true } });
  const ft = b.array("ft", [[1, 10]], { attrs: { target: true } });
  assert.equal(aliasKind(x, x), "same");
  assert.equal(aliasKind(x, y), "disjoint"); // two dummies: the standard forbids the overlap
  assert.equal(aliasKind(e1, e2), "may-alias");
  assert.equal(aliasKind(c1, c2), "common");
  assert.equal(aliasKind(c1, c3), "disjoint");
  assert.equal(aliasKind(p, x), "may-alias");
  assert.equal(aliasKind(fp, ft), "may-alias");
  assert.equal(aliasKind(fp, x), "disjoint");
  // A C pointer as the C front end lowers it (`double *a`: an array of double marked pointer,
  // row-major) may point into any array, a global included.
  const cp = { ...b.array("cp", [[0, null]], { attrs: { pointer: true } }), layout: "row-major" as const };
  const g = { ...b.array("g", [[0, 99]], { storage: "global" }), layout: "row-major" as const };
  assert.equal(aliasKind(cp, g), "may-alias");
  assert.equal(aliasKind(g, cp), "may-alias");
});

test("members of one COMMON block are disjoint only while subscripts stay in bounds", () => {
  const text = `
subroutine s(n)
  integer n, i
  real u(10), v(10)
  common /f/ u, v
  do i = 1, n
    u(i) = v(i)
  end do
end
`;
  const v = analyzeFortran(text).verdict(6);
  assert.equal(v.parallel, false);
  assert.equal(v.runtimeCheck?.fortran, "n <= 10");
  const bad = `
subroutine s(n)
  integer n, i
  real u(10), v(10)
  common /f/ u, v
  do i = 1, 10
    u(i + 10) = v(i)
  end do
end
`;
  // u(11..20) is v(1..10): the subscript is provably out of bounds, so no check can make them disjoint.
  const w = analyzeFortran(bad).verdict(6);
  assert.equal(w.parallel, false);
  assert.equal(w.runtimeCheck, null);
});
