import { before, test } from "node:test";
import assert from "node:assert/strict";
import { ensureCParser } from "../../node/c-parser-node.js";
import { parseC } from "../../frontend/c/parse-c.js";
import { memoryHost } from "../../source/host.js";
import { ParamBindings } from "./param-bindings.js";
import { pointerAlias } from "./pointer-alias.js";
import { PointerBases } from "./pointer-bases.js";

before(() => ensureCParser());

function alias(src: string, fn: string) {
  const program = parseC("t.c", src, memoryHost({ "t.c": src }));
  assert.deepEqual(program.diagnostics.filter((d) => d.severity === "error"), []);
  const proc = program.procedures.find((p) => p.name === fn)!;
  const bases = new PointerBases(proc);
  const bindings = new ParamBindings(program);
  const sym = (n: string) => proc.symbols.get(n) ?? program.globals.get(n)!;
  return (x: string, y: string) => pointerAlias(sym(x), sym(y), bases, bindings);
}

test("restrict: a restrict parameter and any other parameter or named array are disjoint (C99 6.7.3.1)", () => {
  const a = alias("double g[10];\nvoid f(int n, const float *restrict x, float *y, double a[restrict 4], double *z) { y[0] = x[0]; a[0] = g[0] + z[0]; }\n", "f");
  assert.equal(a("x", "y"), "disjoint");
  assert.equal(a("y", "x"), "disjoint");
  assert.equal(a("a", "z"), "disjoint", "double a[restrict 4] is a restrict pointer");
  assert.equal(a("a", "g"), "disjoint");
  assert.equal(a("y", "z"), "may-alias", "neither is restrict");
});

test("restrict: a pointer based on the restrict one, or a restrict parameter the function moves, may alias", () => {
  const a = alias("void f(int n, float *restrict x, float *y) { float *p = x + 1; float *q = (float *)x; p[0] = q[0] + y[0]; }\n", "f");
  assert.equal(a("p", "x"), "may-alias", "p is based on x");
  assert.equal(a("p", "q"), "may-alias");
  assert.equal(a("p", "y"), "disjoint", "p's base is x, restrict; y is not based on it");
  const moved = alias("void f(int n, float *restrict x, float *y) { x = y; x[0] = y[1]; }\n", "f");
  assert.equal(moved("x", "y"), "may-alias");
  const copied = alias("void f(int n, float *restrict x, float *y) { y = x; x[0] = y[1]; }\n", "f");
  assert.equal(copied("x", "y"), "may-alias", "y now points into x's object");
  const unknown = alias("float *gp;\nvoid f(int n, float *restrict x) { float *p = gp; x[0] = p[1]; }\n", "f");
  assert.equal(unknown("x", "p"), "may-alias", "a global pointer may hold x's address");
});

test("casts to pointers to arrays keep the base: views of two different named arrays are disjoint, of one parameter the same", () => {
  const src =
    "static double gu[1000], gv[1000];\n" +
    "static void k(void *ou, void *ov, int n1, int n2) {\n" +
    "  double (*u)[n1] = (double (*)[n1])ou;\n  double (*v)[n1] = (double (*)[n1])ov;\n  double (*w)[n1] = (double (*)[n1])ou;\n  double *s = (double *)ou + 1;\n" +
    "  u[0][0] = v[0][0] + w[0][1] + s[0];\n}\n" +
    "int main(void) { k(gu, gv, 10, 10); k(gv, gu, 5, 5); return 0; }\n";
  const a = alias(src, "k");
  assert.equal(a("u", "v"), "disjoint", "ou and ov are bound to different arrays at every call");
  assert.equal(a("u", "w"), "same", "two views of ou with one shape");
  assert.equal(a("u", "s"), "may-alias", "s is ou moved by one element");
});

test("two parameters given the same address or different arrays at every call, seen through views of one shape, are one array", () => {
  const src =
    "static double gu[1000], gr[1000];\nstatic int ir[3];\n" +
    "static void resid(void *ou, void *ov, void *or, int n1) {\n" +
    "  double (*u)[n1] = (double (*)[n1])ou;\n  double (*v)[n1] = (double (*)[n1])ov;\n  double (*r)[n1] = (double (*)[n1])or;\n" +
    "  r[0][0] = v[0][0] - u[0][0];\n}\n";
  const same = alias(src + "int main(void) { resid(gu, gr, gr, 4); resid(&gu[ir[1]], &gr[ir[1]], &gr[ir[1]], 4); return 0; }\n", "resid");
  assert.equal(same("v", "r"), "same");
  assert.equal(same("u", "r"), "disjoint");
  // Negative: one call passes the same array at two offsets.
  const shifted = alias(src + "int main(void) { resid(gu, gr, gr, 4); resid(gu, &gr[1], gr, 4); return 0; }\n", "resid");
  assert.equal(shifted("v", "r"), "may-alias");
});

test("two parameters given one start or different arrays at every call, of one element type but shapes of their own, are compared by address", () => {
  const call = (second: string) =>
    alias(
      "typedef struct { double re, im; } cplx;\n" +
        "static cplx ga[4][8], gb[32];\n" +
        "static void f(int n, cplx x[n][8], cplx y[n * 8]) { y[0] = x[0][0]; }\n" +
        `int main(void) { f(4, ga, gb); f(4, ga, ${second}); return 0; }\n`,
      "f",
    );
  assert.equal(call("(cplx *)ga")("x", "y"), "same-start", "ga and (cplx *)ga start at one address");
  assert.equal(call("&ga[0][0]")("x", "y"), "same-start");
  assert.equal(call("(cplx *)ga + 1")("x", "y"), "may-alias", "one element on: not the same start");
  assert.equal(call("&ga[1][0]")("x", "y"), "may-alias");
});
