import { test } from "node:test";
import assert from "node:assert/strict";
import { parseFortran } from "../frontend/fortran/parse-fortran.js";
import { memoryHost } from "../source/host.js";
import { callGraph } from "./call-graph.js";
import { EntryCounts, loopProduct } from "./entry-counts.js";
import { ProgramLink } from "../analysis/link/link-programs.js";
import { planProgram } from "./plan-program.js";
import { GUESS_TRIPS, REGION_WORK } from "./profitability.js";

function plan(src: string) {
  const program = parseFortran("t.f90", src, memoryHost({}));
  const plans = planProgram(program, { rangeFacts: false });
  const at = (line: number) => plans.loops.find((l) => l.loop.span.line === line)!;
  return { program, at };
}

// A time loop around a smoothing sweep: the time loop carries a dependence (b feeds a), the sweep is parallel.
const timeLoop = (steps: string, sweepBody: string[]) => [
  "program p", // 1
  "  integer, parameter :: n = 5000", // 2
  "  real a(n), b(n)", // 3
  "  integer i, t, j, m", // 4
  "  read *, m", // 5
  "  a = 1.0", // 6
  `  do t = 1, ${steps}`, // 7
  "    do i = 2, m - 1", // 8
  ...sweepBody, // 9..
  "    end do", //
  "    a(2:m-1) = b(2:m-1)", //
  "  end do", //
  "  print *, a(3)", //
  "end program",
].join("\n");

test("an inner loop entered often with little work per entry gets no directive, and the reason says how often", () => {
  const { at } = plan(timeLoop("10000", ["      b(i) = (a(i-1) + a(i) + a(i+1)) / 3.0"]));
  assert.equal(at(7).parallel, false);
  assert.equal(at(8).parallel, true);
  assert.equal(at(8).emitted, false);
  const r = at(8).reasons.find((x) => x.kind === "not-profitable");
  assert.ok(r, JSON.stringify(at(8).reasons));
  assert.match(r.message, /entered about 10,000 times/);
});

test("the same sweep entered a few times keeps its directive with an if() clause", () => {
  const { at } = plan(timeLoop("10", ["      b(i) = (a(i-1) + a(i) + a(i+1)) / 3.0"]));
  assert.equal(at(8).emitted, true);
  assert.equal(at(8).profitableIf, "m >= 202");
});

test("an often-entered loop whose iterations run an inner loop keeps its directive; its if() asks for enough work per entry, counting both trip counts", () => {
  const inner = ["        b(i) = b(i) + a(i) * j", "        b(i) = b(i) * 0.5", "        b(i) = b(i) + 1.0", "        b(i) = b(i) * 0.25"];
  const { at } = plan(timeLoop("10000", ["      b(i) = 0.0", "      do j = 1, m", ...inner, "      end do"]));
  assert.equal(at(8).emitted, true, JSON.stringify(at(8).reasons));
  // body: 1 + GUESS_TRIPS × 4 = 401 statements, ~4.01 per inner iteration: (m - 2) × m iterations must reach REGION_WORK × 100 / 401.
  assert.equal(at(8).profitableIf, `(m - 2) * m >= ${Math.ceil((REGION_WORK * GUESS_TRIPS) / 401)}`);
});

test("more than 50 entries: each region start must pay for itself, and the if() asks for REGION_WORK (issue 17)", () => {
  const sweep = ["      b(i) = (a(i-1) + a(i) + a(i+1)) / 3.0"];
  // Up to 50 entries, the loop's whole work counts: 200 statements.
  assert.equal(plan(timeLoop("50", sweep)).at(8).profitableIf, "m >= 202");
  // 60 entries of a loop capped at 4998 iterations of one statement: never REGION_WORK statements per entry.
  const { at } = plan(timeLoop("60", sweep));
  assert.equal(at(8).emitted, false);
  assert.match(at(8).reasons.find((r) => r.kind === "not-profitable")!.message, /entered about 60 times and it runs at most 4998 iterations/);
  // The same without the cap (allocatable arrays): REGION_WORK iterations asked for (m - 2 of them).
  assert.equal(plan(timeLoop("60", sweep).replace("real a(n), b(n)", "real, allocatable :: a(:), b(:)")).at(8).profitableIf, `m >= ${REGION_WORK + 2}`);
});

test("a count that rests on a guess may be far larger: a short loop inside a loop of unknown trip count gets no if() it would fail (issue 17)", () => {
  const src = [
    "program tri", // 1
    "  integer n, i, j", // 2
    "  real, allocatable :: a(:, :)", // 3
    "  real s", // 4
    "  read *, n", // 5
    "  allocate (a(n, n))", // 6
    "  a = 1.0", // 7
    "  do i = 2, n", // 8
    "    s = 0", // 9
    "    do j = 1, i - 1", // 10
    "      s = s + a(j, i)", // 11
    "    end do", // 12
    "    a(i, i) = a(i - 1, i - 1) + s", // 13
    "  end do", // 14
    "  print *, a(n, n)", // 15
    "end program", // 16
  ].join("\n");
  const { at } = plan(src);
  // Entered about 100 times (n guessed): past 50, and a guess, so judged as often entered.
  assert.equal(at(10).parallel, true);
  assert.equal(at(10).emitted, false);
  assert.match(at(10).reasons.find((r) => r.kind === "not-profitable")!.message, /entered about 100 times \(a guess: a trip count or a caller is not known\) and an iteration does only about 1 statement/);
});

test("the index of an enclosing loop with constant bounds caps a triangular trip count", () => {
  const src = ["program p", "  real a(120, 120), s", "  integer i, j", "  a = 1.0", "  do i = 2, 120", "    s = 0", "    do j = 1, i - 1", "      s = s + a(j, i)", "    end do", "    a(i, i) = a(i - 1, i - 1) + s", "  end do", "  print *, a(120, 120)", "end program"].join("\n");
  const { at } = plan(src);
  assert.equal(at(7).emitted, false);
  assert.match(at(7).reasons.find((r) => r.kind === "not-profitable")!.message, /it runs at most 119 iterations/);
});

const calls = [
  "program p", // 1
  "  real a(1000, 64), r(64), s", // 2
  "  integer k, t", // 3
  "  a = 1.0", // 4
  "  do k = 1, 64", // 5
  "    call norm(a(1, k), 1000, s)", // 6
  "    r(k) = s", // 7
  "  end do", // 8
  "  do t = 1, 50000", // 9
  "    call shift(a(1, 1), 1000)", // 10
  "  end do", // 11
  "  call norm(a(1, 1), 1000, s)", // 12
  "  print *, a(1, 1), r(2), s", // 13
  "end program", // 14
  "subroutine norm(x, n, s)", // 15
  "  integer n, i", // 16
  "  real x(n), s", // 17
  "  s = 0.0", // 18
  "  do i = 1, n", // 19
  "    s = s + x(i) * x(i)", // 20
  "  end do", // 21
  "end subroutine", // 22
  "subroutine shift(x, n)", // 23
  "  integer n, i", // 24
  "  real x(n)", // 25
  "  do i = 1, n", // 26
  "    x(i) = x(i) + 1.0", // 27
  "  end do", // 28
  "end subroutine", // 29
  "subroutine lib(x, n)", // 30
  "  integer n, i", // 31
  "  real x(n)", // 32
  "  do i = 1, n", // 33
  "    x(i) = x(i) * x(i)", // 34
  "  end do", // 35
  "end subroutine", // 36
].join("\n");

test("call sites: counts follow the loops around each call; a routine no one calls is guessed", () => {
  const { program } = plan(calls);
  const g = callGraph([program]);
  const byName = (n: string) => program.procedures.find((p) => p.name.toLowerCase() === n)!;
  assert.deepEqual(
    g.sites.get(byName("norm"))!.map((s) => [s.caller.name, s.line, s.loops.length]),
    [
      ["p", 6, 1],
      ["p", 12, 0],
    ],
  );
  const order = g.topDown.map((p) => p.name.toLowerCase());
  assert.ok(order.indexOf("p") < order.indexOf("norm") && order.indexOf("p") < order.indexOf("shift"));
  const counts = new EntryCounts(g, () => false);
  assert.equal(counts.calls(byName("p")).count, 1);
  assert.equal(counts.calls(byName("norm")).count, 65);
  assert.equal(counts.calls(byName("shift")).count, 50000);
  assert.equal(counts.calls(byName("lib")).count, GUESS_TRIPS);
  assert.equal(loopProduct([]), 1);
});

test("a routine called 50,000 times with little work per call gets no directive; nor one called 64 times inside a parallel loop and once outside", () => {
  const { at } = plan(calls);
  assert.equal(at(5).emitted, true, JSON.stringify(at(5).reasons));
  // norm is called 64 times inside the parallel k loop, where its region would start inactive each time
  // (about 0.5 µs for 1000 statements), and once outside (line 12): no directive.
  assert.equal(at(19).emitted, false, JSON.stringify(at(19).reasons));
  assert.match(at(19).reasons.find((r) => r.kind === "nested")!.message, /norm is called about 64 times from inside parallel loops \(the call at line 6\).*and once outside/);
  assert.equal(at(26).emitted, false);
  assert.match(at(26).reasons.find((r) => r.kind === "not-profitable")!.message, /entered about 50,000 times/);
  // lib: nobody calls it here: a library entry, given alone. Its count (100 calls) is a guess but not
  // judged "often entered": it gets the plain rule, an if() on its own trip count.
  assert.equal(at(33).emitted, true, JSON.stringify(at(33).reasons));
  assert.equal(at(33).profitableIf, `n >= ${REGION_WORK}`);
});

test("every call inside a parallel loop: the callee's loops are left plain, with the call named", () => {
  const src = calls.replace("  call norm(a(1, 1), 1000, s)\n", "  s = 0.0\n");
  const { at } = plan(src);
  assert.equal(at(5).emitted, true);
  const l = at(19);
  assert.equal(l.parallel, true);
  assert.equal(l.emitted, false);
  assert.match(l.reasons.find((r) => r.kind === "nested")!.message, /every call of norm runs inside a parallel loop \(the call at line 6\)/);
});

test("linked files: a routine of another file called 50,000 times is counted so, and its loop gets no directive", () => {
  const main = ["program p", "  real a(1000)", "  integer t", "  a = 1.0", "  do t = 1, 50000", "    call shift(a, 1000)", "  end do", "  print *, a(1)", "end program"].join("\n");
  const lib = ["subroutine shift(x, n)", "  integer n, i", "  real x(n)", "  do i = 1, n", "    x(i) = x(i) + 1.0", "  end do", "end subroutine"].join("\n");
  const host = memoryHost({});
  const pm = parseFortran("main.f90", main, host);
  const pl = parseFortran("lib.f90", lib, host);
  const alone = planProgram(pl, { rangeFacts: false });
  assert.equal(alone.loops[0]!.emitted, true, "alone, shift is a library entry: an if() on its trip count");
  const link = new ProgramLink([
    { program: pm, usable: true },
    { program: pl, usable: true },
  ]);
  const linked = planProgram(pl, { rangeFacts: false, link });
  assert.equal(linked.loops[0]!.parallel, true);
  assert.equal(linked.loops[0]!.emitted, false);
  assert.match(linked.loops[0]!.reasons.find((r) => r.kind === "not-profitable")!.message, /entered about 50,000 times/);
});

test("value ranges cap a symbolic trip count: a face sweep of a 5×5×5 element called per element gets no directive, nor an if() that is never true", () => {
  const src = [
    "program p", // 1
    "  real a(5, 5, 5, 3000)", // 2
    "  integer e, f", // 3
    "  do f = 1, 6", // 4
    "    do e = 1, 3000", // 5
    "      call face(a(1, 1, 1, 1 + mod(e, 2)), f)", // 6: iterations share elements: the loop stays serial
    "    end do", // 7
    "  end do", // 8
    "  print *, a(1, 1, 1, 1)", // 9
    "end program", // 10
    "subroutine face(x, f)", // 11
    "  integer f, kx1, kx2, i, j, k", // 12
    "  real x(5, 5, 5)", // 13
    "  kx1 = 1", // 14
    "  kx2 = 5", // 15
    "  if (f == 1) kx2 = 1", // 16
    "  if (f == 2) kx1 = 5", // 17
    "  do i = kx1, kx2", // 18
    "    do j = 1, 5", // 19
    "      do k = 1, 5", // 20
    "        x(i, j, k) = 0.0", // 21
    "      end do", // 22
    "    end do", // 23
    "  end do", // 24
    "end subroutine", // 25
  ].join("\n");
  const { at } = plan(src);
  assert.equal(at(18).parallel, true);
  assert.equal(at(18).emitted, false);
  assert.match(at(18).reasons.find((r) => r.kind === "not-profitable")!.message, /entered about 18,000 times and it runs at most 5 iterations/);
});
