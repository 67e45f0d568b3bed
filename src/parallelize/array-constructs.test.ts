import { test } from "node:test";
import assert from "node:assert/strict";
import { parallelizeFile } from "../driver/parallelize-file.js";
import { explainLoop } from "../report/explain-text.js";
import { renderAnalyzeText } from "../report/text-report.js";
import { memoryHost } from "../source/host.js";

/**
 * The parallelizer on array assignments, WHERE, FORALL and DO CONCURRENT
 * (issue 17 §3): what their implied loops let it prove, that they never get
 * a directive nor a report line of their own, and the DO CONCURRENT verdict.
 */
function run(lines: string[]) {
  const src = lines.join("\n") + "\n";
  const r = parallelizeFile("t.f90", memoryHost({ "t.f90": src }), {});
  assert.equal(r.failed, false, r.messages.join("\n"));
  const plans = new Map(r.plan!.loops.map((l) => [l.loop.span.line, l]));
  return { out: r.output!, report: r.report, plans, explain: (line: number) => explainLoop(plans.get(line)!, { verbose: true }) };
}

const directiveBefore = (out: string, line: string) => {
  const lines = out.split("\n");
  const at = lines.findIndex((l) => l.trim() === line.trim());
  return lines[at - 1]!.trim();
};

test("a loop around array assignments is as parallel as its sections are independent; the sections' loops get no directive", () => {
  const r = run([
    "subroutine s(a, b, c, n)", // 1
    "  integer :: n, i, j", // 2
    "  real(8) :: a(n), b(n, n), c(n, n)", // 3
    "  a = 0", // 4
    "  do j = 1, n", // 5
    "    c(:, j) = b(:, j) + a", // 6
    "    where (c(:, j) > 1) c(:, j) = 1", // 7
    "    forall (i = 1:n) b(i, j) = i", // 8
    "  end do", // 9
    "  do j = 2, n", // 10
    "    c(:, j) = c(:, j - 1) * 2", // 11
    "  end do", // 12
    "  do i = 2, n", // 13
    "    a(2:n) = a(1:n-1) + b(i, 1)", // 14
    "  end do", // 15
    "end subroutine", // 16
  ]);
  assert.deepEqual([...r.plans.keys()], [5, 10, 13]);
  assert.equal(r.plans.get(5)!.parallel, true);
  assert.deepEqual(r.plans.get(5)!.private, []);
  assert.match(directiveBefore(r.out, "  do j = 1, n"), /^!\$omp parallel do/);
  // Directives only before DO statements (and END directives after END DO).
  const lines = r.out.split("\n");
  lines.forEach((l, k) => {
    if (/^\s*!\$omp parallel do/.test(l)) assert.match(lines[k + 1]!, /^\s*do /);
    if (/^\s*!\$omp end/.test(l)) assert.match(lines[k - 1]!, /^\s*end do/);
  });
  assert.doesNotMatch(directiveBefore(r.out, "  a = 0"), /omp/);
  // A section of the previous column: a recurrence, reported with the sections as written.
  assert.equal(r.plans.get(10)!.parallel, false);
  assert.match(r.explain(10), /\[recurrence\] the value written to c\(:, j\) at line 11 is read as c\(:, j - 1\) at line 11, 1 iteration later/);
  // Every iteration stores a(2:n) after reading a(1:n-1): serial.
  assert.equal(r.plans.get(13)!.parallel, false);
  assert.deepEqual(r.report.loops.map((l) => l.line), [5, 10, 13]);
});

test("an array assignment that covers a work array lets it be privatized, two passes included", () => {
  const r = run([
    "subroutine s(a, b, n)",
    "  integer n, i, j",
    "  real(8) a(n), b(100, n), t(100), q",
    "  do i = 1, n",
    "    t = b(:, i)",
    "    t(2:100) = t(1:99) + t(2:100)",
    "    q = 0",
    "    do j = 1, 100",
    "      q = q + t(j)",
    "    end do",
    "    a(i) = q",
    "  end do",
    "end subroutine",
  ]);
  const p = r.plans.get(4)!;
  assert.equal(p.parallel, true);
  assert.deepEqual(p.privateArrays, ["t"]);
});

test("a whole-array or section read (SUM(w)) is covered only when every element it may read was written before", () => {
  const sub = (name: string, write: string) => [
    `subroutine ${name}(a, h, m)`,
    "  integer, parameter :: n = 600",
    "  integer m, j",
    "  integer a(n, m), h(m), w(n)",
    "  do j = 1, m",
    `    ${write}`,
    "    h(j) = sum(w) + maxval(w(1:10))",
    "  end do",
    "end subroutine",
  ];
  assert.deepEqual(run(sub("s", "w = a(:, j)")).plans.get(5)!.privateArrays, ["w"]);
  const r = run(sub("s", "w(1:n-1) = a(1:n-1, j)"));
  assert.equal(r.plans.get(5)!.parallel, false);
  assert.match(r.explain(5), /privatizing the array w is impossible because line 7 uses the whole array or a section/);
});

test("a scalar private to the loop keeps its clause when a FORALL index has its name", () => {
  const r = run([
    "subroutine s(a, b, n)",
    "  integer n, i, j",
    "  real(8) a(n), b(n, n)",
    "  do j = 1, n",
    "    i = j * 2",
    "    a(j) = i",
    "    forall (i = 1:n) b(i, j) = i",
    "  end do",
    "end subroutine",
  ]);
  assert.deepEqual(r.plans.get(4)!.private, ["i"]);
});

test("DO CONCURRENT: parallel by the standard, no directive (gfortran refuses one), loops inside may get one", () => {
  const r = run([
    "subroutine s(a, b, x, n)", // 1
    "  integer n, i, j", // 2
    "  real(8) a(n), b(n, n), x(n, n), q, t", // 3
    "  q = 0", // 4
    "  do concurrent (j = 1:n) local(t) reduce(+: q)", // 5
    "    t = a(j) * 2", // 6
    "    x(:, j) = t", // 7
    "    q = q + max(t, 0d0)", // 8
    "  end do", // 9
    "  do concurrent (j = 1:n)", // 10
    "    do i = 1, n", // 11
    "      x(i, j) = b(i, j) + x(i, j) * 2 + sqrt(b(i, j)) * 3 + i * j", // 12
    "    end do", // 13
    "  end do", // 14
    "  do concurrent (j = 1:n)", // 15
    "    a(j) = q", // 16
    "    q = a(j) + 1", // 17
    "  end do", // 18
    "  print *, q", // 19
    "end subroutine", // 20
  ]);
  const p = r.plans.get(5)!;
  assert.equal(p.parallel, true);
  assert.equal(p.emitted, false);
  assert.deepEqual(p.private, ["t"]);
  assert.deepEqual(p.reductions, [{ op: "+", var: "q" }]);
  assert.deepEqual(p.reasons.map((x) => x.kind), ["concurrent"]);
  assert.match(r.explain(5), /^t\.f90:5: DO CONCURRENT \(j = 1:n\)/);
  assert.match(r.explain(5), /Parallel: the standard guarantees DO CONCURRENT iterations are independent/);
  assert.match(r.explain(5), /No directive here \[do-concurrent\]: gfortran accepts no OpenMP directive on a DO CONCURRENT loop/);
  assert.ok(!/^\s*!\$omp.*\n\s*do concurrent/im.test(r.out), r.out);
  // The loop inside is not "nested" in a parallel region: it may get a directive of its own.
  assert.equal(r.plans.get(11)!.reasons.some((x) => x.kind === "nested"), false);
  assert.equal(r.plans.get(11)!.parallel, true);
  // A value that flows from one iteration to the next breaks the standard's rule: doall says so.
  assert.equal(r.plans.get(15)!.parallel, false);
  assert.match(r.explain(15), /q is read before it is written/);
  const text = renderAnalyzeText(r.report);
  assert.match(text, /t\.f90:5: parallel: the standard guarantees DO CONCURRENT iterations are independent \(Fortran 2018, 11\.1\.7\.5\) \(no directive: gfortran accepts no OpenMP directive on a DO CONCURRENT loop/);
  assert.match(renderAnalyzeText(r.report, { verbose: true }), /t\.f90:5: do concurrent \(j = 1:n\) {2}\[s; depth 1\]\n/);
  assert.equal(r.report.loops.find((l) => l.line === 5)!.concurrent, true);
});

test("a LOCAL array of a DO CONCURRENT is new in each iteration: it carries nothing for a loop around", () => {
  const r = run([
    "subroutine s(c, b, n)",
    "  integer n, i, j",
    "  real(8) c(n, n), b(n, n), t(4)",
    "  do j = 1, n",
    "    do concurrent (i = 1:n) local(t)",
    "      t(1) = b(i, j)",
    "      c(i, j) = t(1) * 2",
    "    end do",
    "  end do",
    "end subroutine",
  ]);
  assert.equal(r.plans.get(4)!.parallel, true, r.explain(4));
});

test("no collapse(2) into a DO CONCURRENT (gfortran: 'not enough DO loops for collapsed !$OMP PARALLEL DO')", () => {
  const r = run([
    // A main program, entered once: a routine no program calls is guessed at 100 calls, too often for 8 x m.
    "program s",
    "  integer, parameter :: m = 1000",
    "  integer i, j; real(8) a(m, 8)",
    "  do j = 1, 8",
    "    do concurrent (i = 1:m)",
    "      a(i, j) = i + j + sqrt(a(i, j)) * 2 + a(i, j) ** 3 + a(i, j) / 7 + 1",
    "    end do",
    "  end do",
    "end program",
  ]);
  const p = r.plans.get(4)!;
  assert.equal(p.emitted, true, r.explain(4));
  assert.equal(p.collapse, 1);
});

test("the nest-depth limit counts a DO CONCURRENT's further indices: a DO at user depth 16 and HIR depth 17 is not analyzed", () => {
  const outer = Array.from({ length: 14 }, (_, k) => `${"  ".repeat(k + 1)}do i${k} = 1, 2`);
  const close = Array.from({ length: 14 }, (_, k) => `${"  ".repeat(14 - k)}end do`);
  const r = run([
    "subroutine s(a)",
    "  integer i0, i1, i2, i3, i4, i5, i6, i7, i8, i9, i10, i11, i12, i13, k",
    "  real(8) a(2, 2, 2)",
    ...outer,
    "    do concurrent (i = 1:2, j = 1:2)",
    "      do k = 1, 2",
    "        a(i, j, k) = a(i, j, k) + 1",
    "      end do",
    "    end do",
    ...close,
    "end subroutine",
  ]);
  const inner = [...r.plans.values()].find((p) => p.loop.index?.name === "k")!;
  assert.equal(inner.depth, 16);
  assert.deepEqual(inner.reasons.map((x) => x.kind), ["too-deep"]);
});
