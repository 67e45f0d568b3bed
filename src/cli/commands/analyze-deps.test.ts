// doall analyze and the array dependence layer: the parallelizer's
// `parallel` verdict with reasons, reductions and run-time checks in
// --json, and --stats.
import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runCli } from "../main.js";
import { fakeIO } from "../test-support/fake-io.js";

function tmpFile(name: string, text: string): string {
  const dir = mkdtempSync(join(tmpdir(), "doall-"));
  const p = join(dir, name);
  writeFileSync(p, text);
  return p;
}

const SRC = `subroutine s(a, b, n, m)
  integer n, m, i
  real a(*), b(*), s1
  do i = 1, n
    a(i+1) = a(i)
  end do
  do i = 1, n
    b(i) = a(i) * 2
  end do
  do i = 1, n
    a(i+m) = a(i)
  end do
  do i = 1, n
    s1 = s1 + a(i)
  end do
end
`;

test("analyze --json: parallel, reasons (kind, var, source/sink, distance/direction, test) and runtimeCheck per loop", async () => {
  const io = fakeIO();
  const code = await runCli(["analyze", "--json", tmpFile("s.f90", SRC)], io);
  assert.equal(code, 0, io.err);
  const loops = JSON.parse(io.out).files[0].loops;
  assert.deepEqual(
    loops.map((l: { line: number; parallel: boolean; runtimeCheck: string | null }) => [l.line, l.parallel, l.runtimeCheck]),
    [
      [4, false, null],
      [7, true, null],
      [10, false, "m >= n .or. m <= -n"],
      [13, true, null],
    ],
  );
  const [r] = loops[0].reasons;
  assert.deepEqual(
    { kind: r.kind, rule: r.rule, var: r.var, source: r.source, sink: r.sink, distance: r.distance, direction: r.direction, test: r.test },
    { kind: "flow", rule: "recurrence", var: "a", source: { line: 5, column: 5, text: "a(i + 1)" }, sink: { line: 5, column: 14, text: "a(i)" }, distance: [1], direction: ["<"], test: "siv" },
  );
  // The causes, grouped by rule, with a summary and a fix where there is one.
  assert.deepEqual(loops[0].causes, [{ rule: "recurrence", count: 1, summary: "the value written to a(i + 1) at line 5 is read as a(i) at line 5, 1 iteration later", fix: "the recurrence on a(i) needs a different algorithm (a scan, a wavefront, or another order of the computation): doall does not change algorithms", vars: ["a"], calls: [] }]);
  // s1 = s1 + a(i): carried, but a sum reduction, so the loop is parallel with reduction(+:s1)
  // (no directive: s is called nowhere, and one statement per iteration cannot pay for a guessed number of calls).
  assert.deepEqual(loops[3].reasons.filter((r: { kind: string }) => r.kind !== "not-profitable"), []);
  assert.deepEqual(loops[3].reductions, [{ op: "+", var: "s1" }]);
});

test("analyze --stats prints how many pairs each dependence test tried and proved independent", async () => {
  const io = fakeIO();
  const code = await runCli(["analyze", "--stats", tmpFile("s.f90", SRC)], io);
  assert.equal(code, 0, io.err);
  assert.match(io.out, /^dependence tests:$/m);
  assert.match(io.out, /^test\s+tried\s+proved independent$/m);
  assert.match(io.out, /^siv\s+\d+\s+\d+$/m);
  assert.match(io.out, /^pairs \d+: independent \d+, dependent \d+, unknown \d+/m);
  // With --json the JSON stays clean on stdout and the table goes to stderr.
  const io2 = fakeIO();
  await runCli(["analyze", "--json", "--stats", tmpFile("s.f90", SRC)], io2);
  assert.doesNotThrow(() => JSON.parse(io2.out));
  assert.match(io2.err, /^exact\s+\d+\s+\d+$/m);
});

test("analyze --json on C: the same verdicts, the check in C syntax", async () => {
  const io = fakeIO();
  const code = await runCli(["analyze", "--json", tmpFile("s.c", "void f(double *a, int n, int m) {\n  int i;\n  for (i = 0; i < n; i++)\n    a[i + m] = a[i];\n}\n")], io);
  assert.equal(code, 0, io.err);
  const [l] = JSON.parse(io.out).files[0].loops;
  assert.deepEqual([l.parallel, l.runtimeCheck], [false, "m >= n || m <= -n"]);
});
