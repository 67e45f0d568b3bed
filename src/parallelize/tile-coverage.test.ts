import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { fortran } from "../analysis/test-support/parse.js";
import { planProgram } from "./plan-program.js";

/**
 * A 2-D work array written in tiles (each j writes w(a*j + b + i, c*j + d)
 * for i below a width: FT's Stockham passes, with c = 0) and read over
 * another pattern: the outer loop keeps the array private only if every
 * element read was written earlier in the same iteration. With c = 1 the
 * writes run along a diagonal, which is no box (a(k, k) over k is not
 * a(1:n, 1:n)). Checked against brute force (property test of the
 * coverage walk's widening of must-writes over a loop).
 */
test("tiled and diagonal work arrays: privatized only when brute force finds every read element written first", () => {
  let proved = 0;
  let tiles = 0;
  fc.assert(
    fc.property(
      fc.oneof(
        fc.record({
          a: fc.constantFrom(1, 2, 3, 4, -2),
          width: fc.integer({ min: 1, max: 5 }),
          b: fc.integer({ min: 0, max: 6 }),
          c: fc.constantFrom(0, 0, 1),
          d: fc.integer({ min: 0, max: 3 }),
          l1: fc.integer({ min: 1, max: 4 }),
          u1: fc.integer({ min: 0, max: 9 }),
          e: fc.constantFrom(1, 2, 3),
          f: fc.integer({ min: -2, max: 12 }),
          g: fc.constantFrom(0, 0, 1),
          h: fc.integer({ min: 0, max: 3 }),
          l2: fc.integer({ min: 1, max: 4 }),
          u2: fc.integer({ min: 1, max: 9 }),
        }),
        // Near hits: read along the written row (or diagonal), from about where the writes start.
        fc
          .record({
            a: fc.constantFrom(1, 2, 3, 4, -2),
            width: fc.integer({ min: 1, max: 5 }),
            b: fc.integer({ min: 0, max: 6 }),
            c: fc.constantFrom(0, 0, 1),
            d: fc.integer({ min: 0, max: 3 }),
            l1: fc.integer({ min: 1, max: 4 }),
            u1: fc.integer({ min: 4, max: 9 }),
            t: fc.integer({ min: -2, max: 3 }),
            n: fc.integer({ min: 0, max: 6 }),
          })
          .map((r) => {
            const first = Math.min(r.a * r.l1, r.a * r.u1) + r.b;
            return { ...r, e: 1, f: first + r.t - 1, g: r.c, h: r.d, l2: 1, u2: 1 + r.n };
          }),
      ),
      (p) => {
        // Subscripts stay within w(-60:90, -5:20) for every choice.
        const src = [
          "subroutine s(out, n)", // 1
          "  integer n, k, j, i", // 2
          "  double precision out(n), w(-60:90, -5:20), t", // 3
          "  do k = 1, n", // 4
          `    do j = ${p.l1}, ${p.u1}`, // 5
          `      do i = 0, ${p.width - 1}`, // 6
          `        w(${p.a} * j + ${p.b} + i, ${p.c} * j + ${p.d}) = k + j`, // 7
          "      end do", // 8
          "    end do", // 9
          "    t = 0", // 10
          `    do j = ${p.l2}, ${p.u2}`, // 11
          `      t = t + w(${p.e} * j + ${p.f}, ${p.g} * j + ${p.h})`, // 12
          "    end do", // 13
          "    out(k) = t", // 14
          "  end do", // 15
          "end subroutine",
        ].join("\n");
        const plan = planProgram(fortran(src), { rangeFacts: false }).loops.find((l) => l.loop.span.line === 4)!;
        const written = new Set<string>();
        for (let j = p.l1; j <= p.u1; j++) for (let i = 0; i < p.width; i++) written.add(`${p.a * j + p.b + i},${p.c * j + p.d}`);
        let covered = true;
        for (let j = p.l2; j <= p.u2; j++) if (!written.has(`${p.e * j + p.f},${p.g * j + p.h}`)) covered = false;
        if (plan.parallel && plan.privateArrays.includes("w")) {
          proved++;
          if (Math.abs(p.a) > 1 && p.width > 1) tiles++;
          assert.ok(covered, `w privatized but a read element is not written first:\n${src}`);
        }
      },
    ),
    { numRuns: 600, seed: 20261127 },
  );
  assert.ok(proved >= 30 && tiles >= 5, `only ${proved} random cases were proved (${tiles} with tiles): the property says little`);
});
