import { before, test } from "node:test";
import assert from "node:assert/strict";
import { exprText } from "../../ir/expr-text.js";
import { parseC } from "../../frontend/c/parse-c.js";
import { ensureCParser } from "../../node/c-parser-node.js";
import { memoryHost } from "../../source/host.js";
import { collectLoops } from "../../ir/walk.js";
import { valuesBefore } from "./values-before.js";

before(() => ensureCParser());

/** valuesBefore at the loop on `line` of f, as "name = value" texts. */
function at(src: string, line: number): string[] {
  const p = parseC("t.c", src, memoryHost({ "t.c": src }));
  const f = p.procedures.find((x) => x.name === "f")!;
  const loop = collectLoops(f.body).find((l) => l.loop.span.line === line)!.loop;
  return valuesBefore(f, loop).map(([x, v]) => `${x.name} = ${exprText(v, "c")}`).sort();
}

const head = "int g[3];\nvoid h(int *p);\nvoid f(int n) {\n  int i, k, a, b, c, d;\n";

test("scalars assigned once at the top level above a nest have their values inside it", () => {
  const src = head + "  a = g[0] - 1;\n  b = n * 2;\n  for (k = 0; k < n; k++)\n    for (i = 0; i < a; i++) g[1] += b;\n}\n";
  assert.deepEqual(at(src, 7), ["a = g[0] - 1", "b = n * 2"]);
  // Inside the nest: the inner loop's start sees them too (its top-level statement is the outer loop).
  assert.deepEqual(at(src, 8), ["a = g[0] - 1", "b = n * 2"]);
});

test("no value for a scalar assigned again, in a loop, through a pointer or a call, or assigned after the loop", () => {
  const twice = head + "  a = 1;\n  a = 2;\n  for (k = 0; k < n; k++) g[1] += a;\n}\n";
  assert.deepEqual(at(twice, 7), []);
  const inLoop = head + "  a = 1;\n  for (k = 0; k < n; k++) g[1] += a;\n  for (k = 0; k < n; k++) a = k;\n}\n";
  assert.deepEqual(at(inLoop, 6), []);
  const address = head + "  a = 1;\n  h(&a);\n  for (k = 0; k < n; k++) g[1] += a;\n}\n";
  assert.deepEqual(at(address, 7), []);
  const later = head + "  for (k = 0; k < n; k++) g[1] += a;\n  a = 1;\n}\n";
  assert.deepEqual(at(later, 5), []);
  const inIf = head + "  if (n > 3) a = 1;\n  for (k = 0; k < n; k++) g[1] += a;\n}\n";
  assert.deepEqual(at(inIf, 6), []);
});
