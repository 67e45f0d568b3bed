import { test } from "node:test";
import assert from "node:assert/strict";
import type { Expr } from "../ir/expr.js";
import type { Loop } from "../ir/stmt.js";
import { reverseHeader } from "./reverse-header.js";

/** Just what reverseHeader reads of a loop: its line and column, its index (name, signedness) and its step. */
const loop = (line: number, index: string, step: number, column = 1, unsigned = false): Loop =>
  ({
    span: { file: "t", line, column, endLine: line, endColumn: column + 1 },
    index: { name: index, type: { base: "integer", ...(unsigned ? { unsigned: true } : {}) } },
    step: step === 1 ? null : ({ kind: "int", value: step } as Expr),
  }) as unknown as Loop;

const rev = (text: string, lang: "fortran" | "c", form: "fixed" | "free" | undefined, l: Loop) => reverseHeader(text, lang, form, l)?.text ?? null;

test("Fortran: a loop's rows run the other way, its bounds kept as written; labels, construct names and comments stay", () => {
  assert.equal(rev("      do j = jst, jend\n", "fortran", "fixed", loop(1, "j", 1)), "      do j = jend, jst, -1");
  assert.equal(rev("      do 10 j = jend, jst, -1\n", "fortran", "fixed", loop(1, "j", -1)), "      do 10 j = jst, jend");
  assert.equal(rev("  rows: do j = 2, min(n, m) - 1 ! the rows\n", "fortran", "free", loop(1, "j", 1, 3)), "  rows: do j = min(n, m) - 1, 2, -1 ! the rows");
  // Past column 72 in fixed form, or a header continued on the next line: no rewrite.
  assert.equal(rev(`      do j = ${"a".repeat(30)}, ${"b".repeat(30)}\n`, "fortran", "fixed", loop(1, "j", 1)), null);
  assert.equal(rev("      do j = jst,\n     &       jend\n", "fortran", "fixed", loop(1, "j", 1)), null);
  // A step other than 1 or -1.
  assert.equal(rev("      do j = 1, n, 2\n", "fortran", "fixed", loop(1, "j", 2)), null);
});

test("C: `<` and `<=`, `>` and `>=` turn round with their bounds kept; another form or an unsigned index refuses", () => {
  assert.equal(rev("  for (j = jst; j < jend; j++) {\n", "c", undefined, loop(1, "j", 1, 3)), "  for (j = (jend) - 1; j >= jst; j--) {");
  assert.equal(rev("  for (int j = a + 1; j <= N; ++j)\n", "c", undefined, loop(1, "j", 1, 3)), "  for (int j = N; j >= (a + 1); j--)");
  assert.equal(rev("  for (j = jend - 1; j >= jst; j--) {\n", "c", undefined, loop(1, "j", -1, 3)), "  for (j = jst; j <= (jend - 1); j++) {");
  assert.equal(rev("  for (j = n; j > 0; j -= 1) {\n", "c", undefined, loop(1, "j", -1, 3)), "  for (j = (0) + 1; j <= n; j++) {");
  assert.equal(rev("  for (j = 0; j != n; j++) {\n", "c", undefined, loop(1, "j", 1, 3)), null);
  assert.equal(rev("  for (j = 0; j < n; j++) {\n", "c", undefined, loop(1, "j", 1, 3, true)), null);
});
