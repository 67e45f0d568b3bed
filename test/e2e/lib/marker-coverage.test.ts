import { test } from "node:test";
import assert from "node:assert/strict";
import type { E2EProgram } from "./corpus.js";
import { parseExpectations } from "./expectations.js";
import { loopSites } from "./loop-sites.js";
import { markerProblems } from "./marker-coverage.js";

function program(text: string): E2EProgram {
  return { name: "t.c", lang: "c", path: "/nonexistent/t.c", text, headers: [], expectations: parseExpectations(text, "c") };
}

test("an unmarked loop, a stray marker and a parallel while loop are each reported", () => {
  const p = program(["int main(void) {", "  int i;", "  // doall: parallel", "  for (i = 0; i < 9; i++) ;", "  for (i = 0; i < 9; i++) ;", "  // doall: serial", "", "  // doall: parallel", "  while (i) i--;", "}"].join("\n"));
  const problems = markerProblems(p, loopSites(p.path, p.text, "c"));
  assert.deepEqual(problems, ["t.c:6: marker is not right before a loop", "t.c:8: marked parallel, but the loop is not a counted loop", "t.c:5: loop without a doall: marker on the line before"]);
});

test("a fully marked program has no problems", () => {
  const p = program(["void f(int *a) {", "  // doall: parallel", "  for (int i = 0; i < 9; i++)", "    // doall: serial", "    while (a[i]) a[i]--;", "}"].join("\n"));
  assert.deepEqual(markerProblems(p, loopSites(p.path, p.text, "c")), []);
});
