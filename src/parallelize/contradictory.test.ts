import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import type { Expr } from "../ir/expr.js";
import { fortran } from "../analysis/test-support/parse.js";
import { contradictory } from "./contradictory.js";
import { planProgram } from "./plan-program.js";

const span = { file: "t", line: 1, column: 1, endLine: 1, endColumn: 1 };
const int = (v: number) => ({ kind: "int", value: v, span, type: { base: "integer", bytes: 4 } }) as Expr;
const n = { kind: "var", sym: { id: 1, name: "n", type: { base: "integer", bytes: 4 }, dims: [], storage: "dummy", attrs: {} }, span, type: { base: "integer", bytes: 4 } } as unknown as Expr;
const plus = (e: Expr, c: number) => ({ kind: "binary", op: "+", left: e, right: int(c), span, type: e.type }) as Expr;
const le = (a: Expr, b: Expr) => ({ kind: "binary", op: "<=", left: a, right: b, span, type: { base: "logical" } }) as Expr;

const cmp = (op: string, a: Expr, b: Expr) => ({ kind: "binary", op, left: a, right: b, span, type: { base: "logical" } }) as Expr;
const holds = (op: string, a: number, b: number) => (op === "<=" ? a <= b : op === "<" ? a < b : op === ">=" ? a >= b : a > b);

/** Any of <=, <, >=, > between a constant and n + k, two of them, alone or as one `.and.`: contradictory exactly when no integer n satisfies both (brute force). */
test("contradictory comparisons of any direction, and conjunctions: as brute force says", () => {
  const one = fc.record({ op: fc.constantFrom("<=", "<", ">=", ">"), left: fc.boolean(), c: fc.integer({ min: -5, max: 5 }), k: fc.integer({ min: -3, max: 3 }) });
  fc.assert(
    fc.property(one, one, fc.boolean(), (x, y, joined) => {
      const e = (q: typeof x) => (q.left ? cmp(q.op, int(q.c), plus(n, q.k)) : cmp(q.op, plus(n, q.k), int(q.c)));
      const sat = (q: typeof x, v: number) => (q.left ? holds(q.op, q.c, v + q.k) : holds(q.op, v + q.k, q.c));
      let some = false;
      for (let v = -20; v <= 20; v++) if (sat(x, v) && sat(y, v)) some = true;
      const exprs = joined ? [cmp("and", e(x), e(y))] : [e(x), e(y)];
      assert.equal(contradictory(exprs), !some, JSON.stringify({ x, y, joined }));
    }),
    { numRuns: 400, seed: 11 },
  );
});

test("a run-time check and a profitability guard that never both hold: no directive (issue 17)", () => {
  // a(i - 2) read after a(i) is written: parallel only while n <= 3; a region pays only from about 10,000 iterations.
  const src = ["subroutine s(a, b, c, n)", "  integer :: n, i", "  double precision :: a(0:n), b(n), c(n)", "  do i = 2, n", "    a(i) = b(i) * 2.0d0", "    c(i) = a(i - 2) + b(i)", "  end do", "end subroutine"].join("\n");
  const plan = planProgram(fortran(src), { rangeFacts: false, restructure: false }).loops[0]!;
  assert.ok(plan.runtimeCheck);
  assert.equal(plan.emitted, false);
  assert.match(plan.reasons.map((r) => r.message).join("\n"), /parallel only when n <= 3, and a region pays only when .*: never both/);
});

/** Comparisons c <= n + k or n + k <= c: found contradictory exactly when no integer n satisfies two of them (brute force over n). */
test("contradictory comparisons of one value: as brute force says", () => {
  fc.assert(
    fc.property(fc.array(fc.record({ below: fc.boolean(), c: fc.integer({ min: -5, max: 5 }), k: fc.integer({ min: -3, max: 3 }) }), { minLength: 2, maxLength: 2 }), (cs) => {
      const exprs = cs.map((x) => (x.below ? le(int(x.c), plus(n, x.k)) : le(plus(n, x.k), int(x.c))));
      let some = false;
      for (let v = -20; v <= 20; v++) if (cs.every((x) => (x.below ? x.c <= v + x.k : v + x.k <= x.c))) some = true;
      assert.equal(contradictory(exprs), !some, JSON.stringify(cs));
    }),
    { numRuns: 300, seed: 7 },
  );
});

test("a work array private only under contradictory bounds is not private: no check that never holds", () => {
  const src = [
    "subroutine s(out, n, m)",
    "  integer n, m, k, j",
    "  double precision out(m), w(0:40), t",
    "  do k = 1, m",
    "    w(0) = k",
    "    do j = 1, n - 1",
    "      w(j) = k + j",
    "    end do",
    // w(n) lies only in w(0) (n <= 0), w(1) only in w(1:n-1) (n >= 2).
    "    t = w(n) + w(1)",
    "    out(k) = t",
    "  end do",
    "end subroutine",
  ].join("\n");
  const plan = planProgram(fortran(src), { rangeFacts: false }).loops.find((l) => l.loop.span.line === 4)!;
  assert.equal(plan.runtimeCheck, null, plan.runtimeCheck?.fortran);
  assert.ok(!plan.privateArrays.includes("w"));
  assert.ok(plan.hints.some((h) => /contradict/.test(h)), plan.hints.join("; "));
});
