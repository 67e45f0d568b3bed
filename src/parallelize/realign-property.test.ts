import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { parseFortran } from "../frontend/fortran/parse-fortran.js";
import { memoryHost } from "../source/host.js";
import { planProgram } from "./plan-program.js";
import type { LoopPlan } from "./loop-plan.js";

/**
 * Issue 20's property for alignment and peeling (realign.ts): a loop whose
 * body is random statements `x(s) = y(s) + z(s) + 1`, each subscript
 * `i + d` (constant-distance dependences, every direction) or a fixed
 * element (the loop's first or last, `a(3)`, `a(n + 2)`), and a scalar t
 * set from an element and read by later statements. Whenever doall aligns
 * or peels the loop, a small interpreter runs it as rewritten, with the
 * iterations of the parallel loop in reverse order (and each private
 * scalar undefined at an iteration's start), and must leave the arrays as
 * the loop as written does: no illegal rewrite, and the rewritten loop
 * carries nothing. Some loops are aligned and some peeled (the test would
 * pass vacuously otherwise).
 */
type Arr = "a" | "b" | "c" | "d";
type Sub = number | "first" | "last";
type Ref = [Arr, Sub];
type Stmt = { kind: "array"; lhs: Ref; rhs: Ref[]; t: boolean } | { kind: "scalar"; rhs: Ref };

const OFF = 2;
const N = 9;
const LO = 1 + OFF;
const HI = N + OFF;
const arr = fc.constantFrom<Arr>("a", "b", "c");
// Reads also from d, which no statement writes (fewer dependences: more loops alignment can take).
const source = fc.oneof({ weight: 3, arbitrary: arr }, { weight: 2, arbitrary: fc.constant<Arr>("d") });
// Mostly the same element or a neighbour's (the dependences alignment takes), sometimes farther, sometimes a fixed one.
const sub = fc.oneof(
  { weight: 4, arbitrary: fc.constant(0) },
  { weight: 2, arbitrary: fc.constant(-1) },
  { weight: 1, arbitrary: fc.integer({ min: -OFF, max: OFF }) },
  { weight: 1, arbitrary: fc.constantFrom<Sub>("first", "last") },
);
const ref = fc.tuple(source, sub);
// Writes mostly to the iteration's own element.
const target = fc.tuple(arr, fc.oneof({ weight: 6, arbitrary: fc.constant(0) }, { weight: 1, arbitrary: sub }));
const stmt: fc.Arbitrary<Stmt> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant("array" as const), lhs: target, rhs: fc.array(ref, { minLength: 1, maxLength: 2 }), t: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("scalar" as const), rhs: ref }) },
);
const body = fc.array(stmt, { minLength: 1, maxLength: 4 });

const subText = (d: Sub) => (d === "first" ? String(LO) : d === "last" ? `n + ${OFF}` : d === 0 ? "i" : d > 0 ? `i + ${d}` : `i - ${-d}`);
const refText = ([x, d]: Ref) => `${x}(${subText(d)})`;
const line = (s: Stmt) => (s.kind === "scalar" ? `t = ${refText(s.rhs)}` : `${refText(s.lhs)} = ${s.rhs.map(refText).join(" + ")}${s.t ? " + t" : ""} + 1.0d0`);

function program(b: Stmt[]): string {
  return [
    "subroutine s(a, b, c, d, n)",
    "  integer :: n, i",
    `  double precision :: a(n + ${2 * OFF}), b(n + ${2 * OFF}), c(n + ${2 * OFF}), d(n + ${2 * OFF}), t`,
    "  t = 0.5d0",
    `  do i = ${LO}, n + ${OFF}`,
    ...b.map((s) => `    ${line(s)}`),
    "  end do",
    "end subroutine",
  ].join("\n");
}

/** How the loop runs: as written, or as realign.ts rewrote it, the parallel loop's iterations in reverse. */
type Run = { kind: "written" } | { kind: "align"; split: number; shift: number } | { kind: "peel"; which: "first" | "last" };

function interpret(b: Stmt[], run: Run): string {
  const size = N + 2 * OFF + 1;
  const v: Record<Arr, Float64Array> = { a: new Float64Array(size), b: new Float64Array(size), c: new Float64Array(size), d: new Float64Array(size) };
  for (let x = 0; x < size; x++) {
    v.a[x] = (x * 7) % 11;
    v.b[x] = (x * 5) % 13;
    v.c[x] = (x * 3) % 7;
    v.d[x] = (x * 2) % 5;
  }
  let t = 0.5;
  const at = ([x, d]: Ref, i: number) => (d === "first" ? LO : d === "last" ? HI : i + d);
  const exec = (s: Stmt, i: number) => {
    if (s.kind === "scalar") t = v[s.rhs[0]][at(s.rhs, i)]!;
    else v[s.lhs[0]][at(s.lhs, i)] = s.rhs.reduce((sum, r) => sum + v[r[0]][at(r, i)]!, 0) + (s.t ? t : 0) + 1;
  };
  const iteration = (i: number) => b.forEach((s) => exec(s, i));
  // A scalar the loop sets is private to its iterations: undefined where one starts (one it only reads is shared).
  const fresh = () => void (b.some((s) => s.kind === "scalar") && (t = NaN));
  if (run.kind === "written") for (let i = LO; i <= HI; i++) iteration(i);
  else if (run.kind === "peel") {
    if (run.which === "first") iteration(LO);
    for (let i = HI - (run.which === "last" ? 1 : 0); i >= LO + (run.which === "first" ? 1 : 0); i--) {
      fresh();
      iteration(i);
    }
    if (run.which === "last") iteration(HI);
  } else
    for (let k = HI; k >= LO - run.shift; k--) {
      fresh();
      b.forEach((s, j) => {
        if (j < run.split && k >= LO) exec(s, k);
        if (j >= run.split && k + run.shift <= HI) exec(s, k + run.shift);
      });
    }
  return `${v.a.join(",")}|${v.b.join(",")}|${v.c.join(",")}`;
}

function planOf(b: Stmt[], restructure = true): LoopPlan {
  const src = program(b);
  const p = parseFortran("s.f90", src, memoryHost({ "s.f90": src }));
  assert.deepEqual(p.diagnostics.filter((d) => d.severity === "error"), [], src);
  return planProgram(p, { rangeFacts: false, restructure }).loops[0]!;
}

function runOf(p: LoopPlan): Run | null {
  const r = p.realign;
  return !r ? null : r.kind === "align" ? { kind: "align", split: r.split, shift: r.shift } : { kind: "peel", which: r.which };
}

test("alignment and peeling: a loop of random statements with constant-distance and fixed-element dependences; every loop doall aligns or peels computes the same with its iterations reversed (property)", () => {
  let aligned = 0;
  let peeled = 0;
  fc.assert(
    fc.property(body, (b) => {
      const run = runOf(planOf(b));
      if (!run) return;
      if (run.kind === "align") aligned++;
      else peeled++;
      assert.equal(interpret(b, run), interpret(b, { kind: "written" }), `${program(b)}\n${JSON.stringify(run)}`);
    }),
    { numRuns: 1000, seed: 20261126 },
  );
  assert.ok(aligned >= 10 && peeled >= 10, `only ${aligned} aligned and ${peeled} peeled of 1000 loops`);
});

test("alignment: the loops it must refuse, and the ones it must take", () => {
  const el = (lhs: Ref, ...rhs: Ref[]): Stmt => ({ kind: "array", lhs, rhs, t: false });
  // B reads what A wrote one iteration before: aligned, split before B.
  const ab = [el(["a", 0], ["b", 0]), el(["c", 0], ["a", -1])];
  assert.deepEqual(runOf(planOf(ab)), { kind: "align", split: 1, shift: 1 });
  assert.equal(interpret(ab, { kind: "align", split: 1, shift: 1 }), interpret(ab, { kind: "written" }));
  // The reader comes first: shifting it later would read a(i) before A writes it in the same iteration.
  const ba = [el(["c", 0], ["a", -1]), el(["a", 0], ["b", 0])];
  assert.equal(runOf(planOf(ba)), null);
  assert.notEqual(interpret(ba, { kind: "align", split: 1, shift: 1 }), interpret(ba, { kind: "written" }));
  // Distance 2: B runs two iterations later.
  const two = [el(["a", 0], ["b", 0]), el(["c", 0], ["a", -2])];
  assert.deepEqual(runOf(planOf(two)), { kind: "align", split: 1, shift: 2 });
  assert.notEqual(interpret(two, { kind: "align", split: 1, shift: 1 }), interpret(two, { kind: "written" }), "a shift of 1 would not do");
  // Distances 1 and 2 at once: no one shift removes both.
  assert.equal(runOf(planOf([el(["a", 0], ["b", 0]), el(["c", 0], ["a", -1], ["a", -2])])), null);
  // A recurrence of one statement on itself: nothing to align.
  assert.equal(runOf(planOf([el(["a", 0], ["a", -1])])), null);
  // A scalar set in A and read in B: shifted, B would read the next iteration's value.
  const scalar: Stmt[] = [{ kind: "scalar", rhs: ["b", 0] }, el(["a", 0], ["b", 0]), { kind: "array", lhs: ["c", 0], rhs: [["a", -1]], t: true }];
  assert.equal(runOf(planOf(scalar)), null);
  // --no-restructure: as written.
  assert.equal(runOf(planOf(ab, false)), null);
});

test("peeling: the first iteration writes what all read, the last iteration writes what the others read", () => {
  const el = (lhs: Ref, ...rhs: Ref[]): Stmt => ({ kind: "array", lhs, rhs, t: false });
  const first = [el(["a", 0], ["a", "first"], ["b", 0])];
  assert.deepEqual(runOf(planOf(first)), { kind: "peel", which: "first" });
  // Without the peeled iteration first, the others would read a(3) before it changes.
  assert.notEqual(interpret(first, { kind: "peel", which: "last" }), interpret(first, { kind: "written" }));
  const last = [el(["c", 0], ["c", "last"], ["b", 0])];
  assert.deepEqual(runOf(planOf(last)), { kind: "peel", which: "last" });
  // Every iteration writes the fixed element: peeling one does not help.
  assert.equal(runOf(planOf([el(["a", "first"], ["a", 0])])), null);
});
