import { test } from "node:test";
import assert from "node:assert/strict";
import { parseFortran } from "../frontend/fortran/parse-fortran.js";
import { memoryHost } from "../source/host.js";
import { planProgram } from "./plan-program.js";
import { dropSerialConsumed } from "./serial-consumers.js";

/** Plans a program, then applies the run's serial-consumer pass, as planRun does. */
function plan(lines: string[]) {
  const program = parseFortran("t.f", lines.join("\n"), memoryHost({}));
  const plans = planProgram(program, { rangeFacts: false });
  const before = new Set(plans.loops.filter((l) => l.emitted).map((l) => l.loop.span.line));
  const dropped = dropSerialConsumed([{ loops: plans.loops, ...plans.calls! }]);
  const at = (line: number) => plans.loops.find((l) => l.loop.span.line === line)!;
  return { at, before, dropped: dropped.map((l) => l.loop.span.line) };
}

// A time loop (line 7) whose body fills `a` in parallel (line 8) and then runs `consumer`.
const program = (steps: number, fill: string[], consumer: string[]) => [
  "      program p", // 1
  "      integer n", // 2
  "      parameter (n = 300)", // 3
  "      double precision a(n, n), b(n, n), c(n, n)", // 4
  "      integer i, j, t", // 5
  "      b = 1.0d0", // 6
  `      do t = 1, ${steps}`, // 7
  "         do j = 1, n", // 8
  "            do i = 1, n", // 9
  ...fill,
  "            end do",
  "         end do",
  ...consumer,
  "      end do",
  "      print *, b(n, n), c(1, 1)",
  "      end",
];

const copy = ["               a(i, j) = b(i, j) * 0.5d0"];
// Serial: j carries b's recurrence; the inner i loop does too little per entry for a region.
const serialReadAll = ["         do j = 2, n", "            do i = 1, n", "               b(i, j) = b(i, j - 1) * 0.5d0 + a(i, j)", "            end do", "         end do"];

test("a loop entered often, doing a statement per element, whose output serial code then reads whole, loses its directive; the reason names the code and the array", () => {
  const { at, before, dropped } = plan(program(100, copy, serialReadAll));
  assert.ok(before.has(8), "the fill loop had a directive before the pass");
  assert.deepEqual(dropped, [8]);
  assert.equal(at(8).emitted, false);
  assert.equal(at(8).parallel, true);
  const r = at(8).reasons.find((x) => x.kind === "not-profitable");
  assert.ok(r, JSON.stringify(at(8).reasons));
  // It writes a, which the serial code reads, and reads b, which the serial code writes: 2 × 90,000 elements.
  assert.match(r.message, /entered about 100 times, and each time the serial code at line 13 then reads or writes about 180,000 elements of a, b that it writes or reads/);
  // The inner loop was "nested" under it: now it says why it has none either.
  assert.ok(at(9).reasons.every((x) => x.kind !== "nested"), JSON.stringify(at(9).reasons));
});

test("the same loop keeps its directive when the code after it is parallel, reads little of it, or runs rarely, or when the loop does much more work than it writes", () => {
  const parallelConsumer = ["         do j = 1, n", "            do i = 1, n", "               b(i, j) = b(i, j) + a(i, j)", "            end do", "         end do"];
  assert.deepEqual(plan(program(100, copy, parallelConsumer)).dropped, []);
  // Serial, but over one row of a: 300 of its 90,000 elements.
  const oneRow = ["         do j = 2, n", "            b(1, j) = b(1, j - 1) * 0.5d0 + a(1, j)", "         end do"];
  assert.deepEqual(plan(program(100, copy, oneRow)).dropped, []);
  // Entered 20 times: a transfer each time is paid only 20 times.
  const rare = plan(program(20, copy, serialReadAll));
  assert.ok(rare.before.has(8));
  assert.deepEqual(rare.dropped, []);
  // Ten statements per element of a it writes and of b it reads, which the serial code reads and
  // writes: the work shared out outweighs the elements moved (c stays with the loop's threads).
  const heavy = [
    "               c(i, j) = b(i, j) * 2.0d0",
    ...Array.from({ length: 8 }, (_, k) => `               c(i, j) = sqrt(c(i, j) * c(i, j) + ${k + 1}.0d0)`),
    "               a(i, j) = c(i, j) * 0.5d0",
  ];
  const h = plan(program(100, heavy, serialReadAll));
  assert.ok(h.before.has(8));
  assert.deepEqual(h.dropped, []);
  // A routine no file calls: its entries are a guess, and its loops keep the plain rule.
  const library = plan(["      subroutine s(a, b, n)", "      integer n, i, j", "      double precision a(n, n), b(n, n)", "      do j = 1, n", "         do i = 1, n", ...copy.map((l) => l.replace("   ", "")), "         end do", "      end do", ...serialReadAll.map((l) => l.slice(3)), "      end"]);
  assert.ok(library.before.has(4), "the library routine's loop has a directive");
  assert.deepEqual(library.dropped, []);
});

test("through a call: the loop fills a dummy array, and the caller's serial code reads the actual", () => {
  const lines = [
    "      program p", // 1
    "      integer n", // 2
    "      parameter (n = 1000)", // 3
    "      double precision a(n, n), b(n, n)", // 4
    "      integer i, j, t", // 5
    "      b = 1.0d0", // 6
    "      do t = 1, 100", // 7
    "         call fill(a, b, n)", // 8
    ...serialReadAll, // 9..13
    "      end do",
    "      print *, b(n, n)",
    "      end",
    "      subroutine fill(x, y, n)", // 17
    "      integer n, i, j", // 18
    "      double precision x(n, n), y(n, n)", // 19
    "      do j = 1, n", // 20
    "         do i = 1, n", // 21
    "            x(i, j) = y(i, j) * 0.5d0",
    "         end do",
    "      end do",
    "      end",
  ];
  const { at, before, dropped } = plan(lines);
  assert.ok(before.has(20), JSON.stringify(at(20).reasons));
  assert.deepEqual(dropped, [20]);
  assert.match(at(20).reasons.find((x) => x.kind === "not-profitable")!.message, /serial code in p \(t\.f:9\) then reads or writes about [\d,]+ elements of x, y that/);
});

test("through COMMON: a routine fills a block's array in parallel once per plane, and the caller's serial sweep reads it (NPB LU's jacld and blts)", () => {
  const sweep = (name: string) => [
    `      subroutine ${name}(k)`,
    "      integer n, i, j, k",
    "      parameter (n = 300)",
    "      double precision a(n, n), v(n, n, 8)",
    "      common /cj/ a",
    "      common /cv/ v",
  ];
  const lines = [
    "      program p", // 1
    "      integer k, t", // 2
    "      do t = 1, 20", // 3
    "         do k = 2, 8", // 4
    "            call jac(k)", // 5
    "            call blts(k)", // 6
    "         end do",
    "      end do",
    "      end",
    ...sweep("jac"), // 10..15
    "      do j = 1, n", // 16
    "         do i = 1, n",
    "            a(i, j) = v(i, j, k - 1) * 0.5d0",
    "         end do",
    "      end do",
    "      end",
    ...sweep("blts"), // 22..27
    "      do j = 2, n", // 28
    "         do i = 2, n",
    "            v(i, j, k) = v(i - 1, j, k) + v(i, j - 1, k) * a(i, j)",
    "         end do",
    "      end do",
    "      end",
  ];
  const { at, before, dropped } = plan(lines);
  assert.ok(before.has(16), JSON.stringify(at(16).reasons));
  assert.deepEqual(dropped, [16]);
  assert.match(at(16).reasons.find((x) => x.kind === "not-profitable")!.message, /entered about 140 times, and each time serial code in p \(t\.f:6\), the call of blts, then reads or writes about [\d,]+ elements of a, v that/);
  // The same blocks, but the caller's sweep is a loop of its own with a directive: nothing moves to one thread.
  const parallelSweep = lines.map((l) => l.replace("v(i - 1, j, k) + v(i, j - 1, k) * a(i, j)", "v(i, j, k) + a(i, j)"));
  const q = plan(parallelSweep);
  assert.ok(q.before.has(28), "the sweep is parallel now");
  assert.deepEqual(q.dropped, []);
});

test("only what a core's cache holds moves between caches: a loop over arrays far larger than that keeps its directive where the same loop over small ones loses it", () => {
  // Two statements per element; the serial code reads a and writes b: 2 elements moved per element.
  const fill = ["               a(i, j) = b(i, j) * 0.5d0", "               c(i, j) = b(i, j) + 1.0d0"];
  // n = 300: 180,000 elements moved, all of them in the cores' caches: 180,000 statements are too few.
  assert.deepEqual(plan(program(100, fill, serialReadAll)).dropped, [8]);
  // n = 1000: 2,000,000 elements, of which at most 2 × 131,072 sit in a core's cache; 2,000,000 statements pay.
  const big = program(100, fill, serialReadAll).map((l) => l.replace("n = 300", "n = 1000"));
  assert.deepEqual(plan(big).dropped, []);
});
