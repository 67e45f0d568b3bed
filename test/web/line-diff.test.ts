import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { lineDiff, unifiedDiff, type LineEdit } from "../../web/src/line-diff.js";

/**
 * The playground's line diff (web/src/line-diff.ts, Myers' algorithm)
 * against brute force: its edits turn a into b, and there are as few as
 * the longest common subsequence allows.
 */

function lcs(a: readonly string[], b: readonly string[]): number {
  const t = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  for (let i = a.length - 1; i >= 0; i--) for (let j = b.length - 1; j >= 0; j--) t[i]![j] = a[i] === b[j] ? t[i + 1]![j + 1]! + 1 : Math.max(t[i + 1]![j]!, t[i]![j + 1]!);
  return t[0]![0]!;
}

/** Checks that `edits` walk both sequences in order, every line once, "same" only on equal lines. */
function check(a: readonly string[], b: readonly string[], edits: readonly LineEdit[]): void {
  let i = 0;
  let j = 0;
  for (const e of edits) {
    if (e.kind === "same") {
      assert.equal(e.a, i++);
      assert.equal(e.b, j++);
      assert.equal(a[e.a], b[e.b]);
    } else if (e.kind === "del") assert.equal(e.a, i++);
    else assert.equal(e.b, j++);
  }
  assert.equal(i, a.length);
  assert.equal(j, b.length);
}

const lines = fc.array(fc.constantFrom("a", "b", "c", "do i", "end do"), { maxLength: 14 });

test("lineDiff is a valid and minimal edit script (brute-force LCS)", () => {
  fc.assert(
    fc.property(lines, lines, (a, b) => {
      const edits = lineDiff(a, b);
      check(a, b, edits);
      assert.equal(edits.filter((e) => e.kind === "same").length, lcs(a, b));
    }),
    { numRuns: 2000, seed: 18 },
  );
});

test("past maxD edits the middle is replaced whole, still a valid script", () => {
  const a = ["x", "1", "2", "3", "y"];
  const b = ["x", "4", "5", "6", "y"];
  const edits = lineDiff(a, b, 2);
  check(a, b, edits);
  assert.deepEqual(
    edits.map((e) => e.kind),
    ["same", "del", "del", "del", "add", "add", "add", "same"],
  );
});

test("a thousand directive lines in a 20,000-line text: the insertions exactly", () => {
  const a = Array.from({ length: 20_000 }, (_, i) => `      x(${i}) = ${i}`);
  const b: string[] = [];
  a.forEach((l, i) => (i % 20 === 0 ? b.push("!$omp parallel do", l) : b.push(l)));
  const edits = lineDiff(a, b);
  check(a, b, edits);
  assert.equal(edits.filter((e) => e.kind === "add").length, 1000);
  assert.equal(edits.filter((e) => e.kind === "del").length, 0);
});

test("unifiedDiff prints what diff -u prints", () => {
  const a = "1 2 3 4 5 6 7 8 9 10 11 12".split(" ");
  const b = "1 2 X 3 4 5 6 7 8 9 10 11 12 Y".split(" ");
  // As GNU diff -u prints it (checked by hand against diff 3.8).
  assert.equal(unifiedDiff("a", "b", a, b, lineDiff(a, b)), "--- a\n+++ b\n@@ -1,5 +1,6 @@\n 1\n 2\n+X\n 3\n 4\n 5\n@@ -10,3 +11,4 @@\n 10\n 11\n 12\n+Y\n");
  assert.equal(unifiedDiff("a", "b", a, a, lineDiff(a, a)), "");
  assert.equal(unifiedDiff("a", "b", ["x"], [], lineDiff(["x"], [])), "--- a\n+++ b\n@@ -1 +0,0 @@\n-x\n");
});
