import { before, test } from "node:test";
import assert from "node:assert/strict";
import { ensureCParser } from "../node/c-parser-node.js";
import { loadProgram } from "../driver/load-program.js";
import { parallelizeLoadedRun } from "../driver/parallelize-file.js";
import { memoryHost } from "../source/host.js";

before(async () => {
  await ensureCParser();
});

/** doall parallelize on one C file: its text. */
function run(src: string): string {
  const host = memoryHost({ "c.c": src });
  return parallelizeLoadedRun([loadProgram("c.c", host)], host, {})[0]!.output!;
}

// A loop worth pipelining: each iteration's own work (the j loop), then c[i] from c[i - 1].
const program = (pre: string[], body: string[]) =>
  [...pre, "#define K 64", "#define M 100000", "static int c[K], w[K][M];", "void f(void) {", "  int i, j;", "  for (i = 1; i < K; i++) {", ...body, "  }", "}", ""].join("\n");
const work = "    for (j = 0; j < M; j++) w[i][j] = (w[i][j] * 5 + i + j) % 1013;";
const step = "    c[i] = (c[i] * 7 + c[i - 1]) % 100003;";

test("a pipelined loop: the ordered lines around the statement carried from one iteration to the next", () => {
  const out = run(program([], [work, step]));
  assert.match(out, /#pragma omp parallel for .*ordered\(1\)/);
  assert.match(out, /#pragma omp ordered depend\(sink: i - 1\)\n\s*c\[i\] = /);
});

test("found by fuzzing: no ordered line between a user's pragma or a label and its statement, nor inside a macro's statements", () => {
  // `#pragma GCC ivdep` must stand right before its for: gcc refused `for ... expected before #pragma`.
  const pragma = run(program([], [step, "#pragma GCC ivdep", work]));
  assert.doesNotMatch(pragma, /#pragma GCC ivdep\n\s*#pragma omp ordered/);
  assert.doesNotMatch(pragma, /ordered\(1\)/);
  // A label on the line before would label the standalone directive, which gcc refuses.
  const label = run(program([], [work, "  step:", step]));
  assert.doesNotMatch(label, /step:\n\s*#pragma omp ordered/);
  assert.doesNotMatch(label, /ordered\(1\)/);
  // STEP(i) is two statements at one place: `depend(source)` before the second would go before the first.
  const macro = run(program(["#define STEP(k) c[k] = (c[k] * 7 + c[k - 1]) % 100003; for (j = 0; j < M; j++) w[k][j] = (w[k][j] * 3 + k + j) % 1009"], ["    STEP(i);"]));
  assert.doesNotMatch(macro, /ordered\(1\)/);
});
