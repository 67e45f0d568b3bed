import { test } from "node:test";
import assert from "node:assert/strict";
import { parallelizeFile } from "../driver/parallelize-file.js";
import { memoryHost } from "../source/host.js";

/** `doall parallelize` of one free-form file: its output and its loops' report. */
function run(lines: string[]) {
  const src = lines.join("\n") + "\n";
  const r = parallelizeFile("t.f90", memoryHost({ "t.f90": src }), {});
  assert.equal(r.failed, false, r.messages.join("\n"));
  return { out: r.output!, at: (line: number) => r.report.loops.find((l) => l.line === line)! };
}

// A running sum after each iteration's own work over m points (line 8: the loop; line 14: the sum).
const program = (m: number, extra: string[] = []) => [
  "program p", // 1
  `  integer, parameter :: n = 200, m = ${m}`, // 2
  "  double precision :: x(n), s(n), w(m), t", // 3
  "  integer :: i, k", // 4
  "  w = 0.5d0", // 5
  "  s(1) = 0.0d0", // 6
  "  x = 0.0d0", // 7
  "  do i = 2, n", // 8
  "    t = 0.0d0", // 9
  "    do k = 1, m", // 10
  "      t = t + dble(mod(i * k, 17)) * w(k)", // 11
  "    end do", // 12
  "    x(i) = t", // 13
  "    s(i) = s(i - 1) + x(i)", // 14
  ...extra,
  "  end do",
  "  print *, s(n), x(n)",
  "end program",
];

test("a running sum after much work of each iteration's own: pipelined, the sum between ordered depend lines", () => {
  const { out, at } = run(program(50000));
  const loop = at(8);
  assert.equal(loop.emitted, true);
  assert.equal(loop.parallel, false, "as a DOALL loop it is serial");
  assert.deepEqual(loop.doacross, { from: 14, to: 14 });
  // With no more threads than processors (threads-guard.ts).
  assert.equal(loop.directive, "!$omp parallel do private(t) ordered(1) schedule(static, 1) if(omp_get_max_threads() <= omp_get_num_procs())");
  assert.match(out, /!\$omp parallel do private\(t\) ordered\(1\) schedule\(static, 1\) if\(omp_get_max_threads\(\) <= omp_get_num_procs\(\)\)\n  do i = 2, n\n/);
  assert.match(out, /    x\(i\) = t\n    !\$omp ordered depend\(sink: i - 1\)\n    s\(i\) = s\(i - 1\) \+ x\(i\)\n  !\$omp ordered depend\(source\)\n  end do\n  !\$omp end parallel do\n/);
  // The inner loop is covered by the region.
  assert.equal(at(10).emitted, false);
});

test("too little work outside the ordered part: serial, no directive", () => {
  const { out, at } = run(program(100));
  assert.equal(at(8).emitted, false);
  assert.equal(at(8).doacross, undefined);
  assert.doesNotMatch(out, /ordered/);
  // A serial loop lists no clause: t would have been private only in a pipelined run.
  assert.deepEqual(at(8).private, []);
});

test("a statement of the ordered part's end that shares its line with another: no place for the source line, serial with a layout reason", () => {
  const lines = program(50000, ["    x(i) = x(i) * 0.5d0; t = 1.0d0"]);
  // The statement after the span starts its line, but the span's last statement now shares one: join lines 14 and 15.
  lines[13] = "    s(i) = s(i - 1) + x(i); x(i) = x(i) * 0.5d0";
  lines.splice(14, 1);
  const { out, at } = run(lines);
  assert.equal(at(8).emitted, false);
  assert.ok(at(8).reasons?.some((r) => r.kind === "layout"), JSON.stringify(at(8).reasons));
  assert.doesNotMatch(out, /ordered/);
});

test("--no-restructure turns pipelining off; a scalar carried from one iteration to the next keeps the loop serial", () => {
  const off = parallelizeFile("t.f90", memoryHost({ "t.f90": program(50000).join("\n") + "\n" }), {}, { restructure: false });
  assert.equal(off.report.loops.find((l) => l.line === 8)!.emitted, false);
  assert.doesNotMatch(off.output!, /ordered/);
  const carried = run(["program p", "  integer, parameter :: n = 200, m = 50000", "  double precision :: x(n), w(m), t, u", "  integer :: i, k", "  w = 0.5d0", "  u = 0.0d0", "  x = 0.0d0",
    "  do i = 2, n", "    t = 0.0d0", "    do k = 1, m", "      t = t + dble(mod(i * k, 17)) * w(k)", "    end do", "    u = u * 0.5d0 + t", "    x(i) = u", "  end do", "  print *, x(n)", "end program"]);
  assert.equal(carried.at(8).emitted, false);
  assert.equal(carried.at(8).doacross, undefined);
});
