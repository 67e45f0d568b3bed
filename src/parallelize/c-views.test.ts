import { before, test } from "node:test";
import assert from "node:assert/strict";
import { ensureCParser } from "../node/c-parser-node.js";
import { parseC } from "../frontend/c/parse-c.js";
import { memoryHost } from "../source/host.js";
import { planProgram } from "./plan-program.js";

before(() => ensureCParser());

/** The plan of the loop on `line` of a whole C program. */
function loopAt(src: string, line: number) {
  const program = parseC("t.c", src, memoryHost({ "t.c": src }));
  assert.deepEqual(program.diagnostics.filter((d) => d.severity === "error").map((d) => d.message), []);
  const plan = planProgram(program).loops.find((l) => l.loop.span.line === line);
  assert.ok(plan, `no loop on line ${line}`);
  return plan;
}

const why = (p: ReturnType<typeof loopAt>) => p.reasons.map((r) => r.message).join("; ");

/**
 * NPB-C FT's fftXYZ(..., xnt, (dcomplex *)y, ...) then fftXYZ(..., xnt,
 * (dcomplex *)xnt, ...): x and xout are one array or two. Compared by
 * address (pointer-alias.ts "same-start"), a loop writing the element it
 * reads is parallel; one writing the next row's is not.
 */
test("C: two parameters given one start or different arrays, shaped differently, are compared by address", () => {
  const prog = (write: string) =>
    "typedef struct { double re, im; } cplx;\n" +
    "static cplx ga[64][8], gb[512];\n" +
    "static void copy(int n, cplx x[n][8], cplx y[n * 8]) {\n" +
    "  int k, j;\n" +
    "  for (k = 0; k < n; k++)\n" +
    `    for (j = 0; j < 8; j++) ${write} = (cplx){x[k][j].re * 2.0, x[k][j].im};\n` +
    "}\n" +
    "int main(void) { copy(64, ga, gb); copy(64, ga, (cplx *)ga); return 0; }\n";
  const same = loopAt(prog("y[8 * k + j]"), 5);
  assert.ok(same.parallel, why(same));
  const next = loopAt(prog("y[8 * k + j + 8]"), 5);
  assert.ok(!next.parallel, "with x and y one array, iteration k writes the row iteration k + 1 reads");
});

/**
 * A `void *` parameter seen through one pointer to rows made from it at the
 * start (NPB-C FT's Swarztrauber): the calls' regions are the view's, so a
 * loop handing it one plane of an array per iteration is parallel. A
 * callee that also writes through the parameter itself has no view.
 */
test("C: a void * parameter seen through a pointer to rows has that view's regions, unless the parameter is used again", () => {
  const prog = (extra: string) =>
    "typedef struct { double re, im; } cplx;\n" +
    "static cplx g[10][4][8];\n" +
    "static void scale(int n, int xd1, void *ox) {\n" +
    "  cplx (*x)[xd1] = (cplx (*)[xd1])ox;\n" +
    "  int k, j;\n" +
    "  for (k = 0; k < n; k++)\n" +
    "    for (j = 0; j < xd1; j++) x[k][j] = (cplx){x[k][j].re * 0.5, x[k][j].im};\n" +
    `  ${extra}\n` +
    "}\n" +
    "int main(void) {\n" +
    "  int k;\n" +
    "  for (k = 0; k < 10; k++) scale(4, 8, &g[k][0][0]);\n" +
    "  return 0;\n" +
    "}\n";
  const view = loopAt(prog(""), 12);
  assert.ok(view.parallel, why(view));
  // One element past the plane: the next iteration's first.
  const past = loopAt(prog("((cplx *)ox)[n * xd1] = (cplx){1.0, 0.0};"), 12);
  assert.ok(!past.parallel, "the callee also writes the element after the plane it is given");
});

/**
 * NPB-C FT's compute_initial_conditions: `for (k = 0; k < dims[2]; k++)`
 * around `vranlc(2*NX, &x0, A, (double *)&u0[k][j][0])`. The bound reads a
 * global array the call could change through a pointer it is handed,
 * unless that pointer is into another object at every call of the function
 * (param-bindings.ts); the complex row is then the doubles the callee fills.
 */
test("C: a loop bounded by a global is counted when the pointers its calls are handed point into other objects at every call", () => {
  const prog = (arg: string) =>
    "typedef struct { double re, im; } cplx;\n" +
    "int dims[3] = {8, 4, 16};\n" +
    "static cplx ga[16][8];\n" +
    "static void fill(int n, double *seed, double y[]) { int i; for (i = 0; i < n; i++) { *seed = *seed * 3.0 + 1.0; y[i] = *seed; } }\n" +
    "static void init(cplx u[16][8]) {\n" +
    "  int k; double x0;\n" +
    "  for (k = 0; k < dims[2]; k++) { x0 = k; fill(16, &x0, (double *)&u[k][0]); }\n" +
    "}\n" +
    `int main(void) { init(${arg}); return 0; }\n`;
  const bound = loopAt(prog("ga"), 7);
  assert.ok(bound.loop.candidate, bound.loop.notCandidate);
  assert.ok(bound.parallel || !!bound.runtimeCheck, why(bound));
  // Handed a pointer into dims itself (as cplx: a wrong program, but one doall must not call counted).
  const into = loopAt(prog("(cplx *)dims"), 7);
  assert.ok(!into.loop.candidate, "the call may change dims[2] through the pointer it is handed");
});

/**
 * A local pointer whose address is taken may be moved through that address
 * (`*px = *px + 1`): writes through it may land anywhere the caller sees, and
 * the callee's summary says it cannot tell (through-params.ts untracedWrites).
 * Before, neither the view nor the parameter saw the writes: the loop calling
 * it, whose calls overlap, was called parallel.
 */
test("C: writes through a pointer moved through its address are no view and no parameter's: the call is unknown", () => {
  const src =
    "typedef struct { double re, im; } cplx;\n" +
    "static cplx g[10][4][8];\n" +
    "static void scale(int n, int xd1, void *ox) {\n" +
    "  cplx (*x)[xd1] = (cplx (*)[xd1])ox;\n" +
    "  cplx (**px)[xd1] = &x;\n" +
    "  int k, j;\n" +
    "  *px = *px + 1;\n" +
    "  for (k = 0; k < n; k++)\n" +
    "    for (j = 0; j < xd1; j++) x[k][j] = (cplx){x[k][j].re * 0.5, x[k][j].im};\n" +
    "}\n" +
    "int main(void) {\n" +
    "  int k;\n" +
    "  for (k = 0; k < 10; k++) scale(4, 8, &g[k][0][0]);\n" +
    "  return 0;\n" +
    "}\n";
  const moved = loopAt(src, 13);
  assert.ok(!moved.parallel, "x is moved one row on through px: the last row written is the next plane's first");
  assert.match(why(moved), /writes through a pointer whose target doall does not follow \(line 7\)/);
});

test("C: a pragma of the user's right before a for leaves no room for a directive (found by fuzzing: gcc refused the output)", () => {
  const src = (pragma: string) => `double a[300000], b[300000];\nvoid f(int n) {\n  ${pragma}\n  for (int i = 0; i < n; i++)\n    a[i] = b[i] * 2;\n}\n`;
  const plain = loopAt(src(""), 4);
  assert.equal(plain.emitted, true, why(plain));
  const ivdep = loopAt(src("#pragma GCC ivdep"), 4);
  assert.equal(ivdep.emitted, false);
  assert.match(why(ivdep), /pragma of yours/);
});
