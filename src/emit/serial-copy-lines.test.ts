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

test("no copy across a preprocessor conditional the loop's lines leave (a header under #else, its #endif before the body): the directive alone", () => {
  const src = ["void acc(double *y, const double *x, int n) {", "#ifdef SHIFT", "  for (int i = 1; i < n; i++) {", "#else", "  for (int i = 0; i < n; i++) {", "#endif", "    y[i] = x[i] + y[i] * 0.5;", "  }", "}", ""].join("\n");
  const { out, loop } = run(src);
  assert.equal(loop(5)?.emitted, true);
  assert.equal(loop(5)?.serialCopy, undefined);
  assert.equal(out.includes("} else {"), false);
  // A conditional wholly inside the body is copied with it.
  const inside = run(acc(["  for (int i = 0; i < n; i++) {", "#ifdef HALF", "    y[i] = x[i] + y[i] * 0.5;", "#else", "    y[i] = x[i] + y[i];", "#endif", "  }"]));
  assert.equal(inside.loop(2)?.serialCopy, true);
});

test("a loop a macro expands to gets no directive: before the macro's use it would go to the first loop of the expansion (a recurrence here), and name what the macro declares", () => {
  const src = [
    "#define SCAN_THEN_SCALE(p, q, n) \\",
    "  for (i = 1; i < (n); i++) p[i] = (p[i - 1] * 3 + p[i]) % 1000; \\",
    "  for (i = 0; i < (n); i++) q[i] = p[i] * 2",
    "#define LOOP(p, n) for (int j = 0; j < (n); j++) { p[j] = j * 3; }",
    "int a[5000], b[5000];",
    "int main(void) {",
    "  int i;",
    "  SCAN_THEN_SCALE(a, b, 5000);",
    "  LOOP(a, 5000);",
    "  return a[7] + b[9];",
    "}",
    "",
  ].join("\n");
  const host = memoryHost({ "m.c": src });
  const r = parallelizeLoadedRun([loadProgram("m.c", host)], host)[0]!;
  assert.equal(r.output!.includes("#pragma omp"), false, r.output!);
  for (const l of r.report.loops) assert.equal(l.emitted, false);
  assert.ok(r.report.loops.some((l) => (l.reasons ?? []).some((x) => /written by a macro/.test(x.message))));
});
