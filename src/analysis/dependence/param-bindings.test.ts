import { before, test } from "node:test";
import assert from "node:assert/strict";
import { ensureCParser } from "../../node/c-parser-node.js";
import { parseC } from "../../frontend/c/parse-c.js";
import { memoryHost } from "../../source/host.js";
import { ParamBindings } from "./param-bindings.js";

before(() => ensureCParser());

function bindings(src: string, fn: string) {
  const program = parseC("t.c", src, memoryHost({ "t.c": src }));
  const b = new ParamBindings(program);
  const proc = program.procedures.find((p) => p.name === fn)!;
  const sym = (n: string) => proc.symbols.get(n) ?? program.globals.get(n)!;
  return (x: string, y: string) => b.disjoint(sym(x), sym(y));
}

const head = "static double g[10], h[10], k[10];\nstatic int m[10];\n";

test("a static function's parameters bound to different arrays at every call are disjoint, from each other and from other globals", () => {
  const d = bindings(head + "static void f(double *x, double *y) { x[0] = y[1]; }\nint main(void) { f(g, h); f(&k[2], g); return 0; }\n", "f");
  assert.equal(d("x", "y"), true);
  assert.equal(d("x", "h"), true, "x is g or k, never h");
  assert.equal(d("x", "g"), false);
  assert.equal(d("y", "k"), true);
  assert.equal(d("y", "h"), false);
});

test("no binding: the same array for both at one call, a pointer actual, a function that is not static, a parameter changed, the function's address taken", () => {
  assert.equal(bindings(head + "static void f(double *x, double *y) { x[0] = y[1]; }\nint main(void) { f(g, h); f(k, k); return 0; }\n", "f")("x", "y"), false);
  assert.equal(bindings(head + "static void f(double *x, double *y) { x[0] = y[1]; }\nint main(void) { double *p = g; f(p, h); return 0; }\n", "f")("x", "y"), false);
  assert.equal(bindings(head + "void f(double *x, double *y) { x[0] = y[1]; }\nint main(void) { f(g, h); return 0; }\n", "f")("x", "y"), false);
  assert.equal(bindings(head + "static void f(double *x, double *y) { x++; x[0] = y[1]; }\nint main(void) { f(g, h); return 0; }\n", "f")("x", "y"), false);
  assert.equal(bindings(head + "static void f(double *x, double *y) { x = y; x[0] = y[1]; }\nint main(void) { f(g, h); return 0; }\n", "f")("x", "y"), false);
  assert.equal(
    bindings(head + "static void f(double *x, double *y) { x[0] = y[1]; }\nint main(void) { void (*fp)(double *, double *) = f; f(g, h); fp(h, h); return 0; }\n", "f")("x", "y"),
    false,
  );
});
