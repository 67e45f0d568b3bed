import { test } from "node:test";
import assert from "node:assert/strict";
import { MarkerError, parseExpectations, parseProgramOptions } from "./expectations.js";

test("fixed form: c, C, * and ! in column 1; the loop is the next line", () => {
  const src = ["      program p", "c doall: parallel private(T) reduction(+:S)", "      do 10 i = 1, n", "C doall: serial -- a(i-1)", "      do 20 i = 2, n", "* doall: either", "      do 30 i = 1, 3", "! doall: runtime if(m >= n)", "      do 40 i = 1, n"].join("\n");
  const xs = parseExpectations(src, "fortran");
  assert.deepEqual(
    xs.map((x) => [x.markerLine, x.loopLine, x.verdict]),
    [
      [2, 3, "parallel"],
      [4, 5, "serial"],
      [6, 7, "either"],
      [8, 9, "runtime"],
    ],
  );
  // Fortran names are case-insensitive: kept in lower case.
  assert.deepEqual(xs[0]!.clauses.private, ["t"]);
  assert.deepEqual(xs[0]!.clauses.reductions, [{ op: "+", var: "s" }]);
  assert.equal(xs[1]!.note, "a(i-1)");
  assert.equal(xs[3]!.clauses.ifCondition, "m >= n");
});

test("free form and C: indented comments, several clauses, linear with a step", () => {
  const f = parseExpectations("  ! doall: parallel lastprivate(t) linear(k:2) reduction(max:m, big)\n  do i = 1, n\n", "fortran")[0]!;
  assert.deepEqual(f.clauses.lastprivate, ["t"]);
  assert.deepEqual(f.clauses.linear, [{ var: "k", step: "2" }]);
  assert.deepEqual(f.clauses.reductions, [
    { op: "max", var: "m" },
    { op: "max", var: "big" },
  ]);
  const c = parseExpectations("int main() {\n    // doall: parallel private(j, Tmp) reduction(&&:ok)\n    for (i = 0; i < n; i++)\n    /* doall: serial */\n    for (;;) ;\n}\n", "c");
  assert.deepEqual(c.map((x) => x.loopLine), [3, 5]);
  // C is case-sensitive.
  assert.deepEqual(c[0]!.clauses.private, ["j", "Tmp"]);
  assert.deepEqual(c[0]!.clauses.reductions, [{ op: "&&", var: "ok" }]);
});

test("a free-form statement in column 1 is not a fixed-form comment", () => {
  assert.deepEqual(parseExpectations("call doall(x)\ncontains\n", "fortran"), []);
  // Nor is an OpenMP sentinel.
  assert.deepEqual(parseExpectations("!$omp parallel do\n", "fortran"), []);
});

test("malformed markers are errors with their line, never silently dropped", () => {
  assert.throws(() => parseExpectations("x\n! doall: paralel\n", "fortran"), (e: unknown) => e instanceof MarkerError && e.line === 2);
  assert.throws(() => parseExpectations("// doall: parallel private(a\n", "c"), /unbalanced/);
  assert.throws(() => parseExpectations("// doall: parallel shared(a)\n", "c"), /unknown clause/);
  assert.throws(() => parseExpectations("// doall: runtime\n", "c"), /if\(condition\)/);
  assert.throws(() => parseExpectations("// doall: serial private(t)\n", "c"), /no clauses/);
  assert.throws(() => parseExpectations("// note doall: serial\n", "c"), /must start its comment/);
});

test("program options: tolerance", () => {
  assert.deepEqual(parseProgramOptions("! doall-e2e: tolerance 1e-12\nprogram p\n", "fortran"), { tolerance: 1e-12 });
  assert.deepEqual(parseProgramOptions("int x;\n", "c"), {});
  assert.throws(() => parseProgramOptions("/* doall-e2e: tolerance lots */\n", "c"), /tolerance NUMBER/);
});
