import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { parseFortran } from "../frontend/fortran/parse-fortran.js";
import { memoryHost } from "../source/host.js";
import { planProgram } from "./plan-program.js";

/**
 * Issue 20 §4's property for pipelined loops: random one-deep loops of
 * statements `x(i+p) = y(i+q) + ...` over three arrays (every kind of
 * carried dependence at distances up to 3, and statements that take part
 * in none). Whenever doall finds an ordered span (doacross.ts), the loop
 * is run by an interpreter in the most adversarial order OpenMP allows:
 * the statements before the span of every iteration first, last iteration
 * first; then the spans in iteration order; then the statements after it,
 * last iteration first. It must compute what the loop computes in order.
 */
interface Ref {
  arr: "a" | "b" | "c";
  d: number;
}
interface Stmt {
  lhs: Ref;
  rhs: Ref[];
}
const N = 12;
const OFF = 3;
const ref = fc.record({ arr: fc.constantFrom<"a" | "b" | "c">("a", "b", "c"), d: fc.integer({ min: -OFF, max: OFF }) });
const body = fc.array(fc.record({ lhs: ref, rhs: fc.array(ref, { minLength: 1, maxLength: 2 }) }), { minLength: 2, maxLength: 5 });
const sub = (d: number) => (d === 0 ? "i" : d > 0 ? `i + ${d}` : `i - ${-d}`);
const text = (r: Ref) => `${r.arr}(${sub(r.d)})`;

function source(stmts: Stmt[]): string {
  return [
    "program p",
    `  double precision :: a(${N + 2 * OFF}), b(${N + 2 * OFF}), c(${N + 2 * OFF})`,
    "  integer :: i",
    "  a = 1.0d0",
    "  b = 2.0d0",
    "  c = 3.0d0",
    `  do i = ${1 + OFF}, ${N + OFF}`,
    ...stmts.map((s) => `    ${text(s.lhs)} = ${s.rhs.map(text).join(" + ")} + 1.0d0`),
    "  end do",
    "  print *, a(3), b(4), c(5)",
    "end program",
  ].join("\n");
}

function run(stmts: Stmt[], span: { lo: number; hi: number } | null): string {
  const size = N + 2 * OFF + 1;
  const arrays = { a: new Float64Array(size), b: new Float64Array(size), c: new Float64Array(size) };
  for (let x = 0; x < size; x++) {
    arrays.a[x] = (x * 7) % 11;
    arrays.b[x] = (x * 5) % 13;
    arrays.c[x] = (x * 3) % 7;
  }
  const exec = (s: Stmt, i: number) => (arrays[s.lhs.arr][i + s.lhs.d] = s.rhs.reduce((sum, r) => sum + arrays[r.arr][i + r.d]!, 0) + 1);
  const iters: number[] = [];
  for (let i = 1 + OFF; i <= N + OFF; i++) iters.push(i);
  if (!span) for (const i of iters) for (const s of stmts) exec(s, i);
  else {
    for (const i of [...iters].reverse()) for (const s of stmts.slice(0, span.lo)) exec(s, i);
    for (const i of iters) for (const s of stmts.slice(span.lo, span.hi + 1)) exec(s, i);
    for (const i of [...iters].reverse()) for (const s of stmts.slice(span.hi + 1)) exec(s, i);
  }
  return `${arrays.a.join(",")}|${arrays.b.join(",")}|${arrays.c.join(",")}`;
}

test("doacross property: every ordered span doall finds keeps the loop's result under the most adversarial schedule (interpreter)", () => {
  let spans = 0;
  let partial = 0;
  fc.assert(
    fc.property(body, (stmts) => {
      const plans = planProgram(parseFortran("t.f90", source(stmts), memoryHost({})), { rangeFacts: false });
      const loop = plans.loops.find((l) => l.loop.span.line === 7)!;
      const span = loop.doacross;
      if (!span) return;
      spans++;
      if (span.lo > 0 || span.hi < stmts.length - 1) partial++;
      assert.equal(run(stmts, span), run(stmts, null), source(stmts));
    }),
    { numRuns: 400, seed: 43 },
  );
  // Exercised, and not only by spans that hold the whole body (which order everything).
  assert.ok(spans >= 20 && partial >= 10, `${spans} spans, ${partial} partial`);
});
