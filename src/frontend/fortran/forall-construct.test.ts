import { test } from "node:test";
import assert from "node:assert/strict";
import type { Loop } from "../../ir/stmt.js";
import { collectLoops, userLoops } from "../../ir/walk.js";
import { bodyText, messages, readFree } from "./test-support/hir-text.js";

/** FORALL as implied loops (forall-construct.ts, F2018 10.2.4). */
const prog = (decl: string, ...body: string[]) => `program p\n  ${decl}\n${body.map((l) => `  ${l}\n`).join("")}end program\n`;

test("a FORALL statement: a loop per index, the first outermost, the mask as a guard", () => {
  const p = readFree(prog("real :: c(8, 8), a(8), b(8)", "forall (i = 1:8, j = 1:8:2, i /= j) c(i, j) = a(i) + b(j)"));
  assert.deepEqual(messages(p), []);
  assert.equal(
    bodyText(p),
    ["do#0 i = 1, 8  [implied: FORALL]", "  do#1 j = 1, 8, 2  [implied: FORALL]", "    if ((i != j))", "      c(i, j) = (a(i) + b(j))", "    end if", "  end do#1", "end do#0"].join("\n"),
  );
  assert.equal(userLoops(p.procedures[0]!.body).length, 0);
});

test("the indices are construct entities: the variable of the same name outside is another one", () => {
  const p = readFree(prog("real :: a(8)\n  integer :: i", "i = 7", "forall (i = 1:8) a(i) = i", "print *, i"));
  assert.deepEqual(messages(p), []);
  const [loop] = collectLoops(p.procedures[0]!.body).map((l) => l.loop as Loop);
  const outer = p.procedures[0]!.symbols.get("i")!;
  assert.notEqual(loop!.index, outer);
  assert.equal(loop!.index!.name, "i");
  assert.equal(loop!.index!.attrs.constructEntity, true);
});

test("each statement of a construct runs over every combination before the next; one reading what it stores reads first (10.2.4.2.3)", () => {
  const p = readFree(prog("real :: a(8), b(8)", "forall (i = 2:8)", "  a(i) = a(i - 1)", "  b(i) = b(i) * 2", "end forall"));
  assert.deepEqual(messages(p), []);
  assert.equal(
    bodyText(p),
    [
      "do#0 i = 2, 8  [implied: FORALL]",
      "  a((i - 1))",
      "end do#0",
      "do#1 i = 2, 8  [implied: FORALL]",
      "  a(i) = ?the right side, evaluated before any element is stored?",
      "end do#1",
      "do#2 i = 2, 8  [implied: FORALL]",
      "  b(i) = (b(i) * 2)",
      "end do#2",
    ].join("\n"),
  );
});

test("nested FORALL and WHERE inside a FORALL; sections inside add their own loops", () => {
  const p = readFree(prog("real :: a(4, 4), b(4, 4)", "forall (i = 1:4)", "  where (a(i, :) > 0) b(i, :) = a(i, :)", "  forall (j = 1:4, j > i) a(i, j) = b(j, i)", "end forall"));
  assert.deepEqual(messages(p), []);
  const t = bodyText(p);
  assert.match(t, /do#0 i = 1, 4 {2}\[implied: FORALL\]\n {2}do#1 %1 = 1, 4 {2}\[implied: WHERE\]\n {4}if \(\(a\(i, %1\) > 0\)\)\n {6}b\(i, %1\) = a\(i, %1\)/);
  assert.match(t, /do#2 i = 1, 4 {2}\[implied: FORALL\]\n {2}do#3 j = 1, 4 {2}\[implied: FORALL\]\n {4}if \(\(j > i\)\)\n {6}a\(i, j\) = b\(j, i\)/);
});

test("a mask the body changes is read up front; bounds the body changes make the unit unanalyzed", () => {
  const p = readFree(prog("real :: a(10)", "forall (i = 1:10, a(i) > 0) a(i) = -a(i)"));
  assert.deepEqual(messages(p), []);
  assert.match(bodyText(p), /^do#0 i = 1, 10 {2}\[implied: FORALL\]\n {2}\(a\(i\) > 0\)\nend do#0\ndo#1 i = 1, 10 {2}\[implied: FORALL\]\n {2}if \(\?the FORALL mask of line 3\?\)/);
  const q = readFree(prog("integer :: m(3)", "forall (i = 1:m(1)) m(i) = 0"));
  assert.match(q.procedures[0]!.unanalyzable?.reason ?? "", /changes what its bounds read/);
  const r = readFree(prog("real, pointer :: p(:)\n  real, target :: t(4)", "forall (i = 1:1) p => t"));
  assert.match(r.procedures[0]!.unanalyzable?.reason ?? "", /pointer assignment/);
});

test("END FORALL without FORALL, and a FORALL left open, are errors", () => {
  assert.deepEqual(messages(readFree(prog("real :: a(4)", "end forall", "forall (i = 1:4)", "  a(i) = 0"))), ["error: 3: END FORALL without a matching FORALL", "error: 4: FORALL has no END FORALL"]);
});
