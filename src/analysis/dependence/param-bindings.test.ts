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
  assert.equal(bindings(head + "double *gp;\nstatic void f(double *x, double *y) { x[0] = y[1]; }\nint main(void) { f(gp, h); return 0; }\n", "f")("x", "y"), false);
  assert.equal(bindings(head + "static void f(double *x, double *y) { x[0] = y[1]; }\nint main(int c, char **v) { double *p = g; if (c) p = h; f(p, h); return 0; }\n", "f")("x", "y"), false);
  assert.equal(bindings(head + "void f(double *x, double *y) { x[0] = y[1]; }\nint main(void) { f(g, h); return 0; }\n", "f")("x", "y"), false);
  assert.equal(bindings(head + "static void f(double *x, double *y) { x++; x[0] = y[1]; }\nint main(void) { f(g, h); return 0; }\n", "f")("x", "y"), false);
  assert.equal(bindings(head + "static void f(double *x, double *y) { x = y; x[0] = y[1]; }\nint main(void) { f(g, h); return 0; }\n", "f")("x", "y"), false);
  assert.equal(
    bindings(head + "static void f(double *x, double *y) { x[0] = y[1]; }\nint main(void) { void (*fp)(double *, double *) = f; f(g, h); fp(h, h); return 0; }\n", "f")("x", "y"),
    false,
  );
});

test("actuals followed through the caller's pointers and its own bound parameters (MG's mg3P(u, v, r) passing &r[ir[k]] on), and &x of a scalar", () => {
  const src =
    head +
    "static void f(double *x, double *y, double *s) { x[0] = y[1] + *s; }\n" +
    "static void mid(double *u, double *r, int k) { double t; double *p = (double *)r; f(&u[k], p + 1, &t); }\n" +
    "int main(void) { mid(g, h, 2); mid(g, h, 3); return 0; }\n";
  const d = bindings(src, "f");
  assert.equal(d("x", "y"), true, "x into g, y into h");
  assert.equal(d("x", "s"), true, "s is the local scalar t");
  assert.equal(d("y", "g"), true);
  assert.equal(d("x", "g"), false);
  // mid called once with (g, h), once with (h, h): r's object is not one array, so f's y is unknown.
  const two = head + "static void f(double *x, double *y) { x[0] = y[1]; }\nstatic void mid(double *u, double *r) { f(u, r); }\nint main(void) { mid(g, h); mid(h, h); return 0; }\n";
  assert.equal(bindings(two, "f")("x", "y"), false);
});

function sameOrDisjoint(src: string, fn: string, x: string, y: string): boolean {
  const program = parseC("t.c", src, memoryHost({ "t.c": src }));
  const b = new ParamBindings(program);
  const proc = program.procedures.find((p) => p.name === fn)!;
  return b.sameOrDisjoint(proc.symbols.get(x)!, proc.symbols.get(y)!);
}

test("two parameters handed the same side-effect-free actual or different arrays at every call are one array or disjoint", () => {
  const f = "static int ir[4];\nstatic void f(double *u, double *v, double *r) { r[0] = v[0] - u[0]; }\n";
  assert.equal(sameOrDisjoint(head + f + "int main(void) { f(g, h, k); f(&g[ir[1]], &k[ir[1]], &k[ir[1]]); return 0; }\n", "f", "v", "r"), true);
  assert.equal(sameOrDisjoint(head + f + "int main(void) { f(g, h, k); f(&g[ir[1]], &k[ir[1]], &k[ir[1]]); return 0; }\n", "f", "u", "r"), true);
  // Negative: the same array at different offsets, or an actual with a side effect, is neither.
  assert.equal(sameOrDisjoint(head + f + "int main(void) { f(g, h, k); f(g, &k[1], &k[2]); return 0; }\n", "f", "v", "r"), false);
  assert.equal(sameOrDisjoint(head + f + "static int n;\nint main(void) { f(g, &k[n++], &k[n++]); return 0; }\n", "f", "v", "r"), false);
});

test("a call from a static function nobody calls binds nothing", () => {
  const src = head + "double *gp;\nstatic void f(double *x, double *y) { x[0] = y[1]; }\nstatic void unused(void) { f(gp, gp); }\nint main(void) { f(g, h); return 0; }\n";
  assert.equal(bindings(src, "f")("x", "y"), true);
  // Negative: the same function called from main makes the call live.
  const used = head + "double *gp;\nstatic void f(double *x, double *y) { x[0] = y[1]; }\nstatic void other(void) { f(gp, gp); }\nint main(void) { f(g, h); other(); return 0; }\n";
  assert.equal(bindings(used, "f")("x", "y"), false);
});

test("a parameter passed on from a caller's parameter holds any object that one receives (MG's rep_nrm passing on its grid)", () => {
  const src =
    head +
    "static void f(double *x, double *out) { out[0] = x[1]; }\n" +
    "static void pass(double *grid) { double r; f(grid, &r); }\n" +
    "int main(void) { double t; pass(g); pass(h); f(k, &t); return 0; }\n";
  const d = bindings(src, "f");
  assert.equal(d("x", "out"), true, "x is g, h or k; out is a local scalar of pass or main");
  assert.equal(d("x", "g"), false, "x may be g");
  assert.equal(d("x", "m"), true);
  // One caller hands an element of the passed grid as the out-parameter: no longer apart.
  const bad = bindings(head + "static void f(double *x, double *out) { out[0] = x[1]; }\nstatic void pass(double *grid) { f(grid, &grid[3]); }\nint main(void) { pass(g); pass(h); return 0; }\n", "f");
  assert.equal(bad("x", "out"), false);
});
