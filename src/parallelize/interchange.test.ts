import { test } from "node:test";
import assert from "node:assert/strict";
import { parseFortran } from "../frontend/fortran/parse-fortran.js";
import { memoryHost } from "../source/host.js";
import { planProgram } from "./plan-program.js";
import { settleInterchanges } from "./interchange.js";
import { chooseSimd } from "./simd-loops.js";
import { explainLoop } from "../report/explain-text.js";

/** Plans a free-form program (interchanges settled and simd chosen, as the driver does); `at(line)` is the plan of the loop there. */
function plan(body: string[], opts: { restructure?: boolean; n?: number } = {}) {
  const lines = ["program p", `  integer, parameter :: n = ${opts.n ?? 400}, m = 300`, "  double precision :: a(n, m), b(n, m), t", "  integer :: i, j", "  a = 1.0d0", "  b = 2.0d0", ...body, "  print *, a(3, 4), b(5, 6)", "end program"];
  const plans = planProgram(parseFortran("t.f90", lines.join("\n"), memoryHost({})), { rangeFacts: false, restructure: opts.restructure });
  settleInterchanges(plans.loops);
  chooseSimd(plans.loops);
  return (line: number) => plans.loops.find((l) => l.loop.span.line === line)!;
}

// Lines 7 and 8: the outer and inner loop of each nest.
const nest = (outer: string, inner: string, stmts: string[]) => [`  ${outer}`, `    ${inner}`, ...stmts.map((s) => `      ${s}`), "    end do", "  end do"];

test("a recurrence along the first (stride-1) dimension: the parallel j loop goes outside, with the directive on the outer line", () => {
  const at = plan(nest("do i = 2, n", "do j = 1, m", ["a(i, j) = a(i - 1, j) + b(i, j)"]));
  assert.equal(at(7).interchange?.inner, at(8).loop);
  assert.equal(at(7).emitted, true);
  assert.equal(at(7).parallel, true);
  assert.equal(at(7).collapse, 1);
  assert.equal(at(7).doacross, undefined, "interchanged, not pipelined");
  assert.match(at(8).reasons[0]!.message, /^interchanged: it trades places with the serial loop at line 7/);
  // The inner position now holds the serial i header: no simd there.
  assert.equal(at(8).simd, false);
  // explain tells the loop as written from the nest as rewritten.
  const text = explainLoop(at(7));
  assert.match(text, /^Serial as written, for one cause:$/m);
  assert.match(text, /^Interchanged with the loop at line 8: /m);
  assert.doesNotMatch(text, /no dependence is carried by this loop/);
});

test("three deep: the serial k loop trades places with the parallel j loop; the i loop stays innermost, with simd", () => {
  const at = plan(["  do k = 2, 6", "    do j = 1, m", "      do i = 1, n", "        a(i, j) = a(i, j) * 0.5d0 + b(i, k - 1)", "        b(i, k) = b(i, k - 1) + 1.0d0", "      end do", "    end do", "  end do"]);
  // b(i, k) carries along k, and a(i, j) is written for every k: the j loop must be the parallel one, and b is written by every j.
  assert.equal(at(7).interchange, undefined, "b(i, k) is written in every iteration of j: j is not parallel");
  const at2 = plan(["  do k = 2, 6", "    do j = 1, m", "      do i = 1, n", "        a(i, j) = a(i, j) * 0.5d0 + dble(k)", "      end do", "    end do", "  end do"]);
  assert.equal(at2(7).interchange?.inner, at2(8).loop);
  assert.equal(at2(7).emitted, true);
  assert.equal(at2(9).simd, true);
});

test("a (<, >) dependence forbids it: the nest stays as written, serial outside", () => {
  const at = plan(nest("do i = 2, n", "do j = 1, m - 1", ["a(i, j) = a(i - 1, j + 1) + b(i, j)"]));
  assert.equal(at(7).interchange, undefined);
  assert.equal(at(7).parallel, false);
  assert.ok(at(7).reasons.some((r) => r.kind === "flow"));
});

test("(<, =) is interchanged, and a scalar private to the inner loop stays private; (<, <) is legal but j outside would carry it: no interchange", () => {
  const at = plan(nest("do i = 2, n", "do j = 2, m", ["t = a(i - 1, j) * 0.5d0", "a(i, j) = t + a(i - 1, j)"]));
  assert.ok(at(7).interchange);
  assert.deepEqual(at(7).private, ["t"]);
  // Interchanged, a(i, j) = a(i - 1, j - 1) runs j outside: column j reads column j - 1, the directive's loop carries it.
  const diagonal = plan(nest("do i = 2, n", "do j = 2, m", ["t = a(i - 1, j - 1) * 0.5d0", "a(i, j) = t + a(i - 1, j)"]));
  assert.equal(diagonal(7).interchange, undefined);
  assert.equal(diagonal(7).parallel, false);
});

test("no interchange that would make the new inner loop stride: a recurrence along the second dimension keeps its order", () => {
  const at = plan(nest("do j = 2, m", "do i = 1, n", ["a(i, j) = a(i, j - 1) + b(i, j)"]));
  assert.equal(at(7).interchange, undefined);
  assert.equal(at(7).parallel, false);
});

test("no interchange of an imperfect nest, of an inner loop with a reduction, of a triangular nest, of an outer index read after the nest, nor with --no-restructure", () => {
  const imperfect = plan(["  do i = 2, n", "    b(i, 1) = 0.0d0", "    do j = 1, m", "      a(i, j) = a(i - 1, j) + b(i, j)", "    end do", "  end do"]);
  assert.equal(imperfect(7).interchange, undefined);
  const reduction = plan(nest("do i = 2, n", "do j = 1, m", ["a(i, j) = a(i - 1, j)", "t = t + a(i, j)"]));
  assert.equal(reduction(7).interchange, undefined);
  const triangular = plan(nest("do i = 2, n", "do j = 1, i", ["a(i, j) = a(i - 1, j) + 1.0d0"]));
  assert.equal(triangular(7).interchange, undefined);
  // The outer bound reads the inner index: evaluated inside the j loop once interchanged, it would see j's current value.
  const innerIndex = plan(["  j = 300", ...nest("do i = 2, j", "do j = 1, m", ["a(i, j) = a(i - 1, j) + 1.0d0"])]);
  assert.equal(innerIndex(8).interchange, undefined);
  // A bound read from an array the nest writes would be evaluated once instead of once per outer iteration
  // (b(1, 1) is 2 for i = 1, then 5: the j loop runs 2, then 5 times): the bounds rule and the pair of
  // b(1, 1) with b(i, j), which no test separates, each refuse it.
  const element = plan(nest("do i = 1, n - 1", "do j = 1, int(b(1, 1))", ["a(i + 1, j) = a(i, j) + 1.0d0", "b(i, j) = 5.0d0"]));
  assert.equal(element(7).interchange, undefined);
  // The outer index read after the nest: private to the region once it is the inner loop's, its value would be lost.
  const live = plan([...nest("do i = 2, n", "do j = 1, m", ["a(i, j) = a(i - 1, j) + b(i, j)"]), "  print *, i"]);
  assert.equal(live(7).interchange, undefined);
  const off = plan(nest("do i = 2, n", "do j = 1, m", ["a(i, j) = a(i - 1, j) + b(i, j)"]), { restructure: false });
  assert.equal(off(7).interchange, undefined);
  assert.equal(off(7).parallel, false);
});

test("a nest too small for a region is put back as written: the outer loop serial with its own reasons", () => {
  const at = plan(nest("do i = 2, 3", "do j = 1, 2", ["a(i, j) = a(i - 1, j) + b(i, j)"]), { n: 3 });
  assert.equal(at(7).interchange, undefined);
  assert.equal(at(7).emitted, false);
  assert.equal(at(7).parallel, false);
  assert.ok(at(7).reasons.some((r) => r.kind === "flow"));
  assert.ok(!at(8).reasons.some((r) => r.message.startsWith("interchanged:")));
});

test("found by fuzzing: a bound the nest changes through EQUIVALENCE (the inner header would read it again): not interchanged", () => {
  const lines = ["program p", "  integer, parameter :: n = 400", "  integer :: a(n, n), b(n, n), mm(n), i, j, m", "  equivalence (m, mm(1))", "  a = 1", "  b = 2", "  m = n", "  do j = 2, m", "    do i = 1, n", "      a(j, i) = mod(a(j - 1, i) + b(j, i), 1000)", "      mm(i) = 7", "    end do", "  end do", "  print *, a(3, 4)", "end program"];
  const plans = planProgram(parseFortran("t.f90", lines.join("\n"), memoryHost({})), { rangeFacts: false });
  settleInterchanges(plans.loops);
  const outer = plans.loops.find((l) => l.loop.span.line === 8)!;
  assert.equal(outer.boundsWritten, true);
  assert.equal(outer.interchange, undefined);
});
