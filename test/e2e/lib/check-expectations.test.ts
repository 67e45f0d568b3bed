import { test } from "node:test";
import assert from "node:assert/strict";
import { checkExpectations } from "./check-expectations.js";
import { parseClauses } from "./emitted-loops.js";
import { parseExpectations } from "./expectations.js";

const src = [
  "// doall: parallel private(t) reduction(+:s)",
  "for (i = 0; i < n; i++) {}",
  "// doall: serial -- prefix sum",
  "for (i = 1; i < n; i++) {}",
  "// doall: either",
  "for (i = 0; i < 3; i++) {}",
  "// doall: runtime if(m >= n)",
  "for (i = 0; i < n; i++) {}",
  "// doall: parallel",
  "for (i = 0; i < n; i++) {}",
].join("\n");
const xs = parseExpectations(src, "c");
const at = (line: number, clauses = "", rewritten = false) => ({ line, directive: "parallel for " + clauses, clauses: parseClauses(clauses, "c"), rewritten });

test("a directive on a serial loop is unsound; a parallel loop without one is only missed", () => {
  const r = checkExpectations(xs, [at(2, "private(t) reduction(+:s)"), at(4)]);
  assert.equal(r.ok, false);
  assert.deepEqual(r.unsound.map((u) => u.expectation.loopLine), [4]);
  assert.match(r.unsound[0]!.why, /prefix sum/);
  assert.deepEqual(r.missed.map((m) => m.loopLine), [10]);
  assert.deepEqual(r.precision, { expected: 2, found: 1 });
  assert.deepEqual(r.clauseDifferences, []);
});

test("either loops may get a directive; runtime loops only with an if clause", () => {
  assert.equal(checkExpectations(xs, [at(6), at(8, "if(m >= n)")]).ok, true);
  const r = checkExpectations(xs, [at(8)]);
  assert.equal(r.ok, false);
  assert.match(r.unsound[0]!.why, /if\(\) clause/);
});

test("clause differences are reported, not failed; bare line numbers carry no clauses", () => {
  const r = checkExpectations(xs, [at(2, "private(t, j)")]);
  assert.equal(r.ok, true);
  assert.deepEqual(r.clauseDifferences, [{ line: 2, missing: ["reduction(+:s)"], extra: ["private(j)"] }]);
  assert.deepEqual(checkExpectations(xs, [2, 10]).clauseDifferences, []);
  assert.equal(checkExpectations(xs, [2, 10]).precision.found, 2);
});

test("a directive on an unmarked line fails; on a rewritten serial loop it is left to the run", () => {
  assert.equal(checkExpectations(xs, [at(3)]).ok, false);
  const r = checkExpectations(xs, [at(4, "", true)]);
  assert.equal(r.ok, true);
  assert.equal(r.rewrittenSerial.length, 1);
});

test("a pipelined directive (ordered(n)) on a loop marked serial is left to the run; a plain one there fails", () => {
  const pipelined = checkExpectations(xs, [at(4, "ordered(1) schedule(static, 1)")]);
  assert.equal(pipelined.ok, true);
  assert.equal(pipelined.rewrittenSerial.length, 1);
  assert.equal(checkExpectations(xs, [at(4, "schedule(static, 1)")]).ok, false);
});
