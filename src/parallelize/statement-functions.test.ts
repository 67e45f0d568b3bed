import { test } from "node:test";
import assert from "node:assert/strict";
import { parallelize } from "../api/parallelize.js";

/**
 * Statement functions are expanded where they are used, and the expansion
 * must neither miss what a body reads nor take exponential time: a chain
 * where each one uses the previous one twice is legal Fortran and 2^n
 * expansions deep; one that uses itself (illegal, the front end says so)
 * would never end. A mutant of the e2e corpus that turned `b(i) = b(i+1) +
 * b(i)` into the first statement of a main program hung `parallelize`.
 */
const run = (text: string) => parallelize([{ path: "t.f", text }]).report.files[0]!;
const loopAt = (f: ReturnType<typeof run>, line: number) => {
  const l = f.loops.find((x) => x.line === line);
  assert.ok(l, `no loop at line ${line}`);
  return l;
};

/** `f0(x) = x + <first>`, then `fk(x) = <body of k>` for k = 1..n, a loop writing a(i) and one writing c(i). */
function chain(n: number, first: string, body: (k: number) => string): string {
  return [
    "      program p",
    "      real x, a(100000), c(100000), d",
    `      f0(x) = x + ${first}`,
    ...Array.from({ length: n }, (_, k) => `      f${k + 1}(x) = ${body(k + 1)}`),
    "      do i = 1, 100000",
    `        a(i) = f${n}(real(i))`,
    "      end do",
    "      do i = 1, 100000",
    `        c(i) = f${n}(real(i))`,
    "      end do",
    "      print *, a(1), c(1)",
    "      end",
    "",
  ].join("\n");
}

test("a statement function that uses itself, or one defined after it, is an error at the use, and the analysis ends", () => {
  const self = run("      b(i) = b(i + 1) + b(i)\n      a = b(1)\n      end\n");
  const errs = self.diagnostics.filter((d) => d.severity === "error");
  assert.deepEqual(
    errs.map((d) => [d.line, d.column]),
    [
      [1, 14],
      [1, 25],
    ],
  );
  assert.match(errs[0]!.message, /statement function 'b' references itself/);
  const later = run("      g(x) = h(x) + 1\n      h(x) = g(x) * 2\n      a = g(1.0)\n      end\n");
  assert.deepEqual(
    later.diagnostics.filter((d) => d.severity === "error").map((d) => [d.line, d.message]),
    [[1, "statement function 'h' is used by 'g' before its definition (line 2); a statement function may use only those defined before it"]],
  );
});

test("a body read twelve statement functions down still counts: a(1) read by f0 keeps the loop writing a(i) serial", () => {
  // The expansion once stopped 8 deep and dropped the read: the loop was called parallel.
  const f = run(chain(12, "a(1)", (k) => `f${k - 1}(x) * 2.0`));
  assert.equal(f.diagnostics.filter((d) => d.severity === "error").length, 0);
  assert.equal(loopAt(f, 16).parallel, false);
  assert.equal(loopAt(f, 19).parallel, true);
});

test("a chain of 40 statement functions each using the previous one twice is expanded once per body", () => {
  const f = run(chain(40, "d", (k) => `f${k - 1}(x) + f${k - 1}(x + 1.0)`));
  assert.equal(loopAt(f, 44).parallel, true);
  assert.equal(loopAt(f, 47).parallel, true);
});

test("past the expansion budget, the external calls of a chain are one unknown call given every variable they could receive", () => {
  // ext may write its argument. f40 passes v to it only through the right half of its 2^40 tree,
  // which the budget never reaches: the unknown call in its place is given v, so v may be written
  // in every iteration, and is read first: the loop must stay serial.
  const f = run(chain(40, "ext(x)", (k) => (k < 40 ? `f${k - 1}(x) + f${k - 1}(x + 1.0)` : "f39(x) + f39(v)")));
  const l = loopAt(f, 47);
  assert.equal(l.parallel, false);
  assert.ok(
    (l.reasons ?? []).some((r) => r.var === "v"),
    JSON.stringify(l.reasons),
  );
  // The same chain without the external function is parallel.
  assert.equal(loopAt(run(chain(40, "d", (k) => (k < 40 ? `f${k - 1}(x) + f${k - 1}(x + 1.0)` : "f39(x) + f39(v)"))), 47).parallel, true);
});

test("a module procedure's `cnt(k) = cnt(k) + 1` on a module array (or a host's) is an assignment, not a statement function: its callers see the write", () => {
  const text = [
    "module counts",
    "  implicit none",
    "  integer :: cnt(10)",
    "contains",
    "  subroutine bump(k)",
    "    integer, intent(in) :: k",
    "    cnt(k) = cnt(k) + 1",
    "  end subroutine",
    "end module",
    "program p",
    "  use counts",
    "  implicit none",
    "  integer :: i, a(5000)",
    "  do i = 1, 5000",
    "    a(i) = mod(i, 7)",
    "  end do",
    "  do i = 1, 5000",
    "    call bump(a(i) + 1)",
    "  end do",
    "  print *, cnt",
    "end program",
    "",
  ].join("\n");
  const f = parallelize([{ path: "m.f90", text }]).report.files[0]!;
  assert.deepEqual(f.diagnostics.filter((d) => d.severity === "error"), []);
  const calls = f.loops.find((l) => l.line === 17)!;
  assert.equal(calls.parallel, false, "bump writes cnt(k): iterations with the same k collide");
});
