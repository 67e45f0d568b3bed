import { test } from "node:test";
import assert from "node:assert/strict";
import { blankNonCode, scanCLoops } from "./c-loop-scan.js";

test("comments, strings and preprocessor lines are blanked, positions kept", () => {
  const src = '#define F(x) for (x) \\\n  more\nint a = 1; /* for */ char *s = "for(;;)"; // while\n';
  const b = blankNonCode(src);
  assert.equal(b.length, src.length);
  assert.doesNotMatch(b, /for|while|more/);
  assert.match(b, /int a = 1;/);
});

test("loops with lines, columns, ends and parents, through braces, if/else and do-while", () => {
  const src = [
    "int main(void) {", // 1
    "  int i, j, k;", // 2
    "  for (i = 0; i < 9; i++) {", // 3
    "    for (j = 0; j < 9; j++)", // 4
    "      if (j) a[i][j] = 0; else for (k = 0; k < 2; k++) b[k] = 1;", // 5
    "  }", // 6
    "  do { i--; } while (i > 0);", // 7
    "  while (i < 3) i++;", // 8
    "  x = 0; for (;;) break;", // 9
    "}", // 10
  ].join("\n");
  const loops = scanCLoops(src);
  assert.deepEqual(
    loops.map((l) => [l.keyword, l.line, l.column, l.endLine, l.parentLine]),
    [
      ["for", 3, 3, 6, null],
      ["for", 4, 5, 5, 3],
      ["for", 5, 32, 5, 4],
      ["do", 7, 3, 7, null],
      ["while", 8, 3, 8, null],
      ["for", 9, 10, 9, null],
    ],
  );
});
