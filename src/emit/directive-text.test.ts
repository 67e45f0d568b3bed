import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { wrapWords } from "./directive-text.js";

test("wrapWords: every line fits, and the lines hold the words' text in order (a long if() condition too)", () => {
  const token = fc.stringMatching(/^[a-z0-9()_.<=>+*-]{1,12}$/);
  const clause = fc.oneof(
    fc.array(token, { minLength: 1, maxLength: 12 }).map((ts) => `private(${ts.join(", ")})`),
    fc.array(token, { minLength: 1, maxLength: 20 }).map((ts) => `if(${ts.join(" ")})`),
    fc.stringMatching(/^[a-z0-9_]{1,90}$/),
  );
  fc.assert(
    fc.property(fc.array(clause, { minLength: 1, maxLength: 6 }), fc.integer({ min: 20, max: 80 }), (words, width) => {
      const lines = wrapWords(words, width);
      for (const l of lines) assert.ok(l.length <= width, `${JSON.stringify(l)} is longer than ${width}`);
      // Blanks aside, the text is the same (a compiler joins continuation lines).
      assert.equal(lines.join("").replace(/\s+/g, ""), words.join("").replace(/\s+/g, ""));
    }),
    { numRuns: 500 },
  );
});

test("wrapWords: NPB's exact_rhs condition is split between tokens within fixed form's 65 columns", () => {
  const cond = "if((4 <= grid_points(2) - 1 .and. 4 <= grid_points(3) - 1 .and. 4 <= grid_points(1) - 1) .and. (grid_points(3) >= 6))";
  const lines = wrapWords(["parallel do", "private(dtpp, eta)", cond], 65);
  assert.ok(lines.every((l) => l.length <= 65));
  assert.ok(lines.slice(1).every((l) => !/^\S*\($/.test(l)), "no line ends inside a name");
  assert.equal(lines.join(" ").replace(/\s+/g, " "), ["parallel do", "private(dtpp, eta)", cond].join(" "));
});
