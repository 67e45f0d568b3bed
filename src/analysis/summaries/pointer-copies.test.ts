import { before, test } from "node:test";
import assert from "node:assert/strict";
import { parseC } from "../../frontend/c/parse-c.js";
import { ensureCParser } from "../../node/c-parser-node.js";
import { planProgram } from "../../parallelize/plan-program.js";
import { memoryHost } from "../../source/host.js";

before(() => ensureCParser());

/** The loop over k in main that calls sweep(k, v): its verdict. */
function verdict(sweepBody: string): { parallel: boolean; why: string } {
  const src = `#define N 32
double v[N][N][5];
static double norm(double (*r)[5]) {
  double s = 0.0;
  for (int j = 0; j < N; j++)
    for (int m = 0; m < 5; m++)
      s += r[j][m] * r[j][m];
  return s;
}
static void sweep(int k, double w[][N][5]) {
${sweepBody}
}
int main(void) {
  for (int k = 1; k < N; k++)
    sweep(k, v);
  return 0;
}
`;
  const plan = planProgram(parseC("t.c", src, memoryHost({})));
  const l = plan.loops.find((x) => x.proc.name === "main")!;
  return { parallel: l.parallel || l.runtimeCheck !== null, why: l.reasons.map((r) => r.message).join("; ") };
}

test("a callee that reaches its array through pointers it makes from it (NPB-C LU's blts: vk = v[k], vkm1 = v[k - 1]): the call touches any element", () => {
  // sweep(k) reads plane k - 1 and writes plane k: the loop over k carries a dependence.
  const rows = verdict(`  double (*wk)[5] = w[k];
  double (*wkm1)[5] = w[k - 1];
  for (int j = 0; j < N; j++)
    for (int m = 0; m < 5; m++)
      wk[j][m] = 0.5 * wk[j][m] + 0.25 * wkm1[j][m];`);
  assert.equal(rows.parallel, false, rows.why);
  // The same through &w[k][0][0] and a flat pointer.
  const flat = verdict(`  double *p = &w[k][0][0], *q = &w[k - 1][0][0];
  for (int j = 0; j < N * 5; j++)
    p[j] = 0.5 * p[j] + 0.25 * q[j];`);
  assert.equal(flat.parallel, false, flat.why);
  // Written through its own subscripts, plane k only: parallel, as before.
  const own = verdict(`  for (int j = 0; j < N; j++)
    for (int m = 0; m < 5; m++)
      w[k][j][m] = 0.5 * w[k][j][m];`);
  assert.equal(own.parallel, true, own.why);
  // Plane k given to a function that returns a number: no pointer kept, its regions say what it reads.
  const called = verdict(`  double s = norm(w[k]);
  for (int j = 0; j < N; j++)
    for (int m = 0; m < 5; m++)
      w[k][j][m] = 0.5 * w[k][j][m] / (1.0 + s);`);
  assert.equal(called.parallel, true, called.why);
});
