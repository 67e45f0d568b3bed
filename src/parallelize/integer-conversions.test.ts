import { before, test } from "node:test";
import assert from "node:assert/strict";
import { ensureCParser } from "../node/c-parser-node.js";
import { parseC } from "../frontend/c/parse-c.js";
import { memoryHost } from "../source/host.js";
import { planProgram } from "./plan-program.js";
import { parallelize } from "../api/parallelize.js";
import { evalInt } from "../ir/const-eval.js";
import type { Expr } from "../ir/expr.js";

before(() => ensureCParser());

/**
 * Integer conversions that change values a loop's text seems to keep
 * (found by fuzzing, each a loop that got a directive and ran wrong): a
 * narrowing cast or store in a subscript, unsigned arithmetic that may
 * wrap, a signed index compared with an unsigned bound, an integer
 * accumulator of a floating-point sum, and array reductions whose copies
 * do not fit a thread's stack or whose section a C parameter's declared
 * extent does not bound.
 */
function parallelAt(src: string, line: number): boolean {
  const program = parseC("t.c", src, memoryHost({ "t.c": src }));
  assert.deepEqual(program.diagnostics.filter((d) => d.severity === "error").map((d) => d.message), []);
  const plan = planProgram(program).loops.find((l) => l.loop.span.line === line);
  assert.ok(plan, `no loop on line ${line}`);
  // Parallel, with a run-time check or without.
  return (plan.parallel || !!plan.runtimeCheck) && plan.reasons.length === 0;
}

const store = (decl: string, sub: string) => `int a[300000];
void f(int n) {
  ${decl}
  for (int i = 0; i < n; i++)
    a[${sub}] = i;
}
`;

test("a narrowing cast or store in a subscript is no longer the index", () => {
  assert.equal(parallelAt(store("", "(unsigned char)i"), 4), false);
  assert.equal(parallelAt(store("", "(short)i + 40000"), 4), false);
  assert.equal(parallelAt(store("", "(long)i"), 4), true);
  assert.equal(parallelAt(store("", "i"), 4), true);
  const viaVar = (type: string) => `int a[300000];
void f(int n) {
  for (int i = 0; i < n; i++) {
    ${type} k = i;
    a[k] = i;
  }
}
`;
  assert.equal(parallelAt(viaVar("unsigned char"), 3), false);
  assert.equal(parallelAt(viaVar("long"), 3), true);
});

test("an unsigned offset may be a negative one; a large unsigned constant too", () => {
  const src = (type: string, sub: string) => `void f(int *x, ${type} n, ${type} off) {
  for (${type} i = 1; i < n; i++)
    x[i] = x[${sub}] + 1;
}
`;
  assert.equal(parallelAt(src("size_t", "i + off"), 2), false);
  assert.equal(parallelAt(src("unsigned", "i + off"), 2), false);
  assert.equal(parallelAt(src("unsigned", "i + 4294967295u"), 2), false);
  assert.equal(parallelAt(src("unsigned", "i + 1"), 2), false);
  // A signed offset is tested as usual: parallel under a run-time check of its value.
  assert.equal(parallelAt(`void f(int *x, int n, int off) {\n  for (int i = 1; i < n; i++)\n    x[i] = x[i + off] + 1;\n}\n`, 2), true);
});

test("a signed index compared with an unsigned bound is no counted loop, unless it starts at a constant >= 0", () => {
  const src = (lo: string) => `int a[300010];
void f(unsigned n, int lo) {
  for (int i = ${lo}; i < n; i++)
    a[i + 5] = 1;
}
`;
  assert.equal(parallelAt(src("lo"), 3), false);
  assert.equal(parallelAt(src("-5"), 3), false);
  assert.equal(parallelAt(src("0"), 3), true);
});

test("an integer accumulator of a floating-point sum is no reduction (C and Fortran)", () => {
  const c = (type: string) => `double d[300000];
${type} f(int n) {
  ${type} s = 0;
  for (int i = 0; i < n; i++)
    s += d[i];
  return s;
}
`;
  assert.equal(parallelAt(c("int"), 4), false);
  assert.equal(parallelAt(c("double"), 4), true);
  const fortran = (type: string) => `subroutine f(d, n, s)
  integer n, i
  real d(n)
  ${type} s
  s = 0
  do i = 1, n
    s = s + d(i)
  end do
end subroutine
`;
  const at = (type: string) => parallelize([{ path: "t.f90", text: fortran(type) }]).report.files[0]!.loops.find((l) => l.line === 6)!.parallel;
  assert.equal(at("integer"), false);
  assert.equal(at("real"), true);
});

test("array reductions: not of an array too large for a thread's stack, nor past a C parameter's declared extent", () => {
  const hist = (size: number) => `int idx[300000], hist[${size}];
void f(int n) {
  for (int i = 0; i < n; i++)
    hist[idx[i]] += 1;
}
`;
  assert.equal(parallelAt(hist(3000000), 3), false);
  assert.equal(parallelAt(hist(1000), 3), true);
  const param = (sub: string) => `void f(long h[5], const int *k, int n) {
  for (int i = 0; i < n; i++)
    for (int m = 0; m < 5; m++)
      h[${sub}] += 1;
}
`;
  assert.equal(parallelAt(param("k[i]"), 2), false);
  assert.equal(parallelAt(param("m"), 2), true);
  assert.equal(parallelAt(param("m + 1"), 2), false);
});

test("evalInt converts to the cast's width", () => {
  const lit = (value: number): Expr => ({ kind: "int", value, span: { file: "t", line: 1, column: 1, endLine: 1, endColumn: 1 } }) as Expr;
  const cast = (value: number, bytes: number, unsigned: boolean): Expr => ({ kind: "cast", to: { base: "integer", bytes, unsigned }, operand: lit(value), span: lit(0).span }) as Expr;
  assert.equal(evalInt(cast(300, 1, true)), 44);
  assert.equal(evalInt(cast(200, 1, false)), -56);
  assert.equal(evalInt(cast(-1, 4, true)), 4294967295);
  assert.equal(evalInt(cast(70000, 4, false)), 70000);
});

test("a loop with an unsigned index is not pipelined: gcc 12's doacross hangs on it (found by fuzzing)", () => {
  const src = (type: string) => `#define N 60
#define M 200
double c[N][M], b[N];
void f(void) {
  for (${type} i = 1; i < N; i++) {
    for (int j = 0; j < M; j++)
      for (int k = 0; k < M; k++)
        c[i][j] += (j * k + (int)i) % 7 * 0.25;
    b[i] = b[i - 1] * 0.5 + c[i][3];
    for (int j = 0; j < M; j++)
      for (int k = 0; k < M; k++)
        c[i][j] += (j + k + (int)i) % 5 * 0.125;
  }
}
`;
  const planOf = (type: string) => {
    const s = src(type);
    const program = parseC("t.c", s, memoryHost({ "t.c": s }));
    return planProgram(program).loops.find((l) => l.loop.span.line === 5)!;
  };
  assert.ok(planOf("int").doacross, "a signed index is pipelined");
  assert.equal(planOf("unsigned").doacross, undefined);
});

test("a global an exit handler reads is live at main's end: the last value is kept (found by fuzzing)", () => {
  const src = (register: string) => `#include <stdio.h>
#include <stdlib.h>
double a[1000][1000], tmp;
static void show(void) { printf("%f\\n", tmp); }
int main(void) {
  ${register}
  for (int i = 0; i < 1000; i++)
    for (int j = 0; j < 1000; j++) {
      tmp = (i * 3 + j) % 7;
      a[i][j] = tmp * 2.0;
    }
  show();
  return 0;
}
`;
  const planOf = (register: string) => {
    const s = src(register).replace("  show();\n", "");
    const program = parseC("t.c", s, memoryHost({ "t.c": s }));
    return planProgram(program).loops.find((l) => l.loop.span.line === 7)!;
  };
  assert.deepEqual(planOf("").private, ["tmp"]);
  const handled = planOf("atexit(show);");
  assert.ok(!handled.private.includes("tmp") && handled.lastprivate.includes("tmp"), JSON.stringify({ p: handled.private, l: handled.lastprivate }));
  // A destructor runs after main returns too.
  const s = src("").replace("  show();\n", "").replace("static void show(void)", "static void __attribute__((destructor)) show(void)");
  const destructor = planProgram(parseC("t.c", s, memoryHost({ "t.c": s }))).loops.find((l) => l.loop.span.line === 7)!;
  assert.ok(destructor.lastprivate.includes("tmp"), JSON.stringify(destructor.private));
});

test("found by fuzzing round 11: a C array parameter's declared extent does not keep a callee's writes in the row it is given", () => {  // fill(a[i], N + 1) writes p[0..N]: p[N] is a[i + 1][0], the next iteration's row. `double p[N]` is `double *p`.
  const fill = (param: string, k: string) => `#define N 400\ndouble a[N][N];\nstatic void fill(${param}, int k) {\n  for (int j = 0; j < k; j++) p[j] = p[j] * 0.5 + j;\n}\nvoid f(void) {\n  for (int i = 0; i < N - 1; i++)\n    fill(a[i], ${k});\n}\n`;
  // As the command runs it (the call's constants give the callee's k).
  const run = (src: string) => parallelize([{ path: "t.c", text: src }]).report.files[0]!.loops.find((l) => l.line === 7)!.parallel;
  assert.equal(run(fill("double p[N]", "N + 1")), false);
  assert.equal(run(fill("double *p", "N + 1")), false);
  assert.equal(run(fill("double p[N]", "N")), true);
});

test("found by fuzzing round 13: a clause names what the directive's place sees: no loop declaring a second for-init variable, no clause on a global a local hides or only a block extern names, a linear step by its value", () => {
  const text = (src: string) => parallelize([{ path: "t.c", text: src }]).files[0]!.text;
  const loopAt = (src: string, line: number) => parallelize([{ path: "t.c", text: src }]).report.files[0]!.loops.find((l) => l.line === line)!;
  // `for (int i = 0, t; ...)`: OpenMP's loop form declares the index only; and t is one variable for all iterations.
  const forInit = "int a[2000000], b[2000000];\nvoid f(void) {\n  for (int i = 0, t; i < 2000000; i++) { if (i == 0) t = 0; t += a[i]; b[i] = t; }\n}\n";
  assert.equal(loopAt(forInit, 3).emitted, false);
  assert.equal(loopAt(forInit, 3).parallel, false);
  // `extern long g;` in the body names the global; at the directive, g is main's local.
  const shadow = "int a[2000000];\nlong g = 0;\nvoid f(void) {\n  long g = 5;\n  for (int i = 0; i < 2000000; i++) { extern long g; g += a[i]; }\n  a[0] = (int)g;\n}\n";
  assert.doesNotMatch(text(shadow), /reduction\(\+:g\)/);
  // The body's STEP is 3; the file's, 2.
  const step = "int b[2000000];\nenum { STEP = 2 };\nint f(void) {\n  int k = 0;\n  for (int i = 0; i < 2000000; i++) { enum { STEP = 3 }; b[i] = k; k += STEP; }\n  return k;\n}\n";
  assert.doesNotMatch(text(step), /linear\(k:STEP\)/);
  assert.match(text(step), /linear\(k:3\)/);
});
