import { before, test } from "node:test";
import assert from "node:assert/strict";
import { ensureCParser } from "../node/c-parser-node.js";
import { loadProgram } from "../driver/load-program.js";
import { parallelizeLoadedRun } from "../driver/parallelize-file.js";
import { memoryHost } from "../source/host.js";

before(async () => {
  await ensureCParser();
});

function run(src: string) {
  const host = memoryHost({ "c.c": src });
  const r = parallelizeLoadedRun([loadProgram("c.c", host)], host)[0]!;
  return { out: r.output!, loop: (line: number) => r.report.loops.find((l) => l.line === line) };
}

const acc = (body: string[]) => ["void acc(double *y, const double *x, int n) {", ...body, "}", ""].join("\n");

test("a loop under an overlap check: an if on the check around its directive, the loop as written in the else branch", () => {
  const { out, loop } = run(acc(["  for (int i = 0; i < n; i++)", "    y[i] = x[i] + y[i] * 0.5;"]));
  assert.equal(loop(2)?.serialCopy, true);
  const lines = out.split("\n");
  assert.match(lines[1]!, /^  if \(\(const char \*\)\(&x\[n - 1\] \+ 1\) <= \(const char \*\)&y\[0\] \|\| .*\) \{$/);
  assert.match(lines[2]!, /^  #pragma omp parallel for if\(\(.*\) && \(n >= \d+\)\)$/);
  assert.deepEqual(lines.slice(3), ["  for (int i = 0; i < n; i++)", "    y[i] = x[i] + y[i] * 0.5;", "  } else {", "  for (int i = 0; i < n; i++)", "    y[i] = x[i] + y[i] * 0.5;", "  }", "}", ""]);
});

test("no copy where the text does not allow one: other code after the loop on its last line, or a label in its body", () => {
  const shared = run(acc(["  for (int i = 0; i < n; i++)", "    y[i] = x[i] + y[i] * 0.5; (void)0;"]));
  assert.equal(shared.loop(2)?.emitted, true);
  assert.equal(shared.out.includes("} else {"), false);
  const labeled = run(acc(["  for (int i = 0; i < n; i++) {", "  again:", "    y[i] = x[i] + y[i] * 0.5;", "  }"]));
  assert.equal(labeled.loop(2)?.emitted, true);
  assert.equal(labeled.out.includes("} else {"), false);
  // A restrict parameter needs no check: no copy either.
  const plain = run(["void acc(double *restrict y, const double *restrict x, int n) {", "  for (int i = 0; i < n; i++)", "    y[i] = x[i] + y[i] * 0.5;", "}", ""].join("\n"));
  assert.equal(plain.loop(2)?.serialCopy, undefined);
  assert.equal(plain.out.includes("} else {"), false);
});
