import { test } from "node:test";
import assert from "node:assert/strict";
import type { Loop } from "../ir/stmt.js";
import { swapHeaders } from "./swap-headers.js";

/** Just what swapHeaders reads of a loop: its first line and column, and its index's name. */
const loop = (line: number, index: string, column = 1): Loop => ({ span: { file: "t", line, column, endLine: line, endColumn: column + 1 }, index: { name: index } }) as unknown as Loop;

const apply = (text: string, reps: { line: number; text: string }[] | null) => {
  assert.ok(reps);
  const lines = text.split("\n");
  for (const r of reps) lines[r.line - 1] = r.text;
  return lines.join("\n");
};

test("fixed form: the controls swap, labels and comments stay; a continued header or a line past column 72 refuses", () => {
  const text = "      do 20 i = 2, n\n         do 10 j = 1, m\n   10    continue\n   20 continue\n";
  assert.equal(apply(text, swapHeaders(text, "fortran", "fixed", loop(1, "i"), loop(2, "j"))), "      do 20 j = 1, m\n         do 10 i = 2, n\n   10    continue\n   20 continue\n");
  const continued = "      do 20 i = 2,\n     &   n\n         do 10 j = 1, m\n";
  assert.equal(swapHeaders(continued, "fortran", "fixed", loop(1, "i"), loop(3, "j")), null);
  // The outer header is indented deeper than the inner one: the inner's long control would end past column 72 there.
  const long = "               do 20 i = 2, n\n      do 10 j = 1, mmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmmm\n";
  assert.equal(swapHeaders(long, "fortran", "fixed", loop(1, "i"), loop(2, "j")), null);
});

test("free form: construct names, END DO forms, CRLF and a trailing comment are kept", () => {
  const text = "  outer: do i = 2, n  ! rows\r\n    do j = 1, m, 2\r\n";
  assert.equal(apply(text, swapHeaders(text, "fortran", "free", loop(1, "i"), loop(2, "j"))), "  outer: do j = 1, m, 2  ! rows\r\n    do i = 2, n\r\n");
  assert.equal(swapHeaders("  do i = 1, n; a(i) = 0\n  do j = 1, m\n", "fortran", "free", loop(1, "i"), loop(2, "j")), null);
  assert.equal(swapHeaders("  do i = 1, &\n    n\n  do j = 1, m\n", "fortran", "free", loop(1, "i"), loop(3, "j")), null);
});

test("C: what is between the for's parentheses swaps, from the column of the for; a header over two lines refuses", () => {
  const text = "  for (i = 1; i < N; i++)\n    for (int j = 0; j < f(M); j++) {\n";
  assert.equal(apply(text, swapHeaders(text, "c", undefined, loop(1, "i", 3), loop(2, "j", 5))), "  for (int j = 0; j < f(M); j++)\n    for (i = 1; i < N; i++) {\n");
  assert.equal(swapHeaders("  for (i = 1;\n       i < N; i++)\n    for (j = 0; j < M; j++)\n", "c", undefined, loop(1, "i", 3), loop(3, "j", 5)), null);
});

test("free form: an interchange whose headers would pass column 132 is not written (found by fuzzing)", () => {
  const inner = " ".repeat(80) + "do j = 1, n";
  const outer = "  do i = 2, number_of_rows_in_the_grid_including_the_halo_of_it";
  assert.equal(swapHeaders(`${outer}\n${inner}\n`, "fortran", "free", loop(1, "i"), loop(2, "j", 81)), null);
  // Within 132 columns it is written.
  const near = " ".repeat(40) + "do j = 1, n";
  assert.ok(swapHeaders(`${outer}\n${near}\n`, "fortran", "free", loop(1, "i"), loop(2, "j", 41)));
});
