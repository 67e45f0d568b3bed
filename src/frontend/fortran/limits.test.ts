import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { evalInt } from "../../ir/const-eval.js";
import type { Expr } from "../../ir/expr.js";
import type { AssignStmt } from "../../ir/stmt.js";
import { collectLoops, userLoops } from "../../ir/walk.js";
import { memoryHost } from "../../source/host.js";
import { parseFortran } from "./parse-fortran.js";

/**
 * What the Fortran front end does at the edges of what it can represent
 * (issue 22): literals past 2^53, expressions nested or chained thousands
 * deep, a zero DO step, statements that share a line with a loop.
 */
const read = (text: string, path = "t.f90") => parseFortran(path, text, memoryHost({}));
const errors = (text: string) => read(text).diagnostics.filter((d) => d.severity === "error");
/** The right-hand side of the first assignment of the main program. */
const firstRhs = (text: string): Expr => {
  const a = read(text).procedures[0]!.body.find((s) => s.kind === "assign") as AssignStmt | undefined;
  assert.ok(a, "no assignment");
  return a.rhs;
};

test("an integer literal past 2^53 is opaque, not the nearest double", () => {
  const e = firstRhs("program p\n  integer(8) :: k\n  k = 9007199254740993_8\nend program\n");
  assert.equal(e.kind, "unknown");
  // The difference of two such literals is not folded to 0 (it is -1).
  assert.equal(evalInt(firstRhs("program p\n  integer(8) :: k\n  k = 9007199254740992_8 - 9007199254740993_8\nend program\n")), undefined);
  // 2^53 - 1 is still exact.
  assert.equal(evalInt(firstRhs("program p\n  integer(8) :: k\n  k = 9007199254740991_8 - 1\nend program\n")), 9007199254740990);
  const boz = firstRhs("program p\n  integer(8) :: k\n  k = z'7fffffffffffffff'\nend program\n");
  assert.equal(boz.kind, "unknown");
});

test("5,000 nested parentheses or signs: a positioned error, no crash", () => {
  for (const rhs of ["(".repeat(5000) + "x" + ")".repeat(5000), "-".repeat(5000) + "x", "f(".repeat(3000) + "x" + ")".repeat(3000)]) {
    const es = errors(`program p\n  real :: x, y\n  y = ${rhs}\nend program\n`);
    assert.equal(es.length, 1, JSON.stringify(es));
    assert.match(es[0]!.message, /nested more than 200 levels deep/);
    assert.equal(es[0]!.span?.line, 3);
    assert.ok((es[0]!.span?.column ?? 0) > 1);
  }
  // 150 levels are read.
  assert.deepEqual(errors(`program p\n  real :: x, y\n  y = ${"(".repeat(150)}x${")".repeat(150)}\nend program\n`), []);
});

test("a statement continued over 250 lines (5,000 terms) is read", () => {
  const lines = Array.from({ length: 250 }, () => "    " + Array(20).fill("x").join(" + ") + " + &");
  const text = `program p\n  real :: x, y\n  y = &\n${lines.join("\n")}\n    x\nend program\n`;
  assert.deepEqual(errors(text), []);
  // Regrouped as a balanced tree: 13 levels, not 5,000 (log2 5001 is 12.3).
  assert.ok(depth(firstRhs(text)) <= 14, `depth ${depth(firstRhs(text))}`);
});

/** The depth of a lowered expression tree. */
function depth(e: Expr): number {
  if (e.kind === "binary") return 1 + Math.max(depth(e.left), depth(e.right));
  if (e.kind === "unary" || e.kind === "cast") return 1 + depth(e.operand);
  return 1;
}

test("long runs of + and - are regrouped: same value as left to right, logarithmic depth (property, against evaluation)", () => {
  fc.assert(
    fc.property(fc.array(fc.tuple(fc.constantFrom("+", "-", "*"), fc.integer({ min: -9, max: 9 })), { minLength: 1, maxLength: 80 }), fc.integer({ min: 0, max: 9 }), (run, first) => {
      const text = `${first}` + run.map(([op, v]) => ` ${op} ${v < 0 ? `(${v})` : v}`).join("");
      // Fortran: * binds tighter than + and -; each is left-associative within its level.
      const expected = run.reduce<{ sum: number; term: number }>(
        (acc, [op, v]) => (op === "*" ? { sum: acc.sum, term: acc.term * v } : { sum: acc.sum + acc.term, term: op === "-" ? -v : v }),
        { sum: 0, term: first },
      );
      const e = firstRhs(`program p\n  integer(8) :: k\n  k = ${text}\nend program\n`);
      // (+ 0: -0 and 0 are the same integer.)
      assert.equal((evalInt(e) ?? NaN) + 0, expected.sum + expected.term + 0, text);
      const adds = run.filter(([op]) => op !== "*").length;
      if (adds > 16 && run.every(([op]) => op !== "*")) assert.ok(depth(e) <= 12, `depth ${depth(e)} for ${adds + 1} terms`);
    }),
    { numRuns: 300 },
  );
});

test("a zero DO step is an error at the step, and the loop is no candidate", () => {
  const p = read("program p\n  integer :: a(10), i\n  do i = 1, 10, 0\n    a(i) = i\n  end do\nend program\n");
  const es = p.diagnostics.filter((d) => d.severity === "error");
  assert.deepEqual(es.map((d) => [d.message, d.span?.line, d.span?.column]), [["the DO step is zero", 3, 17]]);
  const [l] = collectLoops(p.procedures[0]!.body);
  assert.equal(l!.loop.candidate, false);
});

test("statements that share a line with a loop's DO or END DO are recorded on the loop", () => {
  const p = read(
    [
      "program p",
      "  integer :: a(9), i",
      "  a = 0; do i = 1, 9; a(i) = i; end do",
      "  do i = 1, 9; a(i) = i; end do; a(1) = 0",
      "  do i = 1, 9",
      "    a(i) = 1",
      "  end do ;",
      "  a(2) = 3; &",
      "    do i = 1, 9",
      "    a(i) = 1",
      "  end do",
      "end program",
      "",
    ].join("\n"),
  );
  assert.deepEqual(p.diagnostics, []);
  const loops = userLoops(p.procedures[0]!.body).map(({ loop }) => [loop.span.line, loop.sharesLine ?? null]);
  assert.deepEqual(loops, [
    [3, { first: true }],
    [4, { last: true }],
    // A lone `;` shares nothing; a DO continued onto the next line starts there.
    [5, null],
    [9, null],
  ]);
});

test("a named BLOCK, ASSOCIATE or CRITICAL construct is unsupported like an unnamed one: a warning, not a syntax error", () => {
  for (const [open, close] of [
    ["outer: block", "end block outer"],
    ["sec: critical", "end critical sec"],
    ["al: associate (t => a(1))", "end associate al"],
  ]) {
    const r = read(`program p\n  real :: a(10)\n  ${open}\n    a(2) = 1.0\n  ${close}\n  print *, a(2)\nend program\n`);
    assert.deepEqual(errors(`program p\n  real :: a(10)\n  ${open}\n    a(2) = 1.0\n  ${close}\nend program\n`), [], open);
    const w = r.diagnostics.find((d) => d.severity === "warning");
    assert.match(w?.message ?? "", /(BLOCK|CRITICAL|ASSOCIATE) is not supported/, open);
  }
  // A name on a statement that takes none is still an error.
  assert.match(errors("program p\n  nm: print *, 1\nend program\n")[0]?.message ?? "", /a construct name is not allowed/);
});

test("fixed form, found by fuzzing: blanks mean nothing, `do 30 i = 1.5` assigns do30i and `do 2 0 i = 1, n` is DO 20", () => {
  const src = ["      program p", "      real do30i", "      integer i, n, a(10)", "      n = 10", "      do 30 i = 1.5", "      do 2 0 i = 1, n", "      a(i) = i", "   20 continue", "      print *, do30i, a(n)", "      end", ""].join("\n");
  const program = parseFortran("t.f", src, memoryHost({ "t.f": src }));
  assert.deepEqual(program.diagnostics.filter((d) => d.severity === "error").map((d) => d.message), []);
  const body = program.procedures[0]!.body;
  const assign = body.find((s): s is AssignStmt => s.kind === "assign" && s.lhs.kind === "var" && s.lhs.sym.name === "do30i");
  assert.ok(assign, "an assignment to do30i");
  assert.equal(collectLoops(body).length, 1);
});
