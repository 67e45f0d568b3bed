import { before, test } from "node:test";
import assert from "node:assert/strict";
import { ensureCParser } from "../../node/c-parser-node.js";
import { parseC } from "../../frontend/c/parse-c.js";
import { memoryHost } from "../../source/host.js";
import { analyzeFlow } from "../flow-analysis.js";

before(() => ensureCParser());

/** Per procedure: the formals' MOD and the globals its summary says it writes and reads. */
function summaries(src: string) {
  const p = parseC("t.c", src, memoryHost({ "t.c": src }));
  assert.deepEqual(p.diagnostics.filter((d) => d.severity === "error"), []);
  return new Map(
    analyzeFlow(p).map((f) => [
      f.proc.name,
      {
        mod: f.summary.formals.map((x) => x.mod),
        writes: [...f.summary.shared.values()].filter((e) => e.mod).map((e) => e.sym.name).sort(),
        reads: [...f.summary.shared.values()].filter((e) => e.use).map((e) => e.sym.name).sort(),
      },
    ]),
  );
}

const globals = "double ce[5][3], dn, other[10];\n";

test("a write through a pointer parameter is the formal's MOD, not a write of every global a pointer may reach", () => {
  const s = summaries(globals + "void exact(double x, double d[5]) { for (int m = 0; m < 5; m++) d[m] = ce[m][0] + x * ce[m][1] + dn; }\n" + "void view(void *o, int n) { double (*u)[n] = (double (*)[n])o; u[1][0] = 2.0; }\n");
  assert.deepEqual(s.get("exact"), { mod: [false, true], writes: [], reads: ["ce", "dn"] });
  assert.deepEqual(s.get("view")!.mod, [true, false]);
  assert.deepEqual(s.get("view")!.writes, []);
});

test("negative: a write through a pointer the procedure points at a global, or moves, or a global pointer, still writes what it may reach", () => {
  const s = summaries(
    globals +
      "double *gp;\n" +
      "void moved(double *p) { p = &dn; p[0] = ce[0][0]; }\n" +
      "void local(int k) { double *q = other + k; q[0] = ce[0][0]; }\n" +
      "void viaglobal(void) { gp[0] = ce[0][0] + dn; }\n",
  );
  assert.ok(s.get("moved")!.writes.includes("dn"), "p points at dn");
  assert.ok(s.get("local")!.writes.includes("other"), "q points into other");
  assert.ok(s.get("viaglobal")!.writes.includes("dn"), "gp may point at dn");
});

test("a caller handing a pointer on: the callee's write reaches the caller's actual through the formal's MOD", () => {
  const s = summaries(globals + "static void fill(double *d) { d[0] = 1.0; }\nvoid pass(double *p) { fill(p); }\nvoid named(void) { fill(other); }\n");
  assert.deepEqual(s.get("pass")!.mod, [true]);
  assert.deepEqual(s.get("named")!.writes, ["other"]);
});

test("negative, end to end: a callee writing a named array through a void * parameter cast to double * keeps the caller's loop serial", async () => {
  const { planProgram } = await import("../../parallelize/plan-program.js");
  const src =
    "double buf[100];\nstatic void store(void *o, int i) { double *u = (double *)o; u[i + 1] = i; }\n" +
    "double run(void) {\n  double s = 0.0;\n  for (int i = 0; i < 99; i++) {\n    store(buf, i);\n    s += buf[i];\n  }\n  return s;\n}\n";
  const p = parseC("t.c", src, memoryHost({ "t.c": src }));
  const plan = planProgram(p, { rangeFacts: false }).loops.find((l) => l.loop.span.line === 5)!;
  assert.equal(plan.parallel, false, "iteration i writes buf[i + 1], which iteration i + 1 reads");
  assert.equal(plan.runtimeCheck, null);
});
