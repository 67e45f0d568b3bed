import { test } from "node:test";
import assert from "node:assert/strict";
import { parallelizeFile } from "../driver/parallelize-file.js";
import { memoryHost } from "../source/host.js";
import { renderAnalyzeText } from "./text-report.js";
import { ensureCParser } from "../node/c-parser-node.js";

/** `doall analyze`'s lines for a program given as its lines. */
function analyze(path: string, lines: string[]): string[] {
  const r = parallelizeFile(path, memoryHost({ [path]: lines.join("\n") + "\n" }), {});
  assert.equal(r.failed, false, r.messages.join("\n"));
  return renderAnalyzeText(r.report).split("\n");
}

test("a parallel loop with no directive shows the clauses it would need: 'parallel' never hides a reduction or a private variable", async () => {
  await ensureCParser();
  const f = analyze("t.f", [
    "      subroutine s(a, x, y)", // 1
    "      integer n, i, j; parameter (n = 5)", // 2
    "      double precision a(n, n), x(n), y(n), t", // 3
    "      do 10 i = 1, n", // 4
    "         t = x(i) * 2.0d0", // 5
    "         do 20 j = 1, n", // 6
    "            y(i) = y(i) + a(i, j) * t", // 7
    "   20    continue", // 8
    "   10 continue", // 9
    "      end", // 10
  ]);
  const at = (line: number) => f.find((l) => l.startsWith(`t.f:${line}: `))!;
  // Five iterations: neither loop is worth a region, and each line says what its directive would need.
  assert.match(at(4), /^t\.f:4: parallel private\(t\), no directive \[not-profitable\]/);
  // The inner loop sums into y(i): a reduction, printed before the reason.
  assert.match(at(6), /^t\.f:6: parallel reduction\(\+:y\), no directive \[not-profitable\]/);
  const c = analyze("t.c", [
    "double s(int n, double a[n][n]) {", // 1
    "  double t = 0.0;", // 2
    "  for (int i = 0; i < n; i++)", // 3
    "    for (int j = 0; j < n; j++)", // 4
    "      t += a[i][j];", // 5
    "  return t;", // 6
    "}", // 7
  ]);
  assert.ok(c.includes("t.c:4: parallel reduction(+:t), no directive [nested]: the enclosing loop at line 3 runs in parallel"), c.join("\n"));
});

test("the summary line counts the loops parallel under a run-time check: their directives are not put on loops it never proved", async () => {
  await ensureCParser();
  const c = analyze("t.c", [
    "void shift(int n, double *dst, const double *src) {", // 1
    "  for (int i = 0; i < n; i++)", // 2
    "    dst[i] = 2.0 * src[i];", // 3
    "}", // 4
    "double fill(int n, double *v) {", // 5
    "  for (int i = 0; i < n; i++)", // 6
    "    v[i] = 1.0;", // 7
    "  return v[0];", // 8
    "}", // 9
  ]);
  // dst and src may overlap: the copy is parallel only when the check says they do not; the fill needs no check.
  assert.match(c.find((l) => l.startsWith("t.c:2: "))!, /^t\.c:2: parallel if /);
  assert.ok(c.includes("t.c: 2 loops in 2 procedures, 1 parallel, 1 parallel with a run-time check, 2 with a directive"), c.join("\n"));
  // Without checked loops the summary reads as it always did.
  const f = analyze("u.c", ["void fill(int n, double *v) {", "  for (int i = 0; i < n; i++)", "    v[i] = 1.0;", "}"]);
  assert.ok(f.includes("u.c: 1 loop in 1 procedure, 1 parallel, 1 with a directive"), f.join("\n"));
});

test("a parallel loop left without a directive for another rule than a placement one says which (shared-common)", async () => {
  const { verdictLine } = await import("./text-report.js");
  const summary = "/plane/ is threadprivate for the loop at main.f:52 (in pipe), which does more work, and this loop touches it without making it private";
  const l = { line: 30, endLine: 39, file: "main.f", procedure: "pipe", index: "j", lower: "1", upper: "ld", step: null, condition: null, form: "do", depth: 1, parent: null, candidate: true, parallel: true, emitted: false, causes: [{ rule: "shared-common", count: 1, summary, fix: null, vars: [], calls: [] }] } as never;
  assert.equal(verdictLine(l), `main.f:30: parallel, no directive [shared-common]: ${summary}`);
});
