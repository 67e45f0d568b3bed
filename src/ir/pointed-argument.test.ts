import { before, test } from "node:test";
import assert from "node:assert/strict";
import { ensureCParser } from "../node/c-parser-node.js";
import { parseC } from "../frontend/c/parse-c.js";
import { memoryHost } from "../source/host.js";
import { exprText } from "./expr-text.js";
import type { CallStmt } from "./stmt.js";
import { walkStmts } from "./walk.js";
import { pointedArgument } from "./pointed-argument.js";

before(() => ensureCParser());

/** The arguments of the call to g in f's body, as pointedArgument reads them. */
function args(call: string): string[] {
  const src = `double a[4][8], b[2][4][8], *p;\nint ia[4][8];\nvoid g(int n, double *x);\nvoid f(int j, int k, double r[4][8]) { ${call}; }\n`;
  const program = parseC("t.c", src, memoryHost({ "t.c": src }));
  assert.deepEqual(program.diagnostics.filter((d) => d.severity === "error"), []);
  let found: CallStmt | undefined;
  walkStmts(program.procedures.find((q) => q.name === "f")!.body, (s) => void (s.kind === "call" && (found = s)));
  return found!.args.map((x) => exprText(pointedArgument(x), "c"));
}

test("a cast to a pointer to the array's own element type is the array, or the element's address", () => {
  assert.deepEqual(args("g(1, (double *)a)"), ["1", "a"]);
  assert.deepEqual(args("g(1, (double *)r)"), ["1", "r"], "an array parameter");
  assert.deepEqual(args("g(1, (double *)&a[j][2])"), ["1", "&a[j][2]"]);
  // A pointer to rows of its own last extent: the array, rows flattened.
  assert.deepEqual(args("g(1, (double (*)[8])a)"), ["1", "a"]);
  assert.deepEqual(args("g(1, (double (*)[8])b)"), ["1", "b"], "b[2][4][8]: rows of 8");
  assert.deepEqual(args("g(1, (double (*)[4][8])b)"), ["1", "b"]);
  // Rows of another length are another shape: as written.
  assert.deepEqual(args("g(1, (double (*)[4])a)"), ["1", "(pointer)a"]);
  // Another element type: the bytes are not the array's elements.
  assert.deepEqual(args("g(1, (double *)ia)"), ["1", "(pointer)ia"]);
  assert.deepEqual(args("g(1, (double *)p)"), ["1", "(pointer)p"], "a pointer: not an array");
});

test("an offset from an element's address is the address of the element that far along the fastest dimension", () => {
  assert.deepEqual(args("g(1, a[j] + 1)"), ["1", "&a[j][1]"]);
  assert.deepEqual(args("g(1, 2 + &a[j][1])"), ["1", "&a[j][3]"]);
  assert.deepEqual(args("g(1, &a[j][2] - k)"), ["1", "&a[j][2 - k]"]);
  assert.deepEqual(args("g(1, a[j] + k)"), ["1", "&a[j][0 + k]"]);
  // A plain pointer has no element to move along: as written.
  assert.deepEqual(args("g(1, p + 1)"), ["1", "p + 1"]);
  assert.deepEqual(args("g(1, &a[j][0])"), ["1", "&a[j][0]"]);
});
