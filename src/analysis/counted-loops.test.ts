import { before, test } from "node:test";
import assert from "node:assert/strict";
import { ensureCParser } from "../node/c-parser-node.js";
import { linkLoaded } from "../driver/link-loaded.js";
import { loadProgram } from "../driver/load-program.js";
import { memoryHost } from "../source/host.js";
import { planProgram } from "../parallelize/plan-program.js";

before(() => ensureCParser());

/** The first file planned, linked with the others: per loop line, "counted" or why not, and the verdict. */
function loops(files: Record<string, string>): Map<number, { counted: string; parallel: boolean; reasons: string }> {
  const host = memoryHost(files);
  const loaded = Object.keys(files).map((f) => loadProgram(f, host));
  for (const l of loaded) assert.deepEqual(l.program!.diagnostics.filter((d) => d.severity === "error"), [], l.path);
  const p = planProgram(loaded[0]!.program!, { link: linkLoaded(loaded), rangeFacts: false });
  return new Map(
    p.loops.map((l) => [l.loop.span.line, { counted: l.loop.candidate ? "counted" : (l.loop.notCandidate ?? "?"), parallel: l.parallel, reasons: l.reasons.map((r) => r.message).join("; ") }]),
  );
}

const head = "int gp[3];\ndouble u[64][64], dn;\nvoid exact(double x, double d[4]);\nvoid bump(void);\nvoid via(int *p);\n";
const caller = (call: string) =>
  head + "void init(void) {\n  int i, m;\n  double t[4];\n  for (i = 0; i <= gp[0] - 1; i++) {\n" + `    ${call};\n` + "    for (m = 0; m < 4; m++) u[i][m] = dn * i;\n  }\n}\n";
const callee = head + "void exact(double x, double d[4]) { int m; for (m = 0; m < 4; m++) d[m] = x * m; }\nvoid bump(void) { gp[0]++; }\nvoid via(int *p) { p[0] = 1; }\n";

test("a loop whose bound reads a global is counted when the called function's summary does not write it", () => {
  const l = loops({ "a.c": caller("exact(dn * i, t)"), "b.c": callee }).get(9)!;
  assert.equal(l.counted, "counted");
  assert.doesNotMatch(l.reasons, /dn is read before/, "the named array t passed to exact reaches t only, not the global dn");
});

test("negative: a callee that writes the global, one handed a pointer to it, or one not in the files keeps the loop uncounted", () => {
  assert.match(loops({ "a.c": caller("bump()"), "b.c": callee }).get(9)!.counted, /reads a global, and the body calls bump/);
  assert.match(loops({ "a.c": caller("via(gp)"), "b.c": callee }).get(9)!.counted, /gp is written/);
  assert.match(loops({ "a.c": caller("via(&gp[1])"), "b.c": callee }).get(9)!.counted, /gp is written/);
  const viaPointer = head + "void init(int *q) {\n  int i;\n  double t[4];\n  for (i = 0; i <= gp[0] - 1; i++) {\n    via(q);\n    u[i][0] = t[0];\n  }\n}\n";
  assert.match(loops({ "a.c": viaPointer, "b.c": callee }).get(9)!.counted, /reads a global, and the body calls via/, "q may point into gp");
  assert.match(loops({ "a.c": caller("exact(1.0, t)") }).get(9)!.counted, /reads a global, and the body calls exact/);
});

test("a callee that writes through a pointer argument leaves the loop counted when the pointer cannot reach the global", () => {
  const src = head + "void init(void) {\n  int i, loc[2];\n  for (i = 0; i <= gp[0] - 1; i++) {\n    via(loc);\n    u[i][0] = loc[0];\n  }\n}\n";
  assert.equal(loops({ "a.c": src, "b.c": callee }).get(8)!.counted, "counted");
});
