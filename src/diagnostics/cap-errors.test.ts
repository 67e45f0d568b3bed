import { test } from "node:test";
import assert from "node:assert/strict";
import type { Diagnostic } from "./diagnostic.js";
import { capErrors } from "./cap-errors.js";

const d = (severity: Diagnostic["severity"], n: number): Diagnostic => ({ id: "t", severity, message: `m${n}`, span: { file: "a.f", line: n, column: 1, endLine: n, endColumn: 2 } });

test("a file with at most 50 errors keeps them all", () => {
  const ds = Array.from({ length: 50 }, (_, i) => d("error", i + 1));
  assert.deepEqual(capErrors(ds), ds);
});

test("past the 50th error the rest is counted in one note", () => {
  const ds = [...Array.from({ length: 70 }, (_, i) => d("error", i + 1)), d("warning", 71), d("warning", 72)];
  const out = capErrors(ds);
  assert.equal(out.length, 51);
  assert.deepEqual(out.slice(0, 50), ds.slice(0, 50));
  assert.deepEqual(out[50], { id: "diagnostics.capped", severity: "note", message: "20 more errors and 2 more warnings not shown (only a file's first 50 errors are)" });
});

test("warnings before the cap are kept, and the cap can be chosen", () => {
  const ds = [d("warning", 1), d("error", 2), d("error", 3), d("error", 4)];
  assert.deepEqual(capErrors(ds, 2).map((x) => x.message), ["m1", "m2", "m3", "1 more error not shown (only a file's first 2 errors are)"]);
});
