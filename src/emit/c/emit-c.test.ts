import { test } from "node:test";
import assert from "node:assert/strict";
import { emitCDirectives } from "./emit-c.js";

const none = { private: [], firstprivate: [], lastprivate: [], reductions: [] };

test("pragma before the for line, indented like it", () => {
  const src = "void f(int n, double *a) {\n  for (int i = 0; i < n; i++)\n    a[i] = 0;\n}\n";
  const out = emitCDirectives(src, [{ line: 2, clauses: { ...none, reductions: [{ op: "+", var: "s" }] } }]);
  assert.equal(out, "void f(int n, double *a) {\n  #pragma omp parallel for reduction(+:s)\n  for (int i = 0; i < n; i++)\n    a[i] = 0;\n}\n");
});

test("CRLF line ends are kept, and reused for the pragma", () => {
  const src = "void f(int n, double *a) {\r\n\tfor (int i = 0; i < n; i++) a[i] = 0;\r\n}";
  assert.equal(emitCDirectives(src, [{ line: 2, clauses: none }]), "void f(int n, double *a) {\r\n\t#pragma omp parallel for\r\n\tfor (int i = 0; i < n; i++) a[i] = 0;\r\n}");
});
