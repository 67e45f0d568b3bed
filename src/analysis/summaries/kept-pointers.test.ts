import { before, test } from "node:test";
import assert from "node:assert/strict";
import { ensureCParser } from "../../node/c-parser-node.js";
import { parseC } from "../../frontend/c/parse-c.js";
import { memoryHost } from "../../source/host.js";
import { analyzeFlow } from "../flow-analysis.js";

before(() => ensureCParser());

const SRC = `
double *saved;
void set(double *x, double v) { *x = v; }
void keep(double *x) { saved = x; }
void pass(double *x) { set(x, 1.0); }
void passkeep(double *x) { keep(x); }
double *back(double *x) { return x; }
void moved(double *x) { x = x + 1; *x = 0.0; }
void rows(int n, double y[]) { for (int i = 0; i < n; i++) y[i] = 0.0; }
double total(double *a, int n) {
  double x = 0.0, t = 0.0;
  set(&x, 2.0);
  for (int i = 0; i < n; i++) { a[i] = x; t += a[i]; }
  return t;
}
double kept(double *a, int n) {
  double x = 0.0, t = 0.0;
  keep(&x);
  for (int i = 0; i < n; i++) { a[i] = x; t += a[i]; }
  return t;
}
`;

function flows() {
  const program = parseC("t.c", SRC, memoryHost({ "t.c": SRC }));
  assert.deepEqual(program.diagnostics.filter((d) => d.severity === "error"), []);
  return analyzeFlow(program);
}

test("a pointer parameter is kept when stored, returned, moved or handed to a callee that keeps it; not when only dereferenced", () => {
  const keeps = new Map(flows().map((f) => [f.proc.name, f.summary?.formals.map((x) => x.keeps !== false)]));
  assert.deepEqual(keeps.get("set"), [false, true], "only *x; a double is no pointer");
  assert.deepEqual(keeps.get("keep"), [true]);
  assert.deepEqual(keeps.get("pass"), [false], "set does not keep it");
  assert.deepEqual(keeps.get("passkeep"), [true], "keep does");
  assert.deepEqual(keeps.get("back"), [true]);
  assert.deepEqual(keeps.get("moved"), [true], "conservative: it is assigned");
  assert.deepEqual(keeps.get("rows"), [true, false]);
});

test("&x given to a parameter that is not kept leaves x out of reach of writes through pointers afterwards", () => {
  const byName = new Map(flows().map((f) => [f.proc.name, f]));
  const reachable = (proc: string) => byName.get(proc)!.cfg.vars.vars.find((v) => v.name === "x")!.pointerReachable;
  assert.equal(reachable("total"), false, "set(&x, 2.0) keeps no pointer to x: a[i] = ... cannot write it");
  assert.equal(reachable("kept"), true, "keep(&x) may leave one");
});

test("a local view of a parameter (a copy or a cast of it, only dereferenced) keeps nothing; one stored, returned or moved does", () => {
  const src = `
double *saved;
void view(void *ox, int n) { double (*x)[4] = (double (*)[4])ox; for (int i = 0; i < n; i++) x[i][0] = 1.0; }
void viewkept(void *ox) { double *x = (double *)ox; saved = x; }
double *viewback(double *a) { double *x = a; return x; }
void viewmoved(double *a) { double *x = a; x = x + 1; *x = 0.0; }
void viewtaken(double *a) { double *x = a; double **p = &x; **p = 1.0; }
`;
  const program = parseC("v.c", src, memoryHost({ "v.c": src }));
  const keeps = new Map(analyzeFlow(program).map((f) => [f.proc.name, f.summary?.formals.map((x) => x.keeps !== false)]));
  assert.deepEqual(keeps.get("view"), [false, true]);
  assert.deepEqual(keeps.get("viewkept"), [true]);
  assert.deepEqual(keeps.get("viewback"), [true]);
  assert.deepEqual(keeps.get("viewmoved"), [true]);
  assert.deepEqual(keeps.get("viewtaken"), [true]);
});
