import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { constant, type Affine } from "../symbolic/affine.js";
import { convolve, type LoopLevel } from "./convolve.js";
import { patternText, type AccessPattern, type Accuracy } from "./pattern.js";
import { regionOffsets } from "./pattern-enumerate.js";
import { intSym, lin } from "./test-support/syms.js";

const i = intSym(0, "i");
const j = intSym(1, "j");

function pat(v: typeof i, start: Affine, stride: number, num: number | Affine, velocity: number, ub: number | Affine, accuracy: Accuracy = "MUST"): AccessPattern {
  const n = typeof num === "number" ? constant(num) : num;
  const u = typeof ub === "number" ? constant(ub) : ub;
  return { var: v, start, stride, num: n, velocity, accuracy, ub: u, first: constant(1), step: 1 };
}
const loopI = (ub: number, accuracy: Accuracy = "MUST"): LoopLevel => ({ var: i, first: constant(1), step: 1, ub: constant(ub), accuracy });

test("Fig. 6(a): A_j(j, 10i-10, 1, 1, 1, MUST)10 convolves by (1) into A(i, 0, 1, 10, 10, MUST)10", () => {
  const r = convolve(pat(j, lin(-10, [10, i]), 1, 1, 1, 10), loopI(10));
  assert.ok(r.ok);
  assert.equal(r.rule, "(1)");
  assert.equal(patternText(r.pattern), "A(i, 0, 1, 10, 10, MUST)_10");
});

test("Fig. 6(b): A_j(j, i-1, 1, 1, 10, MUST)10 convolves into A(i, 0, 10, 10, 1, MUST)10", () => {
  const r = convolve(pat(j, lin(-1, [1, i]), 1, 1, 10, 10), loopI(10));
  assert.ok(r.ok);
  assert.equal(patternText(r.pattern), "A(i, 0, 10, 10, 1, MUST)_10");
});

test("Fig. 6(c): the triangular inner loop gives Num = i", () => {
  const r = convolve(pat(j, lin(-1, [1, i]), 1, 1, 9, lin(0, [1, i])), loopI(10));
  assert.ok(r.ok);
  assert.equal(patternText(r.pattern), "A(i, 0, 9, i, 1, MUST)_10");
});

test("Fig. 6(d): A_kj(j, 100i-99, 2, 5, 10, MUST)10 convolves by (2) into A(i, 1, 2, 50, 100, MUST)10", () => {
  const r = convolve(pat(j, lin(-99, [100, i]), 2, 5, 10, 10), loopI(10));
  assert.ok(r.ok);
  assert.equal(r.rule, "(2)");
  assert.equal(patternText(r.pattern), "A(i, 1, 2, 50, 100, MUST)_10");
});

test("Fig. 8: Str×Num < Vel stops the strict convolution; widening Num 9 → 10 gives A(i, 0, 1, 90, 100, MAY)9", () => {
  const inner = pat(j, lin(-100, [100, i]), 1, 9, 10, 9);
  const strict = convolve(inner, loopI(9), { widen: false });
  assert.equal(strict.ok, false);
  assert.match(!strict.ok ? strict.message : "", /Str×Num = 1×9 < Vel = 10/);
  const r = convolve(inner, loopI(9));
  assert.ok(r.ok);
  assert.equal(patternText(r.pattern), "A(i, 0, 1, 90, 100, MAY)_9");
  assert.deepEqual(r.widenings.map((w) => w.text), ["Num 9 → 10"]);
});

test("condition (3) as printed (Vel×Num ≥ Str) would accept a region with gaps; ub ≥ Str/Vel is required", () => {
  // Str 10, Vel 1, Num 10, ub 3: offsets 0,1,2, 10,11,12, ... — not regular.
  const gaps = convolve(pat(j, constant(0), 10, 10, 1, 3), loopI(1), { widen: false });
  assert.equal(gaps.ok, false);
  const full = convolve(pat(j, constant(0), 10, 10, 1, 10), loopI(1), { widen: false });
  assert.ok(full.ok);
  assert.equal(full.rule, "(3)");
  assert.equal(patternText(full.pattern), "A(i, 0, 1, 100, 0, MUST)_1");
});

test("negative stride and velocity move Start to the lowest element (St′)", () => {
  // do j = 10, 1, -1 over a(j, i): A_j(j, 10i - 1, 1, 1, -1)10.
  const r = convolve({ ...pat(j, lin(-1, [10, i]), 1, 1, -1, 10), first: constant(10), step: -1 }, loopI(10));
  assert.ok(r.ok);
  assert.equal(patternText(r.pattern), "A(i, 0, 1, 10, 10, MUST)_10");
});

test("Velocity comes from St′: a region that stays put while the offset's i-coefficient is 1", () => {
  // do i = 1, 10; do j = 1, i: a(i - j + 1) → offset i - j; inner A_j(j, i - 1, 1, 1, -1)_i.
  const r = convolve(pat(j, lin(-1, [1, i]), 1, 1, -1, lin(0, [1, i])), loopI(10));
  assert.ok(r.ok);
  assert.equal(patternText(r.pattern), "A(i, 0, 1, i, 0, MUST)_10");
});

test("a conditional outer loop or inner pattern makes the result MAY", () => {
  const a = convolve(pat(j, lin(-10, [10, i]), 1, 1, 1, 10), loopI(10, "MAY"));
  assert.ok(a.ok && a.pattern.accuracy === "MAY");
  const b = convolve(pat(j, lin(-10, [10, i]), 1, 1, 1, 10, "MAY"), loopI(10));
  assert.ok(b.ok && b.pattern.accuracy === "MAY");
});

test("a symbolic Num: rule 1 when a cap proves Num ≤ Vel/Str, else rule 3 (Vel → Str)", () => {
  const n = intSym(5, "n");
  const inner = pat(j, lin(-65, [65, i]), 1, lin(-10, [5, n]), 65, 4);
  const strict = convolve(inner, loopI(3), { widen: false });
  assert.equal(strict.ok ? "" : strict.message, "cannot show Str×Num ≥ Vel (Str 1, Num 5*n - 10, Vel 65)");
  const loose = convolve(inner, loopI(3));
  assert.ok(loose.ok);
  // ub 4 → 260 fictitious iterations of velocity 1, each a region of 5n - 10.
  assert.equal(patternText(loose.pattern), "A(i, 0, 1, 5*n + 249, 65, MAY)_3");
  assert.deepEqual(loose.widenings.map((w) => w.text), ["Vel 65 → 1, ub 4 → 260"]);
  const r = convolve(inner, loopI(3), { numCap: 65 });
  assert.ok(r.ok);
  assert.equal(patternText(r.pattern), "A(i, 0, 1, 260, 65, MAY)_3");
  assert.deepEqual(r.widenings.map((w) => w.text), ["Num 5*n - 10 → 65"]);
});

/** The union over the inner loop's iterations, per outer iteration: what the convolved pattern must describe. */
function innerUnion(inner: AccessPattern, outer: LoopLevel, t2: number): Set<number> {
  const env = new Map([[i.id, outer.first.c + outer.step * (t2 - 1)]]);
  const ub = inner.ub.terms.length ? inner.ub.c + inner.ub.terms[0]!.coeff * env.get(i.id)! : inner.ub.c;
  const out = new Set<number>();
  for (let t = 1; t <= ub; t++) for (const x of regionOffsets(inner, env, t)) out.add(x);
  return out;
}

const patternArb = fc.record({
  s0: fc.integer({ min: -20, max: 20 }),
  si: fc.integer({ min: -30, max: 30 }),
  stride: fc.integer({ min: -7, max: 7 }).filter((x) => x !== 0),
  num: fc.integer({ min: 0, max: 7 }),
  numI: fc.integer({ min: -1, max: 1 }),
  velocity: fc.integer({ min: -15, max: 15 }),
  ub: fc.integer({ min: 0, max: 7 }),
  ubI: fc.integer({ min: -1, max: 1 }),
  accuracy: fc.constantFrom<Accuracy>("MUST", "MUST", "MAY"),
  outerFirst: fc.integer({ min: -3, max: 3 }),
  outerStep: fc.constantFrom(1, 2, -1, -3),
  outerUb: fc.integer({ min: 0, max: 4 }),
  widen: fc.boolean(),
});

test("property: the convolved region of each outer iteration equals (MUST) or contains (MAY) the inner loop's union", () => {
  let convolved = 0;
  const seen = new Set<string>();
  fc.assert(
    fc.property(patternArb, (g) => {
      // Num and ub may depend on the outer index i (kept ≥ 0 over its range by max(0, ·) in the enumeration).
      const inner: AccessPattern = {
        var: j,
        start: lin(g.s0, [g.si, i]),
        stride: g.stride,
        num: lin(g.num, [g.numI, i]),
        velocity: g.velocity,
        accuracy: g.accuracy,
        ub: lin(g.ub, [g.ubI, i]),
        first: constant(1),
        step: 1,
      };
      const outer: LoopLevel = { var: i, first: constant(g.outerFirst), step: g.outerStep, ub: constant(g.outerUb), accuracy: "MUST" };
      const iv = Array.from({ length: g.outerUb }, (_, t) => g.outerFirst + g.outerStep * t);
      const lo = iv.length ? Math.min(...iv) : 0;
      const hi = iv.length ? Math.max(...iv) : 0;
      const bounds = (a: Affine) => {
        const k = a.terms.length ? a.terms[0]!.coeff : 0;
        return g.outerUb === 0 ? {} : { min: a.c + Math.min(k * lo, k * hi), max: a.c + Math.max(k * lo, k * hi) };
      };
      const r = convolve(inner, outer, { widen: g.widen, bounds });
      if (!r.ok) return;
      convolved++;
      seen.add(`${r.rule}${r.widenings.map((w) => w.rule).join("+")} ${r.pattern.accuracy}`);
      for (let t2 = 1; t2 <= g.outerUb; t2++) {
        const want = innerUnion(inner, outer, t2);
        const got: Set<number> = new Set<number>(regionOffsets(r.pattern, new Map<number, number>(), t2));
        for (const x of want) assert.ok(got.has(x), `${patternText(r.pattern)} misses ${x} in iteration ${t2}`);
        if (r.pattern.accuracy === "MUST") assert.deepEqual([...got].sort((a, b) => a - b), [...want].sort((a, b) => a - b), patternText(r.pattern));
      }
    }),
    { numRuns: 5000 },
  );
  assert.ok(convolved > 1000, `only ${convolved} cases convolved`);
  // Every rule, with and without widening, was exercised.
  for (const k of ["(0) MUST", "(1) MUST", "(2) MUST", "(3) MUST", "(2)num MAY", "(2)stride MAY", "(2)velocity MAY", "(2)stride+velocity MAY"]) assert.ok(seen.has(k), `no case ${k} in ${[...seen].join(", ")}`);
});
