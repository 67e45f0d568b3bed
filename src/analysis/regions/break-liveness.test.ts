import { before, test } from "node:test";
import assert from "node:assert/strict";
import { parseC } from "../../frontend/c/parse-c.js";
import { ensureCParser } from "../../node/c-parser-node.js";
import { planProgram } from "../../parallelize/plan-program.js";
import { memoryHost } from "../../source/host.js";

before(() => ensureCParser());

// NPB-C LU's ssor in small: time steps, each a sweep over k in which fill writes the work array a (over rows
// bounded by n, set at run time) and use reads it, given n by value (use changes its own copy: n stays as it
// was, so the rows a covers stay known after the call); the steps end early by a break.
const program = (loopEnd: string, useArgs = "k, a, n") => `#include <stdio.h>
#define N 32
double a[N][N], v[N][N][N];
int n;
void fill(int k) {
  for (int j = 1; j < n; j++)
    for (int i = 0; i < N; i++)
      a[j][i] = 0.25 / (1.0 + v[k][j][i] * v[k][j][i]);
}
void use(int k, double w[][N], int m) {
  m = m < 1 ? 1 : m;
  for (int j = 1; j < n; j++)
    for (int i = 0; i < N; i++)
      v[k][j][i] = 0.5 * v[k][j][i] + w[j][i] * v[k - 1][j][i] / m;
}
void solve(void) {
  for (int step = 0; step < 10; step++) {
    for (int k = 1; k < N; k++) {
      fill(k);
      use(${useArgs});
    }
${loopEnd}
  }
}
int main(int argc, char **argv) {
  n = N - argc;
  solve();
  printf("%f\\n", v[3][3][3]);
  return 0;
}
`;

/** Whether a's values may be read after the sweep, as privatization asks ("" when they may not). (A single C file is not a whole program: a, which fill reaches as a global, is not made threadprivate here.) */
function aBlocked(src: string): string {
  const plan = planProgram(parseC("t.c", src, memoryHost({})));
  const k = plan.loops.find((l) => l.proc.name === "solve" && l.loop.span.line === 18)!;
  assert.ok(k, "the sweep is at line 18");
  return [...k.hints, ...k.reasons.map((r) => r.message)].filter((m) => /array a .*used after the loop/.test(m)).join("; ");
}

test("a work array written before read in every iteration stays dead after its loop through a break out of the loop around it, and through calls given a bound by value", () => {
  assert.equal(aBlocked(program("    if (v[1][1][1] > 1.0e6) break;")), "");
  // Without the break, as before.
  assert.equal(aBlocked(program("")), "");
  // The next step's use reads a before fill writes it: live after the sweep.
  assert.match(aBlocked(program("    use(1, a, n);\n    if (v[1][1][1] > 1.0e6) break;")), /array a .*used after the loop/);
});
