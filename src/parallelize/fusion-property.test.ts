import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { parseFortran } from "../frontend/fortran/parse-fortran.js";
import { memoryHost } from "../source/host.js";
import { planProgram } from "./plan-program.js";

/**
 * Issue 20's property for fusion (fusion.ts): two adjacent loops over the
 * same range, their bodies random statements `x(i+p) = y(i+q) + z(i+r) +
 * 1` (constant-distance dependences within and across the bodies, every
 * direction) and `t = y(i+q)` / uses of the scalar t (a value one loop
 * leaves for the other), are run by a small interpreter as written (the
 * first loop, then the second) and fused (each iteration the first body,
 * then the second). Whenever doall makes the pair a fusion candidate, both
 * orders leave the same arrays: no illegal fusion, whatever the
 * dependences. And some pairs are fused (the test would pass vacuously
 * otherwise).
 */
type Arr = "a" | "b" | "c";
type Stmt = { kind: "array"; lhs: [Arr, number]; rhs: [Arr, number][]; t: boolean } | { kind: "scalar"; rhs: [Arr, number] };

const OFF = 2;
const N = 9;
const arr = fc.constantFrom<Arr>("a", "b", "c");
// Mostly the same element (each loop parallel on its own, so that many pairs are candidates), sometimes a neighbour's.
const offset = fc.oneof({ weight: 3, arbitrary: fc.constant(0) }, { weight: 2, arbitrary: fc.integer({ min: -OFF, max: OFF }) });
const at = fc.tuple(arr, offset);
const stmt: fc.Arbitrary<Stmt> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ kind: fc.constant("array" as const), lhs: at, rhs: fc.array(at, { minLength: 1, maxLength: 2 }), t: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("scalar" as const), rhs: at }) },
);
const body = fc.array(stmt, { minLength: 1, maxLength: 3 });

const sub = (d: number) => (d === 0 ? "i" : d > 0 ? `i + ${d}` : `i - ${-d}`);
const refText = ([x, d]: [Arr, number]) => `${x}(${sub(d)})`;
const line = (s: Stmt) => (s.kind === "scalar" ? `t = ${refText(s.rhs)}` : `${refText(s.lhs)} = ${s.rhs.map(refText).join(" + ")}${s.t ? " + t" : ""} + 1.0d0`);

function source(b1: Stmt[], b2: Stmt[]): string {
  return [
    "subroutine s(a, b, c, n)",
    "  integer :: n, i",
    `  double precision :: a(n + ${2 * OFF}), b(n + ${2 * OFF}), c(n + ${2 * OFF}), t`,
    "  t = 0.5d0",
    `  do i = ${1 + OFF}, n + ${OFF}`,
    ...b1.map((s) => `    ${line(s)}`),
    "  end do",
    `  do i = ${1 + OFF}, n + ${OFF}`,
    ...b2.map((s) => `    ${line(s)}`),
    "  end do",
    "end subroutine",
  ].join("\n");
}

/** The arrays after the two loops, as written or fused; n = N. */
function interpret(b1: Stmt[], b2: Stmt[], fused: boolean): string {
  const size = N + 2 * OFF + 1;
  const v: Record<Arr, Float64Array> = { a: new Float64Array(size), b: new Float64Array(size), c: new Float64Array(size) };
  for (let x = 0; x < size; x++) {
    v.a[x] = (x * 7) % 11;
    v.b[x] = (x * 5) % 13;
    v.c[x] = (x * 3) % 7;
  }
  let t = 0.5;
  const run = (list: Stmt[], i: number) => {
    for (const s of list) {
      if (s.kind === "scalar") t = v[s.rhs[0]][i + s.rhs[1]]!;
      else v[s.lhs[0]][i + s.lhs[1]] = s.rhs.reduce((sum, [x, d]) => sum + v[x][i + d]!, 0) + (s.t ? t : 0) + 1;
    }
  };
  const lo = 1 + OFF;
  const hi = N + OFF;
  if (fused)
    for (let i = lo; i <= hi; i++) {
      run(b1, i);
      run(b2, i);
    }
  else {
    for (let i = lo; i <= hi; i++) run(b1, i);
    for (let i = lo; i <= hi; i++) run(b2, i);
  }
  return `${v.a.join(",")}|${v.b.join(",")}|${v.c.join(",")}`;
}

function fusable(b1: Stmt[], b2: Stmt[]): boolean {
  const src = source(b1, b2);
  const p = parseFortran("s.f90", src, memoryHost({ "s.f90": src }));
  assert.deepEqual(p.diagnostics.filter((d) => d.severity === "error"), [], src);
  const plan = planProgram(p, { rangeFacts: false });
  return plan.loops.some((l) => l.fusable);
}

test("fusion: two loops over one range with random constant-distance dependences and a scalar between them; every pair doall would fuse computes the same fused (property)", () => {
  let fused = 0;
  fc.assert(
    fc.property(body, body, (b1, b2) => {
      if (!fusable(b1, b2)) return;
      fused++;
      assert.equal(interpret(b1, b2, true), interpret(b1, b2, false), source(b1, b2));
    }),
    { numRuns: 500, seed: 20261126 },
  );
  assert.ok(fused >= 20, `only ${fused} of 500 pairs were fusion candidates`);
});

test("fusion: a pair the test must refuse, and one it must take", () => {
  // The second loop reads a(i + 1), which the first writes in a later iteration: fused, it would read the old value.
  const back: [Stmt[], Stmt[]] = [[{ kind: "array", lhs: ["a", 0], rhs: [["b", 0]], t: false }], [{ kind: "array", lhs: ["c", 0], rhs: [["a", 1]], t: false }]];
  assert.notEqual(interpret(...back, true), interpret(...back, false));
  assert.equal(fusable(...back), false);
  // The second loop reads t, the first loop's last value: fused, each iteration would read its own.
  const scalar: [Stmt[], Stmt[]] = [[{ kind: "scalar", rhs: ["b", 0] }, { kind: "array", lhs: ["a", 0], rhs: [["b", 1]], t: true }], [{ kind: "array", lhs: ["c", 0], rhs: [["c", 0]], t: true }]];
  assert.notEqual(interpret(...scalar, true), interpret(...scalar, false));
  assert.equal(fusable(...scalar), false);
  // The second reads a(i - 1), written by an earlier iteration of the first: legal to fuse, but the fused
  // loop carries it, so it is not parallel: not a candidate either.
  assert.equal(fusable([{ kind: "array", lhs: ["a", 0], rhs: [["b", 0]], t: false }], [{ kind: "array", lhs: ["c", 0], rhs: [["a", -1]], t: false }]), false);
  // Same element, same iteration: fused.
  assert.equal(fusable([{ kind: "array", lhs: ["a", 0], rhs: [["b", 0]], t: false }], [{ kind: "array", lhs: ["c", 0], rhs: [["a", 0]], t: false }]), true);
});
