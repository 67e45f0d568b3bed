import { test } from "node:test";
import assert from "node:assert/strict";
import type { Diagnostic } from "../diagnostics/diagnostic.js";
import { DiagnosticPrinter } from "./diagnostic-printer.js";

const at = (file: string, line: number, message = "expected a statement, found '/'"): Diagnostic => ({ id: "t", severity: "error", message, span: { file, line, column: 1, endLine: line, endColumn: 2 } });

test("a header's problems are printed once per run, not once per file that includes it", () => {
  const out: string[] = [];
  const p = new DiagnosticPrinter((l) => out.push(l));
  p.print("a.F90", [at("hdr.h", 1), at("a.F90", 3, "oops")]);
  p.print("b.F90", [at("hdr.h", 1), at("b.F90", 4, "oops")]);
  assert.deepEqual(out, ["hdr.h:1:1: error: expected a statement, found '/'\n", "a.F90:3:1: error: oops\n", "b.F90:4:1: error: oops\n"]);
});

test("each file stops after its first 50 errors, with a count of the rest", () => {
  const out: string[] = [];
  new DiagnosticPrinter((l) => out.push(l)).print("x.f", Array.from({ length: 120 }, (_, i) => at("x.f", i + 1, `e${i + 1}`)));
  assert.equal(out.length, 51);
  assert.equal(out[49], "x.f:50:1: error: e50\n");
  assert.equal(out[50], "x.f: note: 70 more errors not shown (only a file's first 50 errors are)\n");
});
