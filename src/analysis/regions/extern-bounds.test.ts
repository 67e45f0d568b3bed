import { before, test } from "node:test";
import assert from "node:assert/strict";
import { linkLoaded } from "../../driver/link-loaded.js";
import { loadProgram } from "../../driver/load-program.js";
import { parallelizeLoadedRun } from "../../driver/parallelize-file.js";
import { ensureCParser } from "../../node/c-parser-node.js";
import { memoryHost } from "../../source/host.js";

before(() => ensureCParser());

// A callee in another file bounds its loops by extern globals (NPB-C LU's jacld and blts by jst, jend): the
// summary's boxes name the callee file's symbols, and the caller's file declares the same objects (C11 6.2.2).
const files = {
  "g.h": "#define N 64\nextern double a[N][N], v[N][N][N];\nextern int jst, jend;\nvoid use(int k, double w[][N]);\n",
  "main.c": `#include <stdio.h>
#include "g.h"
double a[N][N], v[N][N][N];
int jst, jend;
int main(void) {
  jst = 1;
  jend = N - 1;
  for (int k = 1; k < N; k++)
    use(k, a);
  printf("%f\\n", v[3][3][3]);
  return 0;
}
`,
  "use.c": `#include "g.h"
void use(int k, double w[][N]) {
  for (int j = jst; j < jend; j++)
    for (int i = 1; i < N - 1; i++)
      v[k][j][i] = 0.5 * v[k][j][i] + w[j][i] * v[k - 1][j][i];
}
`,
};

test("a callee's regions bounded by extern globals keep their bounds in the caller's file (its own declarations of them)", () => {
  const host = memoryHost(files);
  const loaded = ["main.c", "use.c"].map((f) => loadProgram(f, host));
  const [main] = parallelizeLoadedRun(loaded, host, { link: linkLoaded(loaded)! });
  const k = main!.plan!.loops.find((l) => l.loop.span.line === 8)!;
  const messages = k.reasons.map((r) => r.message).join("\n");
  assert.match(messages, /use reads v\[k - 1:k\]\[jst:jend - 1\]\[1:62\]/, messages);
  // A static of that name in the callee's file is another object: no bound.
  const own = { ...files, "use.c": files["use.c"].replace('#include "g.h"\n', '#include "g.h"\nstatic int jst2;\n').replace("int j = jst;", "int j = jst2;") };
  const host2 = memoryHost(own);
  const loaded2 = ["main.c", "use.c"].map((f) => loadProgram(f, host2));
  const [main2] = parallelizeLoadedRun(loaded2, host2, { link: linkLoaded(loaded2)! });
  const k2 = main2!.plan!.loops.find((l) => l.loop.span.line === 8)!;
  assert.match(k2.reasons.map((r) => r.message).join("\n"), /use reads v\[k - 1:k\]\[\*\]\[1:62\]/);
});
