import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { fortran } from "../analysis/test-support/parse.js";
import { planProgram } from "./plan-program.js";

/**
 * A work array private under a run-time check (Coverage's `assume`: the
 * comparisons of fixed values its reads need, such as `1 <= n - 2`): on
 * random writes (a point, a range ending at a symbolic bound) and reads,
 * whenever the loop's check holds for a value of n, brute force finds
 * every element read written earlier in the same iteration. With several
 * written boxes the walk takes the one needing the fewest comparisons;
 * any of them must be sufficient. (Property test of the assumed coverage.)
 */
test("work arrays private under a check: every n the check admits has every read element written first", () => {
  let checked = 0;
  let conditional = 0;
  fc.assert(
    fc.property(
      fc.record({
        point: fc.constantFrom("0", "1", "n", "n + 1", "n - 1", "3"),
        l1: fc.integer({ min: 0, max: 3 }),
        u1: fc.integer({ min: -1, max: 3 }),
        read: fc.constantFrom("0", "1", "2", "n", "n - 1", "n + 1", "4"),
        l2: fc.integer({ min: 0, max: 3 }),
        u2: fc.integer({ min: -1, max: 3 }),
        s: fc.integer({ min: -2, max: 2 }),
      }),
      (p) => {
        const src = [
          "subroutine s(out, n, m)", // 1
          "  integer n, m, k, j", // 2
          "  double precision out(m), w(-20:40), t", // 3
          "  do k = 1, m", // 4
          `    w(${p.point}) = k`, // 5
          `    do j = ${p.l1}, n - ${p.u1}`, // 6
          "      w(j) = k + j", // 7
          "    end do", // 8
          `    t = w(${p.read})`, // 9
          `    do j = ${p.l2}, n - ${p.u2}`, // 10
          `      t = t + w(j + ${p.s})`, // 11
          "    end do", // 12
          "    out(k) = t", // 13
          "  end do", // 14
          "end subroutine",
        ].join("\n");
        const plan = planProgram(fortran(src), { rangeFacts: false }).loops.find((l) => l.loop.span.line === 4)!;
        if (!plan.privateArrays.includes("w") || !(plan.parallel || plan.runtimeCheck)) return;
        checked++;
        if (plan.runtimeCheck) conditional++;
        // The check in C syntax is plain arithmetic and comparisons over n (and m) in JavaScript.
        const holds = plan.runtimeCheck ? (new Function("n", "m", `return ${plan.runtimeCheck.c};`) as (n: number, m: number) => boolean) : () => true;
        const at = (e: string, n: number) => Number(new Function("n", `return ${e};`)(n));
        for (let n = -2; n <= 15; n++) {
          if (!holds(n, 5)) continue;
          const written = new Set<number>([at(p.point, n)]);
          for (let j = p.l1; j <= n - p.u1; j++) written.add(j);
          const reads = [at(p.read, n)];
          for (let j = p.l2; j <= n - p.u2; j++) reads.push(j + p.s);
          for (const r of reads) assert.ok(written.has(r), `n = ${n}: w(${r}) read before written, though the check ${plan.runtimeCheck?.c ?? "(none)"} holds:\n${src}`);
        }
      },
    ),
    { numRuns: 300, seed: 20261126 },
  );
  assert.ok(checked >= 30 && conditional >= 10, `only ${checked} random cases were private (${conditional} under a check): the property says little`);
});
