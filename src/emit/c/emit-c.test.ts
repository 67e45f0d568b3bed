import { test } from "node:test";
import assert from "node:assert/strict";
import { emitCDirectives } from "./emit-c.js";

const none = { private: [], firstprivate: [], lastprivate: [], reductions: [] };

test("pragma before the for line, indented like it", () => {
  const src = "void f(int n, double *a) {\n  for (int i = 0; i < n; i++)\n    a[i] = 0;\n}\n";
  const out = emitCDirectives(src, [{ line: 2, column: 3, clauses: { ...none, reductions: [{ op: "+", var: "s" }] } }]);
  assert.equal(out, "void f(int n, double *a) {\n  #pragma omp parallel for reduction(+:s)\n  for (int i = 0; i < n; i++)\n    a[i] = 0;\n}\n");
});

test("a for that does not start its line gets a line of its own", () => {
  const src = "  s = 0; for (i = 0; i < n; i++) s += a[i];\n";
  const out = emitCDirectives(src, [{ line: 1, column: 10, clauses: none }]);
  assert.equal(out, "  s = 0;\n  #pragma omp parallel for\n  for (i = 0; i < n; i++) s += a[i];\n");
});
