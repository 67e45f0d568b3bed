import { test } from "node:test";
import assert from "node:assert/strict";
import { onlyRealignedLines } from "./realigned-lines.js";

const f = ["program p", "  do i = 1, n", "    a(i) = b(i)", "    c(i) = a(i - 1)", "  end do", "  x = 1", "end program"].join("\n");

test("an aligned or peeled loop's lines pass; a change outside such a loop, or another statement, fails", () => {
  const aligned = f.replace("do i = 1, n", "do i = 0, n").replace("    a(i) = b(i)", "    if (i >= 1) a(i) = b(i)").replace("    c(i) = a(i - 1)", "    if (i + 1 <= n) c(i + 1) = a(i)");
  assert.equal(onlyRealignedLines(f, aligned, "fortran", [{ line: 2, endLine: 5 }]), true);
  assert.equal(onlyRealignedLines(f, aligned, "fortran", []), false, "not a loop doall rewrote");
  const peeled = f.replace("  do i = 1, n\n", "  do i = 1, n\n    a(i) = b(i)\n    c(i) = a(i - 1)\n    exit\n  end do\n  do i = 2, n\n");
  assert.equal(onlyRealignedLines(f, peeled, "fortran", [{ line: 2, endLine: 5 }]), true);
  assert.equal(onlyRealignedLines(f, aligned.replace("  x = 1", "  x = 2"), "fortran", [{ line: 2, endLine: 5 }]), false, "a line after the loop");
  assert.equal(onlyRealignedLines(f, aligned.replace("c(i + 1) = a(i)", "c(i + 1) = b(i)"), "fortran", [{ line: 2, endLine: 5 }]), false, "another statement");
  assert.equal(onlyRealignedLines(f, f, "fortran", [{ line: 2, endLine: 5 }]), false, "nothing changed is no rewrite");
});

test("a serial copy: an if on the check before the loop, else and the copy after it", () => {
  const c = ["void f(double *y, double *x, int n) {", "  for (int i = 0; i < n; i++)", "    y[i] = x[i];", "  n = 0;", "}"].join("\n");
  const copied = c.replace("  for (int i", "  if (x + n <= y || y + n <= x) {\n  for (int i").replace("    y[i] = x[i];\n", "    y[i] = x[i];\n  } else {\n  for (int i = 0; i < n; i++)\n    y[i] = x[i];\n  }\n");
  assert.equal(onlyRealignedLines(c, copied, "c", [{ line: 2, endLine: 3 }]), true);
  assert.equal(onlyRealignedLines(c, copied.replace("  n = 0;", "  n = 1;"), "c", [{ line: 2, endLine: 3 }]), false);
});
