import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { fortran } from "../analysis/test-support/parse.js";
import { planProgram } from "./plan-program.js";

/**
 * A work array written and read over loops bounded by a scalar an IF may
 * cut (NPB FT's `ble = bls + fftblock - 1; if (ble .gt. n2) ble = n2`):
 * after the IF the bound has a value the walk does not know but that
 * stays until the scalar is assigned again (coverage.ts's phis). The
 * outer loop keeps w private only if, for every value of the dummy c the
 * IF compares with, each element read was written earlier in the same
 * iteration. Brute force over c (property test of the coverage walk's
 * phis; with `again`, m is assigned once more between the loops, and the
 * read loop's bound is the new value).
 */
test("work arrays over bounds an IF cuts: privatized only when brute force finds every read written first, for every value", () => {
  let proved = 0;
  fc.assert(
    fc.property(
      fc.record({
        a: fc.constantFrom(1, 1, 2, -1),
        b: fc.integer({ min: 0, max: 4 }),
        l1: fc.integer({ min: 1, max: 3 }),
        u1: fc.integer({ min: 4, max: 12 }),
        l2: fc.integer({ min: 1, max: 4 }),
        f: fc.integer({ min: -1, max: 5 }),
        again: fc.constantFrom(false, false, true),
        bump: fc.integer({ min: -2, max: 2 }),
        readM: fc.boolean(),
        u2: fc.integer({ min: 2, max: 12 }),
      }),
      (p) => {
        // Subscripts stay within w(-40:60) for every choice and every c.
        const src = [
          "subroutine s(out, n, c)", // 1
          "  integer n, c, k, j, m", // 2
          "  double precision out(n), w(-40:60), t", // 3
          "  do k = 1, n", // 4
          `    m = ${p.u1}`, // 5
          "    if (m > c) m = c", // 6
          "    if (m < 0) m = 0", // 7
          `    do j = ${p.l1}, m`, // 8
          `      w(${p.a} * j + ${p.b}) = k + j`, // 9
          "    end do", // 10
          p.again ? `    m = m + ${p.bump}` : "    t = 0", // 11
          "    t = 0", // 12
          `    do j = ${p.l2}, ${p.readM ? "m" : p.u2}`, // 13
          `      t = t + w(j + ${p.f})`, // 14
          "    end do", // 15
          "    out(k) = t", // 16
          "  end do", // 17
          "end subroutine",
        ].join("\n");
        const plan = planProgram(fortran(src), { rangeFacts: false }).loops.find((l) => l.loop.span.line === 4)!;
        let covered = true;
        for (let c = -5; c <= 25 && covered; c++) {
          let m = Math.max(Math.min(p.u1, c), 0);
          const written = new Set<number>();
          for (let j = p.l1; j <= m; j++) written.add(p.a * j + p.b);
          if (p.again) m += p.bump;
          const hi = p.readM ? m : p.u2;
          for (let j = p.l2; j <= hi; j++) if (!written.has(j + p.f)) covered = false;
        }
        if (plan.parallel && plan.privateArrays.includes("w")) {
          proved++;
          assert.ok(covered, `w privatized but some value of c reads an element not written first:\n${src}`);
        }
      },
    ),
    { numRuns: 500, seed: 20261127 },
  );
  assert.ok(proved >= 25, `only ${proved} random cases were proved: the property says little`);
});
