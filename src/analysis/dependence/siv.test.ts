import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import type { Dir } from "./problem.js";
import { solve2 } from "./siv.js";

test("solve2 (the exact two-variable SIV equation) agrees with enumeration", () => {
  const rel = fc.constantFrom<Dir>("<", "=", ">", "*");
  fc.assert(
    fc.property(fc.integer({ min: -6, max: 6 }), fc.integer({ min: -6, max: 6 }), fc.integer({ min: -20, max: 20 }), fc.integer({ min: 0, max: 8 }), fc.integer({ min: 0, max: 8 }), rel, (a, b, c, ux, uy, r) => {
      let truth = false;
      for (let x = 0; x <= ux; x++)
        for (let y = 0; y <= uy; y++) {
          const ok = r === "*" || (r === "<" ? x < y : r === ">" ? x > y : x === y);
          if (ok && a * x + b * y + c === 0) truth = true;
        }
      assert.equal(solve2(a, b, c, ux, uy, r), truth, `${a}x + ${b}y + ${c} = 0, x ≤ ${ux}, y ≤ ${uy}, x ${r} y`);
    }),
    { numRuns: 3000 },
  );
});

test("solve2 with an unbounded variable: weak-zero and weak-crossing SIV", () => {
  assert.equal(solve2(2, 0, -7, Infinity, Infinity, "*"), false); // 2x = 7
  assert.equal(solve2(1, 1, -5, Infinity, Infinity, "<"), true); // x + y = 5, x < y
  assert.equal(solve2(1, 1, -5, 1, Infinity, ">"), false); // x ≤ 1 and x > y with x + y = 5
  assert.equal(solve2(3, -3, 1, Infinity, Infinity, "*"), false); // 3(x - y) = -1
});
