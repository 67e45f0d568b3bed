import { test } from "node:test";
import assert from "node:assert/strict";
import { bodyText, messages, readFree } from "./test-support/hir-text.js";

/** WHERE statements and constructs as masked implied loops (where-construct.ts, F2018 10.2.3). */
const lowered = (text: string) => {
  const p = readFree(text);
  assert.deepEqual(messages(p), []);
  return bodyText(p);
};
const prog = (decl: string, ...body: string[]) => `program p\n  ${decl}\n${body.map((l) => `  ${l}\n`).join("")}end program\n`;

test("a WHERE statement guards each element by the mask's element", () => {
  assert.equal(lowered(prog("real :: a(8), b(8)", "where (a > 0) b = sqrt(a)")), "do#0 %1 = 1, 8  [implied: WHERE]\n  if ((a(%1) > 0))\n    b(%1) = sqrt(a(%1))\n  end if\nend do#0");
});

test("ELSEWHERE blocks take the elements no earlier mask selected, and their own mask", () => {
  const t = lowered(prog("real :: a(8), b(8)", "where (a > 0)", "  b = 1", "elsewhere (a < -1)", "  b = 2", "elsewhere", "  b = 3", "end where"));
  const guards = [...t.matchAll(/if \((.*)\)$/gm)].map((m) => m[1]);
  assert.deepEqual(guards, ["(a(%1) > 0)", "(.not.((a(%1) > 0)) and (a(%1) < (-1)))", "(.not.((a(%1) > 0)) and .not.((a(%1) < (-1))))"]);
});

test("nested WHERE adds its mask; construct names are accepted", () => {
  const t = lowered(prog("real :: a(8), b(8), c(8)", "w: where (a > 0)", "  where (b > 0) c = 1", "  c = 2", "end where w"));
  assert.match(t, /if \(\(\(a\(%1\) > 0\) and \(b\(%1\) > 0\)\)\)\n {4}c\(%1\) = 1/);
  assert.match(t, /if \(\(a\(%1\) > 0\)\)\n {4}c\(%1\) = 2/);
});

test("a mask the construct changes is read once where it is evaluated; the guards then read nothing (10.2.3.2)", () => {
  const t = lowered(prog("real :: a(8), b(8)", "where (a > 0)", "  a = -a", "  b = a", "end where"));
  assert.equal(
    t,
    [
      "(a > 0)",
      "do#0 %1 = 1, 8  [implied: WHERE]",
      "  if (?the WHERE mask of line 3?)",
      "    a(%1) = (-a(%1))",
      "  end if",
      "end do#0",
      "do#1 %1 = 1, 8  [implied: WHERE]",
      "  if (?the WHERE mask of line 3?)",
      "    b(%1) = a(%1)",
      "  end if",
      "end do#1",
    ].join("\n"),
  );
});

test("misplaced ELSEWHERE and END WHERE, a WHERE left open, and other statements inside are errors", () => {
  const m = messages(readFree(prog("real :: a(8)", "elsewhere", "end where", "where (a > 0)", "  print *, a")));
  assert.deepEqual(m, [
    "error: 3: ELSEWHERE without a matching WHERE",
    "error: 4: END WHERE without a matching WHERE",
    "error: 5: WHERE has no END WHERE",
    "error: 6: only assignments, WHERE and ELSEWHERE may appear in a WHERE construct",
  ]);
});
