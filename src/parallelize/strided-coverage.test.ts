import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { fortran } from "../analysis/test-support/parse.js";
import { planProgram } from "./plan-program.js";

/**
 * A work array written over a strided set and read over another (MG's
 * rprj3: x1(i1 - 1), i1 = 2*j1 - d1): the outer loop is parallel with the
 * array private only if every element read was written earlier in the
 * same iteration. Checked against brute force on random strides, offsets
 * and bounds (property test of the coverage walk's strided must-writes).
 */
test("strided work arrays: privatized only when brute force finds every read element written first", () => {
  let proved = 0;
  fc.assert(
    fc.property(
      fc.oneof(
        // Anything.
        fc.record({
          a: fc.constantFrom(2, 3, -2),
          b: fc.integer({ min: 0, max: 6 }),
          l1: fc.integer({ min: 1, max: 4 }),
          u1: fc.integer({ min: 3, max: 12 }),
          a2: fc.constantFrom(1, 2, 3, 4, -2),
          c: fc.integer({ min: -4, max: 10 }),
          l2: fc.integer({ min: 1, max: 5 }),
          u2: fc.integer({ min: 2, max: 12 }),
          shift: fc.boolean(),
        }),
        // Near misses and hits: the read's stride a multiple of the write's, its offset t strides away.
        fc
          .record({
            a: fc.constantFrom(2, 3, -2),
            b: fc.integer({ min: 0, max: 6 }),
            l1: fc.integer({ min: 1, max: 4 }),
            u1: fc.integer({ min: 6, max: 12 }),
            m: fc.constantFrom(1, 1, 2),
            t: fc.integer({ min: -2, max: 2 }),
            dl: fc.integer({ min: -1, max: 3 }),
            dh: fc.integer({ min: -3, max: 1 }),
            extra: fc.constantFrom(0, 0, 0, 1),
            shift: fc.boolean(),
          })
          .map((r) => ({ a: r.a, b: r.b, l1: r.l1, u1: r.u1, a2: r.a * r.m, c: r.b + r.a * r.t + r.extra, l2: r.l1 + r.dl, u2: Math.floor((r.u1 + r.dh) / r.m), shift: r.shift })),
      ),
      (p) => {
        // Subscripts stay within w(-100:200) for every choice; `d` (fixed, 1) is a symbolic offset.
        const off = p.shift ? " - d" : "";
        const src = [
          "subroutine s(out, n, d)", // 1
          "  integer n, d, k, j", // 2
          "  double precision out(n), w(-100:200), t", // 3
          "  do k = 1, n", // 4
          `    do j = ${p.l1}, ${p.u1}`, // 5
          `      w(${p.a} * j + ${p.b}${off}) = k + j`, // 6
          "    end do", // 7
          "    t = 0", // 8
          `    do j = ${p.l2}, ${p.u2}`, // 9
          `      t = t + w(${p.a2} * j + ${p.c}${off})`, // 10
          "    end do", // 11
          "    out(k) = t", // 12
          "  end do", // 13
          "end subroutine",
        ].join("\n");
        const plan = planProgram(fortran(src), { rangeFacts: false }).loops.find((l) => l.loop.span.line === 4)!;
        const written = new Set<number>();
        for (let j = p.l1; j <= p.u1; j++) written.add(p.a * j + p.b);
        let covered = true;
        for (let j = p.l2; j <= p.u2; j++) if (!written.has(p.a2 * j + p.c)) covered = false;
        const privatized = plan.parallel && plan.privateArrays.includes("w");
        if (privatized) {
          proved++;
          assert.ok(covered, `w privatized but a read element is not written first:\n${src}`);
        }
      },
    ),
    { numRuns: 400, seed: 20261125 },
  );
  assert.ok(proved >= 20, `only ${proved} random cases were proved: the property says little`);
});
