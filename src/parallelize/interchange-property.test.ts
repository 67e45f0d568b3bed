import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { parseFortran } from "../frontend/fortran/parse-fortran.js";
import { memoryHost } from "../source/host.js";
import { planProgram } from "./plan-program.js";

/**
 * Issue 20's property: random two-deep nests of statements `a(i+p, j+q) =
 * a(i+r, j+s) + ...` (constant-distance dependences, every direction
 * pair possible) are run by a small interpreter in the order written and
 * in the interchanged order. Whenever doall decides to interchange a nest
 * (interchange.ts, before profitability settles it), both orders compute
 * the same arrays: no illegal interchange, whatever the dependences.
 */
interface Ref {
  arr: "a" | "b";
  di: number;
  dj: number;
}
interface Stmt {
  lhs: Ref;
  rhs: Ref[];
}

const N = 8;
const M = 7;
const OFF = 2;
const ref = fc.record({ arr: fc.constantFrom<"a" | "b">("a", "b"), di: fc.integer({ min: -OFF, max: OFF }), dj: fc.integer({ min: -OFF, max: OFF }) });
const stmt = fc.record({ lhs: ref, rhs: fc.array(ref, { minLength: 1, maxLength: 2 }) });

const sub = (v: string, d: number) => (d === 0 ? v : d > 0 ? `${v} + ${d}` : `${v} - ${-d}`);
const text = (r: Ref) => `${r.arr}(${sub("i", r.di)}, ${sub("j", r.dj)})`;

function source(stmts: Stmt[]): string {
  const lo = 1 + OFF;
  return [
    "program p",
    `  integer, parameter :: n = ${N + OFF}, m = ${M + OFF}`,
    `  double precision :: a(${1}:${N + 2 * OFF}, ${1}:${M + 2 * OFF}), b(${1}:${N + 2 * OFF}, ${1}:${M + 2 * OFF})`,
    "  integer :: i, j",
    "  a = 1.0d0",
    "  b = 2.0d0",
    `  do i = ${lo}, n`,
    `    do j = ${lo}, m`,
    ...stmts.map((s) => `      ${text(s.lhs)} = ${s.rhs.map(text).join(" + ")} + 1.0d0`),
    "    end do",
    "  end do",
    "  print *, a(3, 4), b(5, 6)",
    "end program",
  ].join("\n");
}

/** The arrays after the nest runs with i outside (or j outside, interchanged). */
function interpret(stmts: Stmt[], interchanged: boolean): string {
  const W = N + 2 * OFF + 1;
  const H = M + 2 * OFF + 1;
  const arrays = { a: new Float64Array(W * H), b: new Float64Array(W * H) };
  for (let x = 0; x < W * H; x++) {
    arrays.a[x] = (x * 7) % 11;
    arrays.b[x] = (x * 5) % 13;
  }
  const at = (r: Ref, i: number, j: number) => (i + r.di) * H + (j + r.dj);
  const body = (i: number, j: number) => {
    for (const s of stmts) arrays[s.lhs.arr][at(s.lhs, i, j)] = s.rhs.reduce((sum, r) => sum + arrays[r.arr][at(r, i, j)]!, 0) + 1;
  };
  const lo = 1 + OFF;
  if (!interchanged) for (let i = lo; i <= N + OFF; i++) for (let j = lo; j <= M + OFF; j++) body(i, j);
  else for (let j = lo; j <= M + OFF; j++) for (let i = lo; i <= N + OFF; i++) body(i, j);
  return `${arrays.a.join(",")}|${arrays.b.join(",")}`;
}

test("interchange property: every nest doall interchanges computes what it computes as written (interpreter)", () => {
  let decided = 0;
  fc.assert(
    fc.property(fc.array(stmt, { minLength: 1, maxLength: 3 }), (stmts) => {
      const plans = planProgram(parseFortran("t.f90", source(stmts), memoryHost({})), { rangeFacts: false });
      const outer = plans.loops.find((l) => l.loop.span.line === 7)!;
      if (!outer.interchange) return;
      decided++;
      assert.equal(interpret(stmts, true), interpret(stmts, false), source(stmts));
    }),
    { numRuns: 300, seed: 20 },
  );
  // The property must have been exercised.
  assert.ok(decided >= 10, `only ${decided} nests interchanged`);
});
